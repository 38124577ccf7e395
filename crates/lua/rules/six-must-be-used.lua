-- The 1965 printed rules of Aggravation give the extra turn on a 6 only "IF
-- he was able to use the six": a 6 with which no marble can move (a pass)
-- gives no extra turn, and the next player rolls. The seeds (and billes's
-- standard rules) give an extra turn on every 6.
return {
  name = "six-must-be-used",
  game = "aggravation",
  description = "a 6 gives an extra turn only when it moved a marble (1965 printed rules)",
  hooks = {
    extra_turn = function(move, pos, standard)
      return standard and move.kind ~= "pass"
    end,
  },
}
