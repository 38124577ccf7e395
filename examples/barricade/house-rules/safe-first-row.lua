-- A house rule written as a hook: no pawn is sent home on the first row.
-- The first row is the bottom row of the board, where each house's start
-- point is (c1, g1, k1, o1); point names end with their row number.
--
-- The allow hook is called for every pawn move the standard rules allow;
-- it returns true to keep the move, or false and a reason to forbid it. A
-- seat whose every move is forbidden passes. (It is called for every
-- put-down of a barricade too; `move.captures` is nil then, so this one
-- lets them all through.)
return {
  name = "safe-first-row",
  game = "barricade",
  description = "a pawn on the first row cannot be sent home",
  hooks = {
    allow = function(move, pos)
      if move.captures and string.match(move.to, "%d+$") == "1" then
        return false, move.captures .. "'s pawn is safe on the first row (" .. move.to .. ")"
      end
      return true
    end,
  },
}
