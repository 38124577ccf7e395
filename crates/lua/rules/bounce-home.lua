-- A roll too high to end in HOME bounces back from its far end: the marble
-- walks to the last HOME hole and back the steps left over. It is written
-- as a path through the far end: with a HOME of 4, a 6 from r7 (one step
-- before rh1) goes rh1, rh2, rh3, rh4 and back to rh3, rh2: `r7-rh4-rh2`.
-- As in the standard game a marble never jumps or lands on its own; a
-- bounce that would leave HOME again is no move.
local function is_home(hole)
  return hole:match("^%a+h%d+$") ~= nil
end

return {
  name = "bounce-home",
  game = "aggravation",
  description = "an overshoot into HOME bounces back from the far end",
  hooks = {
    moves = function(roll, pos, standard)
      local seat, n = roll.seat, roll.roll
      local list = {}
      for _, m in ipairs(standard) do
        list[#list + 1] = m
      end
      for _, from in ipairs(pos.pieces(seat)) do
        -- The longest walk the marble has: to the far end of its HOME.
        for k = n - 1, 1, -1 do
          local routes = pos.walk(from, k, seat)
          if #routes > 0 then
            local route = routes[1]
            local far = route[#route]
            local back = n - k
            local landing = route[#route - back]
            local clear = is_home(far) and landing and is_home(landing)
            if clear then
              for _, hole in ipairs(route) do
                if pos.at(hole) == seat then
                  clear = false
                end
              end
            end
            if clear then
              list[#list + 1] = from .. "-" .. far .. "-" .. landing
            end
            break
          end
        end
      end
      return list
    end,
  },
}
