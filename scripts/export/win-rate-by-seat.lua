-- Wins by seat (its place in the Seats tag) and number of players, in games
-- without teams that were won: what docs/export.md's first DuckDB query counts.
local rows = {}
return {
  game_end = function(g)
    if g.tags.Teams or not g.winners then return end
    local won = {}
    for _, s in ipairs(g.winners) do won[s] = true end
    for i, s in ipairs(g.seats) do
      local k = #g.seats .. " " .. i
      local r = rows[k] or { players = #g.seats, seat_no = i, games = 0, wins = 0 }
      rows[k] = r
      r.games = r.games + 1
      if won[s] then r.wins = r.wins + 1 end
    end
  end,
  finish = function()
    for _, r in pairs(rows) do emit(r) end
  end,
}
