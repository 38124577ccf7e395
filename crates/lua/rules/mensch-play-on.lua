-- Mensch ärgere dich nicht's house variation V5: after the winner the others
-- play on for second, third and fourth place, as Ludo does. Finished players
-- are skipped; the game ends when one player is left, who takes the last
-- place. The result is still the winner, and a record may stop after him.
return {
  name = "mensch-play-on",
  game = "mensch-aergere-dich-nicht",
  description = "play goes on for the places after the winner",
  params = { play_on = true },
}
