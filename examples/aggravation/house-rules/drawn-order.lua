-- The seats play in a drawn order instead of round the board: the players
-- draw (or roll for) their places, and the Seats tag lists them in that order.
return {
  name = "drawn-order",
  game = "aggravation",
  description = "play in the order the Seats tag lists the seats, not round the board",
  params = { order = "seats" },
}
