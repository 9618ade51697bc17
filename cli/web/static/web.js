// twilight serve: a click on a country of the map (or of the board's tables) answers the question when it
// offers that country: the same as pressing the country's button below the question.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
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
    country.addEventListener("click", answer);
    country.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); answer(); } });
  }
  // One answer at a time: a second click while the page loads would answer a question already answered.
  for (const form of document.querySelectorAll("form")) {
    form.addEventListener("submit", () => setTimeout(() => {
      for (const b of form.querySelectorAll("button")) b.disabled = true;
    }, 0));
  }
});
