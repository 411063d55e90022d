/**
 * At most `limit` pieces of heavy work at a time; the rest wait their turn. Once closed (the process
 * shuts down), work still waiting is refused with `refused()` at once instead of being started, and new
 * work is refused too: what is running finishes, nothing new piles up behind it.
 */
export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  close(): void;
}

export function createWorkGate(limit: number, refused: () => Error): WorkGate {
  let running = 0;
  let closed = false;
  const waiting: Array<{ start: () => void; refuse: (err: Error) => void }> = [];
  const next = () => {
    const turn = waiting.shift();
    if (turn) turn.start();
  };
  return {
    async run(work) {
      if (closed) throw refused();
      if (running >= limit) {
        await new Promise<void>((start, refuse) => waiting.push({ start, refuse }));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        // The slot passes to the next in line (running stays the same), or is given back.
        if (waiting.length && !closed) next();
        else running--;
      }
    },
    close() {
      closed = true;
      for (const turn of waiting.splice(0)) turn.refuse(refused());
    },
  };
}
