// The Lua scripts the shared budget runs in Redis. Each grant is ONE script call, so the check
// ("is there a slot, is anyone ahead of me, am I over my fair share?") and the take (ZADD) can
// never interleave with another station's.
//
// Why a sliding window of grants (a sorted set scored by Redis TIME) and not leased tokens:
// the service counts requests per sliding minute, and a set of grant times mirrors that count
// exactly. A grant needs nothing back from the station to be safe (the answer only moves its
// entry later, see RELEASE), so a station that crashes, hangs or loses its network mid-request
// leaves nothing to reclaim: its entries age out on their own.
// Leased tokens would need a lease expiry and a refill schedule, and a lease that times out while
// its request is still counted by the service is exactly the burst we must not cause. The set
// also lets a station that ran on its local share re-add those grants when it rejoins, so the
// new window starts with them counted (see CARRY).
//
// Every time is Redis TIME (ms, with µs as a fraction), never a station's clock: stations'
// clocks may disagree, the server's is one. Scripts may call TIME since Redis 5 (effects
// replication), and Redis 7 replicates by effects only.

const CEILING = `
-- The ceiling a 429 left (see PAUSE), regained by 'step' slots per clean window since.
local function ceiling_now(key, full, win, step)
  local c = redis.call('HMGET', key, 'value', 'at')
  if not c[1] then return full end
  local regained = math.max(0, math.floor((now - tonumber(c[2])) / win)) * step
  return math.min(full, tonumber(c[1]) + regained)
end
`;

/**
 * KEYS: 1 window (zset grantId → time), 2 pause (ms timestamp, PX TTL), 3 interactive waiters
 * (zset station → expiry), 4 background waiters (zset station → expiry), 5 stations (zset
 * station → last seen), 6 boot (id of this server's life), 7 settle (exists right after a fresh
 * boot), 8 this station's background grants (zset grantId → time), 9 the warehouse's ceiling
 * after a 429 (hash value, at), 10 the background pacing cursor (ms), 11 the line of stations
 * with background work (zset station → place), 12 the line's counter, 13 the stations a
 * promoted replica waits for before granting (set).
 * ARGV: 1 lane 'i' | 'b', 2 station, 3 grantId, 4 cap (limit − margin), 5 windowMs,
 * 6 waiter marker TTL ms, 7 boot id the station knows, 8 boot id if INFO has no run_id, 9 settle ms,
 * 10 slots background leaves to interactive, 11 '1' when more of this lane wait at this station,
 * 12 poll ms (the retry hint when waiting on someone else rather than on a slot), 13 silent ms
 * (a station not heard of for this long may be cut off from Redis), 14 hold ms (how long a
 * silent station's share is kept free for it), 15 ceiling step (slots regained per clean window).
 * Returns { verdict, waitMs, boot, nowMs (a string, µs kept), stations, used (grants in the
 * window after this one, −1 when not looked at), cap (the slots per window in force) },
 * verdict 'granted' | 'wait' | 'resync'.
 */
export const GRANT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
${CEILING}
local win = tonumber(ARGV[5])
local ttl = tonumber(ARGV[6])
local poll = tonumber(ARGV[12])
local station = ARGV[2]

