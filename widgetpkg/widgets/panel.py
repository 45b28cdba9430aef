"""The side panel: whose turn and what to do, the choices that are not a spot on the board, the
scores with the game's columns, the game's sections, controls, history, the scoring log, agents
and a new-game form. Game-agnostic: every game word comes from the game's adapter.

Widgets are made once and only their values change after a move, each inside ``hold_sync`` so a
widget sends at most one message per change.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from .. import agents as agent_module
from ..core import grammar
from ..ui.contract import SEAT_COLOURS, Choice, GameUI, LogEntry, Section, esc
from .pool import BoxPool, ButtonPool, HTMLPool

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

#: steps the "since your last turn" list keeps (the newest): a long session does not grow it
SINCE_KEPT = 30
#: more game columns than this and the score table turns on its side (a column per player)
MANY_COLUMNS = 4
#: a prompt with more choices than this (every way to pay a building of 1 to 7 resources) is one
#: list to pick from and a Play button: hundreds of buttons are unreadable and each one is a widget
LONG_PROMPT = 40

_CSS = """
<style>
.wp-panel { font-family: var(--jp-ui-font-family, sans-serif); font-size: 13px; color: #222;
  overflow-x: hidden; box-sizing: border-box; }
.wp-panel .widget-box, .wp-panel .widget-html { max-width: 100%; }
.wp-panel .widget-html-content { line-height: 1.35; font-size: 13px; }
.wp-panel .widget-html { margin-top: 1px; margin-bottom: 1px; }
.wp-panel .wp-status { font-size: 15px; font-weight: 600; line-height: 1.3; }
.wp-panel .wp-hint { color: #555; font-size: 12px; margin-top: 2px; }
.wp-panel .wp-thinking { color: #8a4b00; font-size: 12px; margin-top: 3px; }
.wp-panel .wp-swatch { display: inline-block; width: 11px; height: 11px; border-radius: 50%;
  border: 1px solid rgba(0,0,0,.45); vertical-align: -1px; margin-right: 5px; }
.wp-panel .wp-msg { font-size: 12px; padding: 3px 6px; border-radius: 4px; margin: 2px 0;
  background: #eef5e6; color: #2c4a12; }
/* two lines high whatever the message: a longer one scrolls inside the box, so nothing is cut and
   the panel never jumps; the full text is also the box's tooltip */
.wp-panel .wp-msg > div { height: 28px; overflow-x: hidden; overflow-y: auto; line-height: 14px;
  overflow-wrap: anywhere; }
.wp-panel .wp-msg.wp-empty { background: transparent; }
/* a menu's choices are sentences: each on its own full-width button, wrapped, never cut */
.wp-panel .wp-menu .widget-button { white-space: normal; height: auto; min-height: 28px; line-height: 17px;
  text-align: left; padding: 4px 8px !important; flex: 1 1 100%; }
.wp-panel .wp-menu .widget-button:last-child { flex: 0 0 auto; }
.wp-panel .wp-msg.wp-warn { background: #fde8e0; color: #8a1f0c; }
/* a game with many columns scrolls sideways inside its table, never the panel; a name stays by its dot */
.wp-panel .wp-table-wrap { max-width: 100%; overflow-x: auto; }
.wp-panel table.wp-scores { border-collapse: collapse; width: 100%; margin: 4px 0; }
.wp-panel table.wp-turned th { white-space: normal; overflow-wrap: anywhere; }
.wp-panel table.wp-turned td.wp-current, .wp-panel table.wp-turned th.wp-current { background: #fff6cf; }
/* on its side, a value wraps inside its player's column (more specific than the nowrap above) */
.wp-panel table.wp-scores.wp-turned td.wp-left, .wp-panel table.wp-scores.wp-turned td.wp-num { white-space: normal; overflow-wrap: anywhere; }
.wp-panel table.wp-scores td.wp-name { white-space: nowrap; }
.wp-panel table.wp-scores td, .wp-panel table.wp-scores th { padding: 2px 4px; text-align: left; }
.wp-panel table.wp-scores th { font-weight: 600; color: #666; font-size: 11px; border-bottom: 1px solid #ddd; }
.wp-panel table.wp-scores td.wp-left { white-space: nowrap; color: #555; font-size: 11px; }
.wp-panel table.wp-scores td.wp-num { text-align: right; font-variant-numeric: tabular-nums; }
.wp-panel table.wp-scores tr.wp-current td { background: #fff6cf; font-weight: 600; }
.wp-panel .wp-small { color: #666; font-size: 11px; }
.wp-panel .wp-hand { display: flex; align-items: center; gap: 8px; }
.wp-panel .wp-hand svg { border-radius: 3px; box-shadow: 0 1px 3px rgba(0,0,0,.35); }
.wp-panel .wp-hand-caption { color: #555; font-size: 12px; }
.wp-panel .wp-hand-empty { color: #888; font-size: 12px; height: 30px; line-height: 30px; }
.wp-panel .wp-pile-title { font-weight: 600; margin: 4px 0 2px; }
.wp-panel .wp-section { font-weight: 600; color: #444; margin-top: 6px; }
.wp-panel .wp-group { font-size: 11px; color: #666; margin: 2px 0 0; }
.wp-panel table.wp-final td, .wp-panel table.wp-final th { padding: 1px 4px; text-align: right; }
.wp-panel table.wp-final td:first-child, .wp-panel table.wp-final th:first-child { text-align: left; }
.wp-panel table.wp-final tr.wp-total td { border-top: 1px solid #999; font-weight: 600; }
.wp-panel .wp-winners { font-weight: 600; margin: 4px 0; }
.wp-panel ol.wp-since { margin: 2px 0 4px; padding-left: 22px; max-height: 150px; overflow-y: auto;
  font-size: 12px; line-height: 1.35; overflow-wrap: anywhere; }
.wp-panel .wp-die { font-size: 20px; line-height: 16px; vertical-align: -2px; margin-right: 1px; }
/* presenter mode (the app's box has wp-present): readable from the back of a classroom; the board
   shrinks beside the panel rather than the panel going under the board */
.wp-app.wp-present { flex-flow: row nowrap !important; }
.wp-present .wp-board { min-width: 0 !important; }
.wp-present .wp-panel { width: 440px !important; flex: 0 0 440px !important; font-size: 18px; }
.wp-present .wp-panel .wp-detail { display: none !important; }
.wp-present .wp-panel .widget-html-content, .wp-present .wp-panel .widget-button,
.wp-present .wp-panel .widget-toggle-button, .wp-present .wp-panel table.wp-scores td,
.wp-present .wp-panel table.wp-scores th, .wp-present .wp-panel .wp-small, .wp-present .wp-panel .wp-group,
.wp-present .wp-panel .wp-hint, .wp-present .wp-panel .wp-thinking, .wp-present .wp-panel .wp-msg,
.wp-present .wp-panel ol.wp-since, .wp-present .wp-panel table.wp-final td,
.wp-present .wp-panel table.wp-final th, .wp-present .wp-panel table.wp-scores td.wp-left {
  font-size: 18px !important; line-height: 1.3 !important; }
.wp-present .wp-panel .widget-button, .wp-present .wp-panel .widget-toggle-button { height: auto; min-height: 36px; }
.wp-present .wp-panel .wp-msg > div { height: 48px; line-height: 23px; }
.wp-present .wp-panel .wp-status { font-size: 24px !important; }
.wp-present .wp-panel .wp-die { font-size: 28px; }
.wp-panel kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 3px; font-size: 11px; background: #fafafa; }
</style>
"""

_BOARD_KEYS = ("Click the board once to give it the keys: <kbd>U</kbd> undo, <kbd>Y</kbd> redo, "
               "<kbd>Esc</kbd> closes a menu; a menu's choices are <kbd>1</kbd>, <kbd>2</kbd>, ...")
_OPEN_BOARD_KEYS = " Arrows or a drag pan, <kbd>+</kbd>/<kbd>-</kbd> zoom, <kbd>F</kbd> fits the whole board."


#: the difficulty names of the setup form and the agents behind them
DIFFICULTIES = {"random": "Easy (random)", "greedy": "Normal (greedy)", "mcts": "Hard (MCTS, 1 s)"}
#: the seat kind a new opponent gets
DEFAULT_OPPONENT = DIFFICULTIES["greedy"]


def agent_choices() -> dict[str, Callable[[], Any] | None]:
    """The seat kinds the setup form offers: humans, and the agents by difficulty."""
    choices: dict[str, Callable[[], Any] | None] = {"Human": None}
    if hasattr(agent_module, "Random"):
        choices[DIFFICULTIES["random"]] = lambda: agent_module.Random()
    if hasattr(agent_module, "Greedy"):
        choices[DIFFICULTIES["greedy"]] = lambda: agent_module.Greedy()
    if hasattr(agent_module, "MCTS"):
        choices[DIFFICULTIES["mcts"]] = lambda: agent_module.MCTS(seconds=1.0)
    return choices


def agent_label(agent: Any) -> str:
    if agent is None:
        return "human"
    name = getattr(agent, "name", "") or type(agent).__name__
    return name.upper() if name.lower() == "mcts" else name.capitalize()


def _button(description: str, tooltip: str, icon: str = "", width: str = "auto") -> W.Button:
    return W.Button(description=description, tooltip=tooltip, icon=icon,
                    layout=W.Layout(width=width, min_width="0", padding="0 5px", margin="0 2px 4px 0"))


class Panel:
    """The panel of ``app``: builds its widgets once, then follows the model."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.model = app.model
        self.board = app.board
        self.runner = app.runner
        self._syncing = False
        self._closed = False
        self._log: list[LogEntry] = []
        self._prompt_shown: list[Choice] | None = None
        self._closed_titles: tuple[str, ...] = ()
        self._closed_sections: list[Section] = []

        self.status = W.HTML(layout=W.Layout(width="100%"))
        self.message = W.HTML(layout=W.Layout(width="100%"))
        self.menu = W.HBox(layout=W.Layout(flex_flow="row wrap", display="none"))
        self.menu.add_class("wp-menu")
        # the menu's and the prompt's widgets are reused from move to move (see ``pool``)
        self._menu_buttons = ButtonPool(lambda index: self._guarded(self.board.choose, index))
        self._menu_title = W.HTML()
        self._menu_close = _button("", "close the menu (Esc)", "times")
        self._menu_close.on_click(lambda _: self._guarded(self.board.close_menu))
        self._prompt_order: list[Choice] = []
        self._prompt_buttons = ButtonPool(self._press_prompt, on_hover=self._hover_prompt)
        self._prompt_titles = HTMLPool()
        self._prompt_rows = BoxPool()
        self.prompt = W.VBox(layout=W.Layout(width="100%"))
        self._long_list = W.Select(rows=8, layout=W.Layout(width="100%"))
        self._long_play = _button("Play the chosen one", "play the choice selected in the list", "check")
        self._long_play.on_click(lambda _: self._press_prompt(self._long_list.value))
        self.info = W.HTML(layout=W.Layout(width="100%"))
        #: every step since the last decision at this screen (agents', forced and automatic ones)
        self.since = W.HTML(layout=W.Layout(width="100%"))
        self._since: list[str] = []
        self.sections = W.HTML(layout=W.Layout(width="100%"))
        self.more = W.Accordion(children=[], selected_index=None, layout=W.Layout(width="100%"))
        self.more.observe(self._on_more, "selected_index")
        self._more_pages = HTMLPool(layout={"max_height": "260px", "overflow": "auto"})

        self.cycle = _button(self.ui.cycle_label, "the hovered target's next choice (and back with Shift)",
                             "rotate-right")
        self.undo = _button("Undo", "take back your last decision and the agents' moves after it (U)", "undo")
        self.redo = _button("Redo", "replay your next decision and the agents' moves after it (Y)", "redo")
        self.step = _button("Step", "let an agent play the next action now (a stand-in agent on a human's turn)",
                            "step-forward")
        self.cycle.on_click(lambda _: self._guarded(self.board.rotate))
        self.undo.on_click(lambda _: self._guarded(self.model.undo_to_human))
        self.redo.on_click(lambda _: self._guarded(self.model.redo_to_human))
        self.step.on_click(lambda _: self._guarded(self.runner.step))
        # presenter mode: the app's ``present`` trait (the class on the app's box does the rest)
        self.present = W.ToggleButton(description="Present", icon="television", value=bool(app.present),
                                      tooltip="presenter mode: large text, only what matters now",
                                      layout=W.Layout(width="auto", min_width="0", margin="0 2px 4px 0"))
        W.link((self.present, "value"), (app, "present"))
        #: the row of buttons under the table; other controls join it with ``add_control``
        self.controls = W.HBox([self.cycle, self.undo, self.redo, self.step, self.present],
                               layout=W.Layout(flex_flow="row wrap"))

        self.history = W.IntSlider(min=0, max=0, value=0, description="History", continuous_update=False,
                                   readout=True, layout=W.Layout(width="96%"),
                                   style={"description_width": "56px"})
        self.history.observe(self._on_history, "value")

        self.log = W.Select(options=[], rows=5, layout=W.Layout(width="100%"))
        self.log.observe(self._on_log_select, "value")
        self.log_clear = _button("Clear", "deselect the log line (the board stops stressing its places)", "times")
        self.log_clear.on_click(lambda _: self._guarded(self.deselect_log))
        self.log_clear.disabled = True      # nothing is selected yet
        self.log_detail = W.HTML(layout=W.Layout(width="100%"))

        # agents
        self.pace = W.FloatSlider(value=self.runner.pace, min=0.0, max=3.0, step=0.1, description="Agent pace",
                                  readout_format=".1f", continuous_update=False,
                                  style={"description_width": "76px"}, layout=W.Layout(width="96%"))
        W.link((self.pace, "value"), (self.runner, "pace"))
        self.autoplay = W.ToggleButton(description="Auto-play", icon="play",
                                       tooltip="agents play every seat: watch a whole game")
        W.link((self.autoplay, "value"), (self.model, "autoplay"))
        self.pause = W.ToggleButton(description="Pause agents", icon="pause", tooltip="agents wait while pressed")
        W.link((self.pause, "value"), (self.runner, "paused"))
        agents_row = W.HBox([self.autoplay, self.pause], layout=W.Layout(flex_flow="row wrap"))

        # view (an open board only: a fixed one is always shown whole)
        view_buttons = [
            (_button("", "pan west (←)", "arrow-left"), lambda: self.board.pan(-1, 0)),
            (_button("", "pan north (↑)", "arrow-up"), lambda: self.board.pan(0, -1)),
            (_button("", "pan south (↓)", "arrow-down"), lambda: self.board.pan(0, 1)),
            (_button("", "pan east (→)", "arrow-right"), lambda: self.board.pan(1, 0)),
            (_button("", "zoom out (-)", "search-minus"), lambda: self.board.zoom(-1)),
            (_button("", "zoom in (+)", "search-plus"), lambda: self.board.zoom(1)),
            (_button("Fit", "show the whole board and follow the game (F)", "expand"), self.board.fit),
        ]
        for button, action in view_buttons:
            button.on_click(lambda _, action=action: self._guarded(action))
        self.view_title = W.HTML("<div class='wp-section'>View</div>")
        self.view_row = W.HBox([b for b, _ in view_buttons], layout=W.Layout(flex_flow="row wrap"))

        self.setup = self._setup_form()
        self.help = W.HTML(layout=W.Layout(width="100%"))

        # what presenter mode hides: everything but whose turn, the prompt, the last moves and the scores
        details = [self.history, self.sections, self.more,
                   W.HTML("<div class='wp-section'>Scoring log <span class='wp-small'>(select a line to see "
                          "where)</span></div>"),
                   self.log, W.HBox([self.log_clear]), self.log_detail,
                   W.HTML("<div class='wp-section'>Agents</div>"), self.pace, agents_row,
                   self.view_title, self.view_row, self.setup, self.help]
        for widget in details:
            widget.add_class("wp-detail")
        self.widget = W.VBox([
            W.HTML(_CSS), self.status, self.message, self.menu, self.prompt, self.since, self.info, self.controls,
            *details,
        ], layout=W.Layout(width="344px", min_width="300px", padding="0 6px 0 10px", flex="0 0 344px"))
        self.widget.add_class("wp-panel")

        self._observers: list[tuple[Any, Any, Any]] = [
            (self.model, lambda _: self._guarded(self._track_since), "version"),
            (self.model, lambda _: self._guarded(self.refresh), "version"),
            (self.model, lambda _: self._guarded(self._refresh_status), ["thinking", "autoplay", "agents"]),
            (self.model, lambda _: self._guarded(self._refresh_message), ["message", "message_kind"]),
            (self.model, lambda _: self._guarded(self._refresh_info), ["colours", "agents"]),
            (self.model, lambda _: self._guarded(self._refresh_log_selection), "highlight"),
            (self.runner, lambda _: self._guarded(self._refresh_status), "paused"),
            (self.runner, lambda _: self._guarded(self._refresh_told), "shown"),
            (self.app, lambda _: self._guarded(self._refresh_info), "present"),
            (self.board, lambda _: self._guarded(self._refresh_info), "choice"),
            (self.board, lambda _: self._guarded(self._refresh_menu), "menu"),
            (self.board, lambda _: self._guarded(self._refresh_prompt), "targets_version"),
        ]
        for owner, handler, names in self._observers:
            owner.observe(handler, names)
        self.refresh()

    def add_control(self, widget: W.Widget) -> None:
        """Put another button (a legend, a hint) in the row of controls, before ``Present``."""
        self.controls.children = (*self.controls.children[:-1], widget, self.controls.children[-1])

    def add_under_controls(self, widget: W.Widget) -> None:
        """Put a block (a hint's answer) right under the row of controls."""
        children = list(self.widget.children)
        children.insert(children.index(self.controls) + 1, widget)
        self.widget.children = tuple(children)

    @property
    def ui(self) -> GameUI:
        return self.board.ui

    def close(self) -> None:
        """Stop following the model and close the reused widgets (the app is closed)."""
        self._closed = True
        for pool in (self._menu_buttons, self._prompt_buttons, self._prompt_titles, self._prompt_rows,
                     self._more_pages):
            pool.close()
        for widget in (self._menu_title, self._menu_close, self._long_list, self._long_play):   # maybe off screen
            widget.layout.close()
            widget.style.close()
            widget.close()
        for owner, handler, names in self._observers:
            with contextlib.suppress(ValueError):
                owner.unobserve(handler, names)

    # -- following the model ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Everything that a move can change."""
        if self._closed:
            return
        self._refresh_status()
        self._refresh_message()
        self._refresh_menu()
        self._refresh_prompt()
        self._refresh_info()
        self._refresh_controls()
        self._refresh_history()
        self._refresh_log()
        self._refresh_help()

    def _track_since(self) -> None:
        """Note the step just played for the "since your last turn" list: a decision at this
        screen starts the list again, an undo or a new game empties it."""
        model = self.model
        mover = model.last_mover
        events = [self.ui.event_html(model.game, event) for event in model.events]
        swatch = self._swatch(mover) if mover is not None else ""
        if mover is None:
            self._since = []
        elif model.agent_for(mover) is None and not model.autoplay and not model.last_forced:
            # a decision here starts the list again, with what the rules did by themselves after it
            self._since = [f"<li>{swatch}{line}</li>" for line in events[1:]]
        else:
            lines = events or [esc(model.last_words)]
            if model.last_forced:
                lines = [f"{line} <span class='wp-small'>(the only choice)</span>" for line in lines[:1]] + lines[1:]
            self._since = (self._since + [f"<li>{swatch}{line}</li>" for line in lines])[-SINCE_KEPT:]
        self._refresh_since()

    def _refresh_told(self) -> None:
        """One more event of the step is told: the list and the message line follow."""
        self._refresh_since()
        self._refresh_message()

    def _refresh_since(self) -> None:
        # while a step's events are told one at a time, the ones not told yet stay hidden
        hidden = max(0, len(self.model.events) - self.runner.shown) if self.model.last_mover else 0
        shown = self._since[:len(self._since) - hidden] if hidden else self._since
        if not shown:
            self.since.value = ""
            return
        self.since.value = ("<div class='wp-section'>Since your last turn</div>"
                            f"<ol class='wp-since'>{''.join(shown)}</ol>")

    def _refresh_status(self) -> None:
        game = self.model.game
        words, hint = self.ui.status(game)
        player = game.current_player
        swatch = self._swatch(player) if player else ""
        agent = self.model.agent_for(player)
        extra = ""
        if self.model.thinking:
            runner_agent = self.runner.agent_to_move()
            extra = f"<div class='wp-thinking'>⏳ {esc(agent_label(runner_agent))} is thinking…</div>"
        elif not game.is_over and (agent is not None or self.model.autoplay):
            why = self.runner.waiting_reason()
            extra = f"<div class='wp-thinking'>{esc(why) if why else 'an agent plays this turn'}</div>"
            hint = ""
        self.status.value = (f"<div class='wp-status'>{swatch}{esc(words)}</div>"
                             + (f"<div class='wp-hint'>{esc(hint)}</div>" if hint else "") + extra)
        self._refresh_controls()

    def _refresh_message(self) -> None:
        text = self.model.message
        if self.runner.revealing() and self.model.last_mover is not None and self.model.message_kind == "info":
            text = "; ".join(str(e) for e in self.model.events[:self.runner.shown])   # told so far
        kind = " wp-empty" if not text else " wp-warn" if self.model.message_kind == "error" else ""
        # the message area keeps its height: the panel does not jump when a message comes or goes
        self.message.value = f"<div class='wp-msg{kind}' title='{esc(text)}'><div>{esc(text)}</div></div>"

    def _refresh_menu(self) -> None:
        target = self.board.menu
        if target is None:
            if self.menu.children:
                self.menu.children = ()
            self.menu.layout.display = "none"
            return
        labels = [(f"{index + 1}. {label}", f"{label} ({index + 1})") for index, label in enumerate(target.labels())]
        buttons = self._menu_buttons.show(labels)
        self._menu_title.value = f"<div class='wp-group'>{esc(target.label)}:</div>"
        self.menu.children = (self._menu_title, *buttons, self._menu_close)
        self.menu.layout.display = "flex"

    def _refresh_prompt(self) -> None:
        """The prompt's buttons, grouped; relabelled only when the choices change (the buttons,
        titles and rows are reused: a long game does not pile up widgets)."""
        choices = list(self.board.prompt)
        if choices == self._prompt_shown:
            return
        self._prompt_shown = choices
        groups: dict[str, list[Choice]] = {}
        for choice in choices:
            groups.setdefault(choice.group, []).append(choice)
        self._prompt_order = [c for group in groups.values() for c in group]
        if len(choices) > LONG_PROMPT:
            self._show_long_prompt()
            return
        labels = []
        for choice in self._prompt_order:
            tip = choice.detail or choice.label
            key = f" ({choice.key.upper()})" if choice.key and choice.key.upper() not in tip else ""
            labels.append((choice.label, tip + key))
        buttons = self._prompt_buttons.show(labels)
        titles = self._prompt_titles.show([f"<div class='wp-group'>{esc(g)}</div>" for g in groups if g])
        rows: list[list[W.Widget]] = []
        start = 0
        for members in groups.values():
            rows.append(buttons[start:start + len(members)])
            start += len(members)
        boxes = self._prompt_rows.show(rows)
        children: list[W.Widget] = []
        title_iter = iter(titles)
        for group, box in zip(groups, boxes):
            if group:
                children.append(next(title_iter))
            children.append(box)
        self.prompt.children = tuple(children)
        human = self.model.human_to_move()
        for button in buttons:
            button.disabled = not human

    def _show_long_prompt(self) -> None:
        """The prompt as one list (grouped, in the same order) and a Play button."""
        self._prompt_buttons.show([])
        options = [(f"{c.group}: {c.label}" if c.group else c.label, i) for i, c in enumerate(self._prompt_order)]
        with self._long_list.hold_sync():
            self._long_list.options = options
            self._long_list.value = 0
        human = self.model.human_to_move()
        self._long_list.disabled = self._long_play.disabled = not human
        self.prompt.children = (self._long_list, self._long_play)

    def _press_prompt(self, index: int | None) -> None:
        if isinstance(index, int) and index < len(self._prompt_order):
            self._guarded(self.board.press, self._prompt_order[index])

    def _hover_prompt(self, index: int, entered: bool) -> None:
        """The pointer over a prompt button lights what it is about on the board (the choice's
        references, or the targets that offer the same action); leaving puts it out."""
        if not entered or index >= len(self._prompt_order) or self._closed:
            self._guarded(self.board.light)
            return
        choice = self._prompt_order[index]
        shapes = tuple(t.shape for t in self.board.targets if choice.action in t.choices)
        self._guarded(self.board.light, choice.refs, shapes)

    def _refresh_info(self) -> None:
        game = self.model.game
        columns = self.ui.columns(game)
        scores = game.scores
        head = "".join(f"<th class='{'wp-num' if c.numeric else ''}'>{esc(c.label)}</th>" for c in columns)
        rows = []
        for player in game.players:
            current = " class='wp-current'" if player == game.current_player else ""
            kind = agent_label(self.model.agent_for(player))
            label = "" if kind in ("human", player) else f" <span class='wp-small'>{esc(kind)}</span>"
            cells = "".join(f"<td class='{'wp-num' if c.numeric else 'wp-left'}'>{esc(c.values.get(player, ''))}</td>"
                            for c in columns)
            rows.append(f"<tr{current}><td class='wp-name'>{self._swatch(player)}{esc(player)}{label}</td>"
                        f"<td class='wp-num'>{scores[player]}</td>{cells}</tr>")
        if len(columns) > MANY_COLUMNS or self.app.present:
            table = self._turned_table(game, columns)
        else:
            table = (f"<div class='wp-table-wrap'><table class='wp-scores'><tr><th>Player</th>"
                     f"<th class='wp-num'>Score</th>{head}</tr>" + "".join(rows) + "</table></div>")
        final = self._final_table(game) if game.is_over else ""
        self.info.value = final + table
        self._refresh_sections()

    def _turned_table(self, game: Any, columns: list[Any]) -> str:
        """Many columns: the table on its side, a column per player and a row per value, so that it
        never scrolls sideways whatever the game shows."""
        current = game.current_player
        head = "".join(f"<th class='wp-num{' wp-current' if p == current else ''}'>{self._swatch(p)}{esc(p)}</th>"
                       for p in game.players)
        rows = [("Score", {p: game.scores[p] for p in game.players}, True)]
        rows += [(c.label, c.values, c.numeric) for c in columns]
        body = "".join(
            f"<tr><td class='wp-left'>{esc(label)}</td>"
            + "".join(f"<td class='{'wp-num' if numeric else 'wp-left'}"
                      f"{' wp-current' if p == current else ''}'>{esc(values.get(p, ''))}</td>"
                      for p in game.players) + "</tr>"
            for label, values, numeric in rows)
        return (f"<div class='wp-table-wrap'><table class='wp-scores wp-turned'><tr><th></th>{head}</tr>"
                f"{body}</table></div>")

    def _final_table(self, game: Any) -> str:
        """The end of the game: the winners, named once, and the points by category."""
        from .end import final_table
        categories, breakdown = final_table(game)
        who = esc(grammar.who_won(game.winners()))     # one grammar for every view
        head = "".join(f"<th>{self._swatch(p)}{esc(p)}</th>" for p in game.players)
        rows = "".join(
            f"<tr><td>{esc(category)}</td>"
            + "".join(f"<td>{breakdown.get(p, {}).get(category, 0)}</td>" for p in game.players) + "</tr>"
            for category in categories)
        total = "".join(f"<td>{game.scores[p]}</td>" for p in game.players)
        return (f"<div class='wp-winners'>{who}</div><table class='wp-final'><tr><th>Points</th>{head}</tr>"
                f"{rows}<tr class='wp-total'><td>Total</td>{total}</tr></table>")

    def _refresh_sections(self) -> None:
        sections = self.ui.sections(self.model.game, self.board.choice)
        self.sections.value = "".join(
            f"<div class='wp-section'>{esc(s.title)}</div><div class='wp-small'>{s.render()}</div>"
            for s in sections if s.open)
        closed = [s for s in sections if not s.open]
        self._closed_sections = closed
        titles = tuple(s.title for s in closed)
        if titles != self._closed_titles:
            self._closed_titles = titles
            self.more.children = self._more_pages.show([""] * len(closed))
            for index, title in enumerate(titles):
                self.more.set_title(index, title)
        self.more.layout.display = "flex" if closed else "none"
        opened = self.more.selected_index
        if opened is not None and opened < len(closed):
            self.more.children[opened].value = closed[opened].render()

    def _on_more(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is not None and index < len(self._closed_sections):
            self._guarded(lambda: setattr(self.more.children[index], "value",
                                          self._closed_sections[index].render()))

    def _refresh_controls(self) -> None:
        game, model = self.model.game, self.model
        human = model.human_to_move()
        self.cycle.description = self.ui.cycle_label
        self.cycle.disabled = not (human and any(t.mode == "cycle" for t in self.board.targets))
        self.undo.disabled = not game.history
        self.redo.disabled = not game.can_redo
        self.step.disabled = game.is_over
        for button in self._prompt_buttons.shown():
            button.disabled = not human
        open_board = not self.board.fixed
        self.view_title.layout.display = self.view_row.layout.display = "flex" if open_board else "none"

    def _refresh_help(self) -> None:
        game_help = self.ui.help_html(self.model.game)
        board = _BOARD_KEYS + ("" if self.board.fixed else _OPEN_BOARD_KEYS)
        keys = [f"<kbd>{esc(c.key.upper())}</kbd> {esc(c.label)}" for c in self.board.prompt if c.key]
        self.help.value = ("<div class='wp-small'>" + (f"{game_help} " if game_help else "") + board
                           + (" " + ", ".join(keys) + "." if keys else "") + "</div>")

    def _refresh_history(self) -> None:
        game = self.model.game
        steps, at = self.model.steps(), len(game.history)
        self._syncing = True
        try:
            with self.history.hold_sync():
                if self.history.max != steps:
                    self.history.value = min(self.history.value, steps)
                    self.history.max = steps
                self.history.value = at
        finally:
            self._syncing = False

    def _refresh_log(self) -> None:
        entries = self.ui.log(self.model.game)
        if entries == self._log:
            return
        self._log = entries
        options = [(f"{i + 1}. {e.text}", i) for i, e in enumerate(entries)]
        with self.log.hold_sync():
            selected = self.log.value if self.log.value is not None and self.log.value < len(entries) else None
            self.log.options = options
            self.log.value = selected
        if selected is None:
            self.log_detail.value = ""
            if self.model.highlight:
                self.model.highlight = []
        self.log_clear.disabled = selected is None

    def _refresh_log_selection(self) -> None:
        # something else (the inspector) took the board's highlight: the log line is no longer what it shows
        if not self.model.highlight and self.log.value is not None:
            self.deselect_log()

    def deselect_log(self) -> None:
        """Forget the selected log line; the board stops stressing its places."""
        self.log.value = None
        self.log_detail.value = ""
        self.log_clear.disabled = True
        if self.model.highlight:
            self.model.highlight = []

    # -- user input --------------------------------------------------------------------------------------
    def _on_history(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        step = change["new"]
        self.model.sync()
        if step != len(self.model.game.history):
            self._guarded(self.model.goto, step)

    def _on_log_select(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is None or index >= len(self._log):
            self.log_detail.value = ""
            self.log_clear.disabled = True
            if self.model.highlight:
                self.model.highlight = []
            return
        entry = self._log[index]
        where = f"<div class='wp-small'>{esc(entry.detail)}</div>" if entry.detail else ""
        self.log_detail.value = f"<div><b>{esc(entry.text)}</b></div>{where}"
        self.log_clear.disabled = False
        self.model.highlight = list(entry.refs)

    def _guarded(self, action: Callable[..., Any], *args: Any) -> Any:
        try:
            return action(*args)
        except Exception as error:
            self.board.last_error = f"{type(error).__name__}: {error}"
            log.exception("a panel control failed")
            try:
                self.model.refuse(f"could not do that: {error}")
            except Exception:
                log.exception("could not tell the user")
            return None

    def _swatch(self, player: str) -> str:
        colour = self.board.style.colour(player, self.model.game.players)
        return f"<span class='wp-swatch' style='background:{esc(colour)}'></span>"

    # -- new game -------------------------------------------------------------------------------------------
    def _setup_form(self) -> W.Accordion:
        game = self.model.game
        kinds = agent_choices()
        self.seat_rows: list[tuple[W.Text, W.ColorPicker, W.Dropdown, W.HBox]] = []
        info = game.info
        for i in range(info.max_players):
            player = game.players[i] if i < len(game.players) else f"Player {i + 1}"
            name = W.Text(value=player, layout=W.Layout(width="100px"), placeholder="name")
            colour = W.ColorPicker(value=self.board.style.colour(player, game.players) if i < len(game.players)
                                   else SEAT_COLOURS[i], concise=True, layout=W.Layout(width="34px"))
            agent = self.model.agent_for(player) if i < len(game.players) else None
            value = self._kind_of(agent, kinds) if i < len(game.players) else self._default_kind(kinds)
            kind = W.Dropdown(options=list(kinds), value=value, layout=W.Layout(width="150px"))
            row = W.HBox([name, colour, kind], layout=W.Layout())
            colour.observe(lambda change, i=i: self._guarded(self._on_colour, i, change["new"]), "value")
            kind.observe(lambda change, i=i: self._guarded(self._on_kind, i, change["new"]), "value")
            self.seat_rows.append((name, colour, kind, row))
        self.seats = W.BoundedIntText(value=len(game.players), min=info.min_players, max=info.max_players,
                                      description="Players",
                                      layout=W.Layout(width="160px"))
        self.seats.observe(lambda _: self._show_seats(), "value")
        self.options = self._option_widgets(game)
        self.seed = W.Text(value=str(game.seed), description="Seed", placeholder="random",
                           layout=W.Layout(width="200px"))
        start = _button("Start a new game", "start a new game with these players and options", "refresh")
        start.on_click(lambda _: self._guarded(self._new_game))
        self._show_seats()
        form = W.VBox([self.seats, *[r[3] for r in self.seat_rows], *self.options.values(), self.seed, start,
                       W.HTML("<div class='wp-small'>Colours and human/agent seats apply at once; names, "
                              "options and the seed with a new game.</div>")])
        accordion = W.Accordion(children=[form], selected_index=None)
        accordion.set_title(0, "Players and new game")
        return accordion

    def _option_widgets(self, game: Any) -> dict[str, W.Widget]:
        """The game's declared options a form can set: a dropdown for choices (or the adapter's
        suggested values), a checkbox per switch of a mapping of switches."""
        widgets: dict[str, W.Widget] = {}
        suggested = self.ui.option_choices(game)
        style = {"description_width": "initial"}
        for option in game.info.options:
            current = game.options.get(option.name, option.default)
            values = option.choices or suggested.get(option.name)
            if values:
                widgets[option.name] = W.Dropdown(
                    options=list(values), value=current if current in values else values[0],
                    description=option.label, tooltip=option.help, style=style,
                    layout=W.Layout(width="260px"))
            elif option.switches:
                on = current if isinstance(current, dict) else {}
                boxes = [W.Checkbox(value=bool(on.get(s)), description=s.replace("_", " ").capitalize(),
                                    indent=False, layout=W.Layout(width="auto")) for s in option.switches]
                widgets[option.name] = W.VBox([W.HTML(f"<div class='wp-small'>{esc(option.label)}</div>"),
                                               W.HBox(boxes)])
        return widgets

    @staticmethod
    def _option_value(widget: W.Widget) -> Any:
        if isinstance(widget, W.Dropdown):
            return widget.value
        boxes = widget.children[1].children  # a switches group: label, then the checkboxes
        switches = {cb.description.lower().replace(" ", "_"): cb.value for cb in boxes}
        return switches if any(switches.values()) else None

    @staticmethod
    def _default_kind(kinds: dict[str, Any]) -> str:
        return DEFAULT_OPPONENT if DEFAULT_OPPONENT in kinds else next(iter(kinds))

    @classmethod
    def _kind_of(cls, agent: Any, kinds: dict[str, Any]) -> str:
        if agent is None:
            return "Human"
        label = DIFFICULTIES.get((getattr(agent, "name", "") or "").lower())
        return label if label in kinds else cls._default_kind(kinds)

    def _show_seats(self) -> None:
        for i, (_, _, _, row) in enumerate(self.seat_rows):
            row.layout.display = "flex" if i < self.seats.value else "none"

    def _on_colour(self, seat: int, colour: str) -> None:
        players = self.model.game.players
        if seat < len(players):
            self.model.colours = {**self.model.colours, players[seat]: colour}

    def _on_kind(self, seat: int, kind: str) -> None:
        players = self.model.game.players
        if seat >= len(players):
            return
        factory = agent_choices().get(kind)
        agents = dict(self.model.agents)
        if factory is None:
            agents.pop(players[seat], None)
        else:
            agents[players[seat]] = factory()
        self.model.agents = agents

    def _new_game(self) -> None:
        n = self.seats.value
        rows = self.seat_rows[:n]
        names = [r[0].value.strip() or f"Player {i + 1}" for i, r in enumerate(rows)]
        kinds = agent_choices()
        players: list[Any] = []
        for name, (_, _, kind, _) in zip(names, rows):
            factory = kinds.get(kind.value)
            players.append((name, factory() if factory else None))
        colours = {name: r[1].value for name, r in zip(names, rows)}
        seed_text = self.seed.value.strip()
        seed = int(seed_text) if seed_text else None
        options = {name: self._option_value(w) for name, w in self.options.items()}
        options = {name: value for name, value in options.items() if value is not None}
        self.app.new_game(players=players, colours=colours, seed=seed, **options)
        self.seed.value = str(self.model.game.seed)
