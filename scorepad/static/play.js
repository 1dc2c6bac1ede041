// atout play table: a tap on a card that may not be played shows why (no request); arrow keys
// move between the cards of the hand (Enter plays, as on any button); the bid picker shows
// the denominations of one level at a time; after each move the focus returns to the hand.
// Without this script every form still posts, and the server answers a refused card with
// the same reason.
(function () {
  "use strict";
  function status(text) {
    var box = document.getElementById("play-status");
    if (box) { box.textContent = text; }
  }
  function nameOf(card) {
    var el = card.querySelector("[data-card-name]");
    return el ? el.textContent : "";
  }
  function reasonOf(button) {
    var id = button.getAttribute("aria-describedby");
    var el = id ? document.getElementById(id) : null;
    return el ? el.textContent : "";
  }
  document.addEventListener("click", function (ev) {
    var card = ev.target.closest ? ev.target.closest("[data-card]") : null;
    if (card && card.getAttribute("aria-disabled") === "true") {
      ev.preventDefault();
      ev.stopPropagation();
      status(nameOf(card) + ": " + reasonOf(card));
      card.classList.remove("refused");
      void card.offsetWidth;  // restart the animation
      card.classList.add("refused");
      return;
    }
    var level = ev.target.closest ? ev.target.closest("[data-level]") : null;
    if (level) {
      ev.preventDefault();
      openLevel(level.closest("[data-levels]"), level.getAttribute("data-level"), true);
    }
  }, true);
  function openLevel(picker, which, focus) {
    if (!picker) return;
    picker.querySelectorAll("[data-level]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-level") === which ? "true" : "false");
    });
    picker.querySelectorAll("[data-level-bids]").forEach(function (g) {
      g.hidden = g.getAttribute("data-level-bids") !== which;
      if (!g.hidden && focus) {
        var first = g.querySelector("button");
        if (first) first.focus();
      }
    });
  }
  document.addEventListener("keydown", function (ev) {
    var card = ev.target.closest ? ev.target.closest("[data-card]") : null;
    if (!card) return;
    var keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (!(ev.key in keys) && ev.key !== "Home" && ev.key !== "End") return;
    var cards = Array.prototype.slice.call(card.closest("[data-hand]").querySelectorAll("[data-card]"));
    var i = cards.indexOf(card);
    if (ev.key === "Home") i = 0;
    else if (ev.key === "End") i = cards.length - 1;
    else i = (i + keys[ev.key] + cards.length) % cards.length;
    ev.preventDefault();
    cards[i].focus();
  });
  function setUp(root) {
    var table = root.querySelector ? (root.matches && root.matches("[data-table]") ? root : root.querySelector("[data-table]")) : null;
    if (!table) return;
    table.querySelectorAll(".calls-line").forEach(function (line) {
      line.scrollLeft = line.scrollWidth;  // the newest call in view
    });
    table.querySelectorAll("[data-levels]").forEach(function (picker) {
      picker.classList.add("js");
      openLevel(picker, "0", false);
    });
    if (table.getAttribute("data-my-turn") === "true" && document.activeElement
        && (document.activeElement === document.body || !document.body.contains(document.activeElement))) {
      var target = table.querySelector("[data-card]:not([aria-disabled=true])")
        || table.querySelector("[data-call]");
      if (target) target.focus({ preventScroll: true });
    }
  }
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:afterSettle", function (ev) { setUp(document); });
})();