-- A server that came back empty (no persistence) knows nothing of the last window. Stations
-- must re-add their own recent grants before anyone is granted: 'resync' until they have.
-- The server's life is its replication id (new at every start, also one that reloads an old
-- snapshot: a window restored from minutes ago knows nothing of the grants since; and new when
-- Sentinel promotes a replica), or its run_id on a server that has none.
local replication = redis.call('INFO', 'replication')
local server = redis.call('INFO', 'server')
local run = string.match(replication, 'master_replid:(%w+)') or string.match(server, 'run_id:(%w+)') or ARGV[8]
local boot = redis.call('GET', KEYS[6])
if boot ~= run then
  -- A replica Sentinel promoted goes on from the life it followed (its master_replid2) with that
  -- life's window, replicated up to the moment the old primary died (written after this process
  -- started, which a reloaded snapshot never is): no one waits, the stations only re-add what
  -- replication had not carried yet (CARRY counts nothing twice).
  local followed = string.match(replication, 'master_replid2:(%w+)')
  local uptime = tonumber(string.match(server, 'uptime_in_seconds:(%d+)') or '0')
  local newest = redis.call('ZRANGE', KEYS[5], -1, -1, 'WITHSCORES')[2]
  local continued = boot and boot == followed and newest and tonumber(newest) > now - uptime * 1000
  redis.call('DEL', KEYS[13])
  if continued then
    -- Yet the stations heard of lately may have granted on their own share while the Sentinels
    -- decided, and those grants are not here until each station carries them: the others wait
    -- for those stations (a few hundred ms, as they follow), never longer than the settle time.
    local expected = redis.call('ZRANGEBYSCORE', KEYS[5], tonumber(newest) - tonumber(ARGV[13]), '+inf')
    for i = 1, #expected, 1000 do
      redis.call('SADD', KEYS[13], unpack(expected, i, math.min(i + 999, #expected)))
    end
    redis.call('PEXPIRE', KEYS[13], ARGV[9])
  end
  redis.call('SET', KEYS[7], '1', 'PX', ARGV[9])
  redis.call('SET', KEYS[6], run)
  boot = run
end

local hold = tonumber(ARGV[14])
redis.call('ZADD', KEYS[5], now, station)
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - hold)
redis.call('PEXPIRE', KEYS[5], hold)
local stations = redis.call('ZCARD', KEYS[5])
local used = -1
local full = tonumber(ARGV[4])
-- Slots per window in force: lowered after a 429 (someone else uses the key too), and the share
-- of every station gone silent kept free: it may be cut off from Redis and running on its local
-- share (its grants are not in the window), or dead (its share idles until 'hold' has passed).
local silent = redis.call('ZCOUNT', KEYS[5], '-inf', string.format('(%.3f', now - tonumber(ARGV[13])))
local share = math.max(1, math.floor(full / stations))
local cap = math.max(1, ceiling_now(KEYS[9], full, win, tonumber(ARGV[15])) - silent * share)
local function reply(verdict, wait)
  return { verdict, math.ceil(math.max(0, wait)), boot, string.format('%.3f', now), stations, used, cap }
end
if boot ~= ARGV[7] then return reply('resync', 0) end

-- The same grant asked again (its answer timed out on the way back): it stands, once.
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then return reply('granted', 0) end

-- "This station wants a slot": lives through the wait it is told plus the TTL, so a station that
-- sleeps until its slot is due still counts as competing, and one that died drops out by itself.
local function mark(key, wait)
  local expiry = ttl + (wait or 0)
  redis.call('ZADD', key, now + expiry, station)
  -- Only ever lengthened: another station's marker may have to live longer than this one.
  if redis.call('PTTL', key) < expiry * 2 then redis.call('PEXPIRE', key, math.ceil(expiry * 2)) end
end
-- The line's counter lives as long as the line is used (a counter that expired and restarted
-- at 1 would put one station ahead of the whole line).
local function next_place()
  local place = redis.call('INCR', KEYS[12])
  redis.call('PEXPIRE', KEYS[12], win * 10)
  return place
end
local function wait_marked(key, wait)
  mark(key, wait)
  return reply('wait', wait)
end
local waiters = ARGV[1] == 'i' and KEYS[3] or KEYS[4]

-- This station knows the server's life, so it has carried its grants into it.
if redis.call('SREM', KEYS[13], station) == 1 and redis.call('SCARD', KEYS[13]) == 0 then
  redis.call('DEL', KEYS[7])
end
local settle = redis.call('PTTL', KEYS[7])
-- Waiting on stations that follow: ask again soon, not at the end of the settle time.
if settle > 0 and redis.call('EXISTS', KEYS[13]) == 1 then settle = math.min(settle, poll) end
if settle > 0 then return wait_marked(waiters, settle) end

local pause = tonumber(redis.call('GET', KEYS[2]) or '0')
if pause > now then return wait_marked(waiters, pause - now) end

redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - win)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
used = redis.call('ZCARD', KEYS[1])
local function until_free(key, nth)
  local oldest = redis.call('ZRANGE', key, nth, nth, 'WITHSCORES')
  if oldest[2] then return tonumber(oldest[2]) + win - now end
  return poll
end

if ARGV[1] == 'i' then
  if used >= cap then return wait_marked(waiters, until_free(KEYS[1], 0)) end
