// Records (docs/web.md): a record file opened by upload or paste, stepped through (buttons,
// arrow keys, slider, move list), a new game continued from the step shown, and for
// backgammon the analysis of every decision drawn as a chart. Uses app.js's drawing.
"use strict";

let replay = null;       // the summary of the record open
let replayStep = 0;      // the step shown
let replayWanted = 0;    // the step last asked for: where the next step is counted from
let replayView = null;   // its state
let replayAsked = 0;     // counts the steps asked for: only the last answer is drawn
let analysis = null;     // the analysis of the record open, once made

function replayError(error) {
  $("replay-error").textContent = error ? error.message : "";
}

// ---- opening ----

async function openRecord(game, text) {
  replay = await api("POST", "/api/records", { game, text });
  analysis = null;
  $("analysis").hidden = true;
  $("analysis-chart").replaceChildren();
  $("analysis-players").replaceChildren();
  showSection("replay");
  drawReplayLists();
  $("analyse").hidden = $("analysis-level-label").hidden = !replay.can_analyse;
  await goStep(0);
}

function showRecordForm() {
  showSection("open-record");
  $("record-error").textContent = "";
  if (state && state.game) $("record-game").value = state.game;
}

async function submitRecord(event) {
  event.preventDefault();
  $("record-error").textContent = "";
  try {
    const file = $("record-file").files[0];
    const text = file ? await file.text() : $("record-text").value;
    await openRecord($("record-game").value, text);
    // The next record opened is the one then chosen or pasted, not this file again.
    $("record-file").value = "";
  } catch (error) {
    $("record-error").textContent = error.message;
    $("record-error").dataset.kind = error.kind || "";
    // A file refused is not chosen any more: the text pasted next is what opens.
    $("record-file").value = "";
  }
}

// The game being played, opened as a record (and analysed, for backgammon).
async function replayGame(analyse) {
  if (!state) return;
  try {
    const response = await fetch("/api/games/" + state.id + "/record");
    const text = await response.text();
    if (!response.ok) throw new Error(text);
    await openRecord(state.game, text);
    if (analyse && replay.can_analyse) await runAnalysis();
  } catch (error) {
    showError(error);
  }
}

// ---- stepping ----

function drawReplayLists() {
  const last = replay.steps - 1;
  const slider = $("replay-slider");
  slider.max = String(last);
  slider.value = "0";
  const choice = $("replay-record");
  choice.replaceChildren(...replay.records.map((r, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = r.label;
    return option;
  }));
  $("replay-record-label").hidden = replay.records.length < 2;
  $("replay-moves").replaceChildren(...replay.moves.map((m) => {
    const item = document.createElement("li");
    item.dataset.step = m.step;
    item.dataset.kind = m.kind;
    item.textContent = m.kind === "move" ? `${m.text}` : `(${m.text})`;
    item.value = m.step;
    item.addEventListener("click", () => goStep(m.step));
    return item;
  }));
}

async function goStep(k) {
  if (!replay) return;
  const step = Math.max(0, Math.min(replay.steps - 1, k));
  const asked = ++replayAsked;
  replayWanted = step;
  replayError(null);
  try {
    const view = await api("GET", `/api/records/${replay.id}/steps/${step}`);
    if (asked !== replayAsked) return;
    replayStep = step;
    replayView = view;
    drawReplay();
  } catch (error) {
    if (asked === replayAsked) replayWanted = replayStep;
    replayError(error);
  }
}

function drawReplay() {
  const view = replayView;
  const svg = $("replay-board");
  svg.replaceChildren();
  svg.dataset.game = view.game;
  svg.dataset.step = replayStep;
  // app.js draws from its globals: the step's state stands in for the game's meanwhile.
  const saved = [state, hinted, selection];
  let info = [];
  state = view; hinted = null; selection = []; replaying = true;
  try {
    if (view.game === "pente" || view.game === "keryo-pente") {
      drawPente(svg, view.board);
      info = pente_info(view.board);
    } else if (view.game === "abalone") {
      drawAbalone(svg, view.board);
      info = abalone_info(view.board).slice(0, -1);
    } else if (view.game === "backgammon") {
      drawBackgammon(svg, view.board);
      info = backgammon_info(view.board);
    }
  } finally {
    [state, hinted, selection] = saved;
    replaying = false;
    if (state && !$("play").hidden) render(state);
  }
  if (view.last_move) info.push(`Last move: ${view.last_move.text}`);
  $("replay-info").replaceChildren(...info.map((line) => {
    const div = document.createElement("div");
    div.textContent = line;
    return div;
  }));
  $("replay-status").textContent = view.status;
  $("replay-status").dataset.step = replayStep;
  $("replay-step").textContent = `Step ${replayStep} of ${replay.steps - 1}`;
  $("replay-slider").value = String(replayStep);
  $("replay-first").disabled = $("replay-prev").disabled = replayStep === 0;
  $("replay-last").disabled = $("replay-next").disabled = replayStep === replay.steps - 1;
  const record = replay.records.findIndex((r) => r.first <= replayStep && replayStep <= r.last);
  if (record >= 0) $("replay-record").value = String(record);
  for (const item of $("replay-moves").children) {
    const current = Number(item.dataset.step) === replayStep;
    item.dataset.current = String(current);
    if (current) {
      item.setAttribute("aria-current", "step");
      item.scrollIntoView({ block: "nearest" });
    } else {
      item.removeAttribute("aria-current");
    }
  }
  for (const point of $("analysis-chart").querySelectorAll("[data-decision]")) {
    point.dataset.current = String(Number(point.dataset.step) === replayStep);
  }
  drawContinueSeats(view);
  $("replay-continue").disabled = view.turn.kind === "over";
}

