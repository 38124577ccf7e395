-- Aggravation without the star-ring and centre shortcuts, as many families
-- play it. The shortcut parameter turns the ring and the centre off; the
-- allow hook is the same rule written as code, complete on its own: it
-- forbids every move that goes round the star ring (one that leaves the ring
-- has `via`; one that ends on a star hole goes from a star hole to another,
-- which no move along the loop does with a die), and every move into or out
-- of the centre.
return {
  name = "no-shortcuts",
  game = "aggravation",
  description = "no star-ring or centre shortcuts",
  params = { shortcuts = false },
  hooks = {
    allow = function(move, pos)
      local function star(hole)
        return hole ~= nil and hole:match("^%a0$") ~= nil
      end
      if move.via ~= nil or move.to == "c" or move.from == "c"
          or (star(move.from) and star(move.to)) then
        return false, "shortcuts are not played"
      end
      return true
    end,
  },
}
