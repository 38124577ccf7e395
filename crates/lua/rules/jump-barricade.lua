-- A 6 may jump one barricade: a pawn moving six points may pass over one
-- barricade (never land on it), as families play to shorten the long
-- blocked games. The jump is written like any move, `from-to`. No jump is
-- offered while the seat holds a taken barricade to put down; a pawn
-- replaying its 6 is the one that may jump.
return {
  name = "jump-barricade",
  game = "barricade",
  description = "a 6 may jump over one barricade",
  hooks = {
    moves = function(roll, pos, standard)
      if roll.roll ~= 6 or pos.held(roll.seat) then
        return nil
      end
      local barricade = {}
      for _, p in ipairs(pos.barricades()) do
        barricade[p] = true
      end
      local list, seen = {}, {}
      for _, m in ipairs(standard) do
        list[#list + 1] = m
      end
      -- A pawn replaying its 6 is the one that moves.
      local pawns = pos.pieces(roll.seat)
      if pos.must_move(roll.seat) then
        pawns = { pos.must_move(roll.seat) }
      end
      for _, from in ipairs(pawns) do
        for _, route in ipairs(pos.walk(from, 6)) do
          local to = route[#route]
          local passed = 0
          for i = 1, #route - 1 do
            if barricade[route[i]] then
              passed = passed + 1
            end
          end
          local key = from .. "-" .. to
          if passed == 1 and not barricade[to] and pos.at(to) ~= roll.seat and not seen[key] then
            seen[key] = true
            list[#list + 1] = key
          end
        end
      end
      return list
    end,
  },
}
