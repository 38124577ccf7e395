// The browser test of the HTML replay viewer, run by scripts/browser-test:
//   node scripts/browser-test.cjs BILLES OUT_DIR [--readme]
// For an example record of each game: writes the viewer with
// `billes render --html`, opens it in headless Chromium (playwright-core
// driving /usr/bin/chromium), steps with the arrow key and the buttons, and
// checks the turn and the position the page shows against `billes replay
// --at N` and `billes render --at N --json`. Fails loudly (exit 1) on any
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
      status: document.getElementById("status").textContent,
    };
  });
}

/// What billes says of the position after turn `n`.
function expected(file, n) {
  const json = JSON.parse(billes("render", file, "--at", String(n), "--json"));
  const p = json.position;
  const replayHead = n === 0 ? "" : billes("replay", file, "--at", String(n)).split("\n")[0];
  return {
    turn: json.turn,
    seat: json.seat || "",
    toMove: p.to_move || "",
    game: p.game,
    pieces: p.pieces.map((x) => x.point + ":" + x.seat).sort(),
    barricades: [...p.barricades].sort(),
    targets: p.targets.filter((t) => t.seat).map((t) => t.name + ":" + t.seat).sort(),
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
  if (want.replayHead) {
    // `billes replay --at N` starts with "N. <turn as written>"
    const turnText = want.replayHead.replace(/^\d+\.\s*/, "");
    check(`${label}: the turn of billes replay is shown`, got.status.includes(turnText), true);
  }
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
