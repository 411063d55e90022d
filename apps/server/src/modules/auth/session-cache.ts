import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { MemberWrites } from '../../db/member-writes.ts';
import type { Member } from '../../db/schema/users.ts';

/**
 * The per-node session cache (docs/scaling.md): the member behind a live session, kept so that a request
 * needs no look-up in the database. Emptied on this node as soon as a change to a member's row, their roles
 * or a session's end is committed (db/member-writes.ts sees every statement), and on every other node through
 * Redis (one message per change, `REDIS_PREFIX:session-cache`). An entry is used for at most
 * `TRUSTED_TTL_MS` while this node hears the other nodes, and `FALLBACK_TTL_MS` while it does not (Redis down,
 * or PostgreSQL shared without Redis), so a session ended on one node is refused on every node within 1 s, and
 * within 5 s without Redis.
 */
export const TRUSTED_TTL_MS = 30_000;
export const FALLBACK_TTL_MS = 4_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  member: Member;
  lastUsedAt: number;
  storedAt: number;
}

export interface SessionCache {
  /** The cached member of this session, or undefined (the caller looks it up). */
  get(sessionId: string, userId: number): { member: Member; lastUsedAt: number } | undefined;
  /** A ticket taken before a look-up: `put` keeps its answer only if nothing changed in between. */
  ticket(): number;
  put(ticket: number, sessionId: string, userId: number, member: Member, lastUsedAt: number): void;
  /** The session was marked used now (no change to what is cached). */
  touched(sessionId: string, at: number): void;
  /** Empties this node's cache (what a change does; also when the bus comes back after a gap). */
  clear(): void;
  size(): number;
  close(): Promise<void>;
}

interface Options {
  memberWrites: MemberWrites;
  /** The app's Redis (publishing); null: one process on PGlite (every change is seen here) or no Redis. */
  redis: Redis | null;
  prefix: string;
  /** True when other processes can change the database without telling us (PostgreSQL without Redis). */
  shared: boolean;
  now?: () => number;
}

export function createSessionCache(opts: Options): SessionCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let generation = 0;
  const origin = randomUUID();
  const channel = `${opts.prefix}:session-cache`;

  // The bus: a subscriber of its own (a subscribed connection can do nothing else).
  const sub = opts.redis?.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }) ?? null;
  let hearing = false;
  if (sub) {
    sub.on('ready', () => {
      // Whatever was published while we were not listening is unknown: start from nothing.
      clear();
      sub.subscribe(channel).then(
        () => {
          clear();
          hearing = true;
        },
        () => {},
      );
    });
    sub.on('close', () => {
      hearing = false;
    });
    sub.on('error', () => {});
    sub.on('message', (_channel: string, from: string) => {
      if (from !== origin) clear();
    });
  }

  const ttl = () => {
    if (sub) return hearing ? TRUSTED_TTL_MS : FALLBACK_TTL_MS;
    return opts.shared ? FALLBACK_TTL_MS : TRUSTED_TTL_MS;
  };

  function clear() {
    generation += 1;
    entries.clear();
  }

  opts.memberWrites.onChange(() => {
    clear();
    // Never awaited: a request does not wait for Redis; while it is down the others' TTL is short.
    opts.redis?.publish(channel, origin).catch(() => {});
  });

  return {
    get(sessionId, userId) {
      const entry = entries.get(sessionId);
      if (!entry || entry.member.id !== userId) return undefined;
      if (now() - entry.storedAt > ttl()) {
        entries.delete(sessionId);
        return undefined;
      }
      return { member: { ...entry.member }, lastUsedAt: entry.lastUsedAt };
    },
    ticket: () => generation,
    put(ticket, sessionId, userId, member, lastUsedAt) {
      if (ticket !== generation || member.id !== userId) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(sessionId, { member: { ...member }, lastUsedAt, storedAt: now() });
    },
    touched(sessionId, at) {
      const entry = entries.get(sessionId);
      if (entry) entry.lastUsedAt = at;
    },
    clear,
    size: () => entries.size,
    async close() {
      sub?.disconnect();
    },
  };
}
