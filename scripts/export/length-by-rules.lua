-- Games and turns by game and rules: the average game length by variant.
local rows = {}
return {
  game = function(g)
    local k = g.game .. " " .. g.rules
    local r = rows[k] or { game = g.game, rules = g.rules, games = 0, turns = 0 }
    rows[k] = r
    r.games = r.games + 1
    r.turns = r.turns + g.turns
  end,
  finish = function()
    for _, r in pairs(rows) do emit(r) end
  end,
}
