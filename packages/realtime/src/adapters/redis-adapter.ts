import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { encodeFrame } from '../frames.ts';
import { encodeMemberRemoved } from '../presence-data.ts';
import type { AdapterHandlers, PresenceMember, RealtimeAdapter } from './adapter.ts';
import { presenceJoinScript, presenceLeaveScript, sweepNodeScript } from './redis-scripts.ts';

export interface RedisAdapterOptions {
  /** Prefix for every key and pub/sub channel; lets several apps or test runs share one Redis. */
  prefix?: string;
  /** How often this node tells the others it is alive. */
  heartbeatMs?: number;
  /** A node silent this long is considered dead; its presence entries are removed by a survivor. */
  deadAfterMs?: number;
}

interface ScriptedRedis extends Redis {
  realtimePresenceJoin(
    hash: string,
    nodeSet: string,
    ...args: (string | number)[]
  ): Promise<[number, string[]]>;
  realtimePresenceLeave(hash: string, field: string): Promise<[string, number] | null>;
  realtimeSweepNode(
    nodes: string,
    nodePresence: string,
    nodeChannels: string,
    ...args: string[]
  ): Promise<string[]>;
}

function toMember(value: string): PresenceMember {
  const newline = value.indexOf('\n');
  return { userId: value.slice(0, newline), userInfo: value.slice(newline + 1) };
}

/**
 * Multi-node adapter over ioredis. Each node subscribes only to the Redis channels of Pusher channels
 * it has local subscribers for; a message is "{except socket id}\n{frame}" so the frame travels as-is.
 */
