-- Run once in each variant's Lua state, before any script: wraps the
-- library functions that a script could use to escape the sandbox's limits
-- (see SECURITY.md). The wrappers keep what they need in locals, so they
-- never read a global a script could change.
local check_pattern, move_limit, stopped = ...
local error, type, tonumber, getmetatable, rawget = error, type, tonumber, getmetatable, rawget
local pcall, xpcall, setmetatable = pcall, xpcall, setmetatable
local string, table = string, table

-- The string metatable is shared by every game: scripts may not reach it.
getmetatable("").__metatable = false

-- A caught error does not reset a spent budget: the first call after the
-- catch (this pass) meets the hook, which fails again.
local function pass(...)
  return ...
end
_ENV.pcall = function(...)
  return pass(pcall(...))
end
-- A message handler called for the hook's error would run with hooks off
-- (Lua runs it inside the hook): once the call is stopped, it is skipped.
_ENV.xpcall = function(f, handler, ...)
  local function handle(...)
    if stopped() then
      return ...
    end
    return handler(...)
  end
  return pass(xpcall(f, handle, ...))
end

-- No finalizers: a __gc runs outside any hook call's budget.
_ENV.setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: a metatable with __gc is not accepted (variants have no finalizers)", 2)
  end
  return setmetatable(t, mt)
end

-- Pattern matching within a step budget (checked before the call).
local find, match, gmatch, gsub = string.find, string.match, string.gmatch, string.gsub
string.find = function(s, p, init, plain)
  local refused = check_pattern("find", s, p, plain)
  if refused then
    error(refused, 2)
  end
  return find(s, p, init, plain)
end
string.match = function(s, p, init)
  local refused = check_pattern("match", s, p)
  if refused then
    error(refused, 2)
  end
  return match(s, p, init)
end
string.gmatch = function(s, p, init)
  local refused = check_pattern("gmatch", s, p)
  if refused then
    error(refused, 2)
  end
  return gmatch(s, p, init)
end
string.gsub = function(s, p, repl, n)
  local refused = check_pattern("gsub", s, p)
  if refused then
    error(refused, 2)
  end
  return gsub(s, p, repl, n)
end

-- string.rep of an empty string loops n times for nothing.
local rep = string.rep
string.rep = function(s, n, sep)
  if s == "" and (sep == nil or sep == "") then
    return rep(s, 0 * n, sep)
  end
  return rep(s, n, sep)
end

-- The table functions take plain tables: through a metatable, one call
-- could walk long __index chains for every element.
local function plain(name, t)
  if type(t) ~= "table" then
    error("bad argument to '" .. name .. "' (table expected, got " .. type(t) .. ")", 3)
  elseif getmetatable(t) ~= nil then
    error("table." .. name .. ": a table with a metatable is not accepted", 3)
  end
end
for _, name in pairs({ "concat", "insert", "remove", "sort", "unpack" }) do
  local f = table[name]
  table[name] = function(t, ...)
    plain(name, t)
    return f(t, ...)
  end
end
local move = table.move
table.move = function(a1, f, e, t, a2)
  plain("move", a1)
  if a2 ~= nil then
    plain("move", a2)
  end
  local first, last = tonumber(f), tonumber(e)
  if first and last and last - first >= move_limit then
    error("table.move: at most " .. move_limit .. " elements at a time", 2)
  end
  return move(a1, f, e, t, a2)
end

-- A fresh environment for one run of a script: the globals, its own copies
-- of the library tables, and math.random from the same seed.
local next, randomseed, G = next, math.randomseed, _ENV
local libraries = { "string", "table", "math", "utf8" }
return function(seed)
  local env = {}
  for k, v in next, G do
    env[k] = v
  end
  for i = 1, #libraries do
    local name = libraries[i]
    local copy = {}
    for k, v in next, G[name] do
      copy[k] = v
    end
    env[name] = copy
  end
  env._G = env
  randomseed(seed)
  return env
end
