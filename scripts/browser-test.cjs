// The browser test of the HTML replay viewer, run by scripts/browser-test:
//   node scripts/browser-test.cjs BILLES OUT_DIR [--readme]
// For an example record of each game: writes the viewer with
// `billes render --html`, opens it in headless Chromium (playwright-core
// driving /usr/bin/chromium), steps with the arrow key and the buttons, and
// checks the turn and the position the page shows against `billes replay
// --at N` and `billes render --at N --json`; then the live page of `billes
// play --html` as a game is recorded. Fails loudly (exit 1) on any
// difference.
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const [bin, outDir, ...flags] = process.argv.slice(2);
const readme = flags.includes("--readme");
const root = path.resolve(__dirname, "..");

// How far each example is stepped: arrow presses, then clicks on "next".
const CASES = [
  { file: "examples/aggravation/four-players.bgn", keys: 9, clicks: 3 },
  { file: "examples/barricade/two-players.bgn", keys: 10, clicks: 2 },
  { file: "examples/offboard/club-final.bgn", keys: 25, clicks: 3 },
  // Race games written as data, drawn from their game.yaml's grid.
  { file: "examples/ludo/two-players.bgn", keys: 30, clicks: 3 },
  { file: "examples/mensch-aergere-dich-nicht/two-players.bgn", keys: 30, clicks: 3 },
  // Two dice a turn, several parts: "R rolled 5-2 · R5-2 +t1 t1-t3".
  { file: "examples/parcheesi/two-players.bgn", keys: 40, clicks: 3 },
];

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let checks = 0;
let failures = 0;

function check(what, got, want) {
  checks += 1;
  const a = JSON.stringify(got);
  const b = JSON.stringify(want);
  if (a !== b) {
    failures += 1;
    console.error(`FAIL ${what}\n  page:   ${a}\n  billes: ${b}`);
  }
}

function billes(...args) {
  return execFileSync(bin, args, { cwd: root, encoding: "utf8" });
}

/// What the page shows: the turn, the seats and every piece, barricade and target marble.
async function shown(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("#board svg");
    const all = (sel, f) => Array.from(svg.querySelectorAll(sel)).map(f);
    return {
      turn: Number(svg.dataset.turn),
      seat: svg.dataset.seat,
      toMove: svg.dataset.toMove,
      game: svg.dataset.game,
      pieces: all(".position .piece", (e) => e.dataset.point + ":" + e.dataset.seat).sort(),
      barricades: all(".position .barricade", (e) => e.dataset.point).sort(),
      targets: all(".position .target", (e) => e.dataset.target + ":" + e.dataset.seat).sort(),
      marks: all(".position .landed, .position .captured, .position .ejected, .position .taken, .position .placed",
        (e) => e.getAttribute("class") + ":" + (e.dataset.point || e.dataset.target) + (e.dataset.seat ? ":" + e.dataset.seat : "")).sort(),
      arrows: all(".position .arrow", (e) => e.getAttribute("points")).sort(),
      status: document.getElementById("status").textContent,
    };
  });
}

/// What billes says of the position after turn `n`.
function expected(file, n) {
  const json = JSON.parse(billes("render", file, "--at", String(n), "--json"));
  const p = json.position;
  const replayHead = n === 0 ? "" : billes("replay", file, "--at", String(n)).split("\n")[0];
  // the marks of the last turn, as `billes render --svg` draws them
  const svg = billes("render", file, "--at", String(n), "--svg", "-");
  const marks = [];
  for (const m of svg.matchAll(/class="(landed|captured|ejected|taken|placed)" data-(?:point|target)="([^"]+)"(?: data-seat="([^"]+)")?/g)) {
    marks.push(m[1] + ":" + m[2] + (m[3] ? ":" + m[3] : ""));
  }
  const arrows = Array.from(svg.matchAll(/class="arrow" points="([^"]+)"/g), (m) => m[1]);
  return {
    turn: json.turn,
    seat: json.seat || "",
    toMove: p.to_move || "",
    game: p.game,
    pieces: p.pieces.map((x) => x.point + ":" + x.seat).sort(),
    // A game writes only its own keys (docs/render.md): none of a game without them.
    barricades: [...(p.barricades || [])].sort(),
    targets: (p.targets || []).filter((t) => t.seat).map((t) => t.name + ":" + t.seat).sort(),
    marks: marks.sort(),
    arrows: arrows.sort(),
    replayHead,
  };
}

