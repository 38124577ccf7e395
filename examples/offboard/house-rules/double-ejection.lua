-- A house rule written as a hook: every marble pushed off the board scores
-- 2 points, whatever its target, even one that falls into a taken target
-- (which still goes back to its owner). 6 points still win.
--
-- The score hook is called for every marble pushed off; `standard` is what
-- the target gives (its value, or 0 when it is taken). It returns the
-- points, or nil to keep the standard ones.
return {
  name = "double-ejection",
  game = "offboard",
  description = "every marble pushed off the board scores 2 points",
  hooks = {
    score = function(ejection, pos, standard)
      return 2
    end,
  },
}
