-- A short game: the first seat to bring two marbles HOME wins (with its
-- team, in partnership and team play).
return {
  name = "two-home",
  game = "aggravation",
  description = "the first to bring two marbles HOME wins",
  hooks = {
    winner = function(pos)
      for _, seat in ipairs(pos.seats()) do
        if pos.finished(seat) >= 2 then
          return seat
        end
      end
    end,
  },
}
