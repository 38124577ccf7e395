-- Mensch ärgere dich nicht's house variation V4, the "lenient" rule: a
-- player may decline to move and write the turn as a pass (`R3 --`) though a
-- move exists. What it lifts is rule 9.1, the obligation to move (the
-- "strict" rule of the same source). The two obligations of the start field
-- stay, as every published sheet has them: a 6 with pieces waiting and the
-- start field free brings a piece out (5.2), and a piece on the start field
-- with pieces waiting moves off it first (5.3). A 6 declined still gives the
-- next roll (4.2).
return {
  name = "mensch-lenient",
  game = "mensch-aergere-dich-nicht",
  description = "a player may decline to move (the start field's obligations stay)",
  params = { compulsory = { "enter", "clear_start" } },
}
