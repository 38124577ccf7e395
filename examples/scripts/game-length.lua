-- Game length by number of players: games, and the shortest, mean and
-- longest game in turns, for each game and number of seats.
--
--   billes run examples/scripts/game-length.lua examples/ --format csv

local stats = {}   -- "game/players" -> { game, players, n, total, min, max }
local keys = {}

return {
  columns = { "game", "players", "games", "shortest", "mean", "longest" },

  game = function(g)
    local players = #g.seats
    local key = g.game .. "/" .. players
    local s = stats[key]
    if not s then
      s = { game = g.game, players = players, n = 0, total = 0, min = math.huge, max = 0 }
      stats[key] = s
      keys[#keys + 1] = key
    end
    s.n = s.n + 1
    s.total = s.total + g.turns
    s.min = math.min(s.min, g.turns)
    s.max = math.max(s.max, g.turns)
    return false
  end,

  finish = function()
    table.sort(keys, function(a, b)
      local x, y = stats[a], stats[b]
      if x.game ~= y.game then return x.game < y.game end
      return x.players < y.players
    end)
    for _, key in ipairs(keys) do
      local s = stats[key]
      emit {
        game = s.game,
        players = s.players,
        games = s.n,
        shortest = s.min,
        mean = math.floor(s.total / s.n * 10 + 0.5) / 10,
        longest = s.max,
      }
    end
  end,
}
