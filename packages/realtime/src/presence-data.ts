import type { PresenceMember } from './adapters/adapter.ts';
import { distinctMembers } from './adapters/adapter.ts';

const MAX_USER_ID_LENGTH = 128;
const MAX_CHANNEL_DATA_BYTES = 1_024;

/** channel_data is the JSON text the app's auth endpoint signed: {"user_id": ..., "user_info"?: ...}. */
export function parseChannelData(channelData: unknown): PresenceMember | null {
  // Stryker disable next-line ConditionalExpression: equivalent, subscribe() passes only channel_data that is a string
  if (typeof channelData !== 'string') return null;
  if (Buffer.byteLength(channelData) > MAX_CHANNEL_DATA_BYTES) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    // Not JSON: refused like JSON null, just below.
  }
  // null is the one JSON value without properties; a number, string or array has no user_id and is refused below.
  if (parsed === null) return null;
  const { user_id: rawId, user_info: userInfo } = parsed as { user_id?: unknown; user_info?: unknown };
  // Only a finite number passes Number.isFinite (1e999 parses to Infinity).
  const userId = Number.isFinite(rawId) ? String(rawId) : rawId;
  // Control characters are refused so ids stay safe as separators in the Redis adapter.
  if (typeof userId !== 'string' || userId === '' || userId.length > MAX_USER_ID_LENGTH) return null;
  if (hasControlCharacter(userId)) return null;
  return { userId, userInfo: JSON.stringify(userInfo ?? null) };
}

function hasControlCharacter(value: string): boolean {
  for (const character of value) if (character.charCodeAt(0) < 0x20) return true;
  return false;
}

/** data of pusher_internal:subscription_succeeded on a presence channel. */
export function encodePresenceSnapshot(members: PresenceMember[]): string {
  const distinct = distinctMembers(members);
  const hash: Record<string, unknown> = {};
  for (const member of distinct) hash[member.userId] = JSON.parse(member.userInfo);
  return JSON.stringify({ presence: { ids: distinct.map((m) => m.userId), hash, count: distinct.length } });
}

export function encodeMemberAdded(member: PresenceMember): string {
  return `{"user_id":${JSON.stringify(member.userId)},"user_info":${member.userInfo}}`;
}

export function encodeMemberRemoved(userId: string): string {
  return JSON.stringify({ user_id: userId });
}
