import type { Attribution } from '@trostnetz/contracts/attribution';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signupAttributions } from '../../db/schema/attribution.ts';

/**
 * Where a new member came from (SPEC.md §3 attribution cookie), stored with the account at
 * registration for the operator's figures. The web app sends it only when the visitor agreed to
 * marketing cookies; without it nothing is stored.
 */
export async function storeAttribution(db: Pick<Db, 'insert'>, userId: number, a: Attribution | undefined) {
  if (!a || !Object.values(a).some(Boolean)) return;
  await db
    .insert(signupAttributions)
    .values({
      userId,
      referrer: a.referrer ?? null,
      referringDomain: a.referring_domain ?? null,
      utmSource: a.utm_source ?? null,
      utmMedium: a.utm_medium ?? null,
      utmCampaign: a.utm_campaign ?? null,
      utmContent: a.utm_content ?? null,
      utmKeyword: a.utm_keyword ?? null,
    })
    .onConflictDoNothing();
}

export async function attributionOf(db: Db, userId: number): Promise<Attribution | null> {
  const [row] = await db.select().from(signupAttributions).where(eq(signupAttributions.userId, userId));
  if (!row) return null;
  const a: Attribution = {
    referrer: row.referrer ?? undefined,
    referring_domain: row.referringDomain ?? undefined,
    utm_source: row.utmSource ?? undefined,
    utm_medium: row.utmMedium ?? undefined,
    utm_campaign: row.utmCampaign ?? undefined,
    utm_content: row.utmContent ?? undefined,
    utm_keyword: row.utmKeyword ?? undefined,
  };
  return Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)) as Attribution;
}
