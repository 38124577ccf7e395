-- A short game for the youngest: the first pawn past square 50 wins.
--
-- The winner hook is asked after every turn while the game is not over;
-- it reads the position the turn left (`pos.pieces(seat)` is the square of
-- the seat's pawn, `{ "s57" }`, or `{}` off the board) and returns the
-- seat that wins, or nil to let the game go on.
return {
  name = "halfway",
  game = "snakes-and-ladders",
  description = "the first pawn past square 50 wins",
  hooks = {
    winner = function(pos)
      for _, seat in ipairs(pos.seats()) do
        local square = pos.pieces(seat)[1]
        if square and tonumber(string.sub(square, 2)) > 50 then
          return seat
        end
      end
    end,
  },
}
