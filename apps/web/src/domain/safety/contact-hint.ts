/**
 * Contact details in the first messages of a new partnership (issue 13): while a member writes a phone
 * number, an e-mail address or a social media handle to a partner they have only just met, a gentle
 * hint about staying safe appears beside the composer. Checked on the device only; nothing is sent,
 * nothing is blocked. The patterns are data: a new kind of contact detail is one entry here.
 */

/** A partnership counts as new while its conversation has fewer messages than this. */
export const SAFETY_HINT_FIRST_MESSAGES = 20;

export type ContactKind = 'phone' | 'email' | 'handle';

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
      /\b(?:insta(?:gram)?|snap(?:chat)?|telegram|whats\s?app|tiktok|facebook|fb|discord|threads|twitter|signal)(?:\s*[:=]\s*@?[\p{L}\p{N}_.]{3,}|\s+(?:ist|is|heißt|heisst|unter|als|name|id)\s*:?\s*@?[\p{L}\p{N}_.]{3,}|\s+@[\p{L}\p{N}_.]{2,}|\s+[\p{L}\p{N}]*[\p{N}_.][\p{L}\p{N}_.]*)/iu,
  },
];

/** The kinds of contact details in a text (empty when none). */
export function contactDetailsIn(text: string): ContactKind[] {
  const found = new Set<ContactKind>();
  for (const { kind, pattern } of contactPatterns) if (pattern.test(text)) found.add(kind);
  return [...found];
}

/**
 * Whether the conversation is still in its first messages: fewer than SAFETY_HINT_FIRST_MESSAGES
 * loaded and no older page waiting on the server.
 */
export const isNewPartnership = (loaded: number, hasMore: boolean) =>
  !hasMore && loaded < SAFETY_HINT_FIRST_MESSAGES;
