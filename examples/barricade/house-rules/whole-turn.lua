-- Barricade where a 6 and its replays are one turn: seed 004 says the taker
-- keeps a barricade "jusqu'au tour suivant", and a 6 lets the player "rejouer
-- ce même pion". Read as one turn, a held barricade goes down at the end of the
-- taker's next whole turn: after the replay's move, in the replay's line, or in
-- the 6 line when the replay is declined (writing it there declines it). A
-- barricade taken in a 6 line or a replay is held until the next whole turn, so
-- a seat may hold two and put both down together. The standard rules read each
-- line as a turn (notation/barricade.md, rules 4 and 6).
return {
  name = "whole-turn",
  game = "barricade",
  description = "a 6 and its replays are one turn: held barricades go down at its end",
  params = { placement = "next_whole_turn" },
}
