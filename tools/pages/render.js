// render.js: the workbook pages' formulas. workbook_pages writes each formula
// as <span class="tex" data-tex="TEX">PLAIN</span> (PLAIN: the formula as
// the terminal prints it); this hands TEX to KaTeX and marks the span done
// (class "tex-done"), so the plain text stays readable where JavaScript or
// KaTeX is missing. A formula KaTeX cannot parse keeps its plain text and
// gets class "tex-failed" (the browser tests look for it).
document.addEventListener("DOMContentLoaded", function () {
  if (typeof katex === "undefined") return;
  document.querySelectorAll("span.tex").forEach(function (el) {
    try {
      var display = el.classList.contains("tex-display");
      katex.render(el.getAttribute("data-tex"), el, { throwOnError: true, strict: "ignore", displayMode: display });
      el.className = display ? "tex-done tex-display" : "tex-done";
    } catch (e) {
      el.className = "tex-failed";
      el.setAttribute("title", String(e.message));
    }
  });
});
// A display formula wider than its box is drawn smaller until it fits (down
// to half size; past that its box scrolls), so a phone shows its end.
function fitFormulas() {
  document.querySelectorAll(".tex-done.tex-display").forEach(function (el) {
    el.style.fontSize = "";
    var box = el.clientWidth, wide = el.scrollWidth;
    if (box > 0 && wide > box + 1) el.style.fontSize = Math.max(0.5, (box - 2) / wide).toFixed(3) + "em";
  });
}
window.addEventListener("load", function () {
  fitFormulas();
  if (document.fonts) document.fonts.ready.then(fitFormulas);   // (KaTeX's fonts change the widths)
});
window.addEventListener("resize", fitFormulas);
// (a formula in a closed <details> has no width until it is opened)
document.addEventListener("toggle", fitFormulas, true);
// A figure that does not load is said so on the page and in the console.
window.addEventListener("load", function () {
  document.querySelectorAll("img").forEach(function (img) {
    if (!img.complete || img.naturalWidth === 0) {
      img.className = "img-failed";
      console.error("workbook: image did not load: " + img.getAttribute("src"));
    }
  });
});
// For the browser tests (tests/browser_pages.sh), which read the dumped DOM:
// the page's full height (to take a screenshot of all of it).
window.addEventListener("load", function () {
  var root = document.documentElement;
  root.setAttribute("data-page-height", String(root.scrollHeight));
});
