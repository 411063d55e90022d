import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@trostnetz/contracts/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { orDefaults, type SettingsRow, wants, wantsSql } from './preferences.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `wantsSql` evaluated over a settings row (or none, as a left join gives it). */
async function inSql(kind: NotificationKind, channel: NotificationChannel, row: SettingsRow | null) {
  const result = await t.app.ctx.db.execute(sql`select ${wantsSql(kind, channel)} as on
    from (select ${row ? JSON.stringify(row.choices) : null}::jsonb as choices,
                 ${row?.newsConfirmedAt?.toISOString() ?? null}::timestamptz as news_confirmed_at) as notification_settings`);
  return (result.rows[0] as { on: boolean }).on;
}

describe('notifications: the choices in SQL', () => {
  it('preferences rule: the SQL form of the choices (one statement per notice, issue 18) answers as wants does, for every kind, channel and choice', async () => {
    let compared = 0;
    for (const kind of NOTIFICATION_KINDS) {
      for (const channel of NOTIFICATION_CHANNELS) {
        const rows: Array<SettingsRow | null> = [null];
        for (const choice of [undefined, true, false]) {
          for (const newsConfirmedAt of [null, new Date('2026-01-02T03:04:05Z')]) {
            rows.push({
              ...orDefaults(1, null),
              choices: choice === undefined ? {} : { [kind]: { [channel]: choice } },
              newsConfirmedAt,
            });
          }
        }
        for (const row of rows) {
          expect(await inSql(kind, channel, row), `${kind} ${channel} ${JSON.stringify(row)}`).toBe(
            wants(orDefaults(1, row), kind, channel),
          );
          compared++;
        }
      }
    }
    expect(compared).toBe(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length * 7);
  });
});
