// The board page: a game chooser, then the board drawn as SVG from the server's state
// (docs/web.md). Each browser tab keeps its own game id (sessionStorage).
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const STORAGE_KEY = "boardgames-web-game";
const PENTE_LETTERS = "ABCDEFGHJKLMNOPQRST";
const ABALONE_FILL = {
  black: "#1b1b1b", white: "#f5f5f5", red: "#c0392b",
  green: "#27ae60", yellow: "#f1c40f", purple: "#8e44ad",
};
const HEX_DIRECTIONS = {
  E: [1, 0], NE: [0.5, -0.866], NW: [-0.5, -0.866],
  W: [-1, 0], SW: [-0.5, 0.866], SE: [0.5, 0.866],
};

let state = null;       // the last state received
let busy = false;       // a request to the server is under way
let selection = [];     // Abalone: the marbles selected
let hinted = null;      // the move of the last hint
let layouts = {};       // Abalone layouts by number of players
let failed = false;     // the last request failed: the computer waits for the person
let replaying = false;  // a record's step is being drawn: nothing on it can be played

const $ = (id) => document.getElementById(id);

// ---- the server ----

async function api(method, url, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const text = await response.text();
  let value = null;
  try { value = text ? JSON.parse(text) : null; } catch (e) { value = null; }
  if (!response.ok) {
    const error = (value && value.error) || { kind: "http", message: response.status + " " + text };
    const failure = new Error(error.message);
    failure.kind = error.kind;
    failure.status = response.status;
    throw failure;
  }
  return value;
}

function showError(error) {
  $("error").textContent = error ? error.message : "";
}

async function guarded(work) {
  if (busy) return;
  busy = true;
  document.body.dataset.busy = "true";
  showError(null);
  try {
    await work();
    failed = false;
  } catch (error) {
    failed = error.kind !== "conflict";
    showError(error);
    if (error.kind === "unknown_id") {
      sessionStorage.removeItem(STORAGE_KEY);
      showChooser(error.message);
    } else if (error.kind === "conflict" && state) {
      try { render(await api("GET", "/api/games/" + state.id)); } catch (e) { showError(e); }
    }
  } finally {
    busy = false;
    document.body.dataset.busy = "false";
    if (state && !$("play").hidden) render(state);
    scheduleComputer();
  }
}

// ---- the chooser ----

function seatCount() {
  const game = $("game").value;
  if (game === "abalone") return Number($("players").value);
  return 2;
}

function seatLabel(game, seat) {
  if (game === "abalone") {
    return ["Black", "White", "Red", "Green", "Yellow", "Purple"][seat];
  }
  if (game === "backgammon") return ["X", "O"][seat];
  return "Player " + (seat + 1) + (seat === 0 ? " (X)" : " (O)");
}

function refreshChooser() {
  const game = $("game").value;
  for (const fieldset of document.querySelectorAll("fieldset[data-for]")) {
    fieldset.hidden = !fieldset.dataset.for.split(" ").includes(game);
  }
  const players = $("players").value;
  const select = $("layout");
  const wanted = layouts[players] || [];
  if (select.dataset.players !== players) {
    select.replaceChildren(...wanted.map((name) => {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name.replace(/_/g, " ");
      return option;
    }));
    select.dataset.players = players;
  }
  const box = $("seat-choices");
  const previous = Array.from(box.querySelectorAll("select")).map((s) => s.value);
  const choices = [];
  for (let seat = 0; seat < seatCount(); seat++) {
    choices.push(seatChoice("seat-", seat, seatLabel(game, seat), previous[seat]));
  }
  box.replaceChildren(...choices);
}

// A seat's choice of player, labelled `name`, its select's id `prefix` and the seat:
// a person, the computer at its default level or at a level 1 to 5; `value` if given,
// else a person in the first seat and the computer in the others.
function seatChoice(prefix, seat, name, value) {
  const label = document.createElement("label");
  label.textContent = name + " ";
  const choice = document.createElement("select");
  choice.id = prefix + seat;
  choice.dataset.seat = seat;
  const options = [["human", "person"], ["computer", "computer (default level)"]];
  for (let level = 1; level <= 5; level++) options.push([String(level), "computer level " + level]);
  for (const [optionValue, text] of options) {
    const option = document.createElement("option");
    option.value = optionValue;
    option.textContent = text;
    choice.appendChild(option);
  }
  choice.value = value || (seat === 0 ? "human" : "computer");
  label.appendChild(choice);
  return label;
}

