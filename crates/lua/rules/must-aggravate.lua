-- A capture is compulsory: when the roll lets a marble aggravate an
-- opponent, the turn must be one of the aggravating moves (any of them).
-- The standard list is the whole list of the turn, so the rule reads it.
return {
  name = "must-aggravate",
  game = "aggravation",
  description = "when a marble can aggravate, one that can must",
  hooks = {
    moves = function(roll, pos, standard)
      local captures = {}
      for _, m in ipairs(standard) do
        if m:sub(-1) == "*" then
          captures[#captures + 1] = m
        end
      end
      if #captures > 0 then
        return captures
      end
      -- nil: the standard list stands.
    end,
  },
}
