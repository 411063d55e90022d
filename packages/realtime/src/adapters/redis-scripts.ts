/**
 * Presence is kept atomic with Lua so two sockets of one user joining on two nodes at the same
 * moment still produce exactly one member_added. A presence hash maps "{node}|{socket}" to
 * "{user_id}\n{user_info json}"; user ids never contain control characters (see presence-data.ts).
 * The sweep script touches keys it is not given in KEYS: fine on a single Redis, not on Redis Cluster.
 */

/** KEYS: presence hash, node's presence-channel set. ARGV: field, value, user_id, channel, max members. */
export const presenceJoinScript = `
local values = redis.call('HVALS', KEYS[1])
local users, count = {}, 0
for _, v in ipairs(values) do
  local uid = string.sub(v, 1, string.find(v, '\\n', 1, true) - 1)
  if not users[uid] then users[uid] = true; count = count + 1 end
end
local first = 1
if users[ARGV[3]] then first = 0 end
if first == 1 and count >= tonumber(ARGV[5]) then return {-1, {}} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[4])
return {first, redis.call('HVALS', KEYS[1])}
`;

/** KEYS: presence hash. ARGV: field. Returns nil, or {user_id, 1 when that user has no socket left}. */
export const presenceLeaveScript = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
local uid = string.sub(v, 1, string.find(v, '\\n', 1, true) - 1)
local prefix = uid .. '\\n'
for _, other in ipairs(redis.call('HVALS', KEYS[1])) do
  if string.sub(other, 1, #prefix) == prefix then return {uid, 0} end
end
return {uid, 1}
`;

/**
 * Removes every presence entry of one node and forgets the node.
 * KEYS: nodes zset, node's presence-channel set, node's channel set.
 * ARGV: node id, presence key prefix, "1" to do nothing unless the node is still listed (dead-node sweep).
 * Returns a flat list channel, user_id, ... of users that have left their channel entirely.
 */
export const sweepNodeScript = `
if ARGV[3] == '1' and not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {} end
local removed = {}
local fieldPrefix = ARGV[1] .. '|'
for _, channel in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local key = ARGV[2] .. channel
  local all = redis.call('HGETALL', key)
  local gone, remaining = {}, {}
  for i = 1, #all, 2 do
    local uid = string.sub(all[i + 1], 1, string.find(all[i + 1], '\\n', 1, true) - 1)
    if string.sub(all[i], 1, #fieldPrefix) == fieldPrefix then
      redis.call('HDEL', key, all[i])
      gone[uid] = true
    else
      remaining[uid] = true
    end
  end
  for uid in pairs(gone) do
    if not remaining[uid] then
      removed[#removed + 1] = channel
      removed[#removed + 1] = uid
    end
  end
end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('ZREM', KEYS[1], ARGV[1])
return removed
`;
