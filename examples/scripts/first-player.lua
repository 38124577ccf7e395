-- First-player advantage: how often the seat that plays first, second...
-- wins, for each game and number of players. The order of play is the order
-- in which the seats take their first turn; a team's win counts for each of
-- its seats. Unfinished games are left out.
--
--   billes run examples/scripts/first-player.lua examples/

local stats = {}   -- "game/players/place" -> { ... }
local keys = {}
local order, seen = {}, {}

return {
  columns = { "game", "players", "place", "games", "wins", "rate" },

  game = function(g)
    if g.result == "*" then return false end
    order, seen = {}, {}
  end,

  turn = function(t)
    if not seen[t.roller] then
      seen[t.roller] = true
      order[#order + 1] = t.roller
    end
  end,

  game_end = function(g)
    if not g.winners then return end
    local won = {}
    for _, seat in ipairs(g.winners) do won[seat] = true end
    for place, seat in ipairs(order) do
      local key = string.format("%s/%d/%d", g.game, #g.seats, place)
      local s = stats[key]
      if not s then
        s = { game = g.game, players = #g.seats, place = place, games = 0, wins = 0 }
        stats[key] = s
        keys[#keys + 1] = key
      end
      s.games = s.games + 1
      if won[seat] then s.wins = s.wins + 1 end
    end
  end,

  finish = function()
    table.sort(keys, function(a, b)
      local x, y = stats[a], stats[b]
      if x.game ~= y.game then return x.game < y.game end
      if x.players ~= y.players then return x.players < y.players end
      return x.place < y.place
    end)
    for _, key in ipairs(keys) do
      local s = stats[key]
      s.rate = math.floor(s.wins / s.games * 1000 + 0.5) / 1000
      emit(s)
    end
  end,
}