export function createRedisAdapter(url: string, opts: RedisAdapterOptions = {}): RealtimeAdapter {
  const prefix = opts.prefix ?? 'realtime';
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  const deadAfterMs = opts.deadAfterMs ?? 30_000;
  const nodeId = randomBytes(8).toString('hex');
  const eventPrefix = `${prefix}:ch:`;
  const controlChannel = `${prefix}:control`;
  const nodesKey = `${prefix}:nodes`;
  const presencePrefix = `${prefix}:presence:`;
  const nodePresenceKey = (node: string) => `${prefix}:node:${node}:presence`;
  const nodeChannelsKey = (node: string) => `${prefix}:node:${node}:channels`;

  // ioredis keeps commands queued through a short Redis outage (up to 20 reconnect attempts, about
  // 10 s), so events published meanwhile are delivered late rather than lost. Callers that must not
  // wait for that (the app's broadcaster) do not await the publish.
  const pub = new Redis(url, { enableAutoPipelining: true }) as ScriptedRedis;
  // No ready check: its INFO command is refused once the connection is in subscriber mode, which
  // happens at once because attach() subscribes before the first connect completes.
  const sub = new Redis(url, { enableReadyCheck: false });
  pub.defineCommand('realtimePresenceJoin', { numberOfKeys: 2, lua: presenceJoinScript });
  pub.defineCommand('realtimePresenceLeave', { numberOfKeys: 1, lua: presenceLeaveScript });
  pub.defineCommand('realtimeSweepNode', { numberOfKeys: 3, lua: sweepNodeScript });

  let handlers: AdapterHandlers | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let subscribedChannels = 0;

  const sweep = async (node: string, onlyIfListed: boolean): Promise<void> => {
    const removed = await pub.realtimeSweepNode(
      nodesKey,
      nodePresenceKey(node),
      nodeChannelsKey(node),
      node,
      presencePrefix,
      onlyIfListed ? '1' : '0',
    );
    for (let i = 0; i + 1 < removed.length; i += 2) {
      const channel = removed[i] as string;
      const frame = encodeFrame(
        'pusher_internal:member_removed',
        encodeMemberRemoved(removed[i + 1] as string),
        channel,
      );
      await pub.publish(eventPrefix + channel, `\n${frame}`);
    }
  };

  let beaten = false;
  const beat = async (): Promise<void> => {
    const now = Date.now();
    const added = await pub.zadd(nodesKey, now, nodeId);
    if (added === 1 && beaten && handlers) {
      // Another node took us for dead (we were silent too long) and removed our presence entries.
      // Our presence subscribers reconnect at once and join again.
      handlers.logger.error({ nodeId }, 'realtime node was declared dead; reconnecting presence subscribers');
      handlers.disconnect('presence-', 4200);
    }
    beaten = true;
    for (const dead of await pub.zrangebyscore(nodesKey, '-inf', now - deadAfterMs)) await sweep(dead, true);
  };

  const onMessage = (channelBuffer: Buffer, message: Buffer): void => {
    if (!handlers) return;
    const redisChannel = channelBuffer.toString();
    if (redisChannel === controlChannel) {
      const command = JSON.parse(message.toString()) as
        | { type: 'disconnect'; prefix: string; code: number }
        | { type: 'close'; channel: string; frame: string };
      if (command.type === 'disconnect') handlers.disconnect(command.prefix, command.code);
      else if (command.type === 'close') handlers.closeChannel(command.channel, command.frame);
      return;
    }
    const newline = message.indexOf(10);
    const except = newline > 0 ? message.toString('latin1', 0, newline) : undefined;
    handlers.deliver(redisChannel.slice(eventPrefix.length), message.subarray(newline + 1), except);
  };

  return {
    attach(h) {
      if (handlers) throw new Error('This adapter already belongs to a realtime server');
      handlers = h;
      const logError = (error: unknown) => h.logger.error({ err: error }, 'realtime redis error');
      pub.on('error', logError);
      sub.on('error', logError);
      sub.on('messageBuffer', onMessage);
      sub.subscribe(controlChannel).catch(logError);
      beat().catch(logError);
      heartbeat = setInterval(() => beat().catch(logError), heartbeatMs);
      heartbeat.unref();
    },
    subscribe(channel) {
      subscribedChannels++;
      return Promise.all([
        sub.subscribe(eventPrefix + channel),
        pub.sadd(nodeChannelsKey(nodeId), channel),
      ]).then(() => undefined);
    },
    unsubscribe(channel) {
      subscribedChannels--;
      const logError = (error: unknown) => handlers?.logger.error({ err: error }, 'realtime redis error');
      sub.unsubscribe(eventPrefix + channel).catch(logError);
      pub.srem(nodeChannelsKey(nodeId), channel).catch(logError);
      pub.srem(nodePresenceKey(nodeId), channel).catch(logError);
    },
    async publish(channel, frame, exceptSocketId) {
      await pub.publish(eventPrefix + channel, `${exceptSocketId ?? ''}\n${frame}`);
    },
    async disconnectSubscribers(channelPrefix, code) {
      await pub.publish(controlChannel, JSON.stringify({ type: 'disconnect', prefix: channelPrefix, code }));
    },
    async closeChannel(channel, frame) {
      await pub.publish(controlChannel, JSON.stringify({ type: 'close', channel, frame }));
    },
    async presenceJoin(channel, socketId, member, maxMembers) {
      const [first, values] = await pub.realtimePresenceJoin(
        presencePrefix + channel,
        nodePresenceKey(nodeId),
        `${nodeId}|${socketId}`,
        `${member.userId}\n${member.userInfo}`,
        member.userId,
        channel,
        maxMembers,
      );
      if (first === -1) return { ok: false, reason: 'full' };
      return { ok: true, firstForUser: first === 1, members: values.map(toMember) };
    },
    async presenceLeave(channel, socketId) {
      const left = await pub.realtimePresenceLeave(presencePrefix + channel, `${nodeId}|${socketId}`);
      return left ? { userId: left[0], lastForUser: left[1] === 1 } : null;
    },
    async presenceMembers(channel) {
      return (await pub.hvals(presencePrefix + channel)).map(toMember);
    },
    async occupiedChannels() {
      const live = await pub.zrangebyscore(nodesKey, Date.now() - deadAfterMs, '+inf');
      return live.length === 0 ? [] : pub.sunion(...live.map(nodeChannelsKey));
    },
    stats() {
      return { adapterSubscribedChannels: subscribedChannels };
    },
    async close() {
      clearInterval(heartbeat);
      try {
        // With Redis away there is nothing to tidy now: the other nodes sweep this one once its
        // heartbeat stops, and waiting here would hold a shutdown for ioredis' retries.
        if (pub.status === 'ready') await sweep(nodeId, false);
      } finally {
        handlers = null;
        // quit() waits for Redis to answer; with Redis away that would hold a shutdown for ~10 s.
        const end = (r: Redis) => (r.status === 'ready' ? r.quit() : Promise.resolve(r.disconnect()));
        await Promise.allSettled([end(sub), end(pub)]);
      }
    },
  };
}
