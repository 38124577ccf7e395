"""The body of scripts/export-check: see there."""

import argparse
import json
import os
import random
import subprocess
import sys

import duckdb

ap = argparse.ArgumentParser()
ap.add_argument("--bin", required=True)
ap.add_argument("--dir", required=True)
ap.add_argument("--games", type=int, required=True)
args = ap.parse_args()
BIN = os.path.abspath(args.bin)
SCRIPTS = os.path.abspath("scripts/export")
# Work in the archive's folder, so file names read `archive/...`.
os.makedirs(args.dir, exist_ok=True)
os.chdir(args.dir)
DIR = "."
ARCHIVE = "archive"
TABLES = "tables"

# The archive: (file, share of the games, simulate's options).
MIX = [
    ("aggravation-2p", 0.15, ["--game", "aggravation", "--players", "2"]),
    ("aggravation-3p", 0.10, ["--game", "aggravation", "--players", "3"]),
    ("aggravation-4p", 0.15, ["--game", "aggravation", "--players", "4"]),
    ("aggravation-6p", 0.10, ["--game", "aggravation", "--players", "6"]),
    ("aggravation-teams", 0.05, ["--game", "aggravation", "--teams", "R+G,B+Y"]),
    ("aggravation-five-marbles", 0.05, ["--game", "aggravation", "--players", "4", "--rules", "five-marbles"]),
    ("barricade-2p", 0.10, ["--game", "barricade", "--players", "2"]),
    ("barricade-3p", 0.05, ["--game", "barricade", "--players", "3"]),
    ("barricade-4p", 0.10, ["--game", "barricade", "--players", "4"]),
    ("barricade-malefiz", 0.05, ["--game", "barricade", "--players", "4", "--rules", "malefiz"]),
    ("offboard", 0.08, ["--game", "offboard"]),
    ("offboard-abalone", 0.02, ["--game", "offboard", "--rules", "abalone"]),
]
ANALYSED = 6  # 2-player Aggravation games analysed by `billes annotate --analyze`


def billes(*a, ok=(0,)):
    r = subprocess.run([BIN, *a], capture_output=True, text=True)
    if r.returncode not in ok:
        sys.exit(f"billes {' '.join(a)}: exit {r.returncode}\n{r.stderr}")
    return r.stdout


def fail(msg):
    print(f"DISAGREE: {msg}")
    sys.exit(1)


done = os.path.join(DIR, "done")
if not os.path.exists(done):
    os.makedirs(ARCHIVE, exist_ok=True)
    left = args.games - ANALYSED
    for i, (name, share, opts) in enumerate(MIX):
        n = left - sum(round(s * left) for _, s, _ in MIX[:-1]) if i == len(MIX) - 1 else round(share * left)
        print(f"simulating {n} games: {name}", file=sys.stderr)
        billes("simulate", *opts, "--seed", str(i + 1), "--games", str(n), "-o", os.path.join(ARCHIVE, name + ".bgn"))
    analysed = os.path.join(ARCHIVE, "analysed.bgn")
    billes("simulate", "--game", "aggravation", "--seed", "99", "--games", str(ANALYSED), "-o", analysed)
    print(f"analysing {ANALYSED} games", file=sys.stderr)
    billes("annotate", "--analyze", "--in-place", analysed)
    open(done, "w").close()

billes("export", ARCHIVE, "--to", "parquet", "--out", TABLES, "--force", "-q")
con = duckdb.connect()
con.sql(f"CREATE VIEW games AS SELECT * FROM '{TABLES}/games/*.parquet'")
con.sql(f"CREATE VIEW turns AS SELECT * FROM '{TABLES}/turns/*.parquet'")

# 1. Counts.
report = json.loads(billes("validate", "--format", "json", ARCHIVE))
g, t = con.execute("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM turns)").fetchone()
print(f"games: DuckDB {g}, validate {report['games']}; turns: DuckDB {t}, validate {report['turns']}")
if (g, t) != (report["games"], report["turns"]):
    fail("counts")

