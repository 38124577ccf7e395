-- Mensch ärgere dich nicht's house variation V1, the start of Schmidt's
-- booklet: each colour begins with one piece on its A-field and three on
-- its B-fields. With a piece on the A-field and pieces waiting, that piece
-- must move first (5.3), so the first roll of each player moves it.
return {
  name = "mensch-one-out",
  game = "mensch-aergere-dich-nicht",
  description = "each colour starts with one piece on its A-field (Schmidt's booklet)",
  params = { start_out = 1 },
}
