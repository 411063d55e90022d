/**
 * Server→client frames. `data` is always a JSON string inside the frame, as pusher-js expects.
 * Frames are built by concatenation so a broadcast serialises its payload exactly once.
 */
export function encodeFrame(event: string, data: string, channel?: string, userId?: string): string {
  return encodeFrameWithQuotedData(event, JSON.stringify(data), channel, userId);
}

/** `quotedData` is JSON.stringify(data): quoted once when one event goes to many channels. */
export function encodeFrameWithQuotedData(
  event: string,
  quotedData: string,
  channel?: string,
  userId?: string,
): string {
  let frame = `{"event":${JSON.stringify(event)}`;
  if (channel !== undefined) frame += `,"channel":${JSON.stringify(channel)}`;
  if (userId !== undefined) frame += `,"user_id":${JSON.stringify(userId)}`;
  return `${frame},"data":${quotedData}}`;
}

export function encodeError(code: number | null, message: string): string {
  return encodeFrame('pusher:error', JSON.stringify({ code, message }));
}
