-- Turns that captured (aggravated a marble, sent a pawn home) by game and
-- the seat that rolled.
local rows = {}
local game
return {
  game = function(g) game = g.game end,
  turn = function(t)
    if not t.captures then return end
    local k = game .. " " .. t.roller
    local r = rows[k] or { game = game, seat = t.roller, captures = 0 }
    rows[k] = r
    r.captures = r.captures + 1
  end,
  finish = function()
    for _, r in pairs(rows) do emit(r) end
  end,
}
