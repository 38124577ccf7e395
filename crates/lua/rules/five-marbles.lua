-- Five marbles per player and a HOME of five holes: the box of seed 001
-- holds 30 marbles, five of each colour.
return {
  name = "five-marbles",
  game = "aggravation",
  description = "five marbles per player and a HOME of five holes",
  params = { marbles = 5, home_size = 5 },
}
