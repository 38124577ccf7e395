-- Offboard with high-value corners: the targets at the ends of each side are
-- worth 3 and the middle ones 1, and 10 points win.
return {
  name = "scoring-targets",
  game = "offboard",
  description = "targets worth 3-1 around the rim and 10 points to win",
  params = {
    targets = { 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1 },
    winning_score = 10,
  },
}
