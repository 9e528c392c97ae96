"""Inline CSS and JavaScript of the HTML report (kept as Python strings so they ship with the package).

The script only reads the page and toggles classes: it never builds HTML from text
(no ``innerHTML``), so escaped source text stays text.
"""

REPORT_CSS = r"""
:root { --verbatim:#c8e6c9; --near_verbatim:#dcedc8; --paraphrase:#fff3bf; --altered:#ffcdd2;
  --unsupported:#e0e0e0; --uncheckable:#eceff1; --ink:#1f2328; --muted:#656d76; --line:#d0d7de; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  display: flex; flex-direction: column; }
header { padding: 10px 16px; border-bottom: 1px solid var(--line); background: #f6f8fa; }
header h1 { font-size: 18px; margin: 0 0 6px; }
.counts { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.total { color: var(--muted); margin-left: 8px; }
main { flex: 1; display: flex; min-height: 0; }
#quotes { width: 42%; min-width: 320px; overflow-y: auto; border-right: 1px solid var(--line); }
#docs { flex: 1; overflow-y: auto; padding: 0 20px 40vh; }
.controls { position: sticky; top: 0; background: #fff; padding: 8px 12px; border-bottom: 1px solid var(--line);
  display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; z-index: 1; }
.filters { display: flex; flex-wrap: wrap; gap: 4px; }
#shown { color: var(--muted); }
#quote-list { list-style: none; margin: 0; padding: 0; }
li.quote { padding: 8px 12px; border-bottom: 1px solid #eaeef2; border-left: 4px solid var(--line); }
li.quote.hidden { display: none; }
li.quote.current { background: #f3f8ff; }
.qhead { display: flex; gap: 8px; align-items: center; margin-bottom: 2px; }
.conf { font-variant-numeric: tabular-nums; color: var(--muted); }
.num { color: var(--muted); font-size: 12px; margin-left: auto; }
a.qlink { color: var(--ink); text-decoration: none; display: block; }
a.qlink:hover { text-decoration: underline; }
.qtext { display: block; color: var(--muted); }
details { margin-top: 4px; color: var(--muted); }
details[open] { color: var(--ink); }
summary { cursor: pointer; font-size: 12px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 6px 0 0; font-size: 13px; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
dd.verbatim { background: #f6f8fa; padding: 2px 4px; border-radius: 4px; }
ul.diffs { margin: 0; padding-left: 16px; }
ul.diffs li.harmless { color: var(--muted); }
del { background: #ffebe9; } ins { background: #dafbe1; text-decoration: none; }
.cat, .kind { font-size: 11px; color: var(--muted); }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600;
  border: 1px solid rgba(0,0,0,.12); white-space: nowrap; }
label.badge { cursor: pointer; }
.v-verbatim { --c: var(--verbatim); } .v-near_verbatim { --c: var(--near_verbatim); }
.v-paraphrase { --c: var(--paraphrase); } .v-altered { --c: var(--altered); }
.v-unsupported { --c: var(--unsupported); } .v-uncheckable { --c: var(--uncheckable); }
.badge, mark.hl { background: var(--c); }
li.quote { border-left-color: var(--c); }
article.doc { border-bottom: 1px solid var(--line); padding-bottom: 12px; }
article.doc h2 { font-size: 15px; position: sticky; top: 0; background: #fff; margin: 0; padding: 10px 0 6px; }
.meta { color: var(--muted); font-weight: normal; font-size: 12px; }
.region { white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.6 ui-monospace, SFMono-Regular, Menlo, monospace; }
.gap { color: var(--muted); font-style: italic; margin: 8px 0; text-align: center; }
mark.hl { color: inherit; border-bottom: 2px solid rgba(0,0,0,.25); cursor: pointer; }
mark.hl.v-altered { border-bottom-color: #cf222e; }
mark.hl.flash { outline: 2px solid #0969da; outline-offset: 1px; }
a.anchor { scroll-margin-top: 30vh; }
#citations { border-top: 2px solid var(--line); }
#citations h2 { font-size: 15px; margin: 0; padding: 10px 12px 4px; }
#citations .counts { padding: 0 12px 8px; }
.cite-list { list-style: none; margin: 0; padding: 0; }
"""

REPORT_JS = r"""
(function () {
  "use strict";
  var list = document.getElementById("quote-list");
  var items = Array.prototype.slice.call(list.children);
  var rank = {altered: 0, unsupported: 1, paraphrase: 2, uncheckable: 3, near_verbatim: 4, verbatim: 5};
  var maxconf = document.getElementById("maxconf"), out = document.getElementById("maxconf-out");
  var sortSel = document.getElementById("sort"), shown = document.getElementById("shown");

  function apply() {
    var keep = {};
    document.querySelectorAll("input.vfilter").forEach(function (c) { keep[c.value] = c.checked; });
    var limit = parseFloat(maxconf.value), n = 0;
    out.textContent = limit.toFixed(2);
    items.forEach(function (li) {
      var ok = keep[li.dataset.verdict] !== false && parseFloat(li.dataset.confidence) <= limit + 1e-9;
      li.classList.toggle("hidden", !ok);
      if (ok) n++;
    });
    shown.textContent = n + " of " + items.length + " shown";
  }

  function sort() {
    var how = sortSel.value;
    var key = {
      "conf-asc": function (li) { return [parseFloat(li.dataset.confidence), +li.dataset.index]; },
      "conf-desc": function (li) { return [-parseFloat(li.dataset.confidence), +li.dataset.index]; },
      "verdict": function (li) { return [rank[li.dataset.verdict], parseFloat(li.dataset.confidence)]; },
      "input": function (li) { return [+li.dataset.index, 0]; }
    }[how];
    items.sort(function (a, b) {
      var x = key(a), y = key(b);
      return x[0] - y[0] || x[1] - y[1];
    });
    var frag = document.createDocumentFragment();
    items.forEach(function (li) { frag.appendChild(li); });
    list.appendChild(frag);
  }

  function flash(q) {
    document.querySelectorAll("mark.flash").forEach(function (m) { m.classList.remove("flash"); });
    document.querySelectorAll("mark.hl").forEach(function (m) {
      if ((" " + m.dataset.q + " ").indexOf(" " + q + " ") >= 0) m.classList.add("flash");
    });
  }

  function select(q) {
    items.forEach(function (li) { li.classList.toggle("current", li.dataset.index === String(q)); });
  }

  list.addEventListener("click", function (ev) {
    var a = ev.target.closest("a.qlink");
    if (!a) return;
    ev.preventDefault();
    var target = document.getElementById(a.getAttribute("href").slice(1));
    if (target) target.scrollIntoView({block: "center"});
    flash(a.dataset.q);
    select(a.dataset.q);
    var d = a.parentNode.querySelector("details");
    if (d) d.open = true;
  });

  document.getElementById("docs").addEventListener("click", function (ev) {
    var m = ev.target.closest("mark.hl");
    if (!m) return;
    var q = m.dataset.q.split(" ")[0], li = document.getElementById("item-" + q);
    flash(q);
    select(q);
    if (li) { li.classList.remove("hidden"); li.scrollIntoView({block: "nearest"}); }
  });

  document.querySelectorAll("input.vfilter").forEach(function (c) { c.addEventListener("change", apply); });
  maxconf.addEventListener("input", apply);
  sortSel.addEventListener("change", function () { sort(); apply(); });
  apply();
})();
"""
