-- Who aggravated whom: a matrix of captures in Aggravation games.
--
-- One row per player who aggravated someone, one column per player
-- aggravated, the count in the cell; players by name (colour tags), else by
-- seat letter. A capture is a turn whose `captures` field names a seat.
--
--   billes run examples/scripts/aggravated.lua examples/aggravation/

local counts = {}   -- aggressor -> victim -> count
local order = {}    -- aggressors in the order first seen
local names = {}    -- seat -> name, for the game being read

return {
  columns = { "aggravator" },

  game = function(g)
    if g.game ~= "aggravation" then return false end
    names = {}
    for _, seat in ipairs(g.seats) do names[seat] = g.players[seat] or seat end
  end,

  turn = function(t)
    if not t.captures then return end
    local who, whom = names[t.seat], names[t.captures]
    if not counts[who] then
      counts[who] = {}
      order[#order + 1] = who
    end
    counts[who][whom] = (counts[who][whom] or 0) + 1
  end,

  finish = function()
    table.sort(order)
    for _, who in ipairs(order) do
      local row = { aggravator = who }
      for whom, n in pairs(counts[who]) do row[whom] = n end
      emit(row)
    end
  end,
}
