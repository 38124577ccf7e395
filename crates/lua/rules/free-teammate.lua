-- Team play where a finished player chooses the teammate after seeing the
-- roll, instead of declaring before rolling. Choosing after the roll means
-- the roll must go to a teammate who can use it: the roll_for hook sees each
-- teammate's legal moves for the roll and names those who may take it.
return {
  name = "free-teammate",
  game = "aggravation",
  description = "a finished player gives each roll to a teammate who can use it",
  hooks = {
    roll_for = function(roll, pos)
      local able = {}
      for _, mate in ipairs(roll.teammates) do
        if #mate.moves > 0 then
          able[#able + 1] = mate.seat
        end
      end
      if #able == 0 then
        -- nobody can use it: any teammate passes
        for _, mate in ipairs(roll.teammates) do
          able[#able + 1] = mate.seat
        end
      end
      return able
    end,
  },
}
