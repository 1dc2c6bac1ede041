// atout scorepad: show or hide record fields that depend on another field (shown_when);
// offer only the counts another field allows (data-most: how many belotes a contract allows);
// show the other team's points next to a points field.
// Without this script every field shows, and the server ignores the ones that do not apply.
(function () {
  "use strict";
  function current(form, name) {
    var el = form.elements[name];
    if (!el) return undefined;
    if (el.type === "checkbox") return el.checked ? "true" : "false";
    return el.value;
  }
  function isHidden(form, name) {
    var box = form.querySelector('[data-field="' + name + '"]');
    return box !== null && box.hidden;
  }
  // A counts field whose limit depends on another field: hide and disable the counts above the
  // limit for that field's current value; a limit of 0 hides the whole field.
  function limits(form) {
    form.querySelectorAll("fieldset[data-most]").forEach(function (set) {
      var rule = JSON.parse(set.getAttribute("data-most"));
      var value = current(form, rule.field);
      if (value === undefined || value === "") value = "null";
      var limit = Object.prototype.hasOwnProperty.call(rule.limits, value)
        ? rule.limits[value] : rule.otherwise;
      set.querySelectorAll("[data-count]").forEach(function (pill) {
        var over = parseInt(pill.getAttribute("data-count"), 10) > limit;
        var input = pill.querySelector("input");
        if (over && input.checked) {
          var zero = pill.parentNode.querySelector('[data-count="0"] input');
          if (zero) zero.checked = true;
        }
        pill.hidden = over;
        input.disabled = over;
      });
      var box = set.closest("[data-field]");
      // after the shown_when pass: a field it hides stays hidden, one it shows hides at 0
      if (box && box.hasAttribute("data-shown-when")) { if (limit === 0) box.hidden = true; }
      else if (box) box.hidden = limit === 0;
    });
  }
  function update(form) {
    // Twice, so a field hidden by a hidden field is hidden too (as on the server).
    pass(form);
    pass(form);
    limits(form);
  }
  function pass(form) {
    form.querySelectorAll("[data-shown-when]").forEach(function (box) {
      var rule = JSON.parse(box.getAttribute("data-shown-when"));
      var shown = Object.keys(rule).every(function (name) {
        if (isHidden(form, name)) return false;
        var value = current(form, name);
        if (value === undefined || value === "") value = "null";
        return rule[name].indexOf(value) !== -1;
      });
      box.hidden = !shown;
      box.querySelectorAll("input, select").forEach(function (input) { input.disabled = !shown; });
    });
  }
  // An integer field whose help says "the others have the rest of 162" shows what they have.
  function rest(form) {
    form.querySelectorAll("input[data-rest-of]").forEach(function (input) {
      var out = form.querySelector('output[data-rest-for="' + input.name + '"]');
      if (!out) return;
      var total = parseInt(input.getAttribute("data-rest-of"), 10);
      var text = input.value.replace(/\s/g, "");
      var value = /^[0-9]+$/.test(text) ? parseInt(text, 10) : NaN;
      out.textContent = (!input.disabled && value >= 0 && value <= total)
        ? out.getAttribute("data-template").replace("#", String(total - value)) : "";
    });
  }
  function init(root) {
    (root || document).querySelectorAll("form.deal-form").forEach(function (form) {
      update(form);
      rest(form);
      if (!form.dataset.shownWhenBound) {
        form.addEventListener("input", function () { update(form); rest(form); });
        form.addEventListener("change", function () { update(form); rest(form); });
        form.dataset.shownWhenBound = "1";
      }
    });
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (e) { init(e.target.parentNode || document); });
})();
// Share the result: the Web Share API where the browser has it (HTTPS or localhost); the
// result's text stays on the page, selected by a tap, to copy where it does not (plain http).
(function () {
  "use strict";
  function init(root) {
    (root || document).querySelectorAll("[data-share]").forEach(function (button) {
      if (!navigator.share || button.dataset.shareBound) return;
      button.hidden = false;
      button.dataset.shareBound = "1";
      button.addEventListener("click", function () {
        navigator.share({ text: button.getAttribute("data-share-text") }).catch(function () {});
      });
    });
    (root || document).querySelectorAll("[data-result-text]").forEach(function (area) {
      area.addEventListener("focus", function () { area.select(); });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (e) { init(e.target); });
})();
// Polling: an element with data-poll="N" (and hx-trigger="poll") asks for its fragment every N
// seconds while the page is visible, and once at once when the page shows again. Done here, not
// with an htmx trigger filter: htmx compiles filters with Function(), which the page's
// Content-Security-Policy forbids (htmx runs with allowEval: false).
(function () {
  "use strict";
  function poll(el) {
    if (window.htmx && el.isConnected) window.htmx.trigger(el, "poll");
  }
  function watch(el) {
    if (el.dataset.pollBound) return;
    el.dataset.pollBound = "1";
    var ms = Math.max(1, parseFloat(el.getAttribute("data-poll")) || 2) * 1000;
    function tick() {
      if (!el.isConnected) return;  // swapped out: its successor has its own timer
      if (document.visibilityState === "visible") poll(el);
      setTimeout(tick, ms);
    }
    setTimeout(tick, ms);
  }
  function init(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches("[data-poll]")) watch(scope);
    scope.querySelectorAll("[data-poll]").forEach(watch);
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      document.querySelectorAll("[data-poll]").forEach(poll);
    }
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (e) { init(e.target); });
})();
// The fields folded under "More" (announcements, a capot): opened by a tap (on their summary,
// or on the Save bar's More), they are brought into view above the Save bar, so a typical
// announcement needs no scroll. (Not when a page comes with them open: the top of the form
// stays in view.)
(function () {
  "use strict";
  var tapped = null;
  document.addEventListener("click", function (ev) {
    if (!ev.target.closest) return;
    var more = ev.target.closest("[data-open-rare]");
    if (more) {
      var details = document.getElementById(more.getAttribute("aria-controls"));
      if (details) {
        details.open = true;
        details.scrollIntoView({ block: "start" });
      }
      return;
    }
    var summary = ev.target.closest("[data-rare-fields] > summary");
    tapped = summary ? summary.parentNode : null;
  }, true);
  document.addEventListener("toggle", function (ev) {
    var details = ev.target;
    if (details.matches && details.matches("[data-rare-fields]")) {
      document.querySelectorAll('[aria-controls="' + details.id + '"]').forEach(function (b) {
        b.setAttribute("aria-expanded", details.open ? "true" : "false");
      });
    }
    if (details === tapped && details.open) {
      details.scrollIntoView({ block: "start" });
    }
    if (details === tapped) tapped = null;
  }, true);
  function show(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll("[data-open-rare]").forEach(function (b) { b.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", function () { show(document); });
  document.addEventListener("htmx:load", function (e) { show(e.target); });
})();
