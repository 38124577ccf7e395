-- Landing on an opponent's marble swaps the two marbles instead of
-- aggravating: the opponent's marble goes to the hole the mover left. The
-- move is written as in the standard game (`r9-r12*`): the `*` marks the
-- landing on an opponent. Entering onto an opponent on START has no hole to
-- swap with, so it aggravates as usual.
return {
  name = "swap",
  game = "aggravation",
  description = "landing on an opponent swaps the two marbles instead of aggravating",
  hooks = {
    effect = function(move, pos)
      if move.captures and move.from then
        -- The game sent the opponent's marble to BASE: it comes back on the
        -- hole the mover left.
        return { { op = "put", seat = move.captures, at = move.from } }
      end
    end,
  },
}
