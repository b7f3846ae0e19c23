// The playground's only script: the play page (moves as buttons and board clicks, hint,
// take-back, the derivation) and the game-tree page's step-by-step trace. The server keeps no
// game: every request carries the start (the page's address) and the record so far.
"use strict";

(function () {
  const root = document.getElementById("play");
  if (root) {
    play(root);
  }
  const trace = document.getElementById("trace-player");
  if (trace) {
    stepper(trace);
  }
})();

// The page's words in its language, from the server's message list (`{name}` filled from
// `args`); the message id itself if the list lacks it.
let pageWords = null;
function say(id, args) {
  if (pageWords === null) {
    const box = document.getElementById("messages");
    pageWords = box ? JSON.parse(box.textContent) : {};
  }
  let text = pageWords[id] || id;
  for (const [name, value] of Object.entries(args || {})) {
    text = text.split("{" + name + "}").join(value);
  }
  return text;
}

function play(root) {
  const game = root.dataset.game;
  const $ = (id) => document.getElementById(id);
  const actions = ["record", "play", "move", "undo", "hint", "why"];
  // The start: the page's query string without the actions.
  const params = new URLSearchParams(location.search);
  let record = params.get("record") || "";
  // The page's language, chosen in its address: kept there, not sent to the play API.
  const lang = params.get("lang");
  let start = new URLSearchParams();
  for (const [k, v] of params) {
    if (!actions.includes(k) && k !== "lang") {
      start.append(k, v);
    }
  }
  fillForm(start);
  let state = null;
  let chosen = [];
  let tableReady = false;

  function fillForm(values) {
    const form = $("start");
    for (const [k, v] of values) {
      const field = form.elements[k];
      if (!field) continue;
      if (field.type === "checkbox") field.checked = v === "true";
      else field.value = v;
    }
  }

  function startFromForm() {
    const form = $("start");
    const next = new URLSearchParams();
    for (const field of form.elements) {
      if (!field.name) continue;
      if (field.type === "checkbox") {
        if (field.checked) next.set(field.name, "true");
      } else if (field.value.trim() !== "") {
        next.set(field.name, field.value);
      }
    }
    return next;
  }

  async function request(extra) {
    // A chess table is built on first use: wait for it before the first move is asked, so
    // that the play API is not asked while it would answer 409.
    if (game === "chess" && !tableReady) {
      try {
        await waitForTable();
      } catch (e) {
        // The play API below says what is wrong with the table.
      }
      tableReady = true;
    }
    const q = new URLSearchParams(start);
    if (record) q.set("record", record);
    for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
    // The values in the page's language come back as `words`.
    q.set("lang", document.documentElement.lang || "en");
    $("error").hidden = true;
    const answer = await fetch("/api/play/" + game + "?" + q.toString());
    const body = await answer.json();
    if (answer.status === 409) {
      await waitForTable();
      return request(extra);
    }
    if (!answer.ok) {
      // In the page's language where the server has the message (`words`), else English.
      $("error").textContent = body.words || body.error;
      $("error").hidden = false;
      return null;
    }
    state = body;
    record = body.record;
    const shown = new URLSearchParams(start);
    if (record) shown.set("record", record);
    if (lang) shown.set("lang", lang);
    history.replaceState(null, "", location.pathname + "?" + shown.toString());
    // The language switch keeps the game: the same start and record in another language.
    for (const link of document.querySelectorAll("nav.langs a")) {
      const there = new URLSearchParams(shown);
      there.set("lang", link.hreflang);
      link.href = location.pathname + "?" + there.toString();
    }
    render(extra || {});
    return body;
  }

  async function waitForTable() {
    const name = start.get("table") || "KQK";
    const box = $("progress");
    box.hidden = false;
    for (;;) {
      const answer = await fetch("/api/tables/" + encodeURIComponent(name));
      const s = await answer.json();
      if (!answer.ok || s.state === "failed") {
        box.hidden = true;
        throw new Error(s.error || s.message);
      }
      if (s.state === "ready") {
        box.hidden = true;
        return;
      }
      const bar = box.querySelector("progress");
      bar.value = s.legal ? s.decided / s.legal : 0;
      box.querySelector("span").textContent = s.legal ? Math.round(100 * s.decided / s.legal) + "%" : "";
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  function render(asked) {
    chosen = [];
    // How many answers the page has drawn: scripts and tests wait on it to change.
    root.dataset.answers = String(Number(root.dataset.answers || 0) + 1);
    $("board").innerHTML = (state.words && state.words.board) || state.board || "";
    // The sentences in the page's language come back as `words`, beside the English fields.
    const words = state.words || { moves: [], texts: [] };
    $("position").textContent = words.position || state.position;
    $("syntax").textContent = words.syntax || state.syntax;
    let status;
    if (state.over) {
      status = words.over || state.over;
    } else if (state.turn && state.turn.answer) {
      const said = (state.words && state.words.turn) || {};
      status = say("web-js-played", {
        played: said.played || state.turn.played,
        answer: said.answer || state.turn.answer,
      });
    } else if (state.undone) {
      status = say("web-js-taken-back");
    } else {
      status = state.side
        ? say("web-js-your-move-side", { side: say(state.side === "left" ? "web-play-left" : "web-play-right") })
        : say("web-js-your-move");
    }
    $("status").textContent = status;
    const valueWords = words.value || state.value;
    $("value").textContent = valueWords ? say("web-js-value", { value: valueWords }) : "";
    $("value").className = state.wdl || "";
    $("describe").textContent = words.describe || state.describe || "";
    const list = $("moves");
    list.innerHTML = "";
    state.moves.forEach((m, i) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = m.wdl || "";
      button.dataset.index = i;
      button.dataset.cells = m.cells.join(" ");
      const moveValue = words.moves[i] || m.value;
      const moveText = (words.texts || [])[i] || m.text;
      button.textContent = moveText + (moveValue ? " — " + moveValue : "");
      button.addEventListener("click", () => request({ play: i }));
      item.appendChild(button);
      list.appendChild(item);
    });
    $("hint-text").textContent = asked.hint ? words.hint || state.hint || "" : "";
    const panel = $("why-panel");
    if (asked.why) {
      panel.querySelector("pre").textContent = state.why || say("web-js-no-derivation");
      panel.open = true;
    }
    $("undo").disabled = state.turns === 0;
    $("typed").hidden = !!state.over;
  }

  // A click on the board: keep the cells clicked so far; play the one move that touches them
  // all, or start again from this cell.
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-cell]");
    if (!target || !state || state.over) return;
    const cell = target.dataset.cell;
    const fits = (cells) => state.moves
      .map((m, i) => [m, i])
      .filter(([m]) => cells.every((c) => m.cells.includes(c)));
    let next = chosen.includes(cell) ? chosen : chosen.concat([cell]);
    let candidates = fits(next);
    if (candidates.length === 0) {
      next = [cell];
      candidates = fits(next);
    }
    if (candidates.length === 1) {
      request({ play: candidates[0][1] });
      return;
    }
    chosen = candidates.length === 0 ? [] : next;
    for (const el of $("board").querySelectorAll("[data-cell]")) {
      el.classList.toggle("chosen", chosen.includes(el.dataset.cell));
    }
  });

  $("start").addEventListener("submit", (event) => {
    event.preventDefault();
    start = startFromForm();
    record = "";
    $("why-panel").open = false;
    request({});
  });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const field = $("typed").elements.move;
    request({ move: field.value }).then((s) => {
      if (s) field.value = "";
    });
  });
  $("hint").addEventListener("click", () => request({ hint: "true" }));
  $("undo").addEventListener("click", () => request({ undo: "true" }));
  $("why").addEventListener("click", () => request({ why: "true" }));
  request({}).catch((e) => {
    $("error").textContent = String(e.message || e);
    $("error").hidden = false;
  });
}

