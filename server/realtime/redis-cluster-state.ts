import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ClusterState, JoinResult, LeaveResult, PresenceIdentity } from './cluster-state.ts';
import type { RealtimeLogger } from './realtime-logger.ts';

// Presence and channel occupancy shared by every node through Redis, so each node answers
// "who is here" identically (one peer server keeps presence per node; we must not).
//
// Keys, under the prefix:
//   presence:{channel}        hash socketId → {"u":userId,"i":userInfo}
//   node:{id}:sockets         set "channel\nsocketId" of presence entries a node owns
//   node:{id}:channels        hash channel → local subscription count
//   node:{id}:alive           heartbeat with a TTL; a node without one has crashed
//   nodes                     set of node ids
// Scripts make join/leave atomic, so two nodes cannot both announce a user's arrival.

const JOIN = `
local vals = redis.call('HVALS', KEYS[1])
local users, n, seen = {}, 0, false
for _, v in ipairs(vals) do
  local u = cjson.decode(v).u
  if not users[u] then users[u] = true; n = n + 1 end
  if u == ARGV[2] then seen = true end
end
if not seen and n >= tonumber(ARGV[4]) then return {-1} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('SADD', KEYS[2], ARGV[5])
local out = redis.call('HVALS', KEYS[1])
table.insert(out, 1, seen and 0 or 1)
return out`;

const LEAVE = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[2], ARGV[2])
if not v then return nil end
redis.call('HDEL', KEYS[1], ARGV[1])
local u = cjson.decode(v).u
for _, other in ipairs(redis.call('HVALS', KEYS[1])) do
  if cjson.decode(other).u == u then return {u, 0} end
end
return {u, 1}`;

const OCCUPY = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
local total = 0
for i = 1, #KEYS do total = total + tonumber(redis.call('HGET', KEYS[i], ARGV[1]) or '0') end
return total`;

export interface RedisStateOptions {
  url: string;
  prefix: string;
  logger: RealtimeLogger;
  /** How often the node proves it is alive and sweeps crashed nodes. */
  heartbeatMs?: number;
}

export async function createRedisClusterState(options: RedisStateOptions): Promise<ClusterState> {
  const redis = new Redis(options.url, { lazyConnect: true });
  await redis.connect();
  const nodeId = randomUUID();
  const k = {
    presence: (channel: string) => `${options.prefix}presence:${channel}`,
    sockets: (node: string) => `${options.prefix}node:${node}:sockets`,
    channels: (node: string) => `${options.prefix}node:${node}:channels`,
    alive: (node: string) => `${options.prefix}node:${node}:alive`,
    cache: (channel: string) => `${options.prefix}cache:${channel}`,
    nodes: `${options.prefix}nodes`,
  };
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  let staleHandler: (channel: string, userId: string) => void = () => undefined;

  const leave = async (channel: string, socketId: string, node: string): Promise<LeaveResult | undefined> => {
    const reply = (await redis.eval(LEAVE, 2, k.presence(channel), k.sockets(node), socketId, `${channel}\n${socketId}`)) as
      | [string, number]
      | null;
    return reply ? { userId: reply[0], lastForUser: reply[1] === 1 } : undefined;
  };

  /** Removes everything a node left behind, announcing users who are now gone. */
  const evict = async (node: string, announce: boolean): Promise<void> => {
    for (const entry of await redis.smembers(k.sockets(node))) {
      const [channel = '', socketId = ''] = entry.split('\n');
      const left = await leave(channel, socketId, node);
      if (announce && left?.lastForUser) staleHandler(channel, left.userId);
    }
    await redis.del(k.sockets(node), k.channels(node), k.alive(node));
    await redis.srem(k.nodes, node);
  };

  const heartbeat = async (): Promise<void> => {
    await redis.set(k.alive(nodeId), '1', 'PX', heartbeatMs * 3);
    for (const node of await redis.smembers(k.nodes)) {
      if (node !== nodeId && (await redis.exists(k.alive(node))) === 0) await evict(node, true);
    }
  };

  await redis.sadd(k.nodes, nodeId);
  await heartbeat();
  const timer = setInterval(() => {
    heartbeat().catch((error: unknown) => options.logger.warn({ err: error }, 'realtime heartbeat failed'));
  }, heartbeatMs);
  timer.unref();

  return {
    // Cache channels' last events live in Redis, so a subscriber on any node gets the same one.
    async remember(channel, event, ttlSeconds) {
      await redis.set(k.cache(channel), JSON.stringify(event), 'EX', ttlSeconds);
    },
    async recall(channel) {
      const [[, text] = [], [, ttl] = []] = (await redis.multi().get(k.cache(channel)).ttl(k.cache(channel)).exec()) ?? [];
      if (typeof text !== 'string') return undefined;
      const { event, data } = JSON.parse(text) as { event: string; data: string };
      return { event, data, ttl: Math.max(0, Number(ttl)) };
    },
    async join(channel, socketId, member: PresenceIdentity, limit): Promise<JoinResult> {
      const value = JSON.stringify({ u: member.userId, i: member.userInfo });
      const reply = (await redis.eval(JOIN, 2, k.presence(channel), k.sockets(nodeId), socketId, member.userId, value, limit, `${channel}\n${socketId}`)) as [number, ...string[]];
      const [flag, ...values] = reply;
      if (flag === -1) return { ok: false, reason: 'member_limit' };
      const members = new Map<string, unknown>();
      for (const v of values) {
        const m = JSON.parse(v) as { u: string; i: unknown };
        if (!members.has(m.u)) members.set(m.u, m.i);
      }
      return { ok: true, firstForUser: flag === 1, members };
    },
    leave: (channel, socketId) => leave(channel, socketId, nodeId),
    async members(channel) {
      const members = new Map<string, unknown>();
      for (const v of await redis.hvals(k.presence(channel))) {
        const m = JSON.parse(v) as { u: string; i: unknown };
        if (!members.has(m.u)) members.set(m.u, m.i);
      }
      return members;
    },
    async occupy(channel, delta) {
      // Every node's count in one script: exactly one join sees the channel become occupied.
      const others = (await redis.smembers(k.nodes)).filter((node) => node !== nodeId).map((node) => k.channels(node));
      const keys = [k.channels(nodeId), ...others];
      return Number(await redis.eval(OCCUPY, keys.length, ...keys, channel, delta));
    },
    async channels() {
      const totals = new Map<string, number>();
      for (const node of await redis.smembers(k.nodes)) {
        for (const [channel, count] of Object.entries(await redis.hgetall(k.channels(node)))) {
          totals.set(channel, (totals.get(channel) ?? 0) + Number(count));
        }
      }
      return totals;
    },
    onStaleMemberRemoved(handler) {
      staleHandler = handler;
    },
    async close() {
      clearInterval(timer);
      // Connections were closed (and left) before this; whatever remains is stale.
      await evict(nodeId, false);
      await redis.quit();
    },
  };
}