// The seats chosen in the selects of `box`, as the API takes them.
function chosenSeats(box) {
  return Array.from(box.querySelectorAll("select")).map((s) =>
    s.value === "human" || s.value === "computer" ? s.value : Number(s.value));
}

function newGameRequest() {
  const game = $("game").value;
  const request = { game };
  if (game === "pente" || game === "keryo-pente") {
    request.tournament_rule = $("tournament-rule").checked;
  } else if (game === "abalone") {
    request.players = Number($("players").value);
    if ($("layout").value) request.layout = $("layout").value;
    const moveLimit = Number($("move-limit").value) || 0;
    if (moveLimit > 0) request.move_limit = moveLimit;
    const minutes = Number($("time-limit").value) || 0;
    if (minutes > 0) request.time_limit = Math.round(minutes * 60);
  } else if (game === "backgammon") {
    const length = Number($("match-length").value) || 0;
    if (length > 0) request.match_length = length;
    else {
      request.jacoby = $("jacoby").checked;
      request.beavers = $("beavers").checked;
    }
  }
  request.seats = chosenSeats($("seat-choices"));
  return request;
}

// Shows one of the page's sections: the chooser, a record's form, its replay, or the game.
function showSection(name) {
  for (const id of ["chooser", "open-record", "replay", "play"]) $(id).hidden = id !== name;
  $("show-game").hidden = !state || name === "play";
}

function showChooser(notice) {
  failed = false;
  $("chooser-notice").textContent = notice || "";
  showSection("chooser");
  $("show-chooser").hidden = state === null;
}

// ---- drawing ----

function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, content, className) {
  const node = el("text", { x, y, class: className || "coord" }, parent);
  node.textContent = content;
  return node;
}

function myTurn() {
  return state && state.turn.kind === "seat" && !state.computer_to_move && !busy && !replaying;
}

function playMove(move) {
  if (!state) return;
  guarded(async () => {
    const next = await api("POST", "/api/games/" + state.id + "/moves", { move, version: state.version });
    $("engine-text").textContent = "";
    render(next);
  });
}

// ---- Pente ----

function pointName(col, row) {
  return PENTE_LETTERS[col] + (row + 1);
}

function drawPente(svg, board) {
  const step = 20, margin = 24, size = board.size;
  const span = margin * 2 + step * (size - 1);
  svg.setAttribute("viewBox", "0 0 " + span + " " + span);
  svg.dataset.captures = board.captures.join(" ");
  el("rect", { x: 0, y: 0, width: span, height: span, fill: "#e3c07a" }, svg);
  const at = (col, row) => [margin + col * step, margin + (size - 1 - row) * step];
  for (let i = 0; i < size; i++) {
    const [x0, y0] = at(i, 0), [x1, y1] = at(i, size - 1);
    el("line", { x1: x0, y1: y0, x2: x1, y2: y1, class: "grid-line" }, svg);
    const [a0, b0] = at(0, i), [a1, b1] = at(size - 1, i);
    el("line", { x1: a0, y1: b0, x2: a1, y2: b1, class: "grid-line" }, svg);
    text(svg, x0, y0 + 14, PENTE_LETTERS[i]);
    text(svg, a0 - 14, b0, String(i + 1));
  }
  const [cx, cy] = at(9, 9);
  el("circle", { cx, cy, r: 3, fill: "#5a4630" }, svg);
  const legal = new Set(state.legal_moves);
  const stones = new Map(board.stones.map((s) => [s.point, s.seat]));
  for (let col = 0; col < size; col++) {
    for (let row = 0; row < size; row++) {
      const name = pointName(col, row);
      const [x, y] = at(col, row);
      if (stones.has(name)) {
        el("circle", { cx: x, cy: y, r: 8.5, class: "stone-" + stones.get(name),
          "data-point": name, "data-stone": stones.get(name) }, svg);
        if (board.last === name) el("circle", { cx: x, cy: y, r: 4, class: "last-mark", "data-last": "true" }, svg);
      } else {
        const spot = el("circle", { cx: x, cy: y, r: 9, class: legal.has(name) && myTurn() ? "legal-point" : "",
          fill: "transparent", "data-point": name }, svg);
        if (legal.has(name)) {
          spot.dataset.legal = "true";
          // A step of a record shown in the replay is looked at, not played on.
          if (!replaying) spot.addEventListener("click", () => { if (myTurn()) playMove(name); });
        }
        if (board.captured.includes(name)) {
          el("path", { d: `M${x - 5} ${y - 5}L${x + 5} ${y + 5}M${x + 5} ${y - 5}L${x - 5} ${y + 5}`,
            class: "captured-mark", "data-captured": name }, svg);
        }
        if (hinted === name) el("circle", { cx: x, cy: y, r: 9, class: "hint-mark", "data-hinted": "true" }, svg);
      }
    }
  }
}