function compare(label, got, want) {
  check(`${label}: turn`, got.turn, want.turn);
  check(`${label}: seat that played`, got.seat, want.seat);
  check(`${label}: seat to move`, got.toMove, want.toMove);
  check(`${label}: game`, got.game, want.game);
  check(`${label}: pieces`, got.pieces, want.pieces);
  check(`${label}: barricades`, got.barricades, want.barricades);
  check(`${label}: target marbles`, got.targets, want.targets);
  if (want.marks) {
    check(`${label}: marks of the turn (as render --svg)`, got.marks, want.marks);
    check(`${label}: arrows (as render --svg)`, got.arrows, want.arrows);
  }
  if (want.replayHead) {
    // `billes replay --at N` starts with "N. <turn as written>"
    const turnText = want.replayHead.replace(/^\d+\.\s*/, "");
    check(`${label}: the turn of billes replay is shown`, got.status.includes(turnText), true);
    // The seat is said once: "R rolled 3 · R3 ...", or the text alone without dice.
    const seat = turnText.split(/[\s\d]/)[0];
    check(`${label}: the seat is not repeated`, got.status.includes(`${seat} · ${seat}`), false);
  }
}

/// The lines of a canonical record: its tags and comment lines, and its turns by number.
function recordParts(file) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const lines = text.split("\n");
  const head = lines.filter((l) => !/^\d+\./.test(l) && !/^(\*|=\S*|[A-Z+]+)$/.test(l.trim()));
  const turns = lines.filter((l) => /^\d+\./.test(l));
  return { head, turns };
}

/// A record whose main line is the main line of `file` up to turn `k` - 1,
/// then `variation` (the turns of a variation replacing turn k).
function variationRecord(file, k, variation) {
  const { head, turns } = recordParts(file);
  const kept = turns.filter((l) => Number(l.split(".")[0]) < k).map((l) => l.replace(/\s*\(.*$/, "").replace(/\{[^}]*\}/g, ""));
  const tags = head.filter((l) => l.startsWith("[") && !l.startsWith("[Result"));
  const out = path.resolve(outDir, `variation-${path.basename(file)}`);
  fs.writeFileSync(out, tags.join("\n") + "\n\n" + kept.join("\n") + "\n" + variation + "\n*\n");
  return out;
}

/// Variations: listed under the turn they replace, indented; a click shows
/// their position, which is that of the record played along the variation.
async function variations(page) {
  const cases = [
    { file: CASES[0].file, k: 64, turns: ["64. R5 b0-p0-p4"] },
    { file: CASES[2].file, k: 33, turns: ["33. R ~ a1:a4>e*t5=2"] },
  ];
  for (const c of cases) {
    const name = path.basename(path.dirname(c.file));
    await page.goto("file://" + path.resolve(outDir, `${name}.html`));
    const listed = await page.$$eval("#moves li.variation li.turn", (ls) => ls.map((l) => l.textContent));
    check(`${name}: variations listed`, listed.some((t) => t.includes(c.turns[0].replace(/^\d+\.\s*/, ""))), true);
    const indent = await page.$eval("#moves li.variation", (l) => l.getBoundingClientRect().left < l.querySelector("li.turn").getBoundingClientRect().left);
    check(`${name}: variations indented`, indent, true);
    await page.click(`#moves li.variation li.turn[data-line="t${c.k}v1"][data-index="${c.turns.length}"]`);
    const shownThere = await shown(page);
    const alt = variationRecord(c.file, c.k, c.turns.join("\n"));
    const want = expected(path.relative(root, alt), c.k);
    compare(`${name}: variation of turn ${c.k}`, shownThere, Object.assign(want, { replayHead: "" }));
    check(`${name}: variation in the address`, await page.evaluate(() => location.hash), `#g1-t${c.k}v1t${c.turns.length}`);
    // back steps out of the variation to the position before the turn it replaces
    for (let i = 0; i <= c.turns.length; i++) await page.click("#prev");
    compare(`${name}: back out of the variation`, await shown(page), expected(c.file, c.k - 2));
  }
  console.log("ok variations");
}

