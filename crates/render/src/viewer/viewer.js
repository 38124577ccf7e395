// The billes replay viewer. The data element holds, per game, the turns as
// short lines of text worked out by billes (the rules are never run here):
// `TEXT|DELTA|MARKS|PENDING` (see crates/render/src/html.rs). A position is
// the start with the deltas of the turns before it applied; a checkpoint every
// 64 turns keeps a jump cheap in a long game.
// Keys: ArrowRight / ArrowLeft (next, back), Home / End (first, last).
// Address: #g2-t12 (game 2, after turn 12); #g1-t5v2t3 (game 1, the second
// variation of turn 5, after its third turn).
// A live page (billes play --html, `data.live`) reloads itself every
// `data.live.reload` seconds while the game goes on (null once it is over).
// It follows the game while it shows the last turn, or while "follow" is
// ticked; a spectator who stepped back keeps the turn looked at across the
// reloads: the address names it, and the history entry's state (which a
// reload keeps) says whether the page follows.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("billes-data").textContent);
  const $ = (id) => document.getElementById(id);
  const boardEl = $("board"), moves = $("moves"), slider = $("slider");
  const CHECKPOINT = 64;
  const WINDOW = 1000;
  let game = null, bd = null, seats = [], svg = null, slot = null;
  let gameNo = 0, line = null, at = 0, sides = null;
  let shownLo = 0, shownHi = 0;
  const live = data.live || null;
  // Whether a live page follows the game; while it starts, show() leaves it.
  let following = false, starting = true;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
  const len = (k) => Math.round(k * bd.unit * 10) / 10;
  const r1 = (v) => Math.round(v * 10) / 10;

  // ---- lines and positions ----

  function makeLine(raw, parent, branch, first, path) {
    return { raw, turns: raw.turns, notes: raw.notes || {}, vars: raw.vars || {}, parent, branch, first, path, cache: [], kids: {} };
  }

  function variation(ln, k, j) {
    const key = k + ":" + j;
    if (!ln.kids[key]) {
      const raw = ln.vars[k][j];
      ln.kids[key] = makeLine(raw, ln, k, ln.first + k - 1, ln.path + "t" + k + "v" + (j + 1));
    }
    return ln.kids[key];
  }

  function emptyState() {
    return { pieces: new Map(), barricades: new Set(), held: new Set(), targets: new Map(), counts: {}, toMove: null, winners: null, pending: null };
  }

  function clone(s) {
    const counts = {};
    for (const k in s.counts) counts[k] = Object.assign({}, s.counts[k]);
    return { pieces: new Map(s.pieces), barricades: new Set(s.barricades), held: new Set(s.held), targets: new Map(s.targets), counts, toMove: s.toMove, winners: s.winners, pending: s.pending };
  }

  function apply(s, delta) {
    if (!delta) return;
    for (const op of delta.split(" ")) {
      const c = op[0];
      if (op.startsWith("-#")) s.barricades.delete(op.slice(2));
      else if (op.startsWith("-^")) s.held.delete(op.slice(2));
      else if (c === "#") s.barricades.add(op.slice(1));
      else if (c === "^") s.held.add(op.slice(1));
      else if (c === ">") s.toMove = op.slice(1) || null;
      else if (c === "!") s.winners = op.length > 1 ? op.slice(1).split("+") : null;
      else if (c === "@") {
        const [t, seat] = op.slice(1).split("=");
        if (seat) s.targets.set(t, seat); else s.targets.delete(t);
      } else if (op.includes(":")) {
        const [seat, v] = op.split(":");
        const n = Number(v.slice(1));
        const cs = s.counts[seat] || (s.counts[seat] = {});
        cs[v[0]] = n;
      } else {
        const [p, seat] = op.split("=");
        if (seat) s.pieces.set(p, seat); else s.pieces.delete(p);
      }
    }
  }

  function fields(entry) {
    const f = entry.split("|");
    return { text: f[0], delta: f[1] || "", marks: f[2] || "", pending: f[3] || null };
  }

  function applyTurn(s, entry) {
    const f = fields(entry);
    apply(s, f.delta);
    s.pending = f.pending;
  }

  // The position after turn i of line ln (0: the position the line starts from).
  function stateAt(ln, i) {
    if (ln.cache[i]) return clone(ln.cache[i]);
    let k = i - (i % CHECKPOINT);
    while (k > 0 && !ln.cache[k]) k -= CHECKPOINT;
    if (!ln.cache[0]) {
      let s;
      if (ln.parent) s = stateAt(ln.parent, ln.branch - 1);
      else {
        s = emptyState();
        apply(s, data.shared[game.start]);
      }
      ln.cache[0] = s;
    }
    const s = clone(ln.cache[k]);
    for (let j = k + 1; j <= i; j++) {
      applyTurn(s, ln.turns[j - 1]);
      if (j % CHECKPOINT === 0 && !ln.cache[j]) ln.cache[j] = clone(s);
    }
    return s;
  }

  function head(text) {
    // A roll is one die (`R6`) or two (`R5-3`), said as written.
    const m = /^([A-Z]+)(\d+(?:-\d+)?)?(?:>([A-Z]+))?/.exec(text) || [];
    return { seat: m[1] || "", roll: m[2] === undefined ? null : m[2], mover: m[3] || m[1] || "" };
  }

  // ---- drawing ----

  function seatOf(letter) {
    return seats.find((s) => s[0] === letter) || [letter, "", "#888888", "#333333", ""];
  }

  // marks: the turn's marks; delta and mover: its changes and who moved,
  // whose new holes are the landings when the marks name none.
  function draw(s, marks, delta, mover) {
    const P = (n) => bd.points[n];
    const out = [];
    for (const b of s.barricades) {
      const p = P(b);
      if (!p) continue;
      const h = len(0.3);
      out.push(`<rect class="barricade" data-point="${esc(b)}" x="${r1(p[0] - h)}" y="${r1(p[1] - h)}" width="${r1(2 * h)}" height="${r1(2 * h)}" rx="${len(0.06)}" fill="#fdfdfd" stroke="#333" stroke-width="${len(0.05)}"/>`);
    }
    const m = { arrows: [], landed: [], captured: [], ejected: [], taken: [], placed: [] };
    for (const t of marks ? marks.split(" ") : []) {
      if (t === ".") continue;
      const c = t[0], rest = t.slice(1);
      if (c === "a") m.arrows.push(bd.arrows[Number(rest)]);
      else if (c === ".") m.landed.push(rest);
      else if (c === "x") m.captured.push(rest.split("="));
      else if (c === "e") m.ejected.push(rest);
      else if (c === "-") m.taken.push(rest);
      else if (c === "+") m.placed.push(rest);
    }
    if (marks !== null && !/(^| )\./.test(marks || "")) {
      for (const op of (delta || "").split(" ")) {
        const [hole, seat] = op.split("=");
        if (seat === mover && hole[0] !== "@") m.landed.push(hole);
      }
    }
    for (const [cls, list] of [["taken", m.taken], ["placed", m.placed]]) {
      for (const b of list) {
        const p = P(b);
        if (!p) continue;
        out.push(`<rect class="${cls}" data-point="${esc(b)}" x="${r1(p[0] - len(0.45))}" y="${r1(p[1] - len(0.45))}" width="${len(0.9)}" height="${len(0.9)}" fill="none" stroke="#b22222" stroke-width="${len(0.06)}" stroke-dasharray="${len(0.12)}"/>`);
      }
    }
    for (const [point, who] of s.pieces) {
      const p = P(point);
      if (!p) continue;
      for (const seat of who.split("+")) {
        const [, , fill, stroke] = seatOf(seat);
        out.push(`<circle class="piece" data-point="${esc(point)}" data-seat="${esc(seat)}" cx="${p[0]}" cy="${p[1]}" r="${len(0.36)}" fill="${fill}" stroke="${stroke}" stroke-width="${len(0.07)}"/>`);
      }
    }
    for (const [seat, , fill, stroke] of seats) {
      const w = bd.waiting[seat];
      if (!w) continue;
      const n = (s.counts[seat] || {}).w || 0;
      if (w.length === 1) {
        const [x, y] = w[0];
        out.push(`<circle class="waiting" data-seat="${esc(seat)}" cx="${r1(x - len(0.35))}" cy="${y}" r="${len(0.3)}" fill="${fill}" stroke="${stroke}"/><text class="value" x="${r1(x + len(0.35))}" y="${y}" fill="#222" data-waiting="${n}">×${n}</text>`);
      } else {
        for (const [x, y] of w.slice(0, n)) {
          out.push(`<circle class="waiting" data-seat="${esc(seat)}" cx="${x}" cy="${y}" r="${len(0.3)}" fill="${fill}" stroke="${stroke}"/>`);
        }
      }
    }
    for (const [t, seat] of s.targets) {
      const p = P(t);
      if (!p) continue;
      const [, , fill, stroke] = seatOf(seat);
      out.push(`<circle class="target" data-target="${esc(t)}" data-value="${bd.values[t]}" data-seat="${esc(seat)}" cx="${p[0]}" cy="${p[1]}" r="${len(0.36)}" fill="${fill}" stroke="${stroke}" stroke-width="${len(0.07)}"/>`);
    }
    for (const t of m.ejected) {
      const p = P(t);
      if (!p) continue;
      out.push(`<circle class="ejected" data-target="${esc(t)}" cx="${p[0]}" cy="${p[1]}" r="${len(0.62)}" fill="none" stroke="#b22222" stroke-width="${len(0.08)}" stroke-dasharray="${len(0.12)}"/>`);
    }
    for (const [point, seat] of m.captured) {
      const p = P(point);
      if (!p) continue;
      const d = len(0.42), [x, y] = p;
      const cross = `M${r1(x - d)},${r1(y - d)} L${r1(x + d)},${r1(y + d)} M${r1(x - d)},${r1(y + d)} L${r1(x + d)},${r1(y - d)}`;
      out.push(`<g class="captured" data-point="${esc(point)}" data-seat="${esc(seat)}"><circle cx="${x}" cy="${y}" r="${len(0.55)}" fill="none" stroke="${seatOf(seat)[2]}" stroke-width="${len(0.07)}" stroke-dasharray="${len(0.1)}"/><path d="${cross}" stroke="#fff" stroke-width="${len(0.22)}" stroke-linecap="round"/><path d="${cross}" stroke="#111" stroke-width="${len(0.1)}" stroke-linecap="round"/></g>`);
    }
    for (const point of m.landed) {
      const p = P(point);
      if (!p) continue;
      out.push(`<circle class="landed" data-point="${esc(point)}" cx="${p[0]}" cy="${p[1]}" r="${len(0.48)}" fill="none" stroke="#222" stroke-width="${len(0.05)}"/>`);
    }
    for (const a of m.arrows) {
      if (!a) continue;
      out.push(`<polyline class="arrow" points="${a}" fill="none" stroke="#c45a00" stroke-opacity="0.85" stroke-width="${len(0.13)}" stroke-linecap="round" stroke-linejoin="round" marker-end="url(#arrowhead)"/>`);
    }
    slot.innerHTML = `<g class="position">${out.join("")}</g>`;
  }

  // What the panel says of a seat, from the game's words the page carries
  // (bd.panel: [text, count letter or "", when: 0 always, 1 when the count
  // is above 0, 2 when the seat holds the game's flag]).
  function panelLine(s, seat, c) {
    let line = "";
    for (const [text, letter, when] of bd.panel) {
      const n = letter ? c[letter] || 0 : 0;
      if (when === 1 && n === 0) continue;
      if (when === 2 && !s.held.has(seat)) continue;
      line += text + (letter ? n : "");
    }
    return line.replace(/^ · /, "");
  }

  function legend(s) {
    const box = $("legend");
    box.textContent = "";
    for (const [seat, colour, fill, stroke, name] of seats) {
      const c = s.counts[seat] || {};
      const row = el("div", "seat");
      row.dataset.seat = seat;
      const dot = el("span", "dot");
      dot.style.background = fill;
      dot.style.borderColor = stroke;
      row.appendChild(dot);
      row.appendChild(el("b", "", seat));
      row.appendChild(el("span", "player", name || colour));
      row.appendChild(el("span", "counts", panelLine(s, seat, c)));
      if (s.winners && s.winners.includes(seat)) row.classList.add("won");
      else if (s.toMove === seat) row.classList.add("to-move");
      box.appendChild(row);
    }
  }

  // Hole names stay readable on a narrow screen: at least 10 px on screen,
  // as long as they fit between the holes.
  function fitLabels() {
    if (!svg) return;
    const shown = svg.getBoundingClientRect().width;
    if (!shown) return;
    const ratio = shown / svg.viewBox.baseVal.width;
    const size = Math.min(bd.unit * 0.5, Math.max(bd.unit * 0.3, 10.5 / ratio));
    svg.style.setProperty("--label-size", r1(size) + "px");
  }

  // ---- the move list ----

  function turnItem(ln, i) {
    const li = el("li", "turn");
    li.dataset.index = String(i);
    li.dataset.line = ln.path;
    const f = fields(ln.turns[i - 1]);
    li.appendChild(el("span", "num", (ln.first + i - 1) + "."));
    li.appendChild(document.createTextNode(f.text));
    const note = ln.notes[String(i)];
    if (note) {
      for (const g of note.g) li.appendChild(el("span", "nag" + (/^\?/.test(g) ? " mistake" : ""), g));
      if (note.w !== undefined) li.appendChild(el("span", "win", Math.round(note.w * 100) + "%"));
      for (const c of note.c) li.appendChild(el("span", "comment", "{" + c + "}"));
    }
    return li;
  }

  // Turns lo to hi of a line, each followed by the variations that replace it.
  function listLine(ln, list, lo, hi) {
    for (let i = Math.max(1, lo); i <= hi; i++) {
      list.appendChild(turnItem(ln, i));
      const vs = ln.vars[String(i)];
      if (!vs) continue;
      vs.forEach((_, j) => {
        const v = variation(ln, i, j);
        const item = el("li", "variation");
        const ol = el("ol");
        listLine(v, ol, 1, v.turns.length);
        if (!v.turns.length) ol.appendChild(el("li", "empty", "(no turn can be shown)"));
        item.appendChild(ol);
        list.appendChild(item);
      });
    }
  }

  function renderList(main, around) {
    moves.textContent = "";
    const n = main.turns.length;
    shownLo = Math.max(0, around - WINDOW);
    shownHi = Math.min(n, around + WINDOW);
    if (shownLo > 0) {
      const more = el("li", "more", "… turns 1 to " + shownLo);
      more.dataset.index = String(shownLo - 1);
      more.dataset.line = "";
      moves.appendChild(more);
    } else {
      const start = el("li", "turn");
      start.dataset.index = "0";
      start.dataset.line = "";
      start.appendChild(el("span", "num", ""));
      start.appendChild(document.createTextNode("start"));
      moves.appendChild(start);
    }
    listLine(main, moves, shownLo, shownHi);
    if (shownHi < n) {
      const more = el("li", "more", "… turns " + (shownHi + 1) + " to " + n);
      more.dataset.index = String(shownHi + 1);
      more.dataset.line = "";
      moves.appendChild(more);
    } else {
      const end = el("li", "outcome", game.outcome);
      end.dataset.index = String(n);
      end.dataset.line = "";
      moves.appendChild(end);
    }
  }

  function lineByPath(path) {
    let ln = game.main;
    const re = /t(\d+)v(\d+)/g;
    let m;
    while ((m = re.exec(path))) {
      const k = Number(m[1]), j = Number(m[2]) - 1;
      if (!ln.vars[String(k)] || !ln.vars[String(k)][j]) return null;
      ln = variation(ln, k, j);
    }
    return ln;
  }

  // ---- the chart of winning chances ----

  function chart() {
    const box = $("chart");
    box.textContent = "";
    const main = game.main;
    const points = [];
    for (const k in main.notes) {
      const n = main.notes[k];
      if (n.w !== undefined && Number(k) <= main.turns.length) {
        points.push([Number(k), n.w, head(fields(main.turns[Number(k) - 1]).text).mover]);
      }
    }
    box.hidden = points.length === 0;
    if (!points.length) return;
    points.sort((a, b) => a[0] - b[0]);
    const W = 400, H = 120, n = Math.max(1, main.turns.length);
    const X = (i) => r1(4 + (i / n) * (W - 8)), Y = (w) => r1(6 + (1 - w) * (H - 12));
    const sideOf = (seat) => sides.findIndex((s) => s.includes(seat));
    const series = sides.map(() => []);
    for (const [i, w, mover] of points) {
      const k = sideOf(mover);
      if (k < 0) continue;
      series[k].push([i, w]);
      if (sides.length === 2) series[1 - k].push([i, 1 - w]);
    }
    const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="chart" role="img" aria-label="winning chance of each side">`,
      `<rect width="${W}" height="${H}" fill="#fff"/><line x1="0" x2="${W}" y1="${Y(0.5)}" y2="${Y(0.5)}" stroke="#ccc" stroke-dasharray="4"/>`,
      `<line class="now" x1="0" x2="0" y1="0" y2="${H}" stroke="#c45a00"/>`];
    sides.forEach((side, k) => {
      const colour = seatOf(side[0])[2];
      const pts = series[k];
      if (!pts.length) return;
      parts.push(`<polyline class="side" data-side="${esc(side.join("+"))}" points="${pts.map(([i, w]) => X(i) + "," + Y(w)).join(" ")}" fill="none" stroke="${colour}" stroke-width="2"/>`);
      for (const [i, w] of pts) {
        parts.push(`<circle class="point" data-index="${i}" data-side="${esc(side.join("+"))}" data-win="${w}" cx="${X(i)}" cy="${Y(w)}" r="3.5" fill="${colour}"><title>turn ${i}: ${esc(side.join("+"))} ${Math.round(w * 100)}%</title></circle>`);
      }
    });
    parts.push("</svg>");
    box.innerHTML = parts.join("");
    const key = el("p", "chart-key");
    key.textContent = "Winning chance after each analysed turn: " + sides.map((s) => s.join("+")).join(", ") + ". Click a point to go there.";
    box.appendChild(key);
    box.querySelector("svg").addEventListener("click", (e) => {
      const p = e.target.closest("circle.point");
      if (p) show(game.main, Number(p.dataset.index));
    });
  }

  function markChart() {
    const now = document.querySelector("#chart line.now");
    if (!now) return;
    const n = Math.max(1, game.main.turns.length);
    let i = at;
    for (let ln = line; ln.parent; ln = ln.parent) i = ln.branch - 1;
    const x = r1(4 + (i / n) * 392);
    now.setAttribute("x1", x);
    now.setAttribute("x2", x);
  }

  // ---- showing ----

  function loadGame(k) {
    gameNo = k;
    game = data.games[k];
    bd = data.boards[game.board];
    seats = data.shared[game.seats];
    if (!game.main) game.main = makeLine(game, null, 0, 1, "");
    document.body.dataset.game = String(k + 1);
    const tag = (name) => {
      for (let i = 0; i < game.tags.length; i += 2) if (game.tags[i] === name) return game.tags[i + 1];
      return null;
    };
    let title = game.n + ". " + bd.game;
    if (tag("Event")) title += ": " + tag("Event") + (tag("Round") ? ", round " + tag("Round") : "");
    game.title = title;
    $("title").textContent = title;
    const shownTags = [];
    for (let i = 0; i < game.tags.length; i += 2) {
      if (!["Game", "Event", "Round", "Position"].includes(game.tags[i])) shownTags.push(game.tags[i] + ": " + game.tags[i + 1]);
    }
    $("tags").textContent = shownTags.join(" · ");
    boardEl.innerHTML = bd.svg;
    svg = boardEl.querySelector("svg");
    slot = svg.querySelector(".position-slot");
    const teams = tag("Teams");
    sides = teams ? teams.trim().split(/\s+/).map((t) => t.split("+")) : seats.map((s) => [s[0]]);
    $("error").hidden = !game.error;
    $("error").textContent = game.error ? "Stopped before a mistake: " + game.error : "";
    renderList(game.main, 0);
    chart();
    fitLabels();
  }

  function address() {
    let path = line.path + "t" + at;
    return "#g" + (gameNo + 1) + "-" + path;
  }

  function show(ln, i) {
    line = ln;
    const n = line.turns.length;
    // a variation's start is its parent's position before the turn it replaces
    if (i < 0 && line.parent) return show(line.parent, line.branch - 1 + i);
    at = Math.max(0, Math.min(n, i));
    if (!line.parent && (at < shownLo || at > shownHi)) renderList(line, at);
    const s = stateAt(line, at);
    const f = at > 0 ? fields(line.turns[at - 1]) : null;
    draw(s, f ? f.marks : null, f ? f.delta : "", f ? head(f.text).mover : "");
    legend(s);
    const number = line.first + at - 1;
    svg.dataset.turn = String(at === 0 && !line.parent ? 0 : number);
    const h = f ? head(f.text) : null;
    svg.dataset.seat = h ? h.seat : "";
    svg.dataset.toMove = s.toMove || "";
    if (line.parent) svg.dataset.variation = line.path; else delete svg.dataset.variation;
    const titleEl = svg.querySelector("title");
    if (titleEl) titleEl.textContent = bd.game + " after turn " + svg.dataset.turn;
    slider.max = String(n);
    slider.value = String(at);
    const where = line.parent ? "Variation of turn " + line.first + " · " : "";
    // The turn's text names its seat; a roll is said in words before it
    // ("R rolled 3 · R3 r9-r12"), a game without dice shows the text alone.
    let status = at === 0 ? where + (line.parent ? "before it" : "Start") : where + "Turn " + number + " of " + (line.first + n - 1) + ": " +
      (h.roll !== null ? h.seat + " rolled " + h.roll + " · " : "") + f.text;
    if (s.winners) status += " · " + s.winners.join("+") + " won";
    else if (s.toMove) status += " · " + s.toMove + " to move";
    $("status").textContent = status;
    $("status").dataset.turn = svg.dataset.turn;
    const note = at > 0 ? line.notes[String(at)] : null;
    const notes = [];
    if (note) {
      if (note.g.length) notes.push(note.g.join(" "));
      if (note.w !== undefined) {
        let a = "winning chance " + Math.round(note.w * 100) + "%";
        if (note.b !== undefined) a += " · best " + note.b + " (" + Math.round(note.bw * 100) + "%)";
        if (note.l !== undefined) a += " · luck " + (note.l >= 0 ? "+" : "") + note.l.toFixed(2);
        notes.push(a);
      }
      if (note.c.length) notes.push(note.c.join(" "));
    }
    if (s.pending) notes.push(s.pending);
    $("notes").textContent = notes.join(" — ");
    let current = null;
    for (const li of moves.querySelectorAll("li[data-index]")) {
      const on = li.dataset.index === String(at) && li.dataset.line === line.path && !li.classList.contains("outcome") && !li.classList.contains("more");
      li.classList.toggle("current", on);
      if (on) current = li;
    }
    if (current) current.scrollIntoView({ block: "nearest" });
    markChart();
    if (live && !starting) following = atLast();
    remember();
  }

  // ---- following a game being recorded ----

  // Whether the last turn of the main line of the last game is shown.
  function atLast() {
    return gameNo === data.games.length - 1 && line === game.main && at === line.turns.length;
  }

  // The address of the turn shown and, on a live page, whether it follows
  // the game, in the history entry: a reload keeps both.
  function remember() {
    const want = address();
    const state = live ? { follow: following } : history.state;
    if (location.hash !== want || live) history.replaceState(state, "", want);
    if (live) $("follow").checked = following;
  }

  function showLast() {
    if (gameNo !== data.games.length - 1 || !game) loadGame(data.games.length - 1);
    show(game.main, game.main.turns.length);
  }

  // A live page opens where its spectator was: at the turn looked at when
  // they had stepped back, else at the last turn (or at the turn a link
  // names, opened afresh).
  function startLive() {
    const state = history.state;
    if (state && state.follow === false && fromAddress()) following = false;
    else if (!state && location.hash && fromAddress()) following = atLast();
    else {
      showLast();
      following = true;
    }
    $("follow-label").hidden = false;
    $("follow").addEventListener("change", () => {
      if ($("follow").checked) showLast();
      else following = false;
      remember();
    });
    if (live.reload) setTimeout(() => location.reload(), live.reload * 1000);
  }

  function fromAddress() {
    const m = /^#g(\d+)-((?:t\d+v\d+)*)t(\d+)$/.exec(location.hash);
    if (!m) return false;
    const k = Number(m[1]) - 1;
    if (k < 0 || k >= data.games.length) return false;
    if (k !== gameNo || !game) {
      loadGame(k);
      const picker = $("picker");
      if (picker) picker.value = String(k);
    }
    const ln = lineByPath(m[2]);
    if (!ln) return false;
    show(ln, Number(m[3]));
    return true;
  }

  moves.addEventListener("click", (e) => {
    const li = e.target.closest("li[data-index]");
    if (!li) return;
    const ln = lineByPath(li.dataset.line);
    if (ln) show(ln, Number(li.dataset.index));
  });
  $("first").addEventListener("click", () => show(game.main, 0));
  $("prev").addEventListener("click", () => show(line, at - 1));
  $("next").addEventListener("click", () => show(line, at + 1));
  $("last").addEventListener("click", () => show(line, line.turns.length));
  slider.addEventListener("input", () => show(line, Number(slider.value)));
  const labels = $("labels");
  labels.checked = data.labels;
  const setLabels = () => boardEl.classList.toggle("no-labels", !labels.checked);
  labels.addEventListener("change", setLabels);
  setLabels();
  document.addEventListener("keydown", (e) => {
    if (e.target === slider || e.target.tagName === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: line.turns.length };
    if (e.key in keys) {
      e.preventDefault();
      show(e.key === "Home" ? game.main : line, keys[e.key]);
    }
  });
  window.addEventListener("resize", fitLabels);
  window.addEventListener("hashchange", fromAddress);
  if (data.games.length > 1) {
    const picker = $("picker");
    data.games.forEach((g, k) => {
      const tags = g.tags;
      let t = g.n + ". " + data.boards[g.board].game;
      for (let i = 0; i < tags.length; i += 2) if (tags[i] === "Event") t += ": " + tags[i + 1];
      picker.appendChild(new Option(t, String(k)));
    });
    picker.addEventListener("change", () => {
      loadGame(Number(picker.value));
      show(game.main, 0);
    });
    $("picker-label").hidden = false;
  }
  if (live && data.games.length > 0) startLive();
  else if (data.games.length > 0 && !fromAddress()) {
    loadGame(0);
    show(game.main, 0);
  }
  starting = false;
  if (game) remember();
})();
