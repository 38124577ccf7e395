-- Comebacks: games won by a seat that was last at mid-game.
--
-- Progress at mid-game (after half the turns): in Offboard the points scored;
-- in the race games the pieces home (finished) first, then the pieces on the
-- board. A winner whose progress was strictly the lowest of all seats made a
-- comeback: the game is kept (write them out with --select) and a row says
-- who and how far behind.
--
--   billes run examples/scripts/comebacks.lua archive/ --select > comebacks.bgn

local mid, game_kind, behind

local function progress(pos, seat)
  if game_kind == "offboard" then return pos.score(seat) end
  return pos.finished(seat) * 100 + #pos.pieces(seat)
end

return {
  columns = { "file", "index", "winner", "turn", "progress", "best" },

  game = function(g)
    if g.result == "*" or g.turns < 2 then return false end
    mid, game_kind, behind = g.turns // 2, g.game, nil
  end,

  turn = function(t, before, after)
    if t.number ~= mid then return end
    local seats = after.seats()
    local scores, low, high = {}, math.huge, -math.huge
    for _, seat in ipairs(seats) do
      local p = progress(after, seat)
      scores[seat] = p
      low = math.min(low, p)
      high = math.max(high, p)
    end
    local lowest = 0
    for _, seat in ipairs(seats) do
      if scores[seat] == low then lowest = lowest + 1 end
    end
    behind = { scores = scores, low = low, high = high, unique = lowest == 1, turn = t.number }
  end,

  game_end = function(g)
    if not behind or not behind.unique or not g.winners then return end
    for _, seat in ipairs(g.winners) do
      if behind.scores[seat] == behind.low then
        keep()
        emit {
          file = g.file, index = g.index, winner = seat, turn = behind.turn,
          progress = behind.low, best = behind.high,
        }
        return
      end
    end
  end,
}
