import { distinctMembers } from './adapters/adapter.ts';
import { channelKind, isValidChannelName } from './channel-name.ts';
import { ApiError, type ApiEvent, parseApiEvent, parseBatch, parseJsonBody } from './http-events.ts';
import { type HttpApiRequest, signatureProblem } from './http-signature.ts';
import { publishToChannels, type ServerContext } from './server-context.ts';

export interface HttpApiResponse {
  status: number;
  body: unknown;
}

/** The Pusher HTTP API, as the official server SDKs call it. */
export async function handleHttpApi(ctx: ServerContext, request: HttpApiRequest): Promise<HttpApiResponse> {
  // Inline, not a module constant: Stryker can only test changes to code that runs per call.
  const match = /^\/apps\/([^/]+)\/(events|batch_events|channels)(?:\/([^/]+))?(\/users)?$/.exec(
    request.path,
  );
  if (!match) return { status: 404, body: { error: 'Not found' } };
  const [, appId, resource, channelSegment, users] = match;
  if (appId !== ctx.app.id) return { status: 404, body: { error: 'Unknown app' } };
  const method = resource === 'channels' ? 'GET' : 'POST';
  if (resource !== 'channels' && (channelSegment || users))
    return { status: 404, body: { error: 'Not found' } };
  if (request.method.toUpperCase() !== method) return { status: 405, body: { error: 'Method not allowed' } };
  const problem = signatureProblem(ctx.app, request);
  if (problem) return { status: 401, body: { error: problem } };

  try {
    if (resource === 'events') {
      await publishAll(ctx, [
        parseApiEvent(parseJsonBody(request.rawBody), ctx.limits.maxEventDataBytes, true),
      ]);
      return { status: 200, body: {} };
    }
    if (resource === 'batch_events') {
      const events = parseBatch(parseJsonBody(request.rawBody), ctx.limits.maxEventDataBytes);
      await publishAll(ctx, events);
      return { status: 200, body: { batch: events.map(() => ({})) } };
    }
    if (channelSegment === undefined) return { status: 200, body: await listChannels(ctx, request.query) };
    const channel = decodeChannel(channelSegment);
    return {
      status: 200,
      body: users ? await listUsers(ctx, channel) : await describeChannel(ctx, channel, request.query),
    };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: { error: error.message } };
    ctx.logger.error({ err: error }, 'realtime HTTP API failed');
    return { status: 503, body: { error: 'Realtime backend unavailable' } };
  }
}

async function publishAll(ctx: ServerContext, events: ApiEvent[]): Promise<void> {
  await Promise.all(
    events.map((event) => publishToChannels(ctx, event.channels, event.name, event.data, event.socketId)),
  );
}

function decodeChannel(segment: string): string {
  let channel: string | undefined;
  try {
    channel = decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: no channel, refused with the invalid names.
  }
  if (!isValidChannelName(channel)) throw new ApiError(400, 'Invalid channel name');
  return channel;
}

function wantsUserCount(query: Record<string, string>): boolean {
  // Stryker disable next-line StringLiteral: any stand-in for a missing info without "user_count" in it answers the same
  return (query.info ?? '').split(',').includes('user_count');
}

async function listChannels(ctx: ServerContext, query: Record<string, string>) {
  const prefix = query.filter_by_prefix ?? '';
  const withUserCount = wantsUserCount(query);
  if (withUserCount && !prefix.startsWith('presence-')) {
    throw new ApiError(400, 'info=user_count needs filter_by_prefix=presence-');
  }
  const channels: Record<string, { user_count?: number }> = {};
  for (const name of await ctx.adapter.occupiedChannels()) {
    if (!name.startsWith(prefix)) continue;
    channels[name] = withUserCount ? { user_count: await userCount(ctx, name) } : {};
  }
  return { channels };
}

async function describeChannel(ctx: ServerContext, channel: string, query: Record<string, string>) {
  const withUserCount = wantsUserCount(query);
  if (withUserCount && channelKind(channel) !== 'presence') {
    throw new ApiError(400, 'user_count is only available for presence channels');
  }
  const occupied = (await ctx.adapter.occupiedChannels()).includes(channel);
  return withUserCount ? { occupied, user_count: await userCount(ctx, channel) } : { occupied };
}

async function listUsers(ctx: ServerContext, channel: string) {
  if (channelKind(channel) !== 'presence')
    throw new ApiError(400, 'Users are only listed for presence channels');
  const members = distinctMembers(await ctx.adapter.presenceMembers(channel));
  return { users: members.map((member) => ({ id: member.userId })) };
}

async function userCount(ctx: ServerContext, channel: string): Promise<number> {
  return distinctMembers(await ctx.adapter.presenceMembers(channel)).length;
}
