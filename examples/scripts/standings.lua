-- Tournament standings per Event: a crosstable by player name.
--
-- For each event and player: games played, games won (a team's win counts for
-- each of its players), and, in one column per opponent, how many games the
-- player won in which that opponent played. Names come from the colour tags
-- (Red, Blue...); a seat without one is named by its letter.
--
--   billes run examples/scripts/standings.lua examples/

local events = {}    -- event -> { order = {names}, players = name -> entry }
local event_order = {}

local function entry(event, name)
  local e = events[event]
  if not e then
    e = { order = {}, players = {} }
    events[event] = e
    event_order[#event_order + 1] = event
  end
  local p = e.players[name]
  if not p then
    p = { games = 0, wins = 0, beat = {} }
    e.players[name] = p
    e.order[#e.order + 1] = name
  end
  return p
end

return {
  columns = { "event", "player", "games", "wins" },

  -- Everything is in the tags: no turn callback, so the games are not
  -- replayed for the script.
  game = function(g)
    local event = g.tags.Event or "(no event)"
    local won = {}
    for seat in string.gmatch(g.result, "[^+*]+") do won[seat] = true end
    local names = {}
    for _, seat in ipairs(g.seats) do
      names[seat] = g.players[seat] or seat
    end
    for _, seat in ipairs(g.seats) do
      local p = entry(event, names[seat])
      p.games = p.games + 1
      if won[seat] then
        p.wins = p.wins + 1
        for _, other in ipairs(g.seats) do
          if not won[other] then
            local o = names[other]
            p.beat[o] = (p.beat[o] or 0) + 1
          end
        end
      end
    end
    return false
  end,

  finish = function()
    for _, event in ipairs(event_order) do
      local e = events[event]
      table.sort(e.order, function(a, b)
        local pa, pb = e.players[a], e.players[b]
        if pa.wins ~= pb.wins then return pa.wins > pb.wins end
        return a < b
      end)
      for _, name in ipairs(e.order) do
        local p = e.players[name]
        local row = { event = event, player = name, games = p.games, wins = p.wins }
        for _, other in ipairs(e.order) do
          if other ~= name then row[other] = p.beat[other] or 0 end
        end
        emit(row)
      end
    end
  end,
}
