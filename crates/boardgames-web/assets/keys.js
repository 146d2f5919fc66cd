// Keyboard play (the keys are listed on the page, #keys, and in docs/web.md): a cursor on
// Pente's grid and Abalone's cells, Abalone's directions by number, backgammon's listed
// plays chosen with the arrows, its decisions by letter; h hint, u undo, c computer move,
// s stop the computer's thinking.
"use strict";

const DIRECTION_KEYS = { 1: "E", 2: "NE", 3: "NW", 4: "W", 5: "SW", 6: "SE" };
const DECISION_KEYS = { r: "roll", d: "double", t: "take", p: "drop", b: "beaver", a: "accept", j: "reject" };

let penteCursor = [9, 9];   // Pente: column and row of the cursor (K10)
let cellCursor = "E5";      // Abalone: the cell under the cursor
let chosenDirection = null; // Abalone: the direction chosen for the selection
let chosenPlay = -1;        // backgammon: the listed play chosen
let keysVersion = null;     // the state the choices above were made in

// Whether the key goes to a field being typed in rather than to the board.
function typing(target) {
  if (!target || !target.tagName) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  return target.tagName === "INPUT" && !["button", "checkbox", "radio", "submit"].includes(target.type);
}

// ---- Pente ----

function penteKeys(event) {
  const [col, row] = penteCursor;
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (event.key in steps) {
    const [dc, dr] = steps[event.key];
    const size = state.board.size;
    penteCursor = [Math.max(0, Math.min(size - 1, col + dc)), Math.max(0, Math.min(size - 1, row + dr))];
    markCursor(state);
    return true;
  }
  if (event.key === "Enter" || event.key === " ") {
    const name = pointName(col, row);
    if (myTurn() && state.legal_moves.includes(name)) playMove(name);
    return true;
  }
  return false;
}

// ---- Abalone ----

// The cell next to the cursor seen in the direction of an arrow key, if any.
function abaloneNeighbour(key) {
  const cells = state.board.cells;
  const here = cells.find((c) => c.cell === cellCursor) || cells.find((c) => c.cell === "E5");
  if (!here) return null;
  const [x0] = abaloneXY(here);
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const number = here.number + (key === "ArrowLeft" ? -1 : 1);
    return cells.find((c) => c.row === here.row && c.number === number) || null;
  }
  const row = here.row + (key === "ArrowUp" ? 1 : -1);
  let best = null;
  for (const c of cells.filter((c) => c.row === row)) {
    const distance = Math.abs(abaloneXY(c)[0] - x0);
    if (!best || distance < best[0]) best = [distance, c];
  }
  return best && best[1];
}

function abaloneKeys(event) {
  const board = state.board;
  if (event.key.startsWith("Arrow")) {
    const next = abaloneNeighbour(event.key);
    if (next) cellCursor = next.cell;
    markCursor(state);
    return true;
  }
  if (event.key === " ") {
    const movers = new Set(board.moves.flatMap((m) => m.marbles));
    if (myTurn() && (movers.has(cellCursor) || selection.includes(cellCursor))) {
      chosenDirection = null;
      toggleMarble(cellCursor);
    }
    return true;
  }
  if (event.key in DIRECTION_KEYS) {
    const direction = DIRECTION_KEYS[event.key];
    if (candidateMoves(board).some((m) => m.direction === direction)) chosenDirection = direction;
    markCursor(state);
    return true;
  }
  if (event.key === "Enter") {
    const move = candidateMoves(board).find((m) => m.direction === chosenDirection);
    if (myTurn() && move) playMove(move.move);
    return true;
  }
  if (event.key === "Escape") {
    selection = [];
    chosenDirection = null;
    render(state);
    return true;
  }
  return false;
}

// ---- backgammon ----

function listedPlays() {
  const listed = $("plays").hidden ? $("actions") : $("play-list");
  return Array.from(listed.querySelectorAll("button[data-move]")).filter((b) => !b.disabled);
}

function backgammonKeys(event) {
  const key = event.key.toLowerCase();
  if (key in DECISION_KEYS && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const move = DECISION_KEYS[key];
    if (myTurn() && state.legal_moves.includes(move)) playMove(move);
    return true;
  }
  const plays = listedPlays();
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (plays.length === 0) return true;
    const step = event.key === "ArrowDown" ? 1 : -1;
    chosenPlay = (chosenPlay + step + plays.length) % plays.length;
    markCursor(state);
    plays[chosenPlay].focus();
    return true;
  }
  if (event.key === "Enter" && plays[chosenPlay] && document.activeElement !== plays[chosenPlay]) {
    plays[chosenPlay].click();
    return true;
  }
  return false;
}

// ---- drawing the cursor ----

function markCursor(s) {
  if (!s || replaying) return;
  if (keysVersion !== `${s.id}/${s.version}`) {
    keysVersion = `${s.id}/${s.version}`;
    chosenDirection = null;
    chosenPlay = -1;
  }
  const svg = $("board");
  for (const old of svg.querySelectorAll(".cursor-mark")) old.remove();
  if (s.game === "pente" || s.game === "keryo-pente") {
    const [col, row] = penteCursor;
    const x = 24 + col * 20, y = 24 + (s.board.size - 1 - row) * 20;
    el("rect", { x: x - 10, y: y - 10, width: 20, height: 20, class: "cursor-mark",
      "data-cursor": pointName(col, row) }, svg);
  } else if (s.game === "abalone") {
    const cell = s.board.cells.find((c) => c.cell === cellCursor);
    if (cell) {
      const [x, y] = abaloneXY(cell);
      el("circle", { cx: x, cy: y, r: 21, class: "cursor-mark", "data-cursor": cell.cell }, svg);
    }
    for (const arrow of svg.querySelectorAll(".arrow")) {
      arrow.dataset.chosen = String(arrow.dataset.dir === chosenDirection);
    }
  } else if (s.game === "backgammon") {
    listedPlays().forEach((button, i) => { button.dataset.chosen = String(i === chosenPlay); });
  }
}

// ---- the keys ----

function boardKeys(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (typing(event.target)) return;
  // Enter and Space on a focused button press that button.
  if ((event.key === "Enter" || event.key === " ") && event.target.tagName === "BUTTON") return;
  if (typeof replayKeys === "function" && replayKeys(event)) return;
  if ($("play").hidden || !state) return;
  const shortcuts = { h: "hint", u: "undo", c: "computer-move", s: "stop" };
  const key = event.key.toLowerCase();
  let handled = false;
  if (state.game === "pente" || state.game === "keryo-pente") handled = penteKeys(event);
  else if (state.game === "abalone") handled = abaloneKeys(event);
  else if (state.game === "backgammon") handled = backgammonKeys(event);
  if (!handled && key in shortcuts) {
    const button = $(shortcuts[key]);
    if (!button.disabled && !button.hidden) button.click();
    handled = true;
  }
  if (handled) {
    event.preventDefault();
    document.body.dataset.keys = "true";
  }
}

document.addEventListener("keydown", boardKeys);
// A button clicked with the mouse (not pressed by a key: `detail` 0) gives the focus back to
// the page, so that Space and Enter go on playing on the board rather than press it again.
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (button && event.detail > 0) button.blur();
});
renderHooks.push(markCursor);
