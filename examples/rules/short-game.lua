-- A quick game for beginners: three marbles each, any of 1, 5 or 6 enters a
-- marble, and a 5 or a 6 gives another roll. Only parameters: it replays as
-- fast as the standard game.
return {
  name = "short-game",
  game = "aggravation",
  description = "three marbles, entry on 1, 5 or 6, extra turn on 5 or 6",
  params = {
    marbles = 3,
    entry_rolls = { 1, 5, 6 },
    extra_turn_rolls = { 5, 6 },
  },
}
