/**
 * Contact details in the first messages of a new partnership (issue 13): while a member writes a phone
 * number, an e-mail address, a messenger or social media handle or a link to a partner they have only
 * just met, a gentle hint about staying safe appears beside the composer; a message with one in the
 * first 14 days of a partnership brings both a kind note in the conversation, once. Checked on the
 * device only; nothing is sent, nothing is blocked. The patterns are data: a new kind of contact detail
 * is one entry here.
 */

/** A partnership counts as new while its conversation has fewer messages than this. */
export const SAFETY_HINT_FIRST_MESSAGES = 20;

export type ContactKind = 'phone' | 'email' | 'handle' | 'link';

export const contactPatterns: readonly { kind: ContactKind; pattern: RegExp }[] = [
  // +49 170 1234567, 0049 30 1234567, 0170/1234567, 030-123 45 67, (0170) 123 45 67: 7 digits or more.
  { kind: 'phone', pattern: /(?:\+|\b00|\(?\b0)\d[\d\s\-/().]{5,}\d/ },
  { kind: 'email', pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u },
  // @name on its own (not inside an e-mail address).
  { kind: 'handle', pattern: /(?:^|[\s(:,;])@[\p{L}\p{N}_.]{2,30}/u },
  // An app name, then a name after ":", "ist", "is", "@", or a name with digits, "_" or ".":
  // "insta: lena_m", "mein Snapchat ist lena22", "telegram @lena", "tiktok lena.m" (not "Instagram kaum").
  {
    kind: 'handle',
    pattern:
      /\b(?:insta(?:gram)?|snap(?:chat)?|telegram|whats\s?app|tiktok|facebook|fb|discord|threads|twitter|signal|threema|skype|kik|wechat|viber)(?:\s*[:=]\s*@?[\p{L}\p{N}_.]{3,}|\s+(?:ist|is|heißt|heisst|unter|als|name|id)\s*:?\s*@?[\p{L}\p{N}_.]{3,}|\s+@[\p{L}\p{N}_.]{2,}|\s+[\p{L}\p{N}]*[\p{N}_.][\p{L}\p{N}_.]*)/iu,
  },
  // https://…, www.…, and a bare address on a common ending: "t.me/lena", "lena.de", "wa.me/49170…".
  { kind: 'link', pattern: /\bhttps?:\/\/\S|\bwww\.[\p{L}\p{N}-]+\.\p{L}|\b(?:t|wa|m)\.me\/\S/iu },
  {
    kind: 'link',
    pattern:
      /(?<![@\p{L}\p{N}.])[\p{L}\p{N}-]{2,}(?:\.[\p{L}\p{N}-]+)*\.(?:de|com|net|org|at|ch|eu|io|me|info|app|ly|gg|tv|co|uk)(?![\p{L}\p{N}])/iu,
  },
];

/**
 * Dates and times ("03.12.2026", "24.12.", "12/03/2026", "2019-05-01", "14:30", "14.30") look like digits a phone number could
 * have; they are taken out before the patterns look.
 */
const DATES_AND_TIMES =
  /\b\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?(?!\d)|\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})\b|\b\d{1,2}[:.]\d{2}(?!\d)/gu;

/** The kinds of contact details in a text (empty when none). */
export function contactDetailsIn(text: string): ContactKind[] {
  const plain = text.replace(DATES_AND_TIMES, ' ');
  const found = new Set<ContactKind>();
  for (const { kind, pattern } of contactPatterns) if (pattern.test(plain)) found.add(kind);
  return [...found];
}

/** How long after two became partners a message with contact details brings the note. */
export const OFF_PLATFORM_HINT_DAYS = 14;

/**
 * The message under which the conversation's off-platform note stands: the first one with contact details
 * sent within OFF_PLATFORM_HINT_DAYS of becoming partners (by either member), so the note shows once per
 * conversation. Undefined when there is none.
 */
export function offPlatformNoteAfter(
  messages: readonly { id: number; message: string; send_at: string }[],
  befriendedAt: string | null,
): number | undefined {
  if (!befriendedAt) return undefined;
  const from = Date.parse(befriendedAt);
  const until = from + OFF_PLATFORM_HINT_DAYS * 24 * 3600_000;
  return messages.find((m) => {
    const at = Date.parse(m.send_at);
    return at >= from && at < until && contactDetailsIn(m.message).length > 0;
  })?.id;
}

/**
 * Whether the conversation is still in its first messages: fewer than SAFETY_HINT_FIRST_MESSAGES
 * loaded and no older page waiting on the server.
 */
export const isNewPartnership = (loaded: number, hasMore: boolean) =>
  !hasMore && loaded < SAFETY_HINT_FIRST_MESSAGES;
