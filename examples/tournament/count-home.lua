-- A tournament rules file for billes standings --tournament-rules: the
-- club counts a marble home as 100 steps, so that in a game stopped at the
-- signal a marble home is worth more than any marble still on the loop.
-- `seat.progress` is the game's own count (the steps the marbles made),
-- `seat.home` the marbles home; see docs/tournament.md.
return {
  progress = function(seat, game)
    return seat.home * 100 + seat.progress
  end,
}