// The tree page: the alpha-beta trace shown one line at a time, and on the drawn tree the
// vertex being searched, the values found so far and the branches a cut skipped.
function stepper(box) {
  const pre = box.querySelector("pre");
  const lines = pre.textContent.split("\n");
  pre.textContent = "";
  const spans = lines.map((line) => {
    const span = document.createElement("span");
    span.className = "trace-line";
    span.textContent = line + "\n";
    pre.appendChild(span);
    return span;
  });
  const picture = document.getElementById("tree-picture");
  const nodes = picture ? Array.from(picture.querySelectorAll("[data-node]")) : [];
  const values = picture ? Array.from(picture.querySelectorAll("[data-value]")) : [];
  let at = -1;
  let timer = null;
  const count = document.getElementById("step-count");

  // What the trace says up to line `upto`: the vertex of that line, every vertex reached,
  // the values found and the paths skipped by cuts.
  function replay(upto) {
    const reached = new Set();
    const found = new Map();
    const skipped = [];
    let now = null;
    for (let i = 0; i <= upto; i++) {
      const line = lines[i];
      let m = line.match(/^\s*(?:max|min|leaf) (root|[\d.]+)/);
      if (m) {
        reached.add(m[1]);
        if (i === upto) now = m[1];
      }
      m = line.match(/^\s*(?:max|min) (root|[\d.]+) = (-?\d+)/);
      if (m) found.set(m[1], m[2]);
      m = line.match(/skipped (.*)$/);
      if (m) skipped.push(...m[1].split(",").map((p) => p.trim()));
    }
    return { reached, found, skipped, now };
  }

  function show() {
    spans.forEach((s, i) => {
      s.hidden = at >= 0 && i > at;
      s.classList.toggle("now", i === at);
      s.classList.toggle("done", i < at);
    });
    const state = at < 0 ? { reached: new Set(), found: new Map(), skipped: [], now: null } : replay(at);
    const isCut = (path) => state.skipped.some((p) => path === p || path.startsWith(p + "."));
    for (const el of nodes) {
      const path = el.dataset.node;
      el.classList.toggle("reached", state.reached.has(path));
      el.classList.toggle("now", state.now === path);
      el.classList.toggle("cut", isCut(path));
    }
    for (const el of values) {
      el.textContent = state.found.get(el.dataset.value) || "";
    }
    count.textContent = at < 0 ? "" : "line " + (at + 1) + " of " + spans.length;
  }
  function step() {
    if (at < spans.length - 1) {
      at += 1;
      show();
    } else if (timer) {
      clearInterval(timer);
      timer = null;
    }
  }
  document.getElementById("step").addEventListener("click", step);
  document.getElementById("run").addEventListener("click", () => {
    if (at >= spans.length - 1) at = -1;
    if (at < 0) { at = 0; show(); }
    timer = timer || setInterval(step, 400);
  });
  document.getElementById("reset").addEventListener("click", () => {
    if (timer) { clearInterval(timer); timer = null; }
    at = -1;
    show();
  });
  show();
}
