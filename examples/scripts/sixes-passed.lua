-- Passes with a 6: every turn where a seat rolled a 6 and could not move,
-- with the pieces it had on the board and what the rules allowed (t.legal is
-- worked out only here, when it is read).
--
--   billes run examples/scripts/sixes-passed.lua examples/aggravation/

local file, index

return {
  columns = { "file", "index", "turn", "seat", "on_board", "legal" },

  game = function(g)
    file, index = g.file, g.index
  end,

  turn = function(t, before)
    if t.kind == "pass" and t.roll == 6 then
      emit {
        file = file, index = index, turn = t.number, seat = t.roller,
        on_board = #before.pieces(t.roller),
        legal = table.concat(t.legal, " "),
      }
    end
  end,
}
