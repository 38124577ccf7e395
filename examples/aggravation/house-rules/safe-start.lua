-- A house rule written as a hook: a marble standing on its own START is
-- safe and cannot be aggravated. START is hole 9 of each side (r9 for Red).
--
-- The allow hook is called for every move the standard rules allow; it
-- returns true to keep the move, or false and a reason to forbid it. A seat
-- whose every move is forbidden passes.
return {
  name = "safe-start",
  game = "aggravation",
  description = "a marble on its own START cannot be aggravated",
  hooks = {
    allow = function(move, pos)
      local victim = move.captures
      if victim and move.to == string.lower(victim) .. "9" then
        return false, victim .. "'s marble is safe on its START " .. move.to
      end
      return true
    end,
  },
}
