"""The start screen: a card for every registered game, its seats and options, and Start.

Everything on it is read from the games' declared facts (``wp.game_info``) and their UI adapters,
so a new game shows up here with no change to this module. ``Start.start(name, ...)`` plays the
chosen game in place; the game's end screen leads back here.

>>> import widgetpkg as wp
>>> start = wp.play()
>>> sorted(start.cards) == sorted(wp.game_names())
True
>>> app = start.start(wp.game_names()[0], players=["You", "Ann"], seed=2)
>>> app.model.game.players, start.app is app
(('You', 'Ann'), True)
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as W

from .. import agents as agent_module
from ..core import InvalidOptionError, WidgetpkgError, game_info, game_names, new_game
from ..core.info import DEFAULT_PLAYER_NAMES, GameInfo, Option
from ..ui.contract import PromptOnlyUI, Style, esc, ui_for

log = logging.getLogger(__name__)

HUMAN = "Human"
#: how many seeded random steps the sample game behind a card's picture is played into
SAMPLE_STEPS = 12

_CSS = """
<style>
.wp-start { font-family: var(--jp-ui-font-family, sans-serif); color: #222; font-size: 14px; }
.wp-start .widget-html-content { line-height: 1.35; }
.wp-start .wp-start-title { font-size: 22px; font-weight: 600; margin: 4px 0 8px; }
.wp-start .wp-card { border: 1px solid #d6d0c0; border-radius: 8px; padding: 10px; background: #fbf8f1;
  box-shadow: 0 1px 3px rgba(0,0,0,.12); }
.wp-start .wp-card.wp-chosen { border: 2px solid #c0651a; background: #fff3e3; padding: 9px; }
.wp-start .wp-card-title { font-size: 17px; font-weight: 600; }
.wp-start .wp-card-facts { color: #555; font-size: 14px; margin: 2px 0 6px; }
.wp-start .wp-card-about { font-size: 14px; margin: 0 0 6px; }
.wp-start .wp-card-picture { height: 150px; }
.wp-start .wp-card-picture svg { width: 100%; height: 100%; }
.wp-start .wp-form-title { font-size: 18px; font-weight: 600; margin: 0 0 6px; }
.wp-start .wp-small { color: #555; font-size: 14px; }
.wp-start .widget-label, .wp-start input, .wp-start select, .wp-start .widget-button { font-size: 14px; }
.wp-start .wp-msg { font-size: 14px; padding: 4px 8px; border-radius: 4px; background: #fde8e0; color: #8a1f0c; }
</style>
"""


def computer_players(name: str) -> dict[str, Callable[[], Any]]:
    """The computer players the start screen offers for game ``name``, by label: one per
    difficulty level the game declares (``wp.agents.for_game(name, level)``), weakest first."""
    return {f"Computer: {level}": functools.partial(agent_module.for_game, name, level)
            for level in agent_module.levels(name)}


def levels_legend(name: str) -> str:
    """What each level of the game's computer player does, in one line of words."""
    return " · ".join(level.label or level.name for level in game_info(name).levels)


@functools.cache
def board_picture(name: str) -> str:
    """An SVG of the game's board a few seeded random steps in ("" for a game that draws none)."""
    info = game_info(name)
    game = new_game(name, players=info.min_players, seed=1)
    ui = ui_for(game)
    if isinstance(ui, PromptOnlyUI):
        return ""
    mover = agent_module.Random(seed=1)
    for _ in range(SAMPLE_STEPS):
        if game.is_over:
            break
        game.apply(mover.choose(game))
    return ui.svg(game, Style(), scale=24)


def _player_range(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    return f"{info.min_players} to {info.max_players} players"


class SeatRow:
    """One seat of the form: a name, and who plays it (a human or a computer player)."""

    def __init__(self, index: int, kinds: Iterable[str], default_kind: str) -> None:
        self.name = W.Text(value="You" if index == 0 else DEFAULT_PLAYER_NAMES[index % len(DEFAULT_PLAYER_NAMES)],
                           placeholder="name", layout=W.Layout(width="150px"))
        self.kind = W.Dropdown(options=list(kinds), value=HUMAN if index == 0 else default_kind,
                               layout=W.Layout(width="210px"))
        self.widget = W.HBox([W.Label(f"Seat {index + 1}", layout=W.Layout(width="56px")), self.name, self.kind])


class GameForm:
    """The seats and options of one game, from its declared facts; made once, kept while the
    start screen lives."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.info = info = game_info(name)
        self.computers = computer_players(name)
        kinds = [HUMAN, *self.computers]
        default_kind = "Computer: normal" if "Computer: normal" in kinds else kinds[-1]
        self.count = W.BoundedIntText(value=info.min_players, min=info.min_players, max=info.max_players,
                                      description="Players", layout=W.Layout(width="170px"))
        self.seats = [SeatRow(i, kinds, default_kind) for i in range(info.max_players)]
        self.count.observe(lambda _: self._show_seats(), "value")
        sample = new_game(name, players=info.min_players, seed=1)
        self.options = option_widgets(info, ui_for(sample).option_choices(sample))
        self.seed = W.Text(value="", description="Seed", placeholder="random", layout=W.Layout(width="220px"))
        legend = W.HTML(f"<div class='wp-small'>{esc(levels_legend(name))}</div>")
        self.widget = W.VBox([self.count, *[s.widget for s in self.seats], legend, *self.options.values(),
                              self.seed])
        self._show_seats()

    def _show_seats(self) -> None:
        for i, seat in enumerate(self.seats):
            seat.widget.layout.display = "flex" if i < self.count.value else "none"

    def players(self) -> list[tuple[str, Any]]:
        """The seats as ``play`` takes them: ``(name, agent or None)``; bad names are refused."""
        shown = self.seats[: self.count.value]
        names = list(self.info.player_names([s.name.value.strip() for s in shown]))
        return [(n, None if s.kind.value == HUMAN else self.computers[s.kind.value]()) for n, s in zip(names, shown)]

    def chosen_options(self) -> dict[str, Any]:
        options = {name: option_value(widget) for name, widget in self.options.items()}
        return {name: value for name, value in options.items() if value is not None}

    def chosen_seed(self) -> int | None:
        text = self.seed.value.strip()
        if not text:
            return None
        if not text.isdigit() or len(text) > 19:
            raise InvalidOptionError(f"the seed is a whole number of at most 19 digits, got {text[:20]!r}")
        return int(text)


def option_widgets(info: GameInfo, suggested: dict[str, tuple[Any, ...]]) -> dict[str, W.Widget]:
    """A widget for each declared option a form can set: a dropdown for its choices (or the
    adapter's suggested values), a checkbox group for a mapping of switches."""
    widgets: dict[str, W.Widget] = {}
    for option in info.options:
        values = option.choices or suggested.get(option.name)
        if values:
            widgets[option.name] = W.Dropdown(
                options=list(values), value=option.default if option.default in values else values[0],
                description=option.label, tooltip=option.help, style={"description_width": "initial"},
                layout=W.Layout(width="320px"))
        elif option.switches:
            widgets[option.name] = _switches(option)
    return widgets


def _switches(option: Option) -> W.VBox:
    on = option.default if isinstance(option.default, dict) else {}
    boxes = [W.Checkbox(value=bool(on.get(s)), description=s.replace("_", " ").capitalize(), indent=False,
                        layout=W.Layout(width="auto", margin="0 12px 0 0")) for s in option.switches]
    for box, switch in zip(boxes, option.switches):
        box.switch = switch   # the declared name, whatever the label says
    return W.VBox([W.HTML(f"<span class='wp-small'>{esc(option.label)}</span>"),
                   W.HBox(boxes, layout=W.Layout(flex_flow="row wrap"))])


def option_value(widget: W.Widget) -> Any:
    """What an option widget is set to: a dropdown's value, or the switches (None if none is on)."""
    if isinstance(widget, W.Dropdown):
        return widget.value
    switches = {box.switch: box.value for box in widget.children[1].children}
    return switches if any(switches.values()) else None


class Start(W.VBox):
    """The start screen: choose a game, its seats and options, and Start; the game is then played
    in place of the screen until "Back to the start screen"."""

    def __init__(self, *, pace: float = 0.6) -> None:
        self.app: Any = None
        self.forms: dict[str, GameForm] = {}
        self.chosen: str | None = None
        self.cards: dict[str, W.VBox] = {}
        for name in game_names():
            self.cards[name] = self._card(name)
        self.form_title = W.HTML()
        self.form_box = W.VBox()
        self.message = W.HTML()
        self.start_button = W.Button(description="Start", icon="play", button_style="success",
                                     tooltip="start the game with these seats and options",
                                     layout=W.Layout(width="160px", height="36px", margin="8px 0"))
        self.start_button.on_click(lambda _: self._guarded(self._start_from_form))
        self.start_button.add_class("wp-start-button")
        self.pace_box = W.BoundedFloatText(value=pace, min=0.0, max=10.0, step=0.1, description="Computer pace",
                                           tooltip="seconds a computer player waits before each move, so a class "
                                                   "can follow", style={"description_width": "initial"},
                                           layout=W.Layout(width="220px"))
        self.setup = W.VBox([self.form_title, self.form_box, self.pace_box, self.start_button, self.message],
                            layout=W.Layout(flex="0 1 430px", padding="0 4px"))
        cards = W.GridBox(list(self.cards.values()),
                          layout=W.Layout(grid_template_columns="repeat(auto-fit, minmax(210px, 1fr))",
                                          grid_gap="12px", flex="1 1 640px", max_width="1260px"))
        self.chooser = W.VBox([
            W.HTML(_CSS + "<div class='wp-start-title'>Choose a game</div>"),
            W.Box([cards, self.setup], layout=W.Layout(display="flex", flex_flow="row wrap", grid_gap="16px",
                                                       align_items="flex-start", width="100%")),
        ], layout=W.Layout(width="100%"))
        self.host = W.VBox(layout=W.Layout(width="100%"))
        super().__init__([self.chooser, self.host], layout=W.Layout(width="100%"))
        self.add_class("wp-start")
        self.choose(next(iter(self.cards)))

    # -- the cards and the form ---------------------------------------------------------------------------
    def _card(self, name: str) -> W.VBox:
        info = game_info(name)
        facts = [_player_range(info)] + [o.label for o in info.options if o.choices or o.switches]
        head = W.HTML(f"<div class='wp-card-title'>{esc(info.title)}</div>"
                      f"<div class='wp-card-facts'>{esc(' · '.join(facts))}</div>"
                      + (f"<div class='wp-card-about'>{esc(info.description)}</div>" if info.description else "")
                      + f"<div class='wp-card-picture'>{board_picture(name)}</div>")
        button = W.Button(description="Choose", tooltip=f"set up a game of {info.title}",
                          layout=W.Layout(width="auto", height="34px"))
        button.on_click(lambda _, name=name: self._guarded(self.choose, name))
        card = W.VBox([head, button])
        card.add_class("wp-card")
        return card

    def form(self, name: str) -> GameForm:
        """The seats and options form of game ``name`` (made on first use)."""
        if name not in self.forms:
            self.forms[name] = GameForm(name)
        return self.forms[name]

    def choose(self, name: str) -> None:
        """Show the form of game ``name``."""
        form = self.form(_known(name))
        for other, card in self.cards.items():
            (card.add_class if other == name else card.remove_class)("wp-chosen")
        self.chosen = name
        self.form_title.value = f"<div class='wp-form-title'>{esc(form.info.title)}: seats and options</div>"
        self.form_box.children = (form.widget,)
        self.message.value = ""

    # -- starting and coming back ---------------------------------------------------------------------------
    def start(self, name: str, *, players: Iterable[Any] | None = None, seed: int | None = None,
              **options: Any) -> Any:
        """Start a game of ``name`` and show it in place of the screen; return its App.

        ``players`` and ``options`` are as in ``wp.play``; without ``players`` the form's seats play.
        Bad input raises a WidgetpkgError and leaves the screen as it was."""
        from .app import play
        form = self.form(_known(name))
        seats = list(players) if players is not None else form.players()
        app = play(name, players=seats, seed=seed, pace=self.pace_box.value, **options)
        self._close_app()
        self.app = app
        app.end_screen.on_back = self.back
        self.chooser.layout.display = "none"
        self.host.children = (app.widget,)
        self.message.value = ""
        return app

    def back(self) -> None:
        """Close the game being played and show the games again."""
        self._close_app()
        self.host.children = ()
        self.chooser.layout.display = "flex"

    def _close_app(self) -> None:
        if self.app is not None:
            # App.close closes the app's widgets but leaves their layout and style models alive
            roots = [self.app.widget, getattr(self.app.board, "atlas", None)]
            parts = [p for root in roots if root is not None for w in widget_tree(root)
                     for p in (getattr(w, "layout", None), getattr(w, "style", None)) if p is not None]
            self.app.close()
            for part in parts:
                part.close()
            self.app = None

    def _start_from_form(self) -> None:
        name = self.chosen or next(iter(self.cards))
        form = self.form(name)
        try:
            self.start(name, players=form.players(), seed=form.chosen_seed(), **form.chosen_options())
        except WidgetpkgError as error:
            self.message.value = f"<div class='wp-msg'>{esc(error)}</div>"

    def _guarded(self, action: Callable[..., Any], *args: Any) -> Any:
        try:
            return action(*args)
        except Exception as error:   # a button's failure is told on the screen, never lost in a log
            log.exception("a start screen control failed")
            self.message.value = f"<div class='wp-msg'>could not do that: {esc(error)}</div>"
            return None

    def close(self) -> None:
        """Close the game, every form and card: the screen goes blank for good."""
        self._close_app()
        for root in [*self.children, *(form.widget for form in self.forms.values())]:
            for widget in widget_tree(root):
                for part in (getattr(widget, "layout", None), getattr(widget, "style", None), widget):
                    if part is not None:
                        part.close()
        super().close()

    # -- display ----------------------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import Javascript, display

        from .app import PAGE_SCROLL_JS
        display(self._repr_mimebundle_(), raw=True)
        display(Javascript(PAGE_SCROLL_JS))   # the board of a started game scrolls and sizes as in an App

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = self._repr_html_()
        return bundle

    def _repr_html_(self) -> str:
        """The cards as a static page (nbviewer, docs)."""
        cards = "".join(
            f"<div class='wp-card' style='flex:1 1 240px'>{card.children[0].value}</div>"
            for card in self.cards.values())
        return f"<div class='wp-start'>{_CSS}<div style='display:flex;flex-wrap:wrap;gap:12px'>{cards}</div></div>"

    def __repr__(self) -> str:
        return f"<Start: {', '.join(self.cards)}>"


def widget_tree(root: W.Widget) -> list[W.Widget]:
    """``root`` and every widget inside it (children and canvases)."""
    found: list[W.Widget] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        found.append(widget)
        stack.extend(getattr(widget, "children", ()))
        stack.extend(getattr(widget, "_canvases", ()))
    return found


def _known(name: str) -> str:
    if name not in game_names():
        raise InvalidOptionError(f"no game named {str(name)[:40]!r}; the games are: {', '.join(game_names())}")
    return name


__all__ = ["GameForm", "Start", "board_picture", "computer_players", "option_value", "option_widgets"]
