-- A common house rule: a pawn enters the board only with a 6.
--
-- The allow hook is asked of the one move of each roll; a move it forbids
-- makes the turn a pass (`R4 --`). A pawn entering from off the board is a
-- move of kind "enter" (`move.from` is nil, `move.to` the square it ends on,
-- `move.via` the ladder's foot or snake's head it landed on).
return {
  name = "six-to-start",
  game = "snakes-and-ladders",
  description = "a pawn enters the board only with a 6",
  hooks = {
    allow = function(move, pos)
      if move.kind == "enter" and move.roll ~= 6 then
        return false, "a pawn enters the board only with a 6"
      end
      return true
    end,
  },
}