# 2. A sample of turns against replay and moves.
sample = con.execute(
    "SELECT file, index, turn, number, seat, roll, mover, move, position FROM turns "
    "USING SAMPLE reservoir(25 ROWS) REPEATABLE (7)"
).fetchall()
for file, index, turn, number, seat, roll, mover, move, position in sample:
    text = billes("replay", file, "--game", str(index), "--from", str(turn), "--to", str(turn))
    head = f"{seat}{'' if roll is None else roll}{'' if mover is None else '>' + mover}"
    line = f"{number}. {head} {move}"
    if line not in text.splitlines():
        fail(f"{file} game {index} turn {turn}: {line!r} not in replay's\n{text}")
    at = json.loads(billes("moves", file, "--game", str(index), "--at", str(turn), "--format", "json"))
    if at["position"] != position:
        fail(f"{file} game {index} turn {turn}: position {position!r}, moves says {at['position']!r}")
print(f"{len(sample)} sampled turns: the same move as replay, the same position as moves")


# 3. The queries of docs/export.md against Lua scripts.
def lua(script):
    out = billes("run", os.path.join(SCRIPTS, script), ARCHIVE, "--format", "json")
    return json.loads(out)


def show(title, sql):
    print(f"\n-- {title}\n{sql.strip()}")
    print(con.sql(sql))
    return con.execute(sql).fetchall()


rows = show("win rate by seat and player count (games without teams, won)", """
SELECT len(string_split(seats, ' ')) AS players,
       seat_no,
       count(*) AS games,
       round(avg(list_contains(winners, seat)::INT), 3) AS win_rate
FROM (SELECT seats, winners,
             unnest(string_split(seats, ' ')) AS seat,
             generate_subscripts(string_split(seats, ' '), 1) AS seat_no
      FROM games WHERE teams IS NULL AND winners IS NOT NULL)
GROUP BY ALL ORDER BY ALL
""")
wins = {(r["players"], r["seat_no"]): (r["games"], r["wins"]) for r in lua("win-rate-by-seat.lua")}
for players, seat_no, n, rate in rows:
    ln, lw = wins.pop((players, seat_no))
    if ln != n or round(lw / ln, 3) != rate:
        fail(f"win rate {players} players seat {seat_no}: DuckDB {n} {rate}, Lua {ln} {lw}")
if wins:
    fail(f"Lua has more rows: {wins}")
print(f"agrees with scripts/export/win-rate-by-seat.lua ({len(rows)} rows)")

rows = show("average game length by game and variant", """
SELECT game, coalesce(rules, 'standard') AS rules, count(*) AS games,
       round(avg(turns), 1) AS avg_turns
FROM games GROUP BY ALL ORDER BY ALL
""")
length = {(r["game"], r["rules"]): (r["games"], r["turns"]) for r in lua("length-by-rules.lua")}
for game, rules, n, avg in rows:
    ln, lt = length.pop((game, rules))
    if ln != n or round(lt / ln, 1) != avg:
        fail(f"length {game} {rules}: DuckDB {n} {avg}, Lua {ln} {lt}")
if length:
    fail(f"Lua has more rows: {length}")
print(f"agrees with scripts/export/length-by-rules.lua ({len(rows)} rows)")

rows = show("captures by game and seat (turns that captured)", """
SELECT game, seat, count(*) FILTER (captures > 0) AS turns_capturing,
       sum(captures) AS captures
FROM turns JOIN games USING (file, index)
WHERE game <> 'offboard'
GROUP BY ALL ORDER BY ALL
""")
caps = {(r["game"], r["seat"]): r["captures"] for r in lua("captures-by-seat.lua")}
for game, seat, n, total in rows:
    if caps.pop((game, seat), 0) != n:
        fail(f"captures {game} {seat}: DuckDB {n}, Lua otherwise")
if caps:
    fail(f"Lua has more rows: {caps}")
print(f"agrees with scripts/export/captures-by-seat.lua ({len(rows)} rows)")

show("the turns where analysis found ?? (the worst ten)", """
SELECT file, index, turn, seat, roll, move, win, best, best_win,
       round(best_win - win, 3) AS lost
FROM turns WHERE mark = '??'
ORDER BY lost DESC, file, index, turn LIMIT 10
""")
rows = show("?? by seat", """
SELECT seat, count(*) AS blunders FROM turns WHERE mark = '??' GROUP BY ALL ORDER BY ALL
""")
blunders = {r["seat"]: r["blunders"] for r in lua("blunders.lua")}
if dict(rows) != blunders:
    fail(f"?? by seat: DuckDB {dict(rows)}, Lua {blunders}")
print("agrees with scripts/export/blunders.lua")
print("\nall agree")
