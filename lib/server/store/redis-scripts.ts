// The Lua scripts behind the Redis store's atomic operations. Each runs whole inside Redis, on
// Redis's own clock (TIME), so replicas whose clocks disagree still see one budget and one count.
// Times are milliseconds, passed back as strings: Redis would truncate a Lua number to an integer.

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
`;

/**
 * GCRA ("generic cell rate algorithm"): the key holds the theoretical arrival time (TAT) of the
 * next call. A call may go at max(now, TAT - tolerance) and moves the TAT one interval on, so
 * reservations are spaced one interval apart beyond the burst, whatever the number of callers.
 * A reservation further ahead than maxWait is refused and changes nothing.
 * KEYS[1] budget; ARGV interval ms, burst, maxWait ms. Returns {1, wait, at} or {0, retryIn}.
 */
export const RESERVE = `${NOW}
local interval = tonumber(ARGV[1])
local tolerance = (math.max(1, tonumber(ARGV[2])) - 1) * interval
local maxWait = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local at = math.max(now, tat - tolerance)
if at - now > maxWait then return {0, tostring(at - now - maxWait)} end
local nextTat = tat + interval
redis.call('SET', KEYS[1], tostring(nextTat), 'PX', math.ceil(nextTat - now) + 1000)
return {1, tostring(at - now), tostring(at)}
`;

// A throttle counter is "<attempts>:<last attempt ms>".
const COUNTER = `
local function counter(raw)
  if not raw then return 0, 0 end
  local sep = string.find(raw, ':', 1, true)
  return tonumber(string.sub(raw, 1, sep - 1)), tonumber(string.sub(raw, sep + 1))
end
local function delay(attempts, free, base, max)
  if attempts < free then return 0 end
  return math.min(max, base * 2 ^ (attempts - free))
end
`;

/**
 * Counts one attempt against every rule, unless one still imposes a delay (then counts nothing).
 * KEYS the rules' keys; ARGV per rule: free, base delay, max delay, window (ms). Returns {wait}
 * when refused, else {'0', count of each rule now}.
 */
export const THROTTLE_ATTEMPT = `${NOW}${COUNTER}
local wait = 0
local counts = {}
for i, key in ipairs(KEYS) do
  local attempts, last = counter(redis.call('GET', key))
  counts[i] = attempts
  if attempts > 0 then
    local a = (i - 1) * 4
    local d = delay(attempts, tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]))
    wait = math.max(wait, last + d - now)
  end
end
if wait > 0 then return {tostring(wait)} end
local reply = {'0'}
for i, key in ipairs(KEYS) do
  redis.call('SET', key, tostring(counts[i] + 1) .. ':' .. tostring(now), 'PX', ARGV[(i - 1) * 4 + 4])
  reply[i + 1] = counts[i] + 1
end
return reply
`;

/** Gives back one attempt per key; ARGV[i] = '1' clears KEYS[i] instead. */
export const THROTTLE_GIVE_BACK = `${COUNTER}
for i, key in ipairs(KEYS) do
  local raw = redis.call('GET', key)
  local attempts, last = counter(raw)
  if ARGV[i] == '1' or attempts <= 1 then
    redis.call('DEL', key)
  else
    local ttl = redis.call('PTTL', key)
    if ttl > 0 then redis.call('SET', key, tostring(attempts - 1) .. ':' .. tostring(last), 'PX', ttl) end
  end
end
return 1
`;

/** KEYS[1] a rule's key; ARGV free, base, max. Returns {attempts, wait}. */
export const THROTTLE_STATE = `${NOW}${COUNTER}
local attempts, last = counter(redis.call('GET', KEYS[1]))
if attempts == 0 then return {0, '0'} end
local wait = last + delay(attempts, tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])) - now
return {attempts, tostring(math.max(0, wait))}
`;

/** KEYS[1]; ARGV[1] the value it must still hold. Returns 1 when deleted. */
export const DELETE_IF_EQUALS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** KEYS[1]; ARGV[1] ttl ms. Adds one and sets the expiry; returns the new value. */
export const INCREMENT = `
local value = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return value
`;

/** Renews a key's expiry only while it holds the value. KEYS[1]; ARGV value, ttl ms. Returns 1 or 0. */
export const EXTEND_IF_EQUALS = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;
