-- Barricade as Ravensburger publishes it (Malefiz): a taken barricade is put
-- down at once, in the same turn, a 6 gives no second roll, and there is no
-- bounce off the goal: the goal counts only on an exact roll, and a pawn one
-- point before it moves like any other pawn (any way of the exact roll, back
-- or sideways) or another pawn moves. A German rule page: "Ist die Augenzahl
-- zu hoch, muss man um diese Augenzahl rückwärts gehen oder mit einer anderen
-- Figur ziehen." Every public program surveyed plays it so.
return {
  name = "malefiz",
  game = "barricade",
  description = "the published Malefiz rules: barricades placed at once, no replay on a 6, no bounce",
  params = { placement = "immediately", six = "nothing", bounce = false },
}
