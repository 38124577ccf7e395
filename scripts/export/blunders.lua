-- Turns analysis marked `??` (NAG 4 on a turn with a `[%win ...]` comment),
-- by seat.
local rows = {}
return {
  turn = function(t)
    local analysed = false
    for _, c in ipairs(t.comments) do
      if c:sub(1, 6) == "[%win " then analysed = true end
    end
    if not analysed then return end
    for _, n in ipairs(t.nags) do
      if n == 4 then
        local r = rows[t.roller] or { seat = t.roller, blunders = 0 }
        rows[t.roller] = r
        r.blunders = r.blunders + 1
      end
    end
  end,
  finish = function()
    for _, r in pairs(rows) do emit(r) end
  end,
}
