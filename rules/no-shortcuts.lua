-- Aggravation without the star-ring and centre shortcuts, as many families
-- play it. The shortcut parameter turns the ring and the centre off; the
-- allow hook shows the same rule written as code, and forbids any move that
-- would end on the centre hole (which the parameter already rules out).
return {
  name = "no-shortcuts",
  game = "aggravation",
  description = "no star-ring or centre shortcuts",
  params = { shortcuts = false },
  hooks = {
    allow = function(move, pos)
      if move.via ~= nil or move.to == "c" then
        return false, "shortcuts are not played"
      end
      return true
    end,
  },
}
