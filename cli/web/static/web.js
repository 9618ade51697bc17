// twilight serve: a click on a country of the map (or of the board's tables) answers the question when it
// offers that country: the same as pressing the country's button below the question. The map can be
// dragged and zoomed; it opens on the countries offered (else on those the last moves changed).
"use strict";

function answerByCountry() {
  const byOption = new Map();
  for (const el of document.querySelectorAll(".options [data-option]")) byOption.set(el.dataset.option, el);
  for (const country of document.querySelectorAll("[data-country]")) {
    const option = byOption.get(country.dataset.country);
    if (!option) continue;
    country.classList.add("offered");
    country.setAttribute("role", "button");
    country.setAttribute("tabindex", "0");
    const answer = () => {
      if (option.tagName === "BUTTON") option.click();
      else {
        const box = option.querySelector("input[type=checkbox]");
        if (box) { box.checked = !box.checked; country.classList.toggle("picked", box.checked); }
        const count = option.querySelector("input[type=number]");
        if (count) { count.value = String(Number(count.value || 0) + 1); country.classList.add("picked"); }
      }
    };
    country.addEventListener("click", (ev) => { if (!document.body.dataset.dragged) answer(); ev.stopPropagation(); });
    country.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); answer(); } });
  }
}

// The map at a zoom: its natural size (the SVG's viewBox, one unit a pixel) times the zoom.
const ZOOM_STEP = 1.25, ZOOM_MIN = 0.3, ZOOM_MAX = 2.5;
function mapZoom() {
  const view = document.getElementById("map");
  const svg = view && view.querySelector("svg");
  if (!svg) return;
  const box = svg.viewBox.baseVal;
  // Readable at once on a laptop (names of 11 px and more); the whole width on a phone, to be zoomed.
  let zoom = window.innerWidth >= 1000 ? 0.9 : 0.55;
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
  // Open on what the question is about: the countries offered, else those just changed.
  const focus = view.querySelector("g.country.offered, g.country.clickable") || view.querySelector("g.country.changed");
  if (focus) {
    const r = focus.getBoundingClientRect(), v = view.getBoundingClientRect();
    view.scrollLeft += r.left - v.left - view.clientWidth / 2 + r.width / 2;
    view.scrollTop += r.top - v.top - view.clientHeight / 2 + r.height / 2;
  }
  // Drag to move around (a click that did not move still answers).
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

document.addEventListener("DOMContentLoaded", () => {
  answerByCountry();
  mapZoom();
  // One answer at a time: a second click while the page loads would answer a question already answered.
  for (const form of document.querySelectorAll("form")) {
    form.addEventListener("submit", () => setTimeout(() => {
      for (const b of form.querySelectorAll("button")) b.disabled = true;
    }, 0));
  }
});
