/**
 * Which statements change what the per-node session cache holds (modules/auth/session-cache.ts): a member's
 * row (anything but a new one: verification, onboarding, suspension, a new password, deletion), their roles,
 * and a session's end. Recognised in the SQL text as it goes to the database, so no feature has to say so;
 * a session marked used (`last_used_at`) or a refresh token turned over changes nothing the cache holds.
 */
const MEMBER_ROW = /\b(?:update|delete\s+from)\s+(?:"?public"?\.)?"?users"?[\s"]/i;
const ROLES = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?role_user"?[\s"(]/i;
const SESSION_DELETE = /\bdelete\s+from\s+(?:"?public"?\.)?"?sessions"?[\s"]/i;
const SESSION_END = /\bupdate\s+(?:"?public"?\.)?"?sessions"?\s+set\b[\s\S]*\brevoked_at\b/i;
const TRUNCATE = /\btruncate\b[\s\S]*\b(?:users|sessions|role_user)\b/i;

export function changesMembers(text: string): boolean {
  return (
    MEMBER_ROW.test(text) ||
    ROLES.test(text) ||
    SESSION_DELETE.test(text) ||
    SESSION_END.test(text) ||
    TRUNCATE.test(text)
  );
}

const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;

type Listener = () => void;

/** Listeners told after a change is committed; one call per committed statement or transaction. */
export function createMemberWrites() {
  const listeners = new Set<Listener>();
  const changed = () => {
    for (const l of listeners) l();
  };

  /** What one connection has sent: inside a transaction a change counts once it is committed. */
  function connectionState() {
    let inTransaction = false;
    let dirty = false;
    /** Before the statement: what to do once it has succeeded. */
    return (text: string): (() => void) | null => {
      // A script of several statements (pg-boss's BEGIN … COMMIT) is one unit, done when it returns.
      if (/;\s*\S/.test(text)) return changesMembers(text) ? changed : null;
      if (BEGIN.test(text)) {
        inTransaction = true;
        dirty = false;
        return null;
      }
      if (COMMIT.test(text)) {
        const was = dirty;
        inTransaction = false;
        dirty = false;
        return was ? changed : null;
      }
      if (ROLLBACK.test(text)) {
        inTransaction = false;
        dirty = false;
        return null;
      }
      if (!changesMembers(text)) return null;
      if (inTransaction) {
        dirty = true;
        return null;
      }
      return changed;
    };
  }

  return {
    onChange(listener: Listener) {
      listeners.add(listener);
    },
    changed,
    connectionState,
  };
}

export type MemberWrites = ReturnType<typeof createMemberWrites>;

/** The SQL text of a pg / PGlite query call's first argument (a string or a query config). */
export function sqlText(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && typeof (arg as { text?: unknown }).text === 'string')
    return (arg as { text: string }).text;
  return '';
}

type Query = (...args: unknown[]) => unknown;

/**
 * Watches one pg connection (a pooled client) or PGlite's query and exec: `after` runs once a changing
 * statement (or the transaction holding one) has succeeded, before its caller sees the result, so the
 * node's own next request already finds the cache emptied.
 */
export function watchQueries(
  target: Record<string, unknown>,
  methods: string[],
  state: (text: string) => (() => void) | null,
) {
  for (const name of methods) {
    const original = (target[name] as Query).bind(target);
    target[name] = (...args: unknown[]) => {
      const after = state(sqlText(args[0]));
      if (!after) return original(...args);
      const callbackAt = args.findIndex((a) => typeof a === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (err: unknown, res: unknown) => void;
        args[callbackAt] = (err: unknown, res: unknown) => {
          if (!err) after();
          callback(err, res);
        };
        return original(...args);
      }
      const result = original(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        return (result as Promise<unknown>).then((res) => {
          after();
          return res;
        });
      return result;
    };
  }
}
