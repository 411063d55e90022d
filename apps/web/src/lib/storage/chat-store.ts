import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Chat state persisted under chat_storage (SPEC.md §4 Local persistence). The chat feature fills
 * it; for now it only knows whether the partner list was loaded in this page session, which the
 * chat-with route requires (SPEC.md §2).
 */
interface ChatState {
  partnersLoaded: boolean;
  setPartnersLoaded: (loaded: boolean) => void;
  reset: () => void;
}

export const CHAT_STORAGE_KEY = 'chat_storage';

export const useChatStore = create<ChatState>()(
  persist(
    (set) => ({
      partnersLoaded: false,
      setPartnersLoaded: (partnersLoaded) => set({ partnersLoaded }),
      reset: () => set({ partnersLoaded: false }),
    }),
    {
      name: CHAT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Nothing is persisted yet; the partner list must be reloaded after a page load.
      partialize: () => ({}),
    },
  ),
);
