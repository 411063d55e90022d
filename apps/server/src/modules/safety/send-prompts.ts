import type { SendPromptBody } from '@trostnetz/contracts/safety';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sendPromptCounts } from '../../db/schema/safety.ts';

/**
 * One choice after the "Möchtest du das wirklich so senden?" prompt, added to the day's count (Berlin):
 * neither the member nor the text is kept, so the figure says only how often the prompt led to a change.
 */
export async function countSendPrompt(db: Db, { surface, choice }: SendPromptBody): Promise<void> {
  await db
    .insert(sendPromptCounts)
    .values({ day: sql`(now() at time zone 'Europe/Berlin')::date`, surface, choice, count: 1 })
    .onConflictDoUpdate({
      target: [sendPromptCounts.day, sendPromptCounts.surface, sendPromptCounts.choice],
      set: { count: sql`${sendPromptCounts.count} + 1` },
    });
}
