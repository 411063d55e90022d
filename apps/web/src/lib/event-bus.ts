/** A tiny typed publish/subscribe used for realtime events. */
export interface EventBus<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
  clear(): void;
}

export function createEventBus<Events extends Record<string, unknown>>(): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    emit(event, payload) {
      for (const handler of handlers.get(event) ?? []) {
        try {
          (handler as (p: typeof payload) => void)(payload);
        } catch (error) {
          console.error('realtime handler failed', error);
        }
      }
    },
    clear() {
      handlers.clear();
    },
  };
}