function pente_info(board) {
  const [x, o] = board.captures;
  return [
    `${board.variant === "keryo-pente" ? "Keryo-Pente" : "Pente"}${board.tournament_rule ? ", tournament rule" : ""}`,
    `Captured stones: X ${x}, O ${o} (${board.captures_to_win} win)`,
  ];
}

// ---- Abalone ----

function abaloneXY(cell) {
  const unit = 44;
  const x = cell.number - 0.5 * cell.row;
  return [60 + (x + 1) * unit, 40 + (8 - cell.row) * unit * 0.866];
}

function sameSet(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function candidateMoves(board) {
  if (selection.length === 0) return [];
  return board.moves.filter((m) => sameSet(m.marbles, selection)
    || (selection.length === 1 && !m.broadside && m.marbles[0] === selection[0]));
}

// The arrow of a move: from beside the marble that leads in its direction (so that it
// never lies over the moving marbles) towards the next cell.
function abaloneArrow(cells, move) {
  const [dx, dy] = HEX_DIRECTIONS[move.direction];
  const points = move.marbles.map((name) => abaloneXY(cells.get(name)));
  let [x, y] = points[0];
  if (move.broadside) {
    x = points.reduce((s, p) => s + p[0], 0) / points.length;
    y = points.reduce((s, p) => s + p[1], 0) / points.length;
  } else {
    for (const p of points) if (p[0] * dx + p[1] * dy > x * dx + y * dy) [x, y] = p;
  }
  // Short of the next cell's centre, where a target may be drawn.
  return { x1: x + dx * 20, y1: y + dy * 20, x2: x + dx * 35, y2: y + dy * 35 };
}

function drawAbalone(svg, board) {
  svg.setAttribute("viewBox", "0 0 472 390");
  svg.dataset.ejected = board.ejected.join(" ");
  svg.dataset.lost = board.lost.join(" ");
  el("polygon", { points: "104,13 368,13 456,195 368,377 104,377 16,195", fill: "#6b4f2a" }, svg);
  // The coordinates moves are written in: each row's letter left of it (A at the bottom),
  // each diagonal's number below its lowest cell.
  for (let row = 0; row < 9; row++) {
    const [x, y] = abaloneXY({ row, number: Math.max(1, row - 3) - 0.6 });
    text(svg, x, y + 4, "ABCDEFGHI"[row], "coord abalone-coord").dataset.row = "ABCDEFGHI"[row];
  }
  for (let number = 1; number <= 9; number++) {
    const [x, y] = abaloneXY({ row: Math.max(0, number - 5) - 0.55, number });
    text(svg, x, y + 4, String(number), "coord abalone-coord").dataset.diagonal = String(number);
  }
  const seat = state.turn.seat;
  const cells = new Map(board.cells.map((c) => [c.cell, c]));
  const movers = new Set(board.moves.flatMap((m) => m.marbles));
  const candidates = myTurn() ? candidateMoves(board) : [];
  // A cell is a target of the one move that ends there; a cell two moves share (a
  // broadside and an in-line move of the same marbles) is left to the arrows.
  const targets = new Map();
  const shared = new Set();
  for (const m of candidates) {
    for (const t of m.targets) {
      if (targets.has(t) && targets.get(t) !== m.move) shared.add(t);
      else targets.set(t, m.move);
    }
  }
  for (const t of shared) targets.delete(t);
  const lastTargets = board.last ? board.last.targets : [];
  const hint = hinted ? board.moves.find((m) => m.move === hinted) : null;
  // The marbles the person can select, drawn again above the targets and arrows.
  const selectable = [];
  for (const c of board.cells) {
    const [x, y] = abaloneXY(c);
    el("circle", { cx: x, cy: y, r: 19, class: "hole", "data-cell": c.cell }, svg);
    if (c.owner !== null) {
      const colour = board.colours[c.owner];
      const marble = el("circle", { cx: x, cy: y, r: 17, class: "marble", fill: ABALONE_FILL[colour],
        "data-cell": c.cell, "data-owner": c.owner }, svg);
      if (selection.includes(c.cell)) marble.classList.add("selected");
      if (myTurn() && c.owner === seat && movers.has(c.cell)) {
        marble.classList.add("selectable");
        marble.addEventListener("click", () => toggleMarble(c.cell));
        selectable.push(marble);
      }
    }
    if (lastTargets.includes(c.cell)) {
      el("circle", { cx: x, cy: y, r: 5, class: "last-mark", "data-last": "true" }, svg);
    }
    // A cell one of the person's own marbles stands on is selected by a click, not played to.
    const own = c.owner !== null && c.owner === seat;
    if (targets.has(c.cell) && !selection.includes(c.cell) && !own) {
      const spot = el("circle", { cx: x, cy: y, r: 9, class: "target", "data-target": c.cell,
        "data-move": targets.get(c.cell) }, svg);
      spot.addEventListener("click", () => playMove(targets.get(c.cell)));
    }
  }
  // An arrow per direction the selection can move in.
  for (const m of candidates) {
    const line = abaloneArrow(cells, m);
    const group = el("g", { class: "arrow", "data-dir": m.direction, "data-move": m.move }, svg);
    el("line", line, group);
    el("circle", { cx: line.x2, cy: line.y2, r: 5 }, group);
    group.addEventListener("click", () => playMove(m.move));
  }
  for (const marble of selectable) svg.appendChild(marble);
  // The hint, whatever is selected: a ring on each of its marbles and its direction's arrow.
  if (hint) {
    for (const name of hint.marbles) {
      const [x, y] = abaloneXY(cells.get(name));
      el("circle", { cx: x, cy: y, r: 21, class: "hint-mark", "data-hint-marble": name,
        "data-hinted": "true" }, svg);
    }
    const line = abaloneArrow(cells, hint);
    const group = el("g", { class: "hint-mark hint-arrow", "data-hint-dir": hint.direction,
      "data-hinted": "true" }, svg);
    el("line", line, group);
    el("circle", { cx: line.x2, cy: line.y2, r: 4 }, group);
  }
  $("actions").replaceChildren(...candidates.map((m) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.move = m.move;
    button.textContent = `${m.move} (${m.direction}${m.ejects ? ", ejects" : m.pushed ? ", sumito" : ""})`;
    button.addEventListener("click", () => playMove(m.move));
    return button;
  }));
}

