import { z } from 'zod';
import { localeField, requiredString, textField } from './fields.ts';
import { vmsg } from './messages.ts';

/**
 * Pages and FAQ the operator keeps current (issue 15, SPEC.md §7 "headless content service"): stored
 * per language as Markdown (the `page` preset of markdown.ts), each page with its history.
 */
export const CONTENT_SLUGS = ['imprint', 'privacy', 'revocation', 'conditions', 'accessibility'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_INTRO_MAX = 1000;
export const CONTENT_BODY_MAX = 50_000;

export const isContentSlug = (s: string): s is ContentSlug =>
  (CONTENT_SLUGS as readonly string[]).includes(s);
/** Any slug-shaped name is asked for; one that is no page is 404 (not a validation error). */
export const contentSlugParam = z.object({
  slug: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, vmsg('invalid')),
});
/** An unknown language is no error: the German text answers (the default language). */
export const contentLocaleQuery = z.object({
  locale: z
    .string()
    .max(10)
    .optional()
    .transform((l) => (l?.toLowerCase().startsWith('en') ? 'en' : 'de') as 'de' | 'en'),
});

export const contentPage = z.object({
  slug: z.enum(CONTENT_SLUGS),
  /** The language of the text answered (German when the one asked for has none). */
  locale: z.enum(['de', 'en']),
  title: z.string(),
  intro: z.string(),
  /** Safe HTML rendered from the stored Markdown, with the operator's details filled in. */
  html: z.string(),
  version: z.number().int(),
  /** When the current version was published: the page's "Stand". */
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;

export const contentEditBody = z.object({
  locale: localeField,
  title: requiredString(CONTENT_TITLE_MAX),
  intro: textField().trim().max(CONTENT_INTRO_MAX, vmsg('max', CONTENT_INTRO_MAX)).default(''),
  body: requiredString(CONTENT_BODY_MAX),
});
export type ContentEditBody = z.input<typeof contentEditBody>;

export const contentVersion = z.object({
  version: z.number().int(),
  locale: z.enum(['de', 'en']),
  title: z.string(),
  intro: z.string(),
  body: z.string(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
});
export const contentHistory = z.array(contentVersion);

export const faqItem = z.object({
  /** The answer's anchor: `/faq#<anchor>` opens it. The same in every language. */
  anchor: z.string(),
  question: z.string(),
  html: z.string(),
  /** The answer as plain text, for the search on the page. */
  text: z.string(),
});
export const faqTopic = z.object({ anchor: z.string(), title: z.string(), items: z.array(faqItem) });
export const faqResponse = z.object({
  locale: z.enum(['de', 'en']),
  topics: z.array(faqTopic),
  updated_at: z.string(),
});
export type FaqResponse = z.infer<typeof faqResponse>;
export type FaqTopic = z.infer<typeof faqTopic>;