// Seats for "continue from here", chosen as in the chooser.
function drawContinueSeats(view) {
  const box = $("replay-seats");
  if (box.children.length === view.seats.length && box.dataset.game === view.game) return;
  box.dataset.game = view.game;
  box.replaceChildren(...view.seats.map((s) => seatChoice("replay-seat-", s.seat, s.name)));
}

async function continueFromHere() {
  if (!replay) return;
  const seats = chosenSeats($("replay-seats"));
  try {
    const game = await api("POST", `/api/records/${replay.id}/continue`, { step: replayStep, seats });
    render(game);
    scheduleComputer();
  } catch (error) {
    replayError(error);
  }
}

// ---- the analysis (backgammon) ----

async function runAnalysis() {
  if (!replay) return;
  $("analyse").disabled = true;
  $("replay-status").textContent = "Analysing...";
  try {
    const level = $("analysis-level").value;
    analysis = await api("GET", `/api/records/${replay.id}/analysis?level=${level}`);
    drawAnalysis();
  } catch (error) {
    replayError(error);
  } finally {
    $("analyse").disabled = false;
    if (replayView) $("replay-status").textContent = replayView.status;
  }
}

function drawAnalysis() {
  const svg = $("analysis-chart");
  svg.replaceChildren();
  // One lane a player, one above the other: a title row (the player's name), then the plot
  // (the equity lost upwards from its base line, the scale at its left), then a gap, so that
  // no label of a lane meets another lane's.
  const width = 900, head = 20, plot = 80, gap = 24, top = 4, left = 60, right = 20;
  const lane = head + plot + gap;
  const height = top + 2 * lane + 20;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const points = analysis.decisions;
  const most = Math.max(0.2, ...points.map((d) => d.equity_lost));
  const span = width - left - right;
  const xOf = (n) => left + (points.length > 1 ? n * span / (points.length - 1) : span / 2);
  const baseOf = (player) => top + player * lane + head + plot;
  for (const p of analysis.players) {
    const base = baseOf(p.player);
    el("line", { x1: left, y1: base, x2: width - right, y2: base, class: "chart-axis" }, svg);
    el("line", { x1: left, y1: base, x2: left, y2: base - plot, class: "chart-axis" }, svg);
    text(svg, left, base - plot - 8, `${p.name} (${p.side.toUpperCase()})`, "chart-label").setAttribute("text-anchor", "start");
    text(svg, left - 4, base - plot + 4, most.toFixed(2), "chart-label").setAttribute("text-anchor", "end");
    text(svg, left - 4, base + 4, "0", "chart-label").setAttribute("text-anchor", "end");
  }
  for (const d of points) {
    const base = baseOf(d.player);
    const x = xOf(d.n), y = base - d.equity_lost / most * plot;
    el("line", { x1: x, y1: base, x2: x, y2: y, class: "chart-axis" }, svg);
    const dot = el("circle", { cx: x, cy: y, r: d.mark ? 5 : 3, class: "decision decision-" + d.player,
      "data-decision": d.n, "data-step": d.step, "data-player": d.player, "data-mark": d.mark || "",
      "data-equity-lost": d.equity_lost.toFixed(4) }, svg);
    const title = el("title", {}, dot);
    title.textContent = `Game ${d.game}, ${d.kind}: ${d.played} (best ${d.best}), lost ${d.equity_lost.toFixed(3)}${d.mark ? ", " + d.mark : ""}`;
    dot.addEventListener("click", () => goStep(d.step));
  }
  text(svg, width / 2, height - 6, "decisions in order (click one to see its position)", "chart-label");
  $("analysis-players").replaceChildren(...analysis.players.map((p) => {
    const item = document.createElement("li");
    item.dataset.player = p.player;
    item.dataset.errorRate = p.error_rate.toFixed(1);
    item.textContent = `${p.name} (${p.side.toUpperCase()}): ${p.decisions} decisions, equity lost ${p.equity_lost.toFixed(3)}, error rate ${p.error_rate.toFixed(1)}; ${p.marks[0]} doubtful, ${p.marks[1]} bad, ${p.marks[2]} very bad`;
    return item;
  }));
  $("analysis").hidden = false;
  drawReplay();
}

// ---- wiring ----

function replayKeys(event) {
  if ($("replay").hidden || !replay || event.target === $("replay-slider")) return false;
  const moves = { ArrowLeft: replayWanted - 1, ArrowRight: replayWanted + 1, Home: 0, End: replay.steps - 1 };
  if (!(event.key in moves)) return false;
  event.preventDefault();
  goStep(moves[event.key]);
  return true;
}

function startRecords() {
  $("show-records").addEventListener("click", showRecordForm);
  $("record-form").addEventListener("submit", submitRecord);
  $("replay-first").addEventListener("click", () => goStep(0));
  $("replay-prev").addEventListener("click", () => goStep(replayWanted - 1));
  $("replay-next").addEventListener("click", () => goStep(replayWanted + 1));
  $("replay-last").addEventListener("click", () => goStep(replay ? replay.steps - 1 : 0));
  $("replay-slider").addEventListener("input", () => goStep(Number($("replay-slider").value)));
  $("replay-record").addEventListener("change", () => {
    const record = replay && replay.records[Number($("replay-record").value)];
    if (record) goStep(record.first);
  });
  $("replay-continue").addEventListener("click", continueFromHere);
  $("analyse").addEventListener("click", runAnalysis);
  $("replay-game").addEventListener("click", () => replayGame(false));
  $("analyse-game").addEventListener("click", () => replayGame(true));
  renderHooks.push((s) => { $("analyse-game").hidden = s.game !== "backgammon"; });
}

startRecords();
