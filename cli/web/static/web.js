// twilight serve: a click on a country of the map (or of the board's tables) answers the question when it
// offers that country: the same as pressing the country's button below the question, or ticking its box
// (and a box ticked below marks the country on the map). A pick of several counts what is ticked and says
// what is wrong before the form is sent. The map can be dragged and zoomed; it opens on the countries
// offered (else on those the last moves changed). After an answer the keyboard starts at the question.
"use strict";

const FOCUS_KEY = "twilight-focus-question";

// Every place a country is drawn (the map's box, a row of the board's tables).
function placesOf(name) {
  return document.querySelectorAll(`[data-country="${CSS.escape(name)}"]`);
}

// How many times an option of a pick of several is picked: its box ticked, or its count.
function timesPicked(option) {
  const box = option.querySelector("input[type=checkbox]");
  if (box) return box.checked ? 1 : 0;
  const count = option.querySelector("input[type=number]");
  return count ? Math.max(0, Math.floor(Number(count.value) || 0)) : 0;
}

function answerByCountry() {
  const byOption = new Map();
  for (const el of document.querySelectorAll(".options [data-option]")) byOption.set(el.dataset.option, el);
  for (const country of document.querySelectorAll("[data-country]")) {
    const option = byOption.get(country.dataset.country);
    if (!option) continue;
    country.classList.add("offered");
    if (option.classList.contains("hinted")) country.classList.add("hinted");
    if (option.classList.contains("war")) country.classList.add("war");
    country.setAttribute("role", "button");
    country.setAttribute("tabindex", "0");
    const answer = () => {
      if (option.tagName === "BUTTON") { option.click(); return; }
      const box = option.querySelector("input[type=checkbox]");
      if (box) box.checked = !box.checked;
      const count = option.querySelector("input[type=number]");
      if (count) {  // one more each click, back to none past its most
        const next = Number(count.value || 0) + 1;
        count.value = String(count.max !== "" && next > Number(count.max) ? 0 : next);
      }
      option.closest("form").dispatchEvent(new Event("change", { bubbles: true }));
    };
    country.addEventListener("click", (ev) => { if (!document.body.dataset.dragged) answer(); ev.stopPropagation(); });
    country.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); answer(); } });
  }
}

// A pick of several: the map marks what is ticked, the count is said as it changes (in the page's words:
// data-said holds, for each count, how many are ticked and what is wrong with it), and a form with too
// few or too many is not sent: what is wrong is said under the boxes (and in the phone's bar), the ticks
// stay.
function pickOfSeveral(form) {
  const shown = document.getElementById("ticked");
  if (!shown) return;
  const said = JSON.parse(shown.dataset.said || "[]");
  const problem = document.getElementById("tick-problem");
  const bar = document.getElementById("send-bar");
  const barCount = bar && bar.querySelector(".ticked-count");
  const options = [...form.querySelectorAll(".options [data-option]")];
  const words = (count) => said[Math.min(count, said.length - 1)] || ["", ""];
  const update = () => {
    let count = 0;
    for (const option of options) {
      const times = timesPicked(option);
      count += times;
      option.classList.toggle("picked", times > 0);
      for (const place of placesOf(option.dataset.option)) place.classList.toggle("picked", times > 0);
    }
    const [status, wrong] = words(count);
    shown.textContent = status;
    if (barCount) { barCount.textContent = status; bar.classList.remove("wrong"); }
    if (problem && (!wrong || !problem.hidden)) { problem.textContent = wrong; problem.hidden = !wrong; }
    return wrong;
  };
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
  form.addEventListener("submit", (ev) => {
    const wrong = update();
    if (!wrong) return;
    ev.preventDefault();
    problem.textContent = wrong;
    problem.hidden = false;
    if (barCount) { barCount.textContent = wrong; bar.classList.add("wrong"); }
  });
  // On a phone the bar at the foot of the screen answers while the boxes are ticked on the map; it
  // steps aside while the form's own Answer button is on the screen.
  const send = document.getElementById("send");
  if (bar && send && "IntersectionObserver" in window) {
    new IntersectionObserver((seen) => {
      for (const s of seen) bar.classList.toggle("away", s.isIntersecting);
    }).observe(send);
  }
}

// The map at a zoom: its natural size (the SVG's viewBox, one unit a pixel) times the zoom.
const ZOOM_STEP = 1.25, ZOOM_MIN = 0.3, ZOOM_MAX = 2.5;
function mapZoom() {
  const view = document.getElementById("map");
  const svg = view && view.querySelector("svg");
  if (!svg) return;
  const box = svg.viewBox.baseVal;
  // Readable at once (names of 11 px and more), on a laptop and on a phone: the map is moved around, or
  // zoomed out with − and "whole map".
  let zoom = window.innerWidth >= 1000 ? 0.9 : 0.85;
  const fit = () => Math.max(ZOOM_MIN, (view.clientWidth - 4) / box.width);
  const apply = (next, cx, cy) => {
    const before = { x: view.scrollLeft + (cx ?? view.clientWidth / 2), y: view.scrollTop + (cy ?? view.clientHeight / 2) };
    const ratio = next / zoom;
    zoom = next;
    svg.style.width = `${box.width * zoom}px`;
    svg.style.height = `${box.height * zoom}px`;
    view.dataset.zoom = zoom.toFixed(3);
    view.scrollLeft = before.x * ratio - (cx ?? view.clientWidth / 2);
    view.scrollTop = before.y * ratio - (cy ?? view.clientHeight / 2);
  };
  svg.style.width = `${box.width * zoom}px`;
  svg.style.height = `${box.height * zoom}px`;
  view.dataset.zoom = zoom.toFixed(3);
  for (const button of document.querySelectorAll(".map-tools [data-zoom]")) {
    button.addEventListener("click", () => {
      const how = button.dataset.zoom;
      const next = how === "in" ? zoom * ZOOM_STEP : how === "out" ? zoom / ZOOM_STEP : fit();
      apply(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next)));
    });
  }
  openOn(view);
  dragToMove(view);
}

