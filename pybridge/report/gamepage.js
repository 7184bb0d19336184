// A game page of the arena: the board at every ply, from the JSON data block
// #game-data. #ply=K opens ply K (0: the start); the address follows each step.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var plies = data.plies, last = plies.length - 1, at = -1, timer = null;
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board"), status = $("status"), caption = $("caption"), counter = $("at");
  var links = document.querySelectorAll("#moves a[data-ply]");
  var play = $("play"), speed = $("speed");

  function wanted() {
    var m = /^#ply=(\d{1,9})$/.exec(location.hash);
    return m ? Math.min(parseInt(m[1], 10), last) : null;
  }

  function follow(k) {
    var hash = "#ply=" + k;
    if (location.hash === hash) return;
    try { history.replaceState(null, "", hash); } catch (e) { location.replace(hash); }
  }

  function show(k, address) {
    k = Math.max(0, Math.min(last, k));
    if (address) follow(k);
    if (k === at) return;
    if (at >= 0 && links[at]) links[at].removeAttribute("aria-current");
    at = k;
    var p = plies[k];
    board.textContent = p.board;
    status.textContent = p.status;
    caption.textContent = p.caption;
    status.className = k === last && data.over ? "over" : "";
    counter.textContent = "ply " + k + " of " + last;
    $("first").disabled = $("prev").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === last;
    if (links[k]) {
      links[k].setAttribute("aria-current", "step");
      var list = $("moves"), top = links[k].offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 40) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    if (k === last) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = "\u25B6 play";
  }

  function toggle() {
    if (timer !== null || last === 0) { stop(); return; }
    if (at === last) show(0, true);
    play.textContent = "\u275A\u275A pause";
    timer = setInterval(function () {
      if (at >= last) stop(); else show(at + 1, true);
    }, parseInt(speed.value, 10));
  }

  $("first").onclick = function () { show(0, true); };
  $("prev").onclick = function () { show(at - 1, true); };
  $("next").onclick = function () { show(at + 1, true); };
  $("last").onclick = function () { show(last, true); };
  play.onclick = toggle;
  speed.onchange = function () { if (timer !== null) { stop(); toggle(); } };
  window.addEventListener("hashchange", function () {
    var k = wanted();
    if (k !== null) show(k, false);
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
    var step = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[ev.key];
    if (step !== undefined) {
      show(step, true);
    } else if (ev.key === " " && tag !== "BUTTON") {
      toggle();
    } else {
      return;
    }
    ev.preventDefault();
  });
  var k = wanted();
  show(k === null ? 0 : k, k !== null);
})();
