"""The app: a board and its panel on one model, and ``play()`` to start a game in one call.

>>> import widgetpkg as wp
>>> app = wp.play("hunters-gatherers", players=["You", wp.agents.Random(seed=1)], seed=3)
>>> app.model.game.players, app.model.human_to_move()
(('You', 'Random'), True)
>>> "<svg" in app._repr_html_()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as W
from traitlets import Bool, HasTraits

from ..core import Game, InvalidOptionError, game_info, new_game
from ..ui.contract import SEAT_COLOURS, esc
from ..ui.palette import named_colour
from .board import BoardCanvas
from .end import EndScreen
from .fit import FIT_CSS, FIT_JS
from .model import GameModel
from .panel import Panel, agent_label
from .runner import AgentRunner


def seat_players(players: Iterable[Any]) -> tuple[list[str], dict[str, Any]]:
    """Player names and agents from ``play``'s ``players``: a name is a human, an agent plays
    under its own name ("MCTS", "Greedy 2"), and ``(name, agent_or_None)`` names a seat."""
    names: list[str] = []
    agents: dict[str, Any] = {}
    pending: list[tuple[int, Any]] = []
    for seat in players:
        if isinstance(seat, str):
            names.append(seat)
        elif isinstance(seat, tuple) and len(seat) == 2 and isinstance(seat[0], str):
            names.append(seat[0])
            if seat[1] is not None:
                agents[seat[0]] = _check_agent(seat[1])
        else:
            pending.append((len(names), _check_agent(seat)))
            names.append("")
    for index, agent in pending:
        base = agent_label(agent)
        name, k = base, 2
        while name in names:
            name, k = f"{base} {k}", k + 1
        names[index] = name
        agents[name] = agent
    return names, agents


def _check_agent(agent: Any) -> Any:
    if not callable(getattr(agent, "choose", None)):
        raise InvalidOptionError(f"a player is a name, an agent (with choose(game)) or (name, agent); got {agent!r}")
    return agent


def default_colours(names: Iterable[str], given: Mapping[str, str] | None = None) -> dict[str, str]:
    """A colour per player: given, or named by the player ("Red"), or the next free seat colour
    (all from the one palette, ``widgetpkg.ui.palette``)."""
    names = list(names)
    colours = dict(given or {})
    for name in names:
        named = named_colour(name)
        if name not in colours and named is not None:
            colours[name] = named
    free = [c for c in SEAT_COLOURS if c not in colours.values()]
    for name in names:
        if name not in colours:
            colours[name] = free.pop(0) if free else SEAT_COLOURS[len(colours) % len(SEAT_COLOURS)]
    return {name: colours[name] for name in names}


#: Two fixes of how the page treats the board's canvas, sent once per page:
#:
#: - ipycanvas cancels every wheel event over a canvas, which stops the page from scrolling there.
#:   A plain wheel is stopped before it reaches the board's canvas, without being cancelled: the
#:   notebook scrolls as usual. Ctrl+wheel (and a trackpad's pinch) or Alt+wheel go on to the
#:   board, which zooms around the pointer.
#: - ipycanvas focuses the canvas on mouse down and only then measures where the canvas is; when
#:   the board is partly scrolled out of view, focusing scrolls the page first and the click lands
#:   on the wrong cell. The board's canvases take the focus without scrolling.
#: - The board's canvas takes the cell's width; a resize observer tells the board (through its
#:   hidden ``size_probe`` text box) how wide it is shown, so it draws that many pixels.
#: - ``FIT_JS`` (``widgets/fit.py``): the board no taller than the visible window, presenter mode full screen.
PAGE_SCROLL_JS = FIT_JS + """
(function () {
  if (window.widgetpkgPageScroll) { return; }
  window.widgetpkgPageScroll = true;
  document.addEventListener("wheel", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("canvas.wp-board") && !event.ctrlKey && !event.altKey) {
      event.stopPropagation();
    }
  }, {capture: true, passive: true});
  document.addEventListener("mousedown", function (event) {
    var canvas = event.target;
    if (!canvas || !canvas.closest || !canvas.closest(".wp-board") || canvas.widgetpkgFocus) { return; }
    var focus = canvas.focus.bind(canvas);
    canvas.widgetpkgFocus = true;
    canvas.focus = function (options) { focus(Object.assign({}, options || {}, {preventScroll: true})); };
  }, {capture: true});
  function watch(canvas) {
    if (canvas.widgetpkgWatched || typeof ResizeObserver === "undefined") { return; }
    canvas.widgetpkgWatched = true;
    var timer = null, last = "";
    new ResizeObserver(function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var app = canvas.closest(".wp-app");
        var input = app && app.querySelector(".wp-board-size input");
        var width = Math.round(canvas.getBoundingClientRect().width);
        if (!input || width < 200 || String(width) === last) { return; }   // not laid out yet
        last = String(width);
        input.value = last;
        input.dispatchEvent(new Event("input", {bubbles: true}));
      }, 150);
    }).observe(canvas);
  }
  var pending = false;
  function scan() {
    pending = false;
    document.querySelectorAll(".wp-app canvas.wp-board").forEach(watch);
  }
  new MutationObserver(function () {
    if (!pending) { pending = true; requestAnimationFrame(scan); }
  }).observe(document.body, {childList: true, subtree: true});
  scan();
})();
"""


class App(HasTraits):
    """A game on screen: ``model`` (the game and its notifications), ``board``, ``panel``, ``runner``."""

    #: presenter mode: large text, the panel reduced to whose turn, the prompt, the last moves and the
    #: scores, the board as large as fits (the ``Present`` toggle)
    present = Bool(False)

    #: also send ``PAGE_SCROLL_JS`` when the app is displayed (the page scrolls over the board)
    page_scroll = True

    def __init__(self, game: Game, *, agents: Mapping[str, Any] | None = None,
                 colours: Mapping[str, str] | None = None, pace: float = 0.6, width: int = 680,
                 height: int = 560, present: bool = False) -> None:
        super().__init__()
        self.present = bool(present)
        self.model = GameModel(game, agents=dict(agents or {}), colours=default_colours(game.players, colours))
        self.board = BoardCanvas(self.model, width=width, height=height)
        self.runner = AgentRunner(self.model, pace=pace)
        self.panel = Panel(self)
        from .legend_view import LegendView
        self.legend = LegendView(self.model)
        self.panel.present.add_class("wp-present-toggle")    # pressing it also asks for full screen
        from .hint import Hint
        self.hint = Hint(self)
        self.panel.add_control(self.hint.button)
        self.panel.add_under_controls(self.hint.widget)
        fit_css = W.HTML(FIT_CSS, layout=W.Layout(display="none"))
        self.widget = W.Box([self.board.widget, self.panel.widget, self.legend.widget, self.board.size_probe,
                             fit_css],
                            layout=W.Layout(display="flex", flex_flow="row wrap", align_items="flex-start",
                                            width="100%"))
        self.widget.add_class("wp-app")
        self.end_screen = EndScreen(self)   # shows itself above the board once the game is over
        self.observe(self._on_present, "present")
        self._on_present()
        self.runner.schedule()   # an agent may open the game

    def close(self) -> None:
        """Stop the agents and close every widget of the app (its views go blank). The model and
        its game stay usable: changing them later raises nothing."""
        self.runner.close()
        self.hint.close()
        self.end_screen.close()
        self.model.close()
        self.panel.close()
        self.legend.close()
        self.board.close()
        stack: list[Any] = [self.widget]
        if getattr(self, "_inspector", None) is not None:
            self._inspector.close()
            stack.append(self._inspector.widget)
        while stack:
            widget = stack.pop()
            stack.extend(getattr(widget, "children", ()))
            stack.extend(getattr(widget, "_canvases", ()))
            widget.close()

    def _on_present(self, change: Any = None) -> None:
        if self.present:
            self.widget.add_class("wp-present")
        else:
            self.widget.remove_class("wp-present")

    @property
    def game(self) -> Game:
        """The game, for reading (change it through ``app.model``)."""
        return self.model.game

    def new_game(self, *, players: Iterable[Any] | None = None, colours: Mapping[str, str] | None = None,
                 seed: int | None = None, **options: Any) -> Game:
        """Replace the game by a new one of the same kind; every view follows."""
        old = self.model.game
        names, agents = seat_players(players if players is not None else
                                     [(p, self.model.agent_for(p)) for p in old.players])
        merged = {**old.options, **options}
        game = new_game(old.name, players=names, seed=seed, **merged)
        self.runner._cancel()
        with self.model.hold_trait_notifications():
            self.model.agents = agents
            self.model.colours = default_colours(names, colours)
            self.model.highlight = []
        self.model.replace(game)
        return game

    @property
    def inspector(self) -> Any:
        """The inspector on this app's model (made on first use), linked to the board: the game's
        own view inside the position (Hunters & Gatherers: its feature graph)."""
        if getattr(self, "_inspector", None) is None:
            from .inspector import Inspector
            self._inspector = Inspector(self.model, app=self)
        return self._inspector

    def export_notebook(self, path: Any, *, title: str = "A lesson", intro: str = "") -> Any:
        """Write a lesson notebook of the game as it is now (undone steps become its cells)."""
        from ..lessons import write_lesson
        return write_lesson(self.model.game, path, title=title, intro=intro)

    # -- display ----------------------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import Javascript, display
        display(self._repr_mimebundle_(), raw=True)
        if self.page_scroll:
            display(Javascript(PAGE_SCROLL_JS))

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = repr(self)
        bundle["text/html"] = self._repr_html_()
        return bundle

    def _repr_html_(self) -> str:
        """A static picture of the position: the board as SVG and the scores (nbviewer, docs)."""
        game = self.model.game
        words, _ = self.board.ui.status(game)
        scores, projected = game.scores, game.projected_scores()
        # the first of the game's sections (what is in hand) belongs to the picture of a position
        first = next((s.render() for s in self.board.ui.sections(game, None) if s.open), "")
        rows = "".join(
            f"<tr><td><span style='display:inline-block;width:10px;height:10px;border-radius:50%;"
            f"background:{esc(self.board.style.colour(p, game.players))}'></span> {esc(p)}</td>"
            f"<td style='text-align:right'>{scores[p]}</td><td style='text-align:right'>{projected[p]}</td></tr>"
            for p in game.players)
        return ("<div class='wp-static' style='display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start'>"
                f"<div style='max-width:100%;overflow:auto'>{self.board.svg()}</div>"
                f"<div><div style='font-weight:600'>{esc(words)}</div>"
                f"<div style='margin:6px 0'>{first}</div>"
                "<table><tr><th>Player</th><th>Score</th><th>Projected</th></tr>" + rows + "</table></div></div>")

    def __repr__(self) -> str:
        game = self.model.game
        return f"<App {game.name}: {', '.join(game.players)}; {self.board.ui.status(game)[0]}>"


def play(game: str | Game | None = None, *, players: Iterable[Any] | None = None,
         colours: Mapping[str, str] | None = None, pace: float = 0.6, width: int = 680, height: int = 560,
         present: bool = False, **options: Any) -> Any:
    """Start a game (or show ``game``) in the widgets: display the returned app in a notebook.
    With no game, the start screen (:class:`~widgetpkg.widgets.start.Start`) to choose one.

    ``players`` lists the seats in order: a name is a human at this screen, an agent
    (``wp.agents.MCTS(seconds=1)``) plays by itself, ``(name, agent)`` names an agent's seat.
    Other keywords are the game's options (``edition="2020"``, ``seed=3``, ...).
    ``width`` and ``height`` are the board's first size in pixels; once shown it takes the page's
    width, and a fixed board's height always follows its picture's proportions. ``present=True``
    starts in presenter mode (``app.present``).
    """
    if game is None:
        if players is not None or options or colours is not None:
            raise InvalidOptionError("play() with no game shows the start screen: choose players and options there")
        from .start import Start
        return Start(pace=pace)
    if isinstance(game, Game):
        if players is not None or options:
            raise InvalidOptionError("play(game) shows an existing game: its players and options are set")
        return App(game, colours=colours, pace=pace, width=width, height=height, present=present)
    if players is None:
        from .. import agents as agent_module
        stand_in = getattr(agent_module, "Greedy", None) or agent_module.Random
        players = ["You", stand_in()]
    elif isinstance(players, int) and not isinstance(players, bool):
        players = list(game_info(game).player_names(players))  # a count: that many humans, default names
    names, agents = seat_players(players)
    return App(new_game(game, players=names, **options), agents=agents, colours=colours, pace=pace,
               width=width, height=height, present=present)


__all__ = ["App", "default_colours", "play", "seat_players"]
