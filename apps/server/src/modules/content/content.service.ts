import type { ContentSlug } from '@trostnetz/contracts/content';
import type { Locale } from '@trostnetz/contracts/messages';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentPages, faqEntries } from '../../db/schema/content.ts';
import { AppError } from '../../lib/app-error.ts';

export type PageRow = typeof contentPages.$inferSelect;
export type FaqRow = typeof faqEntries.$inferSelect;

/** The current version in the language asked for, else the German one (the default language). */
export async function currentPage(db: Db, slug: ContentSlug, locale: Locale): Promise<PageRow> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), inArray(contentPages.locale, [locale, 'de'])))
    .orderBy(sql`${contentPages.locale} = ${locale} desc`, desc(contentPages.version))
    .limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Every version of a page in one language, newest first. */
export async function pageHistory(db: Db, slug: ContentSlug, locale: Locale): Promise<PageRow[]> {
  return db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)))
    .orderBy(desc(contentPages.version));
}

/** Publishes a new version; the old ones stay as the page's history. Two at once: one gets 409. */
export async function publishPage(
  db: Db,
  slug: ContentSlug,
  input: { locale: Locale; title: string; intro: string; body: string },
  staffId: number,
): Promise<PageRow> {
  const [row] = await db
    .insert(contentPages)
    .values({
      slug,
      locale: input.locale,
      title: input.title,
      intro: input.intro,
      body: input.body,
      createdBy: staffId,
      version: sql`(select coalesce(max(${contentPages.version}), 0) + 1 from ${contentPages}
        where ${contentPages.slug} = ${slug} and ${contentPages.locale} = ${input.locale})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict');
  return row;
}

/** The FAQ in order, in the language asked for, else German. */
export async function faqOf(db: Db, locale: Locale): Promise<FaqRow[]> {
  for (const l of locale === 'de' ? (['de'] as const) : ([locale, 'de'] as const)) {
    const rows = await db
      .select()
      .from(faqEntries)
      .where(eq(faqEntries.locale, l))
      .orderBy(asc(faqEntries.position), asc(faqEntries.id));
    if (rows.length) return rows;
  }
  return [];
}