else
  local bcap = math.max(1, cap - tonumber(ARGV[10]))
  mark(waiters)
  -- Fair, and quiet: stations with background work take turns, one slot each (round robin).
  -- A station joins the line when it first asks and goes back to its end after each grant, so
  -- no station starves and none gets more because it asks faster. Only the station whose turn
  -- it is asks when a slot is due; the others sleep until about their turn, instead of the
  -- whole warehouse asking at every slot. A station that stopped asking (drained, or dead)
  -- leaves the line when its waiting marker expires.
  if not redis.call('ZSCORE', KEYS[11], station) then
    redis.call('ZADD', KEYS[11], next_place(), station)
  end
  redis.call('PEXPIRE', KEYS[11], win * 2)
  for _ = 1, 16 do
    local head = redis.call('ZRANGE', KEYS[11], 0, 0)[1]
    if not head or head == station then break end
    local alive = redis.call('ZSCORE', waiters, head)
    if alive and tonumber(alive) > now then break end
    redis.call('ZREM', KEYS[11], head)
  end
  local place = redis.call('ZRANK', KEYS[11], station)
  -- And fair within the window: a station whose turn it is but that already holds its share of
  -- the window while others compete (it was alone in the line a moment ago) lets them go first.
  redis.call('ZREMRANGEBYSCORE', KEYS[8], '-inf', now - win)
  local competing = redis.call('ZCARD', KEYS[4])
  if place == 0 and competing > 1 and redis.call('ZCARD', KEYS[8]) >= math.ceil(bcap / competing) then
    if redis.call('ZCARD', KEYS[11]) > 1 then
      redis.call('ZADD', KEYS[11], next_place(), station)
      place = redis.call('ZRANK', KEYS[11], station)
    end
  end
  -- Paced from the first grant: one background grant per window ÷ cap, warehouse-wide, so slots
  -- free one by one, a window later, as they were taken, and an operator's scan never waits for
  -- more than about one slot. Any burst would echo: a window filled early frees nothing until
  -- its burst ages out, and every window after fills early again. (Unpaced until half full, 100
  -- stations starting together made the window full at about 0.75 of it, window after window,
  -- and scans from there to the window's end waited for it: p95 3.4 s, the slowest 17 s.)
  -- The cursor may lag by half a spacing, so a late wake-up catches up instead of losing its slot.
  local spacing = win / bcap
  local cursor = tonumber(redis.call('GET', KEYS[10]) or '0')
  local due = math.max(0, cursor - now)
  if used >= bcap then due = math.max(due, until_free(KEYS[1], used - bcap)) end
  if place > 0 then
    -- About when this station's turn comes: the stations ahead take a slot each first.
    return wait_marked(waiters, due + place * spacing)
  end
  if due > 0 then return wait_marked(waiters, due) end
  -- Interactive first, warehouse-wide: while any station has an operator waiting, background
  -- stands back. The marker expires by itself, so a station that dies cannot block the rest.
  if redis.call('ZCARD', KEYS[3]) > 0 then return reply('wait', poll) end
  redis.call('SET', KEYS[10], string.format('%.3f', math.max(cursor, now - spacing / 2) + spacing), 'PX', win)
  -- Granted below: to the end of the line, if this station has more to send.
  redis.call('ZREM', KEYS[11], station)
  if ARGV[11] == '1' then redis.call('ZADD', KEYS[11], next_place(), station) end
  redis.call('ZADD', KEYS[8], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[8], win)
end

redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], win)
used = used + 1
if ARGV[11] ~= '1' then redis.call('ZREM', waiters, station) end
return reply('granted', 0)
`;

/**
 * Re-adds this station's grants of the last window (made shared or on the local share) after
 * coordination was lost or the server came back empty. A grant already there is only ever moved
 * later (to its answer), so carrying twice counts nothing twice.
 * KEYS: 1 window, 2 this station's background grants, 3 the stations a promoted replica waits
 * for, 4 settle. ARGV: 1 windowMs, 2 station, then triples grantId, age ms, lane 'i' | 'b'.
 */
export const CARRY = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local win = tonumber(ARGV[1])
-- A promoted replica waits for this station's grants (see GRANT): here they come.
if redis.call('SREM', KEYS[3], ARGV[2]) == 1 and redis.call('SCARD', KEYS[3]) == 0 then
  redis.call('DEL', KEYS[4])
end
-- Added, or moved later (its answer came while Redis was away), never earlier: carrying twice
-- counts nothing twice.
local function later(key, at, id)
  local old = redis.call('ZSCORE', key, id)
  if not old or tonumber(old) < at then redis.call('ZADD', key, at, id) end
end
for i = 3, #ARGV, 3 do
  local at = now - tonumber(ARGV[i + 1])
  if at > now - win then
    later(KEYS[1], at, ARGV[i])
    if ARGV[i + 2] == 'b' then later(KEYS[2], at, ARGV[i]) end
  end
end
redis.call('PEXPIRE', KEYS[1], win)
redis.call('PEXPIRE', KEYS[2], win)
return math.floor(now)
`;

