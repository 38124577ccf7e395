-- A house rule written as a hook: a barricade is never put down on rows 1
-- and 2 (the standard rules forbid row 1 only), nor on the point the
-- turn's pawn just left (no taking a barricade and putting it back behind).
--
-- The allow hook sees every put-down as a move of kind "put_down": `to` is
-- the point, `from` the point the turn's pawn left (nil when it entered or
-- no pawn moved), and `pos` the position after the turn's move. Pawn moves
-- go through the same hook, and are all allowed here.
return {
  name = "high-barricades",
  game = "barricade",
  description = "no barricade on rows 1-2 nor on the point the turn's pawn just left",
  hooks = {
    allow = function(move, pos)
      if move.kind ~= "put_down" then
        return true
      end
      if move.to == move.from then
        return false, "a barricade does not go back on the point just left (" .. move.to .. ")"
      end
      if tonumber(string.match(move.to, "%d+$")) <= 2 then
        return false, "a barricade stays above row 2 (" .. move.to .. ")"
      end
      return true
    end,
  },
}