function toggleMarble(cell) {
  if (selection.includes(cell)) selection = selection.filter((c) => c !== cell);
  else if (selection.length < 3) selection = selection.concat([cell]);
  else selection = [cell];
  render(state);
}

function abalone_info(board) {
  const lines = board.colours.map((colour, seat) =>
    `${colour}: ejected ${board.ejected[seat]}, lost ${board.lost[seat]}`);
  if (board.players >= 4) {
    // Who plays with whom: each team's colours, and what it ejected.
    lines.push(...board.team_ejected.map((n, team) => {
      const colours = board.colours.map((_, seat) => seatLabel("abalone", seat))
        .filter((_, seat) => board.teams[seat] === team);
      return `Team ${team + 1} (${colours.join(", ")}): ejected ${n}`;
    }));
  }
  lines.push("Six ejected win. Click 1 to 3 of your marbles, then an arrow or a highlighted cell.");
  return lines;
}

// ---- backgammon ----

const BG = { w: 32, bar: 40, left: 10, top: 10, bottom: 390, depth: 150, r: 13 };

function bgColumnX(column) {
  const base = BG.left + column * BG.w + (column >= 6 ? BG.bar : 0);
  return base + BG.w / 2;
}

function bgPointPlace(point) {
  // Top row: 13..24 left to right; bottom row: 12..1 left to right.
  if (point >= 13) return { x: bgColumnX(point - 13), top: true };
  return { x: bgColumnX(12 - point), top: false };
}

