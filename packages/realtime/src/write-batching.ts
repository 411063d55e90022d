import type { Writable } from 'node:stream';

/**
 * Sockets corked during this turn of the event loop. They are uncorked together once the turn's I/O
 * callbacks have run, so several events for one socket in one turn (a burst of triggers under load)
 * leave in one syscall. Adds no delay: setImmediate runs right after the current poll phase.
 */
const corked: Writable[] = [];
/**
 * Corked bytes count towards ws' bufferedAmount, which decides when a reader is too slow; flushing
 * early keeps that figure about the kernel's backpressure rather than our batching.
 */
const MAX_BATCH_BYTES = 16 * 1024;
let flushScheduled = false;

function flush(): void {
  flushScheduled = false;
  for (const socket of corked) socket.uncork();
  corked.length = 0;
}

export function writeBatched(socket: Writable, data: Buffer): void {
  if (socket.writableCorked === 0) {
    socket.cork();
    corked.push(socket);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  }
  socket.write(data);
  if (socket.writableLength >= MAX_BATCH_BYTES) socket.uncork();
}
