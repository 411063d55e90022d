import { PgDialect } from 'drizzle-orm/pg-core';
import { insertMessageStatement } from '../../apps/server/src/modules/chat/chat.service.ts';

const ME = 900_000_000_001;
const PARTNER = 900_000_000_002;
const BODY = '\u0000body';
const CLIENT = '\u0000client';

/**
 * The app's chat insert as plain SQL text with positional parameters. It is built from the app's own
 * statement with marker values, once for each order of the two ids (the pair's low and high id are
 * parameters of their own), so the ceiling runs exactly what the app runs.
 */
export function sameInsertAsTheApp() {
  const dialect = new PgDialect();
  const variant = (me: number, partner: number) => {
    const q = dialect.sqlToQuery(insertMessageStatement(me, partner, BODY, CLIENT));
    const roles = q.params.map((p) =>
      p === me ? 'me' : p === partner ? 'partner' : p === BODY ? 'body' : p === CLIENT ? 'client' : p,
    );
    return { text: q.sql, roles };
  };
  const low = variant(ME, PARTNER);
  const high = variant(PARTNER, ME);
  if (low.text !== high.text) throw new Error('the insert statement depends on the order of the ids');
  return {
    text: low.text,
    values(me: number, partner: number, body: string, clientId: string | null): unknown[] {
      const roles = me < partner ? low.roles : high.roles;
      return roles.map((r) =>
        r === 'me' ? me : r === 'partner' ? partner : r === 'body' ? body : r === 'client' ? clientId : r,
      );
    },
  };
}