function drawCheckers(svg, x, top, count, side, where) {
  const shown = Math.min(count, 5);
  for (let i = 0; i < shown; i++) {
    const y = top ? BG.top + BG.r + i * 2 * BG.r : BG.bottom - BG.r - i * 2 * BG.r;
    el("circle", { cx: x, cy: y, r: BG.r - 1, class: "checker-" + side, "data-checker": side,
      "data-where": where }, svg);
    if (i === shown - 1 && count > 5) {
      text(svg, x, y, String(count), "checker-count").setAttribute("fill", side === "x" ? "#000" : "#fff");
    }
  }
}

function drawDie(svg, x, y, value, side) {
  el("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 4, class: "die", "data-die": value,
    "data-side": side }, svg);
  const spots = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  }[value] || [];
  for (const [dx, dy] of spots) el("circle", { cx: x + dx * 7, cy: y + dy * 7, r: 2.5, class: "pip" }, svg);
}

// The side whose view the board is drawn from: O when O is the only side a person plays,
// else X. That side's home board is at the bottom right and its points carry its numbers,
// the numbers its plays are written in.
function bgViewer() {
  if (replaying || !state || !state.seats) return "x";
  const human = (seat) => state.seats.some((s) => s.seat === seat && s.player === "human");
  return human(1) && !human(0) ? "o" : "x";
}

// The numbering on the points: the viewer's, except in a game of two people at one board,
// where the numbers follow the side on roll, whose plays are listed in its own numbering
// (the board stays drawn from X's side).
function bgNumbering(board, own) {
  if (replaying || !state || !state.seats) return own;
  const people = state.seats.filter((s) => s.player === "human").length;
  return people === 2 && (board.on_roll === "x" || board.on_roll === "o") ? board.on_roll : own;
}

