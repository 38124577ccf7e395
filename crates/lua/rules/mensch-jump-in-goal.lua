-- Mensch ärgere dich nicht's house variation V2, the Schmidt booklet's own
-- rule: a piece may pass over pieces inside the goal. It still counts every
-- goal field it passes, needs the exact count and may not land on an own
-- piece. The standard game (rule 6.4) forbids the jump, so a goal is filled
-- from the back.
return {
  name = "mensch-jump-in-goal",
  game = "mensch-aergere-dich-nicht",
  description = "pieces may pass over pieces inside the goal (Schmidt's booklet)",
  params = { jump_home = true },
}
