-- Ludo's house variation V7: the game ends as soon as the first player has
-- brought his four pieces to the finish. The standard game (rule 8.2 of
-- the rule text) plays on for second, third and fourth place; under this
-- variant a turn after the winner's is a mistake, as in Mensch ärgere dich
-- nicht.
return {
  name = "ludo-winner-stops",
  game = "ludo",
  description = "the first to finish wins and the game ends: no play for places",
  params = { play_on = false },
}