function drawBackgammon(svg, board) {
  const width = BG.left * 2 + 12 * BG.w + BG.bar + 50;
  svg.setAttribute("viewBox", `0 0 ${width} 400`);
  svg.dataset.score = board.score.join(" ");
  svg.dataset.phase = board.phase;
  const own = bgViewer();
  const other = own === "x" ? "o" : "x";
  svg.dataset.view = own;
  const numbering = bgNumbering(board, own);
  svg.dataset.numbering = numbering;
  el("rect", { x: 0, y: 0, width, height: 400, class: "bg-board" }, svg);
  const barX = BG.left + 6 * BG.w;
  const bar = el("g", { class: "bg-column", "data-column": "bar" }, svg);
  el("rect", { x: barX, y: 0, width: BG.bar, height: 400, class: "bg-bar", "data-point": "bar",
    "data-x": board.bar.x, "data-o": board.bar.o }, bar);
  const marked = new Set();
  if (board.last) for (const s of board.last.steps) { marked.add(s.from); marked.add(s.to); }
  // Each point a column: its triangle, its checkers and its number, all a click's target
  // (a click lists only the plays from that point).
  const filterBy = (name) => {
    if (replaying) return () => {};
    return () => { $("play-filter").value = name; drawPlays(); };
  };
  for (const p of board.points) {
    // The point in the viewer's numbering (the API's is X's).
    const shown = own === "x" ? p.point : 25 - p.point;
    const { x, top } = bgPointPlace(shown);
    const tip = top ? BG.top + BG.depth : BG.bottom - BG.depth;
    const base = top ? BG.top : BG.bottom;
    const column = el("g", { class: "bg-column", "data-column": String(p.point) }, svg);
    el("rect", { x: x - BG.w / 2, y: top ? 0 : BG.bottom - BG.depth - 20, width: BG.w,
      height: BG.depth + 30, fill: "transparent" }, column);
    const shape = el("polygon", {
      points: `${x - BG.w / 2 + 1},${base} ${x + BG.w / 2 - 1},${base} ${x},${tip}`,
      class: "bg-point bg-point-" + (shown % 2), "data-point": String(p.point),
      "data-x": p.x, "data-o": p.o,
    }, column);
    if (marked.has(String(p.point))) shape.classList.add("marked");
    column.addEventListener("click", filterBy(String(p.point)));
    const label = numbering === "x" ? p.point : 25 - p.point;
    text(column, x, top ? BG.top + BG.depth + 10 : BG.bottom - BG.depth - 10, String(label)).style.fill = "#e8e8e8";
    if (p.x > 0) drawCheckers(column, x, top, p.x, "x", String(p.point));
    if (p.o > 0) drawCheckers(column, x, top, p.o, "o", String(p.point));
  }
  // The bar: the viewer's checkers wait in the top half (they enter in the top right, the
  // other side's home board), the other side's below.
  bar.addEventListener("click", filterBy("bar"));
  drawCheckers(bar, barX + BG.bar / 2, true, board.bar[own], own, "bar");
  drawCheckers(bar, barX + BG.bar / 2, false, board.bar[other], other, "bar");
  // Borne off: the viewer's home is the bottom right, the other side's the top right.
  const offX = width - 30;
  el("rect", { x: offX - 18, y: BG.top, width: 36, height: 380, fill: "#1e3d26", "data-point": "off",
    "data-x": board.off.x, "data-o": board.off.o }, svg);
  text(svg, offX, 390 - 12, own.toUpperCase() + " " + board.off[own], "checker-count").setAttribute("fill", "#fff");
  text(svg, offX, 22, other.toUpperCase() + " " + board.off[other], "checker-count").setAttribute("fill", "#fff");
  // The dice of the side on roll, between the rows of point numbers: the viewer's in the
  // right half of the board, the other side's in the left.
  if (board.dice) {
    const half = board.on_roll === own ? BG.left + 6 * BG.w + BG.bar : BG.left;
    const x0 = half + 3 * BG.w - 17;
    drawDie(svg, x0, 200, board.dice[0], board.on_roll);
    drawDie(svg, x0 + 34, 200, board.dice[1], board.on_roll);
  }
  // The cube: centred in the middle of the bar (between the checkers waiting there); owned,
  // in the borne-off tray on its owner's side, clear of every checker.
  const cubeX = board.cube.owner ? offX : barX + BG.bar / 2;
  const cubeY = board.cube.owner === other ? 120 : board.cube.owner === own ? 280 : 200;
  const cube = el("rect", { x: cubeX - 15, y: cubeY - 15, width: 30, height: 30, rx: 3, class: "cube",
    "data-value": board.cube.value, "data-owner": board.cube.owner || "centre" }, svg);
  if (!replaying) cube.id = "cube";
  text(svg, cubeX, cubeY, String(board.cube.value === 1 ? 64 : board.cube.value), "cube-text");
  drawBackgammonControls(board);
}

function drawBackgammonControls(board) {
  const actions = [];
  for (const play of board.plays) {
    if (play.steps.length === 0 && play.move !== "pass") {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.move = play.move;
      button.textContent = play.move;
      button.disabled = !myTurn();
      button.addEventListener("click", () => playMove(play.move));
      actions.push(button);
    }
  }
  $("actions").replaceChildren(...actions);
  $("plays").hidden = board.phase !== "to_play";
  drawPlays();
}

function drawPlays() {
  if (!state || state.game !== "backgammon") return;
  const board = state.board;
  const filter = $("play-filter").value.trim().toLowerCase();
  const items = board.plays
    .filter((p) => p.steps.length > 0 || p.move === "pass")
    .filter((p) => !filter || p.steps.some((s) => s.from === filter))
    .map((p) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.move = p.move;
      button.textContent = p.move;
      button.disabled = !myTurn();
      if (hinted === p.move) button.classList.add("hinted");
      button.addEventListener("click", () => playMove(p.move));
      item.appendChild(button);
      return item;
    });
  $("play-list").replaceChildren(...items);
}