/// The address names the game and the turn: #g1-t12 opens there, and moving
/// writes it.
async function addresses(page) {
  const html = path.resolve(outDir, "two-games.html");
  await page.goto("file://" + html + "#g2-t5");
  compare("address #g2-t5", await shown(page), expected(CASES[2].file, 5));
  await page.click("#next");
  check("address after next", await page.evaluate(() => location.hash), "#g2-t6");
  await page.evaluate(() => { location.hash = "#g1-t12"; });
  await page.waitForFunction(() => document.querySelector("#board svg").dataset.turn === "12");
  compare("address #g1-t12 (hash change)", await shown(page), expected(CASES[1].file, 12));
  check("picker follows the address", await page.$eval("#picker", (p) => p.value), "0");
  console.log("ok addresses");
}

/// Pixels of the board drawn in a canvas, around a point: how many are
/// near white and near black inside `radius` (board pixels) of it.
async function pixelsAround(page, x, y, radius) {
  return page.evaluate(async ([x, y, radius]) => {
    const svg = document.querySelector("#board svg");
    const w = svg.viewBox.baseVal.width, h = svg.viewBox.baseVal.height;
    const img = new Image();
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0, w, h);
    const d = ctx.getImageData(Math.round(x - radius), Math.round(y - radius), Math.round(2 * radius), Math.round(2 * radius)).data;
    let light = 0, dark = 0;
    for (let i = 0; i < d.length; i += 4) {
      const px = (i / 4) % Math.round(2 * radius) - radius, py = Math.floor(i / 4 / Math.round(2 * radius)) - radius;
      if (px * px + py * py > radius * radius) continue;
      if (d[i] > 225 && d[i + 1] > 225 && d[i + 2] > 225) light += 1;
      if (d[i] < 60 && d[i + 1] < 60 && d[i + 2] < 60) dark += 1;
    }
    return { light, dark };
  }, [x, y, radius]);
}

