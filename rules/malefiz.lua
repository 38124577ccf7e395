-- Barricade as Ravensburger publishes it (Malefiz): a taken barricade is put
-- down at once, in the same turn, and a 6 gives no second roll.
return {
  name = "malefiz",
  game = "barricade",
  description = "the published Malefiz rules: barricades placed at once, no replay on a 6",
  params = { placement = "immediately", six = "nothing" },
}