function backgammon_info(board) {
  const lines = [];
  const end = board.game_ended;
  if (end) {
    lines.push(`${end.winner.toUpperCase()} won the last game: ${end.points} point${end.points === 1 ? "" : "s"} (${end.how})`);
  }
  lines.push(board.match_length > 0
    ? `Match to ${board.match_length}: X ${board.score[0]}, O ${board.score[1]}${board.crawford ? " (Crawford game)" : ""}`
    : `Money game: X ${board.score[0]}, O ${board.score[1]}`);
  lines.push(`Pip count: X ${board.pips.x}, O ${board.pips.o}`);
  lines.push(`Cube: ${board.cube.value}${board.cube.owner ? ", owned by " + board.cube.owner.toUpperCase() : ", centred"}`);
  lines.push(`On the bar: X ${board.bar.x}, O ${board.bar.o}; borne off: X ${board.off.x}, O ${board.off.o}`);
  if (board.dice) lines.push(`Dice: ${board.dice[0]}-${board.dice[1]}`);
  return lines;
}

// ---- the whole page ----

function render(next) {
  if (!next) return;
  if (!state || state.id !== next.id) $("engine-text").textContent = "";
  if (!state || state.id !== next.id || state.version !== next.version) {
    hinted = null;
    selection = [];
    $("play-filter").value = "";
    $("hint-text").textContent = "";
    delete $("hint-text").dataset.move;
    delete $("hint-text").dataset.hinted;
    $("hint-details").textContent = "";
  }
  state = next;
  sessionStorage.setItem(STORAGE_KEY, state.id);
  showSection("play");
  $("show-chooser").hidden = false;
  const status = $("status");
  status.textContent = state.status;
  status.dataset.turn = state.turn.kind === "seat" ? String(state.turn.seat) : state.turn.kind;
  status.dataset.over = String(state.turn.kind === "over");
  $("seats").replaceChildren(...state.seats.map((s) => {
    const item = document.createElement("li");
    item.dataset.seat = s.seat;
    item.dataset.player = s.player;
    item.dataset.toMove = String(state.turn.kind === "seat" && state.turn.seat === s.seat);
    item.textContent = `${s.name}: ${s.player === "human" ? "person" : "computer" + (s.level ? " " + s.level : "")}`;
    return item;
  }));
  const svg = $("board");
  svg.replaceChildren();
  svg.dataset.game = state.game;
  svg.dataset.version = state.version;
  for (const key of ["captures", "ejected", "lost", "score", "phase"]) delete svg.dataset[key];
  $("actions").replaceChildren();
  $("plays").hidden = true;
  let info = [];
  if (state.game === "pente" || state.game === "keryo-pente") {
    drawPente(svg, state.board);
    info = pente_info(state.board);
  } else if (state.game === "abalone") {
    drawAbalone(svg, state.board);
    info = abalone_info(state.board);
  } else if (state.game === "backgammon") {
    drawBackgammon(svg, state.board);
    info = backgammon_info(state.board);
  }
  if (state.last_move) info.push(`Last move: ${state.last_move.text}`);
  for (const told of state.unplayable || []) info.push(told);
  $("info").replaceChildren(...info.map((line) => {
    const div = document.createElement("div");
    div.textContent = line;
    return div;
  }));
  $("undo").disabled = !state.can_undo;
  $("hint").disabled = state.turn.kind !== "seat";
  $("computer-move").disabled = state.turn.kind !== "seat";
  $("save").href = "/api/games/" + state.id + "/record";
  $("history").replaceChildren(...state.history.map((step) => {
    const item = document.createElement("li");
    item.textContent = step;
    return item;
  }));
  for (const node of document.querySelectorAll("[data-move]")) {
    if (node.dataset.move === hinted) node.dataset.hinted = "true";
  }
  // What the other scripts add to the game's view: the keyboard's cursor, the clocks.
  for (const hook of renderHooks) hook(state);
}

// Functions called with the state after each drawing of the game.
const renderHooks = [];

let computerTimer = null;

function scheduleComputer() {
  if (computerTimer !== null || !state || !state.computer_to_move || busy || failed) return;
  computerTimer = setTimeout(() => {
    computerTimer = null;
    if (state && state.computer_to_move) computerMove();
  }, 250);
}

// The engine's work for the game: the Stop button shown while it thinks.
async function thinking(work) {
  $("stop").hidden = false;
  try {
    return await work();
  } finally {
    $("stop").hidden = true;
  }
}

