// Tokenizes each .bgn file under a folder with the extension's grammar and
// checks the scope of every piece of every turn against the spans that
// `billes convert --spans` gives (byte offsets in the file).
//
//   node scripts/grammar-test.cjs BILLES_BINARY FOLDER
"use strict";

const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const [bin, folder] = process.argv.slice(2);
const grammarPath = path.join(__dirname, "..", "editors", "vscode", "syntaxes", "bgn.tmLanguage.json");

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith(".bgn") ? [p] : [];
  }).sort();
}

// The scopes of every byte of `text`: an array of scope lists.
function scopesOf(grammar, text) {
  const bytes = Buffer.from(text, "utf8");
  const scopes = new Array(bytes.length).fill(null);
  let state = vsctm.INITIAL;
  let lineStart = 0;
  for (const line of text.split("\n")) {
    const r = grammar.tokenizeLine(line, state);
    for (const token of r.tokens) {
      const from = lineStart + Buffer.byteLength(line.slice(0, token.startIndex), "utf8");
      const to = lineStart + Buffer.byteLength(line.slice(0, token.endIndex), "utf8");
      for (let i = from; i < to; i++) scopes[i] = token.scopes;
    }
    state = r.ruleStack;
    lineStart += Buffer.byteLength(line, "utf8") + 1;
  }
  return scopes;
}

async function main() {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) =>
      scopeName === "source.bgn"
        ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath)
        : null,
  });
  const grammar = await registry.loadGrammar("source.bgn");
  let checked = 0;
  let failures = 0;
  let tokens = 0;
  for (const file of files(folder)) {
    const text = fs.readFileSync(file, "utf8");
    const bytes = Buffer.from(text, "utf8");
    const scopes = scopesOf(grammar, text);
    const games = JSON.parse(execFileSync(bin, ["convert", file, "--spans"], { encoding: "utf8" }));
    const fail = (what, span, want) => {
      failures++;
      const got = scopes[span.start] ? scopes[span.start].join(" ") : "none";
      const written = bytes.slice(span.start, span.end).toString("utf8");
      console.log(`${file}:${span.line}:${span.column}: ${what} ${JSON.stringify(written)}: wants ${want}, has ${got}`);
    };
    // Every byte of span (white space aside) has a scope starting with
    // one of `wants`, and none is invalid.
    const expect = (what, span, wants) => {
      tokens++;
      for (let i = span.start; i < span.end; i++) {
        if (/\s/.test(String.fromCharCode(bytes[i]))) continue;
        const s = scopes[i] || [];
        if (s.some((x) => x.startsWith("invalid")) || !wants.some((w) => s.some((x) => x.startsWith(w)))) {
          fail(what, { ...span, start: i }, wants.join(" or "));
          return;
        }
      }
    };
    const comment = (c) => expect("comment", c.span, ["comment.block.bgn"]);
    const line = (l) => {
      (l.comments || []).forEach(comment);
      for (const turn of l.turns) {
        (turn.before || []).forEach(comment);
        // The turn number, when written, ends right before the head.
        const head = turn.head.span;
        const before = bytes.slice(0, head.start).toString("utf8");
        const number = before.match(/([0-9]+\.+)\s*(\{[^}]*\}\s*)*$/);
        if (number && !before.endsWith("}") && number[2] === undefined) {
          const end = Buffer.byteLength(before.slice(0, number.index + number[1].length), "utf8");
          const start = end - Buffer.byteLength(number[1], "utf8");
          expect("turn number", { ...head, start, end }, ["constant.numeric.turn.bgn"]);
        }
        const seatEnd = head.start + turn.head.seat.length;
        expect("seat", { ...head, end: seatEnd }, ["entity.name.type.seat.bgn"]);
        if (turn.head.roll !== undefined && turn.head.roll !== null) {
          // One die (`R6`) or two (`R5-3`): the roll is both.
          const second = turn.head.second === undefined || turn.head.second === null ? "" : `-${turn.head.second}`;
          const rollEnd = seatEnd + String(turn.head.roll).length + second.length;
          expect("roll", { ...head, start: seatEnd, end: rollEnd }, ["constant.numeric.roll.bgn"]);
          if (turn.head.mover) {
            expect("mover", { ...head, start: rollEnd, end: head.end }, ["keyword.operator.mover.bgn", "entity.name.type.seat.bgn"]);
          }
        }
        for (const action of turn.actions) {
          expect(`action (${action.kind})`, action.span, ["meta.action.bgn"]);
          const written = bytes.slice(action.span.start, action.span.end).toString("utf8");
          const mark = written.search(/[*#]/);
          if (mark > 0) {
            expect("mark", { ...action.span, start: action.span.start + mark }, ["keyword.operator.mark.bgn"]);
          }
        }
        (turn.nags || []).forEach((n) => expect("NAG", n.span, ["constant.other.nag.bgn"]));
        (turn.after || []).forEach(comment);
        for (const v of turn.variations || []) {
          line(v);
        }
        const variations = turn.variations || [];
        if (variations.length > 0 && variations[0].turns.length > 0) {
          const inside = variations[0].turns[0].head.span;
          expect("variation", inside, ["meta.variation.bgn"]);
        }
      }
    };
    for (const game of games) {
      for (const tag of game.tags) {
        expect("tag", tag.span, ["meta.tag.bgn"]);
        const at = bytes.indexOf(tag.name, tag.span.start);
        expect("tag name", { ...tag.span, start: at, end: at + Buffer.byteLength(tag.name) }, ["entity.name.tag.bgn"]);
        const quote = bytes.indexOf('"', at);
        expect("tag value", { ...tag.span, start: quote, end: tag.span.end - 1 }, ["string.quoted.double.bgn"]);
      }
      line(game.line);
      if (game.outcome && game.outcome.span) {
        expect("result", game.outcome.span, ["constant.language.result.bgn"]);
      }
    }
    // Nothing outside comments and tags is invalid.
    scopes.forEach((s, i) => {
      if (s && s.some((x) => x.startsWith("invalid"))) {
        failures++;
        console.log(`${file}: byte ${i}: invalid token ${JSON.stringify(bytes.slice(i, i + 12).toString("utf8"))}`);
      }
    });
    checked++;
  }
  console.log(`${checked} files, ${tokens} tokens checked: ${tokens - failures} passed, ${failures} failed`);
  process.exit(failures === 0 && checked > 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
