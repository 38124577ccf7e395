-- Ludo's house variations V4 and V5: capturing a piece gives a bonus
-- roll, and so does bringing a piece into the finish (the rule text's
-- 4.4 gives neither). A six still gives its roll as in the standard game;
-- the third six in a row is still void, and a seat that has finished
-- rolls no more.
return {
  name = "ludo-capture-bonus",
  game = "ludo",
  description = "a capture or a piece reaching the finish gives a bonus roll (V4, V5)",
  hooks = {
    extra_turn = function(move, pos, standard)
      local finish = move.to ~= nil and move.to:sub(-1) == "h"
      return standard or move.captures ~= nil or finish
    end,
  },
}
