import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A mail the server wrote to DATA_DIR/outbox as .eml (nodemailer's default transport). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const VERIFY_LINK = /https?:\/\/[^\s"'<>]+\/email\/verify\/\d+\/[a-f0-9]+\?[^\s"'<>]+/;
export const RESET_LINK = /https?:\/\/[^\s"'<>]+\/password\/reset\/[^\s"'<>?#]+/;

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding = ''): string {
  const enc = encoding.toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export function parseMail(file: string): OutboxMail {
  const { headers, body } = splitHeaders(readFileSync(file, 'utf8'));
  const parts: Array<{ type: string; content: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHeaders(chunk.replace(/^\r?\n/, ''));
      parts.push({
        type: (part.headers['content-type'] ?? 'text/plain').toLowerCase(),
        content: decodeBody(part.body, part.headers['content-transfer-encoding']),
      });
    }
  } else {
    parts.push({
      type: (headers['content-type'] ?? 'text/plain').toLowerCase(),
      content: decodeBody(body, headers['content-transfer-encoding']),
    });
  }
  return {
    file,
    to: headers.to ?? '',
    subject: decodeWords(headers.subject ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

/** All mails, oldest first (the server names files by time and sequence). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(path.join(dir, f)));
}

/** The first link matching `pattern` in a mail (plain text first, then HTML with &amp; undone). */
export function extractLink(mail: OutboxMail, pattern: RegExp): string | null {
  const fromText = pattern.exec(mail.text)?.[0];
  if (fromText) return fromText;
  return pattern.exec(mail.html)?.[0]?.replace(/&amp;/g, '&') ?? null;
}

/**
 * Waits until a mail to `to` carries a link matching `pattern`; returns the newest such link.
 * Poll instead of sleeping: the server writes the mail right after answering.
 */
export async function waitForLink(
  dataDir: string,
  to: string,
  pattern: RegExp,
  { timeoutMs = 15_000, seen = 0 }: { timeoutMs?: number; seen?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = readOutbox(dataDir)
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()))
      .map((m) => extractLink(m, pattern))
      .filter((l): l is string => l !== null);
    if (links.length > seen) return links.at(-1)!;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to} with a link like ${pattern} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Path and query of a mailed link, to open it on the server under test whatever APP_URL says. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}
