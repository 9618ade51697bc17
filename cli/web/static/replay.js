// twilight serve, a replayed game log: the arrow keys step back and forward (as the page's links do), a
// turn chosen is gone to at once, the round's lines open on the first divergence, and a log file chosen
// is read into the form's text (the form sends text: the page works without this script too, by pasting
// the log).
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.closest("input, textarea, select")) return;
    const rel = ev.key === "ArrowLeft" ? "prev" : ev.key === "ArrowRight" ? "next" : null;
    const link = rel && document.querySelector(`.replay-nav a[rel=${rel}]`);
    if (link) { ev.preventDefault(); link.click(); }
  });
  // A long round's lines scroll in their panel: open it on the first line where our rules disagree.
  const diverges = document.querySelector("#log-lines li.diverges");
  if (diverges) {
    const box = diverges.closest("ol");
    box.scrollTop += diverges.getBoundingClientRect().top - box.getBoundingClientRect().top - 8;
  }
  const turn = document.getElementById("turn");
  if (turn) turn.addEventListener("change", () => turn.form.submit());
  const file = document.getElementById("log-file");
  if (file) {
    file.addEventListener("change", () => {
      const chosen = file.files && file.files[0];
      if (!chosen) return;
      const form = file.form;
      const reader = new FileReader();
      reader.onload = () => {
        form.elements.log.value = String(reader.result);
        form.elements.name.value = chosen.name;
      };
      reader.readAsText(chosen);
    });
  }
});
