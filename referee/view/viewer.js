/*
 * viewer.js - the script of a game's viewer page (html_game.h).  It only
 * draws and navigates: every position, with its cells, marks and notes,
 * was computed by the referee's rules engine when the page was written
 * and sits in the JSON of the element #data.  Text from the record (bot
 * names, comments, fault details) is only ever set as textContent.
 */
(function () {
  "use strict";

  var D = JSON.parse(document.getElementById("data").textContent);
  var SVGNS = "http://www.w3.org/2000/svg";
  var LAST = D.plies.length - 1;

  var board = document.getElementById("board");
  var state = { ply: 0, timer: null, anim: null };

  /* ---- geometry --------------------------------------------------------- */

  var pente = D.block === 0;
  var S = pente ? 28 : (D.width > 6 ? 40 : 54); /* cell size */
  var GAP = pente ? 0 : 8;                      /* between blocks */
  var M = pente ? 1.7 * S : S;                  /* margin for the labels */
  var LABEL = pente ? M - 1.1 * S : M / 2;      /* where they stand */

  function blocksBefore(i) { return D.block ? Math.floor(i / D.block) : 0; }
  function cx(col) { return M + col * S + blocksBefore(col) * GAP + (pente ? 0 : S / 2); }
  function cy(row) { return M + row * S + blocksBefore(row) * GAP + (pente ? 0 : S / 2); }
  function span(n) {
    return pente ? (n - 1) * S : n * S + (D.block ? (n / D.block - 1) * GAP : 0);
  }
  var W = 2 * M + span(D.width);
  var H = 2 * M + span(D.height);

  function el(tag, attrs, parent) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, cls, text, parent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  /* ---- the board ---------------------------------------------------------- */

  function labels(svg) {
    for (var c = 0; c < D.width; c++) {
      var t = el("text", { x: cx(c), y: LABEL, "class": "label" }, svg);
      t.textContent = D.columns.charAt(c);
      t = el("text", { x: cx(c), y: H - LABEL, "class": "label" }, svg);
      t.textContent = D.columns.charAt(c);
    }
    for (var r = 0; r < D.height; r++) {
      var name = String(D.top_row + D.row_step * r);
      var l = el("text", { x: LABEL, y: cy(r), "class": "label" }, svg);
      l.textContent = name;
      l = el("text", { x: W - LABEL, y: cy(r), "class": "label" }, svg);
      l.textContent = name;
    }
  }

  function penteGrid(svg) {
    var g = el("g", { "class": "grid" }, svg);
    el("rect", { x: M - S / 2, y: M - S / 2, width: span(D.width) + S,
                 height: span(D.height) + S, "class": "wood" }, g);
    for (var i = 0; i < D.width; i++)
      el("line", { x1: cx(i), y1: cy(0), x2: cx(i), y2: cy(D.height - 1) }, g);
    for (var j = 0; j < D.height; j++)
      el("line", { x1: cx(0), y1: cy(j), x2: cx(D.width - 1), y2: cy(j) }, g);
    var mid = Math.floor(D.width / 2), stars = [3, mid, D.width - 4];
    stars.forEach(function (r) {
      stars.forEach(function (c) {
        el("circle", { cx: cx(c), cy: cy(r), r: 3, "class": "star" }, g);
      });
    });
    return g;
  }

  /* One group per block, so that a turn rotates the group. */
  function blockGroups(svg, cls) {
    var per = D.width / D.block, groups = [];
    for (var b = 0; b < per * (D.height / D.block); b++) {
      var r0 = Math.floor(b / per) * D.block, c0 = (b % per) * D.block;
      var x = cx(c0) - S / 2, y = cy(r0) - S / 2;
      var g = el("g", { "class": "blk", "data-block": b }, svg);
      g.style.transformOrigin = (x + D.block * S / 2) + "px " + (y + D.block * S / 2) + "px";
      el("rect", { x: x, y: y, width: D.block * S, height: D.block * S,
                   rx: S / 4, "class": cls || "quad" }, g);
      for (var r = r0; r < r0 + D.block; r++)
        for (var c = c0; c < c0 + D.block; c++)
          el("circle", { cx: cx(c), cy: cy(r), r: S * 0.36, "class": "hole" }, g);
      groups.push(g);
    }
    return groups;
  }

  function groupOf(groups, cell) {
    if (!groups) return null;
    var r = Math.floor(cell / D.width), c = cell % D.width;
    var per = D.width / D.block;
    return groups[Math.floor(r / D.block) * per + Math.floor(c / D.block)];
  }

  function piece(parent, cell, letter, cls) {
    var r = Math.floor(cell / D.width), c = cell % D.width;
    return el("circle", { cx: cx(c), cy: cy(r), r: S * (pente ? 0.45 : 0.38),
                          "class": cls + " p-" + letter,
                          "data-cell": cell, "data-piece": letter }, parent);
  }

  function cross(parent, cell) {
    var r = Math.floor(cell / D.width), c = cell % D.width, d = S * 0.3;
    var g = el("g", { "class": "taken", "data-cell": cell }, parent);
    el("line", { x1: cx(c) - d, y1: cy(r) - d, x2: cx(c) + d, y2: cy(r) + d }, g);
    el("line", { x1: cx(c) - d, y1: cy(r) + d, x2: cx(c) + d, y2: cy(r) - d }, g);
  }

  /* Draw cells (a string of the position line's letters); marks and taken
   * are the cells to mark, or null. */
  function drawCells(svg, cells, marks, taken, cls) {
    clear(svg);
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    labels(svg);
    var groups = pente ? null : blockGroups(svg);
    var layer = pente ? penteGrid(svg) : null;
    for (var i = 0; i < cells.length; i++) {
      var ch = cells.charAt(i);
      if (ch !== ".") piece(groupOf(groups, i) || layer, i, ch, cls);
    }
    (marks || []).forEach(function (i) {
      var r = Math.floor(i / D.width), c = i % D.width;
      el("circle", { cx: cx(c), cy: cy(r), r: S * 0.12, "class": "mark",
                     "data-cell": i }, groupOf(groups, i) || layer);
    });
    (taken || []).forEach(function (i) { cross(groupOf(groups, i) || layer, i); });
    return groups;
  }

  function drawPly(n) {
    var p = D.plies[n];
    drawCells(board, p.cells, p.marks, p.taken, "piece");
    board.setAttribute("data-ply", n);
    board.setAttribute("data-plies", LAST);
    board.removeAttribute("data-turning");
  }

  /* The turn of move n as it happens: the cells before the turn, then the
   * block's group turned by a CSS transition, then the position after. */
  function animateTurn(n, ms) {
    var p = D.plies[n];
    var groups = drawCells(board, p.turn.pre, null, null, "piece");
    board.setAttribute("data-turning", "1");
    var g = groups[p.turn.block];
    g.getBoundingClientRect(); /* the start of the transition */
    g.style.transition = "transform " + ms + "ms ease-in-out";
    g.style.transform = "rotate(" + (p.turn.dir === "R" ? 90 : -90) + "deg)";
    state.anim = setTimeout(function () {
      state.anim = null;
      drawPly(n);
    }, ms + 20);
  }

  function finishAnimation() {
    if (!state.anim) return;
    clearTimeout(state.anim);
    state.anim = null;
    drawPly(state.ply);
  }

  /* ---- what is shown beside the board ---------------------------------- */

  function seatName(seat) {
    var p = D.players[seat];
    if (!p) return "seat " + seat;
    return p.entrant || p.name || p.command || "seat " + seat;
  }
  function seatLabel(seat) {
    var p = D.players[seat];
    return (p ? p.colour : "seat " + seat) + " (" + seatName(seat) + ")";
  }
  function fmtMs(ms) {
    return ms < 1000 ? ms + " ms" : (ms / 1000).toFixed(2) + " s";
  }
  function fmtBank(ms) {
    if (ms < 0) return "";
    var s = ms / 1000, m = Math.floor(s / 60);
    s -= m * 60;
    return "bank " + m + ":" + (s < 10 ? "0" : "") + s.toFixed(1);
  }

  function comments(list, parent) {
    if (!list || !list.length) return;
    var ul = html("ul", "comments", null, parent);
    list.forEach(function (c) { html("li", null, c, ul); });
  }

  function moveLine(n, parent) {
    var p = D.plies[n];
    html("span", "num", n + ".", parent);
    html("span", "who c-" + (D.players[p.seat] ? D.players[p.seat].letter : "x"),
         seatLabel(p.seat), parent);
    html("span", "mv", p.move, parent);
    if (p.sent !== null) html("span", "sent", "sent '" + p.sent + "'", parent);
    html("span", "time", p.opening ? "opening" : fmtMs(p.ms), parent);
    if (p.left >= 0) html("span", "bank", fmtBank(p.left), parent);
    if (p.paused > 0) html("span", "paused", "paused " + p.paused + " ms", parent);
    if (p.taken.length && D.block === 0)
      html("span", "capt", "captures " + p.taken.length, parent);
  }

  function showMoves() {
    var ol = document.getElementById("moves");
    clear(ol);
    for (var n = 1; n <= LAST; n++) {
      var li = html("li", null, null, ol);
      li.setAttribute("data-ply", n);
      moveLine(n, li);
      comments(D.plies[n].comments, li);
      li.addEventListener("click", go.bind(null, n, false));
    }
  }

  function showPlayers() {
    var ul = document.getElementById("players");
    D.players.forEach(function (p) {
      var li = html("li", null, null, ul);
      html("span", "swatch c-" + p.letter, null, li);
      html("span", "who", p.colour + ": " + seatName(p.seat), li);
      var about = [];
      if (p.name && p.name !== seatName(p.seat)) about.push(p.name);
      if (p.version) about.push("version " + p.version);
      if (p.author) about.push("by " + p.author);
      if (p.command && p.command !== seatName(p.seat)) about.push(p.command);
      if (about.length) html("span", "about", about.join(", "), li);
      var res = p.place ? "place " + p.place : "";
      if (p.result) res = p.result + (res ? ", " + res : "");
      if (p.win_points) res += ", " + p.win_points + " win points";
      if (res) html("span", "res", res, li);
    });
  }

  function showResult() {
    var box = document.getElementById("result");
    var R = D.result;
    var winners = D.players.filter(function (p) { return p.place === 1; });
    var head = "result: ";
    if (R.status === "void") head += "void, no bot's fault";
    else if (winners.length === D.players.length) head += "draw";
    else if (!winners.length) head += "unknown";
    else head += winners.map(function (p) { return seatLabel(p.seat); })
                        .join(" and ") + (winners.length > 1 ? " win" : " wins");
    head += " (" + R.reason + ")";
    html("p", "head", head, box);
    if (R.fault_seat >= 0)
      html("p", "fault", seatLabel(R.fault_seat) + " lost by its fault: " +
           R.reason + (R.detail ? ": " + R.detail : ""), box);
    else if (R.detail)
      html("p", "detail", R.detail, box);
    if (R.fault_comments.length) {
      html("p", null, "its comments in that turn:", box);
      comments(R.fault_comments, box);
    }
    if (R.entered)
      html("p", "entered", "entered by " + R.entered.by + ": " +
           R.entered.reason + (R.entered.when ? " (" + R.entered.when + ")" : ""), box);
    if (R.decision)
      html("p", "decision", "decided by " + R.decision.rule +
           (R.decision.entrant ? " for " + R.decision.entrant : "") +
           (R.decision.detail ? ": " + R.decision.detail : ""), box);
  }

  function showPattern() {
    if (!D.pattern) return;
    document.getElementById("patternbox").hidden = false;
    drawCells(document.getElementById("pattern"), D.pattern, null, null, "pat");
  }

  /* The current move in view in the list's own scroll box (the page
   * itself does not move). */
  function keepVisible(li) {
    var box = document.querySelector("aside");
    var b = box.getBoundingClientRect(), r = li.getBoundingClientRect();
    if (r.top < b.top) box.scrollTop -= b.top - r.top;
    else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
  }

  function showNow(n) {
    var p = D.plies[n];
    document.getElementById("ply").textContent = "ply " + n + " of " + LAST;
    document.getElementById("jump").value = n;
    var status = p.note || "";
    var R = D.result;
    if (n === LAST && R.fault_seat >= 0)
      status += (status ? "; " : "") + "the game ended here: " +
        seatLabel(R.fault_seat) + " lost by its fault (" + R.reason + ")";
    else if (n === LAST && R.status === "void")
      status += (status ? "; " : "") + "the game ended here, void (" + R.reason + ")";
    else if (p.to_move >= 0)
      status += (status ? "; " : "") + "to move: " + seatLabel(p.to_move);
    else if (n === LAST)
      status += (status ? "; " : "") + "the game is over";
    document.getElementById("status").textContent = status;
    document.getElementById("position").textContent = "position: " + p.pos;
    var now = document.getElementById("now");
    clear(now);
    if (n === 0) html("p", null, "start", now);
    else {
      moveLine(n, html("p", null, null, now));
      comments(p.comments, now);
    }
    var lis = document.querySelectorAll("#moves li");
    for (var i = 0; i < lis.length; i++) {
      var on = +lis[i].getAttribute("data-ply") === n;
      lis[i].classList.toggle("current", on);
      if (on) keepVisible(lis[i]);
    }
  }

  /* ---- navigation ----------------------------------------------------------- */

  function speed() {
    var v = parseInt(document.getElementById("speed").value, 10);
    return v > 0 ? v : 1000;
  }
  function turnMs() { return Math.min(450, Math.round(speed() * 0.6)); }

  /* Show ply n; one step forward over a turn is shown turning.  Returns
   * how long until the board is still. */
  function go(n, animate) {
    finishAnimation();
    n = Math.max(0, Math.min(LAST, n | 0));
    var turning = animate && n === state.ply + 1 && D.plies[n].turn;
    state.ply = n;
    showNow(n);
    if (turning) {
      animateTurn(n, turnMs());
      return turnMs() + 20;
    }
    drawPly(n);
    return 0;
  }

  function stop() {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    document.getElementById("play").textContent = "play";
  }
  function tick() {
    if (state.ply >= LAST) { stop(); return; }
    var busy = go(state.ply + 1, true);
    state.timer = setTimeout(tick, Math.max(speed(), busy));
  }
  function togglePlay() {
    if (state.timer) { stop(); return; }
    if (state.ply >= LAST) go(0, false);
    document.getElementById("play").textContent = "pause";
    state.timer = setTimeout(tick, 0);
  }

  var ACTIONS = {
    first: function () { stop(); return go(0, false); },
    prev: function () { stop(); return go(state.ply - 1, false); },
    next: function () { stop(); return go(state.ply + 1, true); },
    last: function () { stop(); return go(LAST, false); },
    play: function () { togglePlay(); return 0; }
  };
  var KEYS = { ArrowRight: "next", ArrowLeft: "prev", Home: "first",
               End: "last", " ": "play", Spacebar: "play", Space: "play" };

  function onKey(e) {
    var t = e.target;
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (tag === "button" && (e.key === " " || e.key === "Enter")) return;
    var act = KEYS[e.key];
    if (!act) return;
    e.preventDefault();
    state.lastBusy = ACTIONS[act]();
  }

  function wire() {
    Object.keys(ACTIONS).forEach(function (id) {
      document.getElementById(id).addEventListener("click", function () {
        state.lastBusy = ACTIONS[id]();
      });
    });
    var jump = document.getElementById("jump");
    jump.max = LAST;
    jump.addEventListener("keydown", function (e) {
      if (e.key !== "Enter") return;
      e.preventDefault();
      stop();
      go(parseInt(jump.value, 10) || 0, false);
    });
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", function () {
      var h = parseHash();
      if (h.ply !== null) { stop(); go(h.ply, false); }
    });
  }

  /* ---- the URL hash: #ply=N&keys=ArrowRight,click:prev --------------------- */

  function parseHash() {
    var out = { ply: null, keys: [] };
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("="), k = i < 0 ? kv : kv.slice(0, i);
      var v = i < 0 ? "" : decodeURIComponent(kv.slice(i + 1));
      if (k === "ply" && /^\d+$/.test(v)) out.ply = parseInt(v, 10);
      if (k === "keys" && v) out.keys = v.split(",");
    });
    return out;
  }

  /* Each input after the board is still from the one before. */
  function replay(inputs, done) {
    if (!inputs.length) { done(); return; }
    var input = inputs[0];
    state.lastBusy = 0;
    if (input.indexOf("click:") === 0) {
      var b = document.getElementById(input.slice(6));
      if (b) b.click();
    } else {
      document.dispatchEvent(new KeyboardEvent("keydown",
        { key: input, bubbles: true, cancelable: true }));
    }
    setTimeout(function () { replay(inputs.slice(1), done); },
               (state.lastBusy || 0) + 10);
  }

  showPlayers();
  showMoves();
  showResult();
  showPattern();
  wire();
  var start = parseHash();
  go(start.ply === null ? 0 : start.ply, false);
  replay(start.keys, function () { document.body.dataset.ready = "1"; });
})();