/// The board's look at a desktop's and a phone's width: the legend names
/// the players, hole names stay legible, a capture's cross shows on any
/// marble, an Offboard line's arrow spans the line, a Barricade arrow
/// follows the points stepped on.
async function looks(page) {
  for (const width of [1280, 420]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 900 });
    for (const c of CASES) {
      const name = path.basename(path.dirname(c.file));
      await page.goto("file://" + path.resolve(outDir, `${name}.html`) + `#g1-t${c.file.includes("offboard") ? 28 : c.file.includes("barricade") ? 4 : 10}`);
      await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
      const fit = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        label: Math.min(...Array.from(document.querySelectorAll("#board .labels text")).slice(0, 40).map((t) => t.getBoundingClientRect().height)),
      }));
      check(`${name} at ${width} px: no sideways scrolling`, fit.scroll <= width, true);
      if (fit.label < 9) console.error(`  hole names are ${fit.label.toFixed(1)} px high`);
      check(`${name} at ${width} px: hole names at least 9 px high`, fit.label >= 9, true);
    }
  }
  await page.setViewportSize({ width: 1100, height: 720 });

  // the legend: one line per seat with the player's name from the colour tags
  await page.goto("file://" + path.resolve(outDir, "aggravation.html"));
  const legend = await page.$$eval("#legend .seat", (rows) => rows.map((r) => r.dataset.seat + " " + r.querySelector(".player").textContent));
  check("legend names the players", legend, ["R Ann Leroy", "B Bruno Carré", "G Chloé Martin", "Y Dev Patel"]);

  // every capture of the examples: a cross with light and dark strokes on the marble that took
  let crosses = 0;
  for (const c of CASES.slice(0, 2)) {
    const name = path.basename(path.dirname(c.file));
    await page.goto("file://" + path.resolve(outDir, `${name}.html`));
    const turns = Number(JSON.parse(billes("render", c.file, "--json")).turn);
    for (let n = 1; n <= turns; n++) {
      await page.evaluate((n) => { location.hash = "#g1-t" + n; }, n);
      await page.waitForFunction((n) => document.querySelector("#board svg").dataset.turn === String(n), n);
      const caps = await page.$$eval("#board .captured", (gs) => gs.map((g) => {
        const c = g.querySelector("circle");
        const on = document.querySelector(`#board .piece[data-point="${g.dataset.point}"]`);
        return { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), seat: on ? on.dataset.seat : "", r: on ? Number(on.getAttribute("r")) : 0 };
      }));
      for (const cap of caps) {
        const px = await pixelsAround(page, cap.x, cap.y, cap.r * 0.8);
        crosses += 1;
        check(`${name} turn ${n}: the cross on ${cap.seat}'s marble shows light and dark (${px.light}/${px.dark})`, px.light > 4 && px.dark > 4, true);
      }
    }
  }
  check("captures checked", crosses > 2, true);

  // Offboard: a line's arrow runs from its rear marble to the cell beyond its front
  await page.goto("file://" + path.resolve(outDir, "offboard.html"));
  const turns = Number(JSON.parse(billes("render", CASES[2].file, "--json")).turn);
  let lines = 0;
  for (let n = 1; n <= turns; n++) {
    await page.evaluate((n) => { location.hash = "#g1-t" + n; }, n);
    await page.waitForFunction((n) => document.querySelector("#board svg").dataset.turn === String(n), n);
    const got = await page.evaluate(() => {
      const text = document.getElementById("status").textContent;
      const m = /([a-i]\d):([a-i]\d)>/.exec(text);
      if (!m) return null;
      const at = (h) => { const c = document.querySelector(`#board circle.hole[data-hole="${h}"]`); return [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]; };
      const a = document.querySelector("#board .arrow");
      const pts = a.getAttribute("points").split(" ").map((p) => p.split(",").map(Number));
      return { ends: [at(m[1]), at(m[2])], arrow: [pts[0], pts[pts.length - 1]], text };
    });
    if (!got) continue;
    lines += 1;
    const dist = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]);
    const [a, b] = got.ends, [s, e] = got.arrow;
    const starts = Math.min(dist(s, a), dist(s, b)) < 1;
    const span = dist(s, e) > dist(a, b) + 1;
    check(`offboard turn ${n} (${got.text.split(" · ")[1]}): the arrow spans the line`, starts && span, true);
  }
  check("offboard line moves checked", lines > 3, true);

  // Barricade: the arrow steps from point to point, one leg a step of the roll
  await page.goto("file://" + path.resolve(outDir, "barricade.html"));
  let paths = 0;
  for (let n = 1; n <= 20; n++) {
    await page.evaluate((n) => { location.hash = "#g1-t" + n; }, n);
    await page.waitForFunction((n) => document.querySelector("#board svg").dataset.turn === String(n), n);
    const got = await page.evaluate(() => {
      const m = /rolled (\d) · [A-Z]\d ([a-q]\d+)-([a-q]\d+)/.exec(document.getElementById("status").textContent);
      const a = document.querySelector("#board .arrow");
      if (!m || !a) return null;
      const holes = new Set(Array.from(document.querySelectorAll("#board circle.hole")).map((c) => c.getAttribute("cx") + "," + c.getAttribute("cy")));
      const pts = a.getAttribute("points").split(" ");
      return { roll: Number(m[1]), points: pts.length, onHoles: pts.every((p) => holes.has(p)) };
    });
    if (!got) continue;
    paths += 1;
    check(`barricade turn ${n}: the arrow has a point per step of the roll`, got.points, got.roll + 1);
    check(`barricade turn ${n}: the arrow's points are points of the board`, got.onHoles, true);
  }
  check("barricade moves checked", paths > 3, true);
  console.log("ok looks: 1280 and 420 px, legend, crosses, line and path arrows");
}

