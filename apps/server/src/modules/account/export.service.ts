import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Locale } from '@trostnetz/contracts/messages';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import type { AppContext } from '../../app-context.ts';
import { avatars } from '../../db/schema/profile.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { fill, serverTexts, type TextKey, t } from '../../i18n/catalogue.ts';
import { longDate } from '../../i18n/long-date.ts';
import { memberDataTable } from '../../lifecycle/member-data-table.ts';
import type { ExportedMessage } from '../chat/chat.member-data.ts';
import { notify } from '../notifications/notifier.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One module's part: either all of it, or (messages) its pages, read while the ZIP is written. */
type Part = { module: string; whole: unknown } | { module: string; pages: AsyncIterable<readonly unknown[]> };

/** Every module of the life-cycle registry, in the table's order; paged parts are read lazily. */
async function* parts(ctx: AppContext, userId: number): AsyncGenerator<Part> {
  for (const entry of memberDataTable) {
    const pages = 'exportPages' in entry ? entry.exportPages : undefined;
    if (pages) yield { module: entry.module, pages: pages(ctx, userId) };
    else yield { module: entry.module, whole: await entry.exportMember(ctx, userId) };
  }
}

/** data.json, written piece by piece: `{"exported_at": …, "<module>": part, …}`, lists of pages as one array. */
async function* dataJson(ctx: AppContext, userId: number, exportedAt: Date): AsyncGenerator<string> {
  yield `{\n${JSON.stringify('exported_at')}: ${JSON.stringify(exportedAt.toISOString())}`;
  for await (const part of parts(ctx, userId)) {
    yield `,\n${JSON.stringify(part.module)}: `;
    if ('whole' in part) {
      yield JSON.stringify(part.whole ?? null, null, 1);
      continue;
    }
    let first = true;
    yield '[';
    for await (const page of part.pages) {
      for (const item of page) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
        first = false;
      }
    }
    yield '\n]';
  }
  yield '\n}\n';
}

const sectionKeys: Record<string, TextKey> = {
  account: 'export.section.account',
  questionnaire: 'export.section.questionnaire',
  chat: 'export.section.chat',
  partners: 'export.section.partners',
  watchlist: 'export.section.watchlist',
  hidden_list: 'export.section.hidden_list',
  reports: 'export.section.reports',
  jobs: 'export.section.jobs',
  profile: 'export.section.profile',
  settings: 'export.section.settings',
  customerService: 'export.section.customer_service',
  attribution: 'export.section.attribution',
  content: 'export.section.content',
  groups: 'export.section.groups',
  payments: 'export.section.payments',
};

/** The avatar as the export stores it beside index.html (profile.member-data exports it in base64). */
const AVATAR_FILE = 'avatar.webp';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A field's label in the member's language; a field without one shows its own name. */
function label(key: string, locale: Locale) {
  const own = `export.field.${key}`;
  return escapeHtml(
    own in serverTexts[locale] ? serverTexts[locale][own as TextKey] : key.replace(/_/g, ' '),
  );
}

