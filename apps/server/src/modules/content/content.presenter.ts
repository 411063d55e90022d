import type { ContentPage, ContentSlug, FaqResponse } from '@trostnetz/contracts/content';
import { renderMarkdown } from '@trostnetz/contracts/markdown';
import type { Locale } from '@trostnetz/contracts/messages';
import type { Config } from '../../config.ts';
import { t } from '../../i18n/catalogue.ts';
import type { FaqRow, PageRow } from './content.service.ts';

/** Configuration is text, not Markdown: nothing in it may turn into a link or a heading. */
const escapeMarkdown = (s: string) => s.replace(/[\\`*_[\]<>#|~!()]/g, (c) => `\\${c}`);

/** The operator's details as Markdown lines (empty settings left out), in the page's language. */
function operatorDetails(op: Config['operator'], locale: Locale): string {
  const line = (label: string, value: string) => (value ? `${label}: ${escapeMarkdown(value)}` : null);
  return [
    `**${escapeMarkdown(op.name)}**`,
    ...op.address
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map(escapeMarkdown),
    line(t(locale, 'imprint.representative'), op.representative),
    line(t(locale, 'imprint.email'), op.email),
    line(t(locale, 'imprint.phone'), op.phone),
    line(t(locale, 'imprint.register'), op.register),
    line(t(locale, 'imprint.vat_id'), op.vatId),
  ]
    .filter(Boolean)
    .join('\n');
}

/** `{{operator.name}}`, `{{operator.email}}` and `{{operator.details}}` from configuration, then safe HTML. */
export function renderPageBody(body: string, config: Config, locale: Locale): string {
  const op = config.operator;
  const values: Record<string, string> = {
    'operator.name': escapeMarkdown(op.name),
    'operator.email': op.email,
    'operator.details': operatorDetails(op, locale),
  };
  const filled = body.replace(/\{\{(operator\.\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
  return renderMarkdown(filled, 'page');
}

export function presentPage(row: PageRow, config: Config): ContentPage {
  return {
    slug: row.slug as ContentSlug,
    locale: row.locale,
    title: row.title,
    intro: row.intro,
    html: renderPageBody(row.body, config, row.locale),
    version: row.version,
    updated_at: row.createdAt.toISOString(),
  };
}

export function presentVersion(row: PageRow) {
  return {
    version: row.version,
    locale: row.locale,
    title: row.title,
    intro: row.intro,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** Topics in the order of their first question; each answer rendered as safe HTML and plain text. */
export function presentFaq(rows: FaqRow[], locale: Locale, config: Config): FaqResponse {
  const topics: FaqResponse['topics'] = [];
  let updated = new Date(0);
  for (const row of rows) {
    let topic = topics.find((x) => x.anchor === row.topicAnchor);
    if (!topic) {
      topic = { anchor: row.topicAnchor, title: row.topic, items: [] };
      topics.push(topic);
    }
    const html = renderPageBody(row.answer, config, row.locale);
    topic.items.push({ anchor: row.anchor, question: row.question, html, text: plainText(html) });
    if (row.updatedAt > updated) updated = row.updatedAt;
  }
  return { locale: rows[0]?.locale ?? locale, topics, updated_at: updated.toISOString() };
}