/// An analysed record: the chart of winning chances, a click on it, the marks.
async function analysis(page) {
  const file = "examples/aggravation/analysed.bgn";
  const html = path.resolve(outDir, "analysed.html");
  billes("render", file, "--html", html);
  await page.goto("file://" + html);
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const analysed = (text.match(/\[%win /g) || []).length;
  const points = await page.$$eval("#chart circle.point", (cs) => cs.length);
  const sides = (/\[Seats "([^"]*)"\]/.exec(text) || ["", ""])[1].split(" ").length;
  // two sides: each analysed turn gives a point to each; more: to the mover's
  check("chart: a point per analysed turn (per side with two sides)", points, sides === 2 ? 2 * analysed : analysed);
  check("chart: a line per side", await page.$$eval("#chart polyline.side", (ls) => ls.length), sides);
  const pick = await page.$eval("#chart circle.point:nth-of-type(5)", (c) => Number(c.dataset.index));
  await page.click(`#chart circle.point[data-index="${pick}"] >> nth=0`);
  compare(`chart click goes to turn ${pick}`, await shown(page), expected(file, pick));
  const marks = await page.$$eval("#moves .nag.mistake", (ns) => ns.map((n) => n.textContent));
  const written = (text.match(/ (\?\?|\?!|\?)(?= |$)/gm) || []).map((m) => m.trim());
  check("marks of the analysis in the move list", marks, written);
  check("marks present", marks.length > 0, true);
  const notes = await page.$eval("#notes", (n) => n.textContent);
  check("the turn's winning chance is shown", /winning chance \d+%/.test(notes), true);
  await page.screenshot({ path: path.join(outDir, "analysed.png"), fullPage: true });
  console.log(`ok analysis: ${analysed} analysed turns, ${marks.length} marks`);
}

// The state of the live page: which load of the page (its time origin),
// how many turns its game has, the turn shown, whether it follows the game,
// its reload interval and address.
async function liveState(page) {
  return page.evaluate(() => {
    const data = JSON.parse(document.getElementById("billes-data").textContent);
    return {
      origin: performance.timeOrigin,
      turns: data.games[0].turns.length,
      turn: Number(document.querySelector("#board svg").dataset.turn),
      follow: document.getElementById("follow").checked,
      reload: data.live.reload,
      hash: location.hash,
      status: document.getElementById("status").textContent,
    };
  });
}

// Waits until the live page, loaded at `origin`, has reloaded itself with a
// game of `turns` turns.
async function reloadedWith(page, origin, turns) {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    try {
      const s = await liveState(page);
      if (s.origin !== origin && s.turns === turns) return s;
    } catch (e) {
      // the page is being reloaded
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the live page did not reload with ${turns} turns`);
}

/// The page of `billes play --html`: it follows the game while it shows
/// the last turn (or while "follow" is ticked), keeps an earlier turn
/// across its reloads, and reloads no more once the game is won. The page
/// reloads itself every 2 seconds: each click is made just after a reload,
/// and the positions shown are checked against billes at the end.
async function livePage(page) {
  const dir = path.resolve(outDir, "live");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const record = path.join(dir, "live.bgn");
  const html = path.join(dir, "live.html");
  const play = (lines, ...args) =>
    execFileSync(bin, ["play", record, "--html", html, ...args], { cwd: root, input: lines, encoding: "utf8" });
  const positions = [];
  play("R2 r3-r5\nG4 g9-g13\n", "--game-kind", "aggravation", "--seats", "R G", "--position", "R:r3,rh2,rh3,rh4 G:g9 move=R");
  await page.goto("file://" + html);
  let s = await liveState(page);
  check("live: opens at the last turn", [s.turn, s.follow, s.reload], [2, true, 2]);
  positions.push(["live: the last turn", await shown(page), 2]);

  // at the last turn, the page follows the game
  play("R1 r5-r6\n");
  s = await reloadedWith(page, s.origin, 3);
  check("live: follows the game to its new turn", [s.turn, s.follow], [3, true]);

  // stepped back, the turn looked at is kept across the reload
  await page.click("#prev");
  positions.push(["live: the new turn, then back", await shown(page), 2]);
  s = await liveState(page);
  check("live: back a turn, the page no longer follows", [s.turn, s.follow, s.hash], [2, false, "#g1-t2"]);
  play("G2 g13-c\n");
  s = await reloadedWith(page, s.origin, 4);
  check("live: the turn looked at is kept across the reload", [s.turn, s.follow, s.hash], [2, false, "#g1-t2"]);
  positions.push(["live: the turn kept", await shown(page), 2]);
  const listed = await page.$$eval("#moves li.turn[data-index]", (ls) => ls.length);
  check("live: the move list holds the new turn", listed, 5);

  // "follow" ticked goes to the last turn; unticked there, the turn stays
  await page.click("#follow");
  const ticked = await liveState(page);
  check("live: follow ticked shows the last turn", [ticked.turn, ticked.follow], [4, true]);
  await page.click("#follow");
  check("live: follow unticked", (await liveState(page)).follow, false);
  play("R2 r6-rh1\n");
  s = await reloadedWith(page, s.origin, 5);
  check("live: unticked at the last turn, the turn is kept", [s.turn, s.follow], [4, false]);
  check("live: a won game's page reloads no more", s.reload, null);
  await page.keyboard.press("End");
  s = await liveState(page);
  check("live: the end", [s.turn, s.follow, / R won/.test(s.status)], [5, true, true]);
  positions.push(["live: the winning turn", await shown(page), 5]);
  await new Promise((done) => setTimeout(done, 5000));
  check("live: no reload after the game is won", (await liveState(page)).origin, s.origin);
  for (const [label, got, n] of positions) compare(label, got, expected(record, n));
  console.log("ok live page: follows the last turn, keeps an earlier one across reloads, stops when won");
}

/// The standings page of `billes standings --html`: its table against
/// `billes standings --format json`, its crosstable, a game's link to its
/// viewer page (opened at the game's last turn, as `billes render` shows
/// it); then the live page of the round, one board a table.
async function standingsPage(page) {
  const dir = "examples/tournament";
  const html = path.resolve(outDir, "standings.html");
  billes("standings", dir, "--html", html);
  const want = JSON.parse(billes("standings", dir, "--format", "json"))[0];
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto("file://" + html);
  const rows = await page.evaluate(() =>
    Array.from(document.querySelectorAll("#standings tr")).slice(1).map((tr) => {
      const td = Array.from(tr.children).map((c) => c.textContent);
      return { rank: Number(td[0]), player: td[1], points: Number(td[4]) };
    }));
  check("standings rows", rows, want.players.map((r) => ({ rank: r.rank, player: r.player, points: r.points })));
  const cross = await page.evaluate(() => document.querySelectorAll("#crosstable tr").length - 1);
  check("crosstable rows", cross, want.players.length);
  const marked = await page.evaluate(() => document.querySelectorAll("caption .adj").length);
  check("adjudicated games marked", marked, want.tables.filter((t) => t.adjudicated).length);
  await page.screenshot({ path: path.join(outDir, "standings.png"), fullPage: true });
  // The first game's link opens the viewer at its last turn.
  const first = want.tables[0];
  const turns = Number(JSON.parse(billes("render", path.join(dir, path.basename(first.file)), "--game", String(first.game), "--json")).turn);
  await page.click("table.game caption a >> nth=0");
  await page.waitForFunction(() => document.querySelector("#board svg"));
  const at = await page.evaluate(() => Number(document.querySelector("#board svg").dataset.turn));
  check("game link opens its last turn", at, turns);
  console.log(`ok standings page: ${rows.length} players, ${want.tables.length} games, link to turn ${at}`);

  const live = path.resolve(outDir, "room.html");
  billes("live", dir, "--html", live, "--round", "3");
  await page.goto("file://" + live);
  const boards = await page.evaluate(() => ({
    boards: document.querySelectorAll(".board svg").length,
    refresh: document.querySelector("meta[http-equiv=refresh]") !== null,
    standings: document.querySelectorAll("#standings tr").length - 1,
  }));
  check("live page", boards, { boards: 2, refresh: false, standings: want.players.length });
  await page.screenshot({ path: path.join(outDir, "room.png"), fullPage: true });
  console.log("ok live page of round 3: 2 boards, the standings, no reload once every table stopped");
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "billes-browser-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1100, height: 720 },
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.setDefaultTimeout(20000);
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("request", (r) => {
      if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) {
        errors.push("network request: " + r.url());
      }
    });

    for (const c of CASES) {
      const name = path.basename(path.dirname(c.file));
      const html = path.resolve(outDir, `${name}.html`);
      billes("render", c.file, "--html", html);
      await page.goto("file://" + html);
      compare(`${name} start`, await shown(page), expected(c.file, 0));
      for (let i = 0; i < c.keys; i++) await page.keyboard.press("ArrowRight");
      for (let i = 0; i < c.clicks; i++) await page.click("#next");
      const n = c.keys + c.clicks;
      compare(`${name} after ${n} steps`, await shown(page), expected(c.file, n));
      await page.screenshot({ path: path.join(outDir, `${name}.png`) });
      // one back, then the last turn, then a click in the move list
      await page.click("#prev");
      compare(`${name} back one`, await shown(page), expected(c.file, n - 1));
      await page.keyboard.press("End");
      const last = await shown(page);
      const turns = Number(JSON.parse(billes("render", c.file, "--json")).turn);
      compare(`${name} last`, last, expected(c.file, turns));
      await page.click('#moves li[data-index="3"]');
      compare(`${name} move list`, await shown(page), expected(c.file, 3));
      console.log(`ok ${name}: ${turns} turns, stepped to ${n}, back, last, move list`);
    }

    // a file of two games: the picker switches between them
    const both = path.resolve(outDir, "two-games.bgn");
    fs.writeFileSync(
      both,
      fs.readFileSync(path.join(root, CASES[1].file), "utf8") + "\n" +
        fs.readFileSync(path.join(root, CASES[2].file), "utf8"),
    );
    const html = path.resolve(outDir, "two-games.html");
    billes("render", both, "--html", html);
    await page.goto("file://" + html);
    check("picker: first game", (await shown(page)).game, "barricade");
    await page.selectOption("#picker", "1");
    await page.focus("#next");
    await page.keyboard.press("ArrowRight");
    compare("picker: second game, one step", await shown(page), expected(CASES[2].file, 1));
    console.log("ok game picker");

    await variations(page);
    await addresses(page);
    await looks(page);
    await analysis(page);
    await livePage(page);
    await standingsPage(page);

    if (readme) {
      const c = CASES[0];
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.goto("file://" + path.resolve(outDir, "aggravation.html"));
      for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
      const target = path.join(root, "docs", "viewer.png");
      fs.mkdirSync(path.dirname(target), { recursive: true });
      await page.screenshot({ path: target });
      console.log(`wrote docs/viewer.png (${fs.statSync(target).size} bytes) from ${c.file}`);
    }
    for (const e of errors) {
      failures += 1;
      console.error("FAIL page: " + e);
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log(`browser: ${checks - failures} passed, ${failures} failed`);
  if (failures > 0) process.exit(1);
}

main().catch((e) => {
  console.error("browser test failed:", e);
  process.exit(1);
});
