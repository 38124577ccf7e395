-- Abalone on the Offboard engine: 14 marbles each in the standard start,
-- lines of at most 3 marbles pushing smaller lines, broadside moves, no
-- targets: each marble pushed off scores 1, and six win.
return {
  name = "abalone",
  game = "offboard",
  description = "Abalone: 14 marbles, lines of 3, broadside moves, six off wins",
  params = {
    marbles = 14,
    max_line = 3,
    broadside = true,
    targets = {},
    winning_score = 6,
    start = "R:a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,b6,c3,c4,c5 "
      .. "B:i5,i6,i7,i8,i9,h4,h5,h6,h7,h8,h9,g5,g6,g7",
  },
}
