/**
 * The dashboard's three group feeds, in the order it shows them (issue 12). Without zod, so that the
 * member's first screen can list them without loading the schemas (decision 021); `groups.ts` exports
 * them too.
 */
export const FEEDS = ['replies', 'partner_posts', 'loss_posts'] as const;
export type Feed = (typeof FEEDS)[number];
