-- Run once in each variant's Lua state, before any script: wraps the
-- library functions that a script could use to escape the sandbox's limits
-- (see SECURITY.md). The wrappers keep what they need in locals, so they
-- never read a global a script could change.
--
-- Library functions run in C, where the count hook sees no instruction:
-- each wrapper charges the call's instruction budget by what the call
-- touches (budget.rs), one unit a byte of a string or an element of a
-- table, before the call where the size is known and after it where only
-- the result says it. A call that touches 64 units or fewer is paid by
-- its own instructions.
local check_pattern, charge, charge_args, merge_sort, move_limit, stopped, FREE = ...
local error, type, tonumber, getmetatable, rawget, rawlen, select =
  error, type, tonumber, getmetatable, rawget, rawlen, select
local pcall, xpcall, setmetatable = pcall, xpcall, setmetatable
local string, table, utf8 = string, table, utf8

-- Charges `units` to the running call.
local function cost(units)
  if units > FREE then
    charge(units)
  end
end

-- The length of a text argument as C reads it: a number becomes a short
-- text (at most 24 bytes); anything else is refused by the call itself.
local function length(v)
  local t = type(v)
  if t == "string" then
    return #v
  elseif t == "number" then
    return 24
  end
  return 0
end

-- The length of a string argument, 0 for any other value: what
-- string.format reads of an argument beyond its number.
local function text(v)
  return type(v) == "string" and #v or 0
end

-- A count or a place argument as the call reads it (a numeric text is
-- read whole, and charged so); nil when it is neither.
local function num(v)
  local t = type(v)
  if t == "number" then
    return v
  elseif t == "string" then
    cost(#v)
    return tonumber(v)
  end
  return nil
end

-- Passes its arguments on, charging one unit for each: the values a call
-- returned (string.byte, utf8.codepoint).
local function counted(...)
  cost(select("#", ...))
  return ...
end

-- Passes its arguments on, charging the length of the first: the text a
-- call made (string.sub, string.format, string.gsub).
local function sized(s, ...)
  if type(s) == "string" then
    cost(#s)
  end
  return s, ...
end

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

-- Pattern matching within a step budget: checked, and charged by its
-- bound, before the call (check_pattern); gsub's text after it.
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
  return sized(gsub(s, p, repl, n))
end

-- string.rep: the bytes it makes. Of an empty string it loops n times for
-- nothing: answered at once.
local rep = string.rep
string.rep = function(s, n, sep)
  if s == "" and (sep == nil or sep == "") then
    return rep(s, 0 * n, sep)
  end
  local times = num(n)
  if times and times > 0 then
    cost(times * (length(s) + length(sep)))
  end
  return rep(s, n, sep)
end

-- string.format: its format and the texts it is given (a "%.3s" of a long
-- text reads it all), then the text it makes.
local format = string.format
string.format = function(fmt, ...)
  local n = select("#", ...)
  if n <= 4 then
    local a, b, c, d = ...
    cost(length(fmt) + n + text(a) + text(b) + text(c) + text(d))
  else
    charge_args(fmt, ...)
  end
  return sized(format(fmt, ...))
end

-- The functions that read a whole text or make one as long.
for _, name in pairs({ "upper", "lower", "reverse", "packsize" }) do
  local f = string[name]
  string[name] = function(s, ...)
    cost(length(s))
    return f(s, ...)
  end
end
local sub, byte, char, pack, unpack_ = string.sub, string.byte, string.char, string.pack, string.unpack
string.sub = function(s, i, j)
  return sized(sub(s, i, j))
end
string.byte = function(s, i, j)
  return counted(byte(s, i, j))
end
string.char = function(...)
  cost(select("#", ...))
  return char(...)
end
string.pack = function(fmt, ...)
  cost(length(fmt))
  return sized(pack(fmt, ...))
end
string.unpack = function(fmt, s, pos)
  cost(length(fmt) + length(s))
  return unpack_(fmt, s, pos)
end

-- tonumber reads the whole text.
_ENV.tonumber = function(...)
  cost(length((...)))
  return tonumber(...)
end

-- utf8: the characters made, the bytes read, the code points returned.
local uchar, ucodepoint, ulen, uoffset = utf8.char, utf8.codepoint, utf8.len, utf8.offset
utf8.char = function(...)
  cost(select("#", ...))
  return uchar(...)
end
utf8.codepoint = function(s, i, j, lax)
  return counted(ucodepoint(s, i, j, lax))
end
utf8.len = function(s, i, j, lax)
  cost(length(s))
  return ulen(s, i, j, lax)
end
utf8.offset = function(s, n, i)
  cost(length(s))
  return uoffset(s, n, i)
end

-- The table functions take plain tables: through a metatable, one call
-- could walk long __index chains for every element. Each charges the
-- elements it moves or reads: concat its elements and the text it makes,
-- insert and remove the elements they shift, unpack and move those they
-- copy. table.sort is billes's merge sort (sort.rs), which charges its
-- comparisons and makes the same ones on every run.
local function plain(name, t)
  if type(t) ~= "table" then
    error("bad argument to '" .. name .. "' (table expected, got " .. type(t) .. ")", 3)
  elseif getmetatable(t) ~= nil then
    error("table." .. name .. ": a table with a metatable is not accepted", 3)
  end
end
-- The elements from i to j (j at most the length, for a table's own
-- length), 0 when the bounds are no numbers (the call refuses them).
local function span(i, j, t)
  local first, last = num(i or 1), num(j or rawlen(t))
  if first and last then
    return last - first + 1
  end
  return 0
end
local concat, insert, remove, unpack, tpack =
  table.concat, table.insert, table.remove, table.unpack, table.pack
table.concat = function(t, sep, i, j)
  plain("concat", t)
  cost(span(i, j, t))
  return sized(concat(t, sep, i, j))
end
table.insert = function(t, ...)
  plain("insert", t)
  if select("#", ...) == 2 then
    local pos = num((...))
    if pos then
      cost(rawlen(t) - pos + 1)
    end
  end
  return insert(t, ...)
end
table.remove = function(t, ...)
  plain("remove", t)
  local pos = num((...))
  if pos then
    cost(rawlen(t) - pos)
  end
  return remove(t, ...)
end
table.unpack = function(t, i, j)
  plain("unpack", t)
  cost(span(i, j, t))
  return unpack(t, i, j)
end
table.sort = function(t, comp)
  plain("sort", t)
  return merge_sort(t, comp)
end
table.pack = function(...)
  cost(select("#", ...))
  return tpack(...)
end
local move = table.move
table.move = function(a1, f, e, t, a2)
  plain("move", a1)
  if a2 ~= nil then
    plain("move", a2)
  end
  local first, last = num(f), num(e)
  if first and last then
    if last - first >= move_limit then
      error("table.move: at most " .. move_limit .. " elements at a time", 2)
    end
    cost(last - first + 1)
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
