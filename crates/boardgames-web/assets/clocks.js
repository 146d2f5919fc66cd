// The clocks of a timed game (docs/web.md): the server counts them; the page shows the time
// each seat has left, counting the running one down between answers, and asks the server
// for the state when it reaches zero (the server then ends the game as the rules say).
"use strict";

let clockBase = null;    // the clocks of the last state, and when they were received

function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60), seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

function drawClocks() {
  const box = $("clocks");
  if (!clockBase || !state || !state.clocks) {
    box.hidden = true;
    return;
  }
  const { clocks, at, names } = clockBase;
  const elapsed = performance.now() - at;
  box.hidden = false;
  box.replaceChildren(...clocks.left_ms.map((left, seat) => {
    const running = clocks.running === seat;
    const shown = running ? left - elapsed : left;
    const item = document.createElement("li");
    item.dataset.clockSeat = seat;
    item.dataset.running = String(running);
    item.dataset.flag = String(shown <= 0);
    item.dataset.leftMs = String(Math.max(0, Math.round(shown)));
    item.textContent = `${names[seat] || "seat " + (seat + 1)} ${clockText(shown)}`;
    return item;
  }));
  // The running clock reached zero: the server decides.
  if (clocks.running !== null && clocks.left_ms[clocks.running] - elapsed <= 0 && !busy) {
    clockBase = null;
    guarded(async () => { render(await api("GET", "/api/games/" + state.id)); });
  }
}

renderHooks.push((s) => {
  clockBase = s.clocks
    ? { clocks: s.clocks, at: performance.now(), names: s.seats.map((seat) => seat.name) }
    : null;
  drawClocks();
});
setInterval(drawClocks, 250);
