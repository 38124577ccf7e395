// The billes replay viewer: steps through the frames of the data element.
// Keys: ArrowRight / ArrowLeft (next, back), Home / End (first, last).
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("billes-data").textContent);
  const $ = (id) => document.getElementById(id);
  const board = $("board"), moves = $("moves"), slider = $("slider");
  let game = null, at = 0, slot = null, svg = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function loadGame(k) {
    game = data.games[k];
    document.body.dataset.game = String(k + 1);
    $("title").textContent = game.title;
    $("tags").textContent = game.tags.map((t) => t[0] + ": " + t[1]).join(" · ");
    board.innerHTML = game.board;
    svg = board.querySelector("svg");
    slot = svg.querySelector(".position-slot");
    moves.textContent = "";
    game.frames.forEach((f, i) => {
      const li = el("li");
      li.dataset.index = String(i);
      if (i === 0) {
        li.appendChild(el("span", "num", ""));
        li.appendChild(document.createTextNode("start"));
      } else {
        li.appendChild(el("span", "num", f.number + "."));
        li.appendChild(document.createTextNode(f.text));
        f.nags.forEach((n) => li.appendChild(el("span", "nag", n)));
        f.comments.forEach((c) => li.appendChild(el("span", "comment", "{" + c + "}")));
      }
      li.addEventListener("click", () => show(i));
      moves.appendChild(li);
    });
    const end = el("li", "outcome", game.outcome);
    end.dataset.index = String(game.frames.length - 1);
    end.addEventListener("click", () => show(game.frames.length - 1));
    moves.appendChild(end);
    $("error").hidden = !game.error;
    $("error").textContent = game.error ? "Stopped before a mistake: " + game.error : "";
    slider.max = String(game.frames.length - 1);
    show(0);
  }

  function show(i) {
    const n = game.frames.length;
    at = Math.max(0, Math.min(n - 1, i));
    const f = game.frames[at];
    slot.innerHTML = f.svg;
    svg.dataset.turn = String(f.index);
    svg.dataset.seat = f.seat || "";
    svg.dataset.toMove = f.toMove || "";
    const title = svg.querySelector("title");
    if (title) title.textContent = game.game + " after turn " + f.index;
    slider.value = String(at);
    let status = at === 0 ? "Start" : "Turn " + f.number + " of " + (n - 1) + ": " + f.seat +
      (f.roll !== null && f.roll !== undefined ? " rolled " + f.roll : "") + " · " + f.text;
    if (f.winners) status += " · " + f.winners + " won";
    else if (f.toMove) status += " · " + f.toMove + " to move";
    $("status").textContent = status;
    $("status").dataset.turn = String(f.index);
    $("notes").textContent = [f.nags.join(" "), f.comments.join(" ")].concat(f.pending ? [f.pending] : [])
      .filter((s) => s).join(" — ");
    for (const li of moves.children) {
      li.classList.toggle("current", li.dataset.index === String(at) && !li.classList.contains("outcome"));
    }
    const cur = moves.children[at];
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("last").addEventListener("click", () => show(game.frames.length - 1));
  slider.addEventListener("input", () => show(Number(slider.value)));
  const labels = $("labels");
  labels.checked = data.labels;
  const setLabels = () => board.classList.toggle("no-labels", !labels.checked);
  labels.addEventListener("change", setLabels);
  setLabels();
  document.addEventListener("keydown", (e) => {
    if (e.target === slider || e.target.tagName === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: game.frames.length - 1 };
    if (e.key in keys) {
      e.preventDefault();
      show(keys[e.key]);
    }
  });
  if (data.games.length > 1) {
    const picker = $("picker");
    data.games.forEach((g, k) => picker.appendChild(new Option(g.title, String(k))));
    picker.addEventListener("change", () => loadGame(Number(picker.value)));
    $("picker-label").hidden = false;
  }
  if (data.games.length > 0) loadGame(0);
})();
