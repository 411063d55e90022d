import { isValidChannelName, isValidEventName } from './channel-name.ts';
import { isValidSocketId } from './socket-id.ts';

export const MAX_CHANNELS_PER_EVENT = 100;
export const MAX_BATCH_SIZE = 10;

export interface ApiEvent {
  name: string;
  channels: string[];
  /** Already JSON text, as the SDK sends it. */
  data: string;
  socketId?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates one event of POST /events ({channels|channel}) or one batch item ({channel}). */
export function parseApiEvent(value: unknown, maxDataBytes: number, allowChannelList: boolean): ApiEvent {
  if (!isRecord(value)) throw new ApiError(400, 'Event must be an object');
  const { name, data, socket_id: socketId } = value;
  if (!isValidEventName(name)) throw new ApiError(400, 'name must be 1 to 200 characters');
  if (name.startsWith('pusher:') || name.startsWith('pusher_internal:')) {
    throw new ApiError(400, 'pusher: event names are reserved');
  }
  const channels = allowChannelList && value.channels !== undefined ? value.channels : [value.channel];
  if (!Array.isArray(channels) || channels.length === 0) throw new ApiError(400, 'channels must be a list');
  if (channels.length > MAX_CHANNELS_PER_EVENT) throw new ApiError(400, 'At most 100 channels per event');
  for (const channel of channels) {
    if (!isValidChannelName(channel)) {
      throw new ApiError(400, 'Channel names are 1 to 164 characters of A-Z a-z 0-9 _ - = @ , . ;');
    }
  }
  if (typeof data !== 'string') throw new ApiError(400, 'data must be a string');
  if (Buffer.byteLength(data) > maxDataBytes)
    throw new ApiError(413, `data is larger than ${maxDataBytes} bytes`);
  if (socketId !== undefined && !isValidSocketId(socketId)) throw new ApiError(400, 'Invalid socket_id');
  return { name, channels: channels as string[], data, socketId };
}

export function parseBatch(value: unknown, maxDataBytes: number): ApiEvent[] {
  if (!isRecord(value) || !Array.isArray(value.batch)) throw new ApiError(400, 'batch must be a list');
  if (value.batch.length === 0) throw new ApiError(400, 'batch is empty');
  if (value.batch.length > MAX_BATCH_SIZE) throw new ApiError(400, 'At most 10 events per batch');
  return value.batch.map((item) => parseApiEvent(item, maxDataBytes, false));
}

export function parseJsonBody(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new ApiError(400, 'Body is not valid JSON');
  }
}