// Open the map on what the question is about: the countries offered (all of them when they fit, else
// the middle of them), else those just changed, else the solo game's marked regions.
function openOn(view) {
  const chosen = [...view.querySelectorAll("g.country.offered, g.country.clickable")];
  const changed = [...view.querySelectorAll("g.country.changed")];
  const marked = [...view.querySelectorAll("g.region.marked")];
  const group = chosen.length ? chosen : changed.length ? changed : marked;
  if (!group.length) return;
  const v = view.getBoundingClientRect();
  const all = group.map((g) => g.getBoundingClientRect());
  const left = Math.min(...all.map((a) => a.left)), right = Math.max(...all.map((a) => a.right));
  const top = Math.min(...all.map((a) => a.top)), bottom = Math.max(...all.map((a) => a.bottom));
  let x = (left + right) / 2, y = (top + bottom) / 2;
  if (right - left > view.clientWidth || bottom - top > view.clientHeight) {
    const middle = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    x = middle(all.map((a) => a.left + a.width / 2));
    y = middle(all.map((a) => a.top + a.height / 2));
  }
  view.scrollLeft += x - v.left - view.clientWidth / 2;
  view.scrollTop += y - v.top - view.clientHeight / 2;
}

// Drag to move around (a click that did not move still answers).
function dragToMove(view) {
  let start = null;
  view.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    start = { x: ev.clientX, y: ev.clientY, left: view.scrollLeft, top: view.scrollTop, moved: false };
    delete document.body.dataset.dragged;
  });
  view.addEventListener("pointermove", (ev) => {
    if (!start) return;
    const dx = ev.clientX - start.x, dy = ev.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < 6) return;
    start.moved = true;
    document.body.dataset.dragged = "1";
    view.classList.add("dragging");
    view.scrollLeft = start.left - dx;
    view.scrollTop = start.top - dy;
  });
  const end = () => {
    if (start && start.moved) setTimeout(() => delete document.body.dataset.dragged, 0);
    start = null;
    view.classList.remove("dragging");
  };
  view.addEventListener("pointerup", end);
  view.addEventListener("pointerleave", end);
}

// After an answer (or undo, a hint, or the start of a game) the keyboard starts at the question, not at the page's top: the
// next Tab reaches its first answer. The page does not scroll there (what just happened stays in view).
function focusAfterAnswer() {
  let asked = null;
  try { asked = sessionStorage.getItem(FOCUS_KEY); sessionStorage.removeItem(FOCUS_KEY); } catch (_) { return; }
  // (an answer that loses at once comes back to be confirmed: its button first)
  const question = document.querySelector("#war-go") || document.querySelector("#question h2");
  if (asked && question) question.focus({ preventScroll: true });
}

function remember() {
  try { sessionStorage.setItem(FOCUS_KEY, "1"); } catch (_) { /* (no storage: the page starts at its top) */ }
}

// The start page: the AI's level only for a ruleset with an AI (the computer has no level); who plays the
// other side (the computer, or a second person at this screen) only for one without; the side only when
// a person plays one side alone. Without the script every field is sent and those that do not apply are
// left unread.
function levelForRuleset() {
  const rulesets = document.querySelector("form.setup select[name=ruleset]");
  if (!rulesets) return;
  const level = document.querySelector("form.setup fieldset.ai-level");
  const opponent = document.querySelector("form.setup fieldset.opponent");
  const side = document.querySelector("form.setup fieldset.side");
  const about = document.getElementById("ruleset-about");
  const shown = () => {
    const noAi = rulesets.selectedOptions[0]?.dataset.ai === "no";
    if (about) about.textContent = rulesets.selectedOptions[0]?.textContent ?? "";
    if (level) level.hidden = noAi;
    if (opponent) opponent.hidden = !noAi;
    const twoPeople = noAi && document.querySelector("form.setup input[name=opponent][value=person]")?.checked;
    if (side) side.hidden = Boolean(twoPeople);
  };
  rulesets.addEventListener("change", shown);
  if (opponent) opponent.addEventListener("change", shown);
  shown();
}

// A hot-seat game: a side's page (it carries a seat) is never shown again from the browser's memory (Back
// after the other side took the screen): hidden at once, it is asked for again, and the server, its seat
// used up, answers with the hand-over page.
window.addEventListener("pageshow", (ev) => {
  if (!ev.persisted || !document.querySelector("input[name=seat]")) return;
  document.body.hidden = true;
  location.reload();
});

document.addEventListener("DOMContentLoaded", () => {
  levelForRuleset();
  answerByCountry();
  const answerForm = document.getElementById("answer-form");
  if (answerForm) pickOfSeveral(answerForm);
  mapZoom();
  focusAfterAnswer();
  // One answer at a time: a second click while the page loads would answer a question already answered.
  for (const form of document.querySelectorAll("form")) {
    form.addEventListener("submit", (ev) => {
      if (ev.defaultPrevented) return;  // (a pick of several refused by its count: registered first)
      // (a new game too: its first page starts at its first question)
      if (form.matches("form.answer, form.undo, form.setup, form.seat")) remember();
      setTimeout(() => { for (const b of form.querySelectorAll("button")) b.disabled = true; }, 0);
    });
  }
  const hint = document.getElementById("hint");
  if (hint) hint.addEventListener("click", remember);
});
