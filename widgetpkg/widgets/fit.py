"""How the app fits the window: the board as large as the width beside the panel and the visible
height allow, re-fitted when the window, the side bar or the notebook's panes change; presenter mode
takes the whole screen.

The browser does the fitting (CSS), the kernel only redraws at the size the canvas is shown at:

- ``FIT_JS`` keeps, on every app's box, the CSS variable ``--wp-fit-height``: the height of the part
  of the window that the app is shown in (the window, less the notebook's menus, tool bars and
  status bar, or the whole screen in presenter mode). The board caps its width at that height
  over its picture's proportions (``BoardCanvas``), so the whole board and the prompt beside it are
  seen without scrolling; the board's own resize observer (``PAGE_SCROLL_JS``) then tells the
  kernel the width it is shown at, and the board redraws at that many pixels (sharp, not stretched).
- Pressing ``Present`` also asks the browser to show the app full screen (a browser allows that only
  from a click, so ``present=True`` in code changes the layout alone); leaving full screen (Esc)
  leaves presenter mode.
- ``FIT_CSS``: the legend has its own line below the board (beside the panel it took the board's
  room, and in presenter mode it was squeezed and cut); in presenter mode the board and the panel
  share one row whatever the width.

>>> "--wp-fit-height" in FIT_JS and "requestFullscreen" in FIT_JS
True
>>> "<style>" in FIT_CSS
True
"""

from __future__ import annotations

#: the page script: one per page (a second run does nothing), for every app on the page
FIT_JS = """
(function () {
  if (window.widgetpkgFit) { return; }
  window.widgetpkgFit = true;
  var MARGIN = 8;    // pixels kept free below the board
  function clips(el) {
    // an ancestor whose box does not grow with the app: a scroller that scrolls, or a pane laid
    // out by the page (absolute or fixed); a box sized by its content would feed the size back
    var style = getComputedStyle(el);
    if (style.overflowY === "visible") { return false; }
    return el.scrollHeight > el.clientHeight + 1 || style.position === "absolute" || style.position === "fixed";
  }
  function visibleHeight(app) {
    if (document.fullscreenElement && document.fullscreenElement.contains(app)) { return window.innerHeight; }
    var top = 0, bottom = window.innerHeight;
    for (var el = app.parentElement; el && el !== document.body; el = el.parentElement) {
      if (!clips(el)) { continue; }
      var box = el.getBoundingClientRect();
      if (box.height > 0) { top = Math.max(top, box.top); bottom = Math.min(bottom, box.bottom); }
    }
    return bottom - top;
  }
  function fit(app) {
    var height = Math.floor(visibleHeight(app) - MARGIN);
    if (height < 240) { return; }     // not laid out yet, or hidden
    var value = height + "px";
    if (app.style.getPropertyValue("--wp-fit-height") !== value) { app.style.setProperty("--wp-fit-height", value); }
  }
  function fitAll() { document.querySelectorAll(".wp-app").forEach(fit); }
  var timer = null;
  function soon() { clearTimeout(timer); timer = setTimeout(fitAll, 100); }
  window.addEventListener("resize", soon);
  document.addEventListener("fullscreenchange", function () {
    fitAll();
    document.querySelectorAll(".wp-app").forEach(function (app) {
      var was = app.widgetpkgFullscreen, now = document.fullscreenElement === app;
      var toggle = app.querySelector(".wp-present-toggle");
      app.widgetpkgFullscreen = now;
      // Esc left full screen: leave presenter mode too (not when Present itself was pressed)
      if (was && !now && !app.widgetpkgLeaving && toggle && toggle.classList.contains("mod-active")) {
        toggle.click();
      }
      app.widgetpkgLeaving = false;
    });
  });
  document.addEventListener("click", function (event) {
    var toggle = event.target && event.target.closest && event.target.closest(".wp-present-toggle");
    var app = toggle && toggle.closest(".wp-app");
    if (!app || !app.requestFullscreen) { return; }
    if (!toggle.classList.contains("mod-active") && !document.fullscreenElement) {
      app.requestFullscreen().catch(function () {});   // refused: presenter mode in the page
    } else if (document.fullscreenElement === app) {
      app.widgetpkgLeaving = true;
      document.exitFullscreen().catch(function () {});
    }
  }, {capture: true});
  var resizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(soon);
  function watch(app) {
    if (app.widgetpkgFitted) { return; }
    app.widgetpkgFitted = true;
    fit(app);
    if (!resizes) { return; }
    resizes.observe(app);
    for (var el = app.parentElement; el && el !== document.body; el = el.parentElement) {
      if (clips(el)) { resizes.observe(el); }    // the notebook's pane grows or shrinks
    }
  }
  var pending = false;
  new MutationObserver(function () {
    if (!pending) {
      pending = true;
      requestAnimationFrame(function () { pending = false; document.querySelectorAll(".wp-app").forEach(watch); });
    }
  }).observe(document.body, {childList: true, subtree: true});
  document.querySelectorAll(".wp-app").forEach(watch);
})();
"""

#: the app's own styles (after the panel's, so that these win where both speak)
FIT_CSS = """<style>
.wp-app:fullscreen { background: var(--jp-layout-color0, #fff); padding: 8px; box-sizing: border-box;
  overflow-y: auto; align-content: flex-start; }
.wp-app:fullscreen .wp-panel { max-height: calc(100vh - 16px); overflow-y: auto; }
div.wp-app.wp-present { flex-flow: row wrap !important; }
.wp-app.wp-present canvas.wp-board { flex: 1 1 0 !important; min-width: 0 !important; }
/* the legend on its own line (beside the panel it takes the board's room), its button no wider than its words */
.wp-app .wp-legend-view { flex: 0 0 100%; align-items: flex-start; }
.wp-app.wp-present .wp-legend-view .widget-toggle-button { font-size: 18px; height: auto; min-height: 36px; }
</style>"""

__all__ = ["FIT_CSS", "FIT_JS"]