/** Any JSON as nested lists and tables: nothing is left out, every string is escaped. */
function render(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '<span class="none">–</span>';
  if (Array.isArray(value)) {
    if (value.length === 0) return `<p class="none">${escapeHtml(t(locale, 'export.empty'))}</p>`;
    const rows = value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
    if (!rows) return `<ul>${value.map((v) => `<li>${render(v, locale)}</li>`).join('')}</ul>`;
    const columns = [...new Set(value.flatMap((v) => Object.keys(v as object)))];
    const head = columns.map((c) => `<th scope="col">${label(c, locale)}</th>`).join('');
    const body = value
      .map(
        (v) =>
          `<tr>${columns.map((c) => `<td>${render((v as Record<string, unknown>)[c], locale)}</td>`).join('')}</tr>`,
      )
      .join('\n');
    return `<div class="scroll" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
  }
  if (typeof value === 'object') {
    // The avatar's bytes: the large picture is shown (it is also avatar.webp in the ZIP), the small one left out.
    const items = Object.entries(value as Record<string, unknown>).filter(([k]) => k !== 'small_base64');
    if (items.length === 0) return `<p class="none">${escapeHtml(t(locale, 'export.empty'))}</p>`;
    const shown = (k: string, v: unknown) =>
      k === 'large_base64' && typeof v === 'string' && BASE64.test(v)
        ? `<img src="data:image/webp;base64,${v}" width="160" height="160" alt="${label('avatar', locale)}">`
        : render(v, locale);
    return `<dl>${items.map(([k, v]) => `<dt>${label(k, locale)}</dt><dd>${shown(k, v)}</dd>`).join('\n')}</dl>`;
  }
  return escapeHtml(String(value));
}

const style = `body{font-family:system-ui,sans-serif;line-height:1.5;color:#2f3a3a;max-width:960px;margin:auto;padding:16px}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #d5dedc}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #d5dedc;padding:4px 8px;text-align:left;vertical-align:top}
.scroll{overflow-x:auto}dt{font-weight:600;margin-top:.5rem}dd{margin-left:1rem}.none{color:#5b6766}
td.text{white-space:pre-wrap;overflow-wrap:anywhere}`;
/** The export page allows its own style block and no other (no 'unsafe-inline'). */
const styleSource = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/** index.html for a person, in the language the member uses the app in; messages are written row by row as they are read. */
async function* indexHtml(
  ctx: AppContext,
  member: Member,
  locale: Locale,
  exportedAt: Date,
): AsyncGenerator<string> {
  const app = ctx.config.appName;
  const date = longDate(locale, exportedAt);
  yield `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${styleSource}; img-src 'self' data:">
<title>${escapeHtml(t(locale, 'export.title', { app }))}</title><style>${style}</style></head>
<body><main><h1>${escapeHtml(t(locale, 'export.title', { app }))}</h1>
<p>${escapeHtml(t(locale, 'export.intro', { app, date }))}</p>\n`;
  for await (const part of parts(ctx, member.id)) {
    const key = sectionKeys[part.module];
    const title = key ? fill(locale, key, {}) : `${t(locale, 'export.section.other')}: ${part.module}`;
    yield `<section><h2>${escapeHtml(title)}</h2>\n`;
    if ('whole' in part) {
      yield render(part.whole, locale);
    } else {
      const dateTime = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin',
      });
      let any = false;
      for await (const page of part.pages) {
        if (!any && page.length) {
          const columns = (
            [
              'export.column.when',
              'export.column.with',
              'export.column.from',
              'export.column.message',
            ] as const
          )
            .map((key) => `<th scope="col">${escapeHtml(t(locale, key))}</th>`)
            .join('');
          yield `<div class="scroll" tabindex="0"><table><thead><tr>${columns}</tr></thead><tbody>\n`;
        }
        for (const m of page as ExportedMessage[]) {
          any = true;
          const other = m.with.nickname || t(locale, 'export.deleted_member');
          const from = m.from_me ? t(locale, 'export.from_me') : other;
          const when = dateTime.format(new Date(m.send_at));
          yield `<tr><td>${escapeHtml(when)}</td><td>${escapeHtml(other)}</td><td>${escapeHtml(from)}</td><td class="text">${escapeHtml(m.message)}</td></tr>\n`;
        }
      }
      yield any ? '</tbody></table></div>' : `<p class="none">${escapeHtml(t(locale, 'export.empty'))}</p>`;
    }
    yield '</section>\n';
  }
  yield '</main></body></html>\n';
}

/** Small pieces gathered into chunks of about 64 KB: fewer, larger writes into the ZIP. */
async function* chunked(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = '';
  for await (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= 65_536) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

/**
 * GET /api/user/export: a ZIP built while it is sent (nothing stored): data.json and index.html from
 * the life-cycle registry. The member is told by mail that an export was made.
 */
export async function memberExport(ctx: AppContext, userId: number, locale: Locale) {
  const [member] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!member) throw new Error('member vanished during export');
  const exportedAt = new Date();
  const zip = new yazl.ZipFile();
  zip.addReadStream(Readable.from(chunked(dataJson(ctx, userId, exportedAt))), 'data.json', {
    mtime: exportedAt,
  });
  zip.addReadStream(Readable.from(chunked(indexHtml(ctx, member, locale, exportedAt))), 'index.html', {
    mtime: exportedAt,
  });
  const [avatar] = await ctx.db
    .select({ large: avatars.large })
    .from(avatars)
    .where(eq(avatars.userId, userId));
  if (avatar) zip.addBuffer(avatar.large, AVATAR_FILE, { mtime: exportedAt });
  zip.end();
  await notify(ctx, member.id, 'export', {
    mail: 'exportMade',
    url: `${ctx.config.appUrl}/settings`,
    params: { date: longDate(member.locale, exportedAt) },
  });
  const day = exportedAt.toISOString().slice(0, 10);
  return { stream: zip.outputStream, filename: `trostnetz-${day}.zip` };
}