/**
 * A 429 seen by one station pauses all: the pause key holds the latest end any station was told,
 * and lives exactly until then.
 *
 * The first 429 of a pause also lowers the warehouse's ceiling. The stations together never
 * grant more than the cap, so when the service still says "too many", something else counted:
 * a client on the same key that is not Packbench (a script, another integration), a station cut
 * off from Redis, or clocks further apart than the margin. The service counted its limit while
 * the window here holds `used` grants, so the others used about limit − used: the ceiling drops
 * to used − step and stays there through the pause, then climbs back one step per clean window;
 * the next 429 lowers it again to what was used then. Foreign requests are absorbed by backing
 * off, never ignored. The 429s of one burst arrive together: only the first lowers it.
 * KEYS: 1 pause, 2 window, 3 ceiling. ARGV: 1 Retry-After in ms, 2 cap, 3 windowMs, 4 step,
 * 5 lowest ceiling. Returns { nowMs, ceiling (−1 when not lowered) }.
 */
export const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
${CEILING}
local untilMs = math.ceil(now + tonumber(ARGV[1]))
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then
  redis.call('SET', KEYS[1], untilMs, 'PX', math.ceil(untilMs - now))
end
local lowered = -1
if current <= now then
  local full, win, step = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - win)
  local used = redis.call('ZCARD', KEYS[2])
  lowered = math.max(tonumber(ARGV[5]), math.min(ceiling_now(KEYS[3], full, win, step), used) - step)
  -- Recovery counts from the end of the pause: the windows of the pause are not clean.
  redis.call('HSET', KEYS[3], 'value', lowered, 'at', untilMs)
  redis.call('PEXPIRE', KEYS[3], math.ceil(untilMs - now) + win * (math.ceil((full - lowered) / step) + 1))
end
return { math.floor(now), lowered }
`;

/**
 * A station alive with nothing to ask keeps its place among the stations, so no one keeps its
 * share free for it and the stations' count stays true. KEYS: 1 stations. ARGV: 1 station,
 * 2 hold ms, 3 silent ms. Returns { stations (known), active (heard of within silent ms) }.
 */
export const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local hold = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - hold)
redis.call('PEXPIRE', KEYS[1], hold)
return { redis.call('ZCARD', KEYS[1]), redis.call('ZCOUNT', KEYS[1], now - tonumber(ARGV[3]), '+inf') }
`;

/**
 * The answer to a granted request arrived: its entry now counts from here. The service counted
 * the request at some instant between the grant and the answer, so a slot that ages from the
 * answer can never free before the service's does, however the latency between the stations and
 * the service varies (counting from the grant alone, a request that took longer to arrive than
 * the one after it got a 429 once the margin was used up). Only ever moved later, never added:
 * an entry that already aged out stays out. A station that dies mid-request leaves its entry at
 * the grant time, as before. KEYS: 1 window, 2 this station's background grants. ARGV: 1 grantId,
 * 2 windowMs.
 */
export const RELEASE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
for i = 1, 2 do
  local at = redis.call('ZSCORE', KEYS[i], ARGV[1])
  if at and tonumber(at) < now then
    redis.call('ZADD', KEYS[i], now, ARGV[1])
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
  end
end
return 1
`;

/** A station that closes leaves the stations' set at once. KEYS: 1 stations. ARGV: 1 station. */
export const LEAVE = `return redis.call('ZREM', KEYS[1], ARGV[1])`;
