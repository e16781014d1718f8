// The replay viewer's page: plain HTML, CSS and script, no library, nothing
// fetched (the Content-Security-Policy forbids it). replay_html.cpp puts the
// match data where the marker is. Element ids are part of the interface: the
// viewer's test drives the page through them.
namespace dtref {

extern const char* const kReplayPage;
const char* const kReplayPage = R"PAGE(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>dtref replay</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #222; background: #f6f6f3; }
header { padding: 8px 16px; background: #2d3a45; color: #fff; }
header h1 { font-size: 17px; margin: 0; }
header p { margin: 2px 0 0; color: #cfd8dc; }
#controls { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 8px; align-items: center;
  padding: 6px 16px; background: #e3e7ea; border-bottom: 1px solid #c5ccd1; }
#controls button { min-width: 34px; }
#range { flex: 1; min-width: 160px; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr); gap: 12px; padding: 12px 16px; }
.seat { background: #fff; border: 1px solid #d5d9dc; border-radius: 6px; padding: 8px 10px; margin-bottom: 12px; }
.seat.current { border-color: #5b8def; box-shadow: 0 0 0 1px #5b8def; }
.seat h2 { font-size: 15px; margin: 0 0 6px; }
.seat .stats { font-weight: normal; color: #555; }
.zone { margin: 4px 0; }
.zone > .label { color: #777; font-size: 12px; margin-right: 6px; }
.unit { display: inline-block; vertical-align: top; margin: 3px 6px 3px 0; padding: 3px; border-radius: 5px; background: #f1f3f4; }
.card { display: inline-block; padding: 2px 6px; margin: 1px; border: 1px solid #aab; border-radius: 4px; background: #fff; cursor: default; }
.card .r { color: #555; font-size: 12px; margin-left: 4px; }
.card .id { color: #999; font-size: 11px; margin-left: 3px; }
.card.Warrior { border-color: #7a8fa8; }
.card.wounded { background: #fde2e1; border-color: #d9534f; }
.card.cover { border-style: dashed; background: #eef3e8; }
.card.combat { box-shadow: 0 0 0 2px #f0ad4e; }
.card.facedown { background: #ddd; color: #555; font-style: italic; }
.attached { margin-left: 14px; display: block; }
#decision, #happened { background: #fff; border: 1px solid #d5d9dc; border-radius: 6px; padding: 8px 10px; margin-bottom: 12px; }
#decision h3, #happened h3 { font-size: 14px; margin: 0 0 6px; }
#options { margin: 4px 0; padding-left: 26px; max-height: 320px; overflow: auto; }
#options li.chosen { font-weight: bold; background: #fff3c4; }
#events { margin: 4px 0; padding-left: 18px; }
#events li.setup { color: #666; }
.muted { color: #777; }
.ref { color: #456; }
.note { color: #a33; }
</style></head>
<body>
<header><h1 id="title">dtref replay</h1><p id="subtitle"></p></header>
<div id="controls">
  <button id="first" title="first decision (Home)">|&lt;</button>
  <button id="prev" title="previous decision (left arrow)">&lt;</button>
  <button id="next" title="next decision (right arrow)">&gt;</button>
  <button id="last" title="end of the match (End)">&gt;|</button>
  <span id="step-label"></span>
  <input id="range" type="range" min="0" value="0" aria-label="decision">
  <label>turn <input id="turn" type="number" min="0" style="width:5em"></label><button id="go">go</button>
  <label>view <select id="viewer"></select></label>
</div>
<main>
  <div id="board"></div>
  <div><div id="decision"></div><div id="happened"><h3>What happened</h3><ul id="events"></ul></div><div id="notes"></div></div>
</main>
<script id="replay-data" type="application/json">/*REPLAY_DATA*/</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("replay-data").textContent);
const steps = D.steps;
let at = 0, viewer = -1;  // viewer -1: omniscient; else the seat whose view is shown

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function seatName(i) { return "s" + i + " " + (D.match.bots[i] || "?"); }
function cardDef(id) { return D.defs[D.cards[id][0]]; }
function canSee(controller, flags) { return viewer < 0 || viewer === controller || !(flags & 4); }

function cardChip(id, flags, controller, ratings, combat) {
  const def = cardDef(id);
  const visible = canSee(controller, flags);
  const c = el("span", "card " + (visible ? def.type : "facedown"));
  c.dataset.id = id;
  if (flags & 1) c.classList.add("wounded");
  if (flags & 2) c.classList.add("cover");
  if (combat) c.classList.add("combat");
  if (visible) {
    c.title = def.name + " (" + def.code + "): " + def.summary;
    c.appendChild(document.createTextNode(def.name));
    if (ratings) {
      const f = ratings[0] === null ? "-" : ratings[0], s = ratings[1] === null ? "-" : ratings[1];
      c.appendChild(el("span", "r", "F" + f + " S" + s + " A" + ratings[2] + " V" + ratings[3]));
    }
  } else {
    c.title = "a face-down card: the viewer does not know it";
    c.appendChild(document.createTextNode("face-down card"));
  }
  c.appendChild(el("span", "id", "c" + id));
  return c;
}

function renderSeat(b, i) {
  const s = b.seats[i];
  const sec = el("section", "seat" + (b.current === i && b.phase !== "game_over" ? " current" : ""));
  sec.id = "seat-" + i;
  const h = el("h2", null, seatName(i) + " ");
  h.appendChild(el("span", "stats", s.p + " P, " + s.d + " D, draw " + s.draw + ", discard " + s.discard +
      ", annihilated " + s.annihilated + (s.out ? ", eliminated" : "")));
  sec.appendChild(h);
  const hand = el("div", "zone hand");
  hand.appendChild(el("span", "label", "hand"));
  if (viewer < 0 || viewer === i) {
    for (const id of s.hand) hand.appendChild(cardChip(id, 0, i, null, false));
    if (!s.hand.length) hand.appendChild(el("span", "muted", "empty"));
  } else {
    hand.appendChild(el("span", "muted hidden-hand", s.hand.length + " cards, not shown to s" + viewer));
  }
  sec.appendChild(hand);
  const play = el("div", "zone play");
  play.appendChild(el("span", "label", "in play"));
  const units = {};
  const combat = b.combat || [];
  for (const row of s.play) {
    const [id, flags, base] = row;
    const chip = cardChip(id, flags, i, row.length > 3 ? row.slice(3) : null, combat[0] === id || combat[1] === id);
    if (base < 0 || !units[base]) {
      const u = el("div", "unit");
      u.appendChild(chip);
      units[id] = u;
      play.appendChild(u);
    } else {
      chip.classList.add("attached");
      units[base].appendChild(chip);
      units[id] = units[base];
    }
  }
  if (!s.play.length) play.appendChild(el("span", "muted", "nothing"));
  sec.appendChild(play);
  return sec;
}

// Where each card is on this step's board, to name the cards an option mentions.
function whereCards(b) {
  const at = {};
  b.seats.forEach((s, i) => {
    for (const id of s.hand) at[id] = { controller: i, flags: 0 };
    for (const row of s.play) at[row[0]] = { controller: i, flags: row[1] };
  });
  return at;
}
// An option text with each card it names ("c12") followed by the card's name, when the viewer may know it.
function optionLine(text, b) {
  const at = whereCards(b), frag = document.createDocumentFragment();
  let last = 0;
  for (const m of text.matchAll(/\bc(\d+)\b/g)) {
    frag.appendChild(document.createTextNode(text.slice(last, m.index + m[0].length)));
    const id = Number(m[1]), w = at[id];
    if (w && id < D.cards.length && canSee(w.controller, w.flags)) {
      const def = cardDef(id);
      const ref = el("span", "ref", " (" + def.name + ")");
      ref.title = def.name + " (" + def.code + "): " + def.summary;
      frag.appendChild(ref);
    }
    last = m.index + m[0].length;
  }
  frag.appendChild(document.createTextNode(text.slice(last)));
  return frag;
}

function eventText(e) { return e.text.length > 1 && viewer >= 0 ? e.text[viewer + 1] : e.text[0]; }

function render() {
  const st = steps[at], b = st.board;
  const board = document.getElementById("board");
  board.replaceChildren(...b.seats.map((_, i) => renderSeat(b, i)));
  const last = steps.length - 1;
  document.getElementById("step-label").textContent = st.seat >= 0 ? "decision " + (at + 1) + " of " + last : "end (" + last + " decisions)";
  document.getElementById("range").value = at;
  const dec = document.getElementById("decision");
  dec.replaceChildren();
  const where = "turn " + b.turn + ", " + seatName(b.current) + "'s turn, phase " + b.phase +
      (b.phase === "actions" ? " (" + b.actions + " actions left)" : "") +
      (b.combat ? ", combat c" + b.combat[0] + " vs c" + b.combat[1] + " (" + b.combat[2] + ")" : "");
  const head = el("h3");
  head.id = "turn-label";
  head.dataset.turn = b.turn;
  head.textContent = where;
  dec.appendChild(head);
  if (st.seat < 0) {
    const r = D.result;
    let end;
    if (r) end = r.winner >= 0 ? seatName(r.winner) + " wins by " + r.reason : "no winner (" + r.reason + ")";
    else end = "the transcript ends here without a result" + (D.problem ? ": " + D.problem : "");
    dec.appendChild(el("p", "end", "End of the match: " + end));
  } else {
    const who = el("p");
    who.id = "decider";
    who.dataset.seat = st.seat;
    who.textContent = seatName(st.seat) + " decides (decision id " + st.id + ")";
    dec.appendChild(who);
    if (viewer < 0 || viewer === st.seat) {
      const ol = el("ol");
      ol.id = "options";
      st.options.forEach((t, k) => {
        const li = el("li", k === st.choice ? "chosen" : null);
        li.dataset.text = t;
        li.appendChild(optionLine(t, b));
        li.value = k;
        ol.appendChild(li);
      });
      dec.appendChild(ol);
      let info = "chose " + st.options[st.choice] + " in " + st.ms + " ms";
      if (st.default) info += " (the referee's default: the bot's answer was refused or late)";
      dec.appendChild(el("p", "timing", info));
      if (st.comment) dec.appendChild(el("p", "comment", "comment: " + st.comment));
      for (const r of st.refused || []) dec.appendChild(el("p", "note", "refused: " + r));
    } else {
      dec.appendChild(el("p", "muted", "its options are not shown to s" + viewer + "; what it did is below as s" + viewer + " saw it"));
    }
  }
  const ul = document.getElementById("events");
  ul.replaceChildren();
  if (at === 0) for (const e of D.opening) ul.appendChild(el("li", "setup", eventText(e)));
  for (const e of st.events || []) ul.appendChild(el("li", null, eventText(e)));
  if (!ul.children.length) ul.appendChild(el("li", "muted", "nothing"));
  const notes = document.getElementById("notes");
  notes.replaceChildren(...(at === last ? D.notes.map(n => el("p", "note", n)) : []));
  history.replaceState(null, "", "#step=" + at + "&view=" + viewer);
}

function go(k) { at = Math.max(0, Math.min(steps.length - 1, k)); render(); }
function goTurn(t) {
  const k = steps.findIndex(s => s.board.turn >= t);
  go(k < 0 ? steps.length - 1 : k);
}

function init() {
  const m = D.match;
  document.getElementById("title").textContent = "dtref replay: match " + m.id + ", " +
      m.bots.map((b, i) => "s" + i + " " + b + " (" + (m.decks[i] || "?") + ")").join(" vs ");
  let sub = "rules " + m.rules + " (first to " + m.target + " P), seed " + m.seed + ", " + D.source;
  if (D.result) sub += "; " + (D.result.winner >= 0 ? "s" + D.result.winner + " wins by " + D.result.reason : "no winner (" + D.result.reason + ")");
  if (!D.complete) sub += "; incomplete transcript";
  document.getElementById("subtitle").textContent = sub;
  const sel = document.getElementById("viewer");
  sel.appendChild(new Option("omniscient", "-1"));
  m.bots.forEach((b, i) => sel.appendChild(new Option("as s" + i + " saw it", String(i))));
  sel.onchange = () => { viewer = Number(sel.value); render(); };
  document.getElementById("range").max = steps.length - 1;
  document.getElementById("range").oninput = e => go(Number(e.target.value));
  document.getElementById("first").onclick = () => go(0);
  document.getElementById("prev").onclick = () => go(at - 1);
  document.getElementById("next").onclick = () => go(at + 1);
  document.getElementById("last").onclick = () => go(steps.length - 1);
  document.getElementById("go").onclick = () => goTurn(Number(document.getElementById("turn").value));
  document.getElementById("turn").onkeydown = e => { if (e.key === "Enter") goTurn(Number(e.target.value)); };
  document.addEventListener("keydown", e => {
    if (e.target.tagName === "INPUT" && e.target.type === "number") return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(steps.length - 1);
  });
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.has("view")) viewer = Math.max(-1, Math.min(m.bots.length - 1, Number(h.get("view")) || 0));
  sel.value = String(viewer);
  go(h.has("step") ? Number(h.get("step")) || 0 : 0);
}
init();
</script>
</body></html>
)PAGE";

}  // namespace dtref
