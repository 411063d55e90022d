import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RealtimeAppCredentials } from './options.ts';

export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time for equal lengths; a length mismatch only reveals the length. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The `auth` value pusher-js sends when subscribing: "key:hex(HMAC_SHA256(secret, socket_id:channel[:channel_data]))". */
export function signChannelAuth(
  app: RealtimeAppCredentials,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const signed =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${hmacSha256Hex(app.secret, signed)}`;
}

export function verifyChannelAuth(
  app: RealtimeAppCredentials,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  return typeof auth === 'string' && safeEqual(auth, signChannelAuth(app, socketId, channel, channelData));
}