function computerMove() {
  guarded(async () => {
    const answer = await thinking(() => api("POST", "/api/games/" + state.id + "/computer"));
    $("engine-text").textContent = `Computer (level ${answer.engine.level}): ${answer.engine.move}, ${answer.engine.describe}`;
    render(answer.state);
  });
}

async function loadLayouts() {
  try {
    const offer = await api("GET", "/api/games");
    for (const [players, names] of offer.abalone_layouts) layouts[players] = names;
  } catch (error) {
    showError(error);
  }
  refreshChooser();
}

function start() {
  for (const id of ["game", "players"]) $(id).addEventListener("change", refreshChooser);
  $("new-game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(async () => { render(await api("POST", "/api/games", newGameRequest())); });
  });
  $("show-chooser").addEventListener("click", showChooser);
  $("show-game").addEventListener("click", () => { if (state) render(state); });
  $("play-filter").addEventListener("input", drawPlays);
  $("hint").addEventListener("click", () => guarded(async () => {
    const answer = await thinking(() => api("GET", "/api/games/" + state.id + "/hint"));
    hinted = answer.hint.move;
    $("hint-text").textContent = `Hint: ${answer.hint.move} (${answer.hint.describe})`;
    $("hint-text").dataset.move = answer.hint.move;
    showHintDetails(answer.hint);
    render(state);
  }));
  $("computer-move").addEventListener("click", () => { if (state) computerMove(); });
  // Not guarded: it is sent while the request of the search is under way.
  $("stop").addEventListener("click", async () => {
    if (!state) return;
    try { await api("POST", "/api/games/" + state.id + "/stop"); } catch (error) { showError(error); }
  });
  $("undo").addEventListener("click", () => guarded(async () => {
    render(await api("POST", "/api/games/" + state.id + "/undo"));
    $("hint-text").textContent = "";
    $("hint-details").textContent = "";
    $("engine-text").textContent = "";
  }));
  loadLayouts();
  openAtStart();
  window.addEventListener("hashchange", openAtStart);
}

// The game of the link (`#game=ID`) in this tab, else the tab's own game (kept for a bad
// link), else the chooser; either says why a game asked for is not there.
async function openAtStart() {
  const linked = new URLSearchParams(location.hash.slice(1)).get("game");
  const saved = sessionStorage.getItem(STORAGE_KEY);
  const notices = [];
  for (const id of new Set([linked, saved])) {
    if (!id) continue;
    try {
      render(await api("GET", "/api/games/" + encodeURIComponent(id)));
      if (notices.length) showError({ message: notices.join(" ") });
      return;
    } catch (error) {
      if (id === saved) sessionStorage.removeItem(STORAGE_KEY);
      notices.push(error.message);
    }
  }
  showChooser(notices.join(" "));
}

start();

// The hint's details: the engine's line (Pente, Abalone), the plays ranked with their
// equities and the cube decision's equities (backgammon).
function showHintDetails(hint) {
  const box = $("hint-details");
  box.textContent = "";
  const add = (name, attributes, parent) => {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    parent.appendChild(node);
    return node;
  };
  if (hint.line && hint.line.length > 1) {
    add("div", { "data-line": hint.line.join(" ") }, box).textContent = "Line: " + hint.line.join(" ");
  }
  if (hint.cube) {
    const c = hint.cube;
    const f = (x) => (x >= 0 ? "+" : "") + x.toFixed(3);
    add("div", { "data-cube-action": c.action }, box).textContent =
      `Cube: ${c.action} (no double ${f(c.no_double)}, double/take ${f(c.double_take)}, double/pass ${f(c.double_drop)})`;
  }
  if (hint.ranked && hint.ranked.length) {
    const list = add("ol", { class: "ranked" }, box);
    const best = hint.ranked[0].equity;
    const signed = (x) => (x >= 0 ? "+" : "") + x.toFixed(3);
    hint.ranked.slice(0, 5).forEach((r, i) => {
      // Plays looked at deeper rank first (as GNU Backgammon ranks them): each says how deep.
      add("li", { "data-ranked-move": r.move, "data-equity": r.equity, "data-plies": r.plies }, list)
        .textContent = `${r.move}  ${signed(r.equity)}` + (i > 0 ? ` (${signed(r.equity - best)})` : "")
          + `  ${r.plies}-ply`;
    });
  }
}
