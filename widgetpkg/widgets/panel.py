"""The side panel: whose turn and what to do, the piece in hand, scores, piles, controls, history,
the scoring log, agents and a new-game form. Game-agnostic: the game's parts come from its adapter.

Widgets are made once and only their values change after a move, each inside ``hold_sync`` so a
widget sends at most one message per change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from .. import agents as agent_module
from ..ui.contract import SEAT_COLOURS, GameUI, LogEntry, esc

if TYPE_CHECKING:
    from .app import App

MAX_SEATS = 5

_CSS = """
<style>
.wp-panel { font-family: var(--jp-ui-font-family, sans-serif); font-size: 13px; color: #222; }
.wp-panel .widget-html-content { line-height: 1.35; font-size: 13px; }
.wp-panel .widget-html { margin-top: 1px; margin-bottom: 1px; }
.wp-panel .wp-status { font-size: 15px; font-weight: 600; line-height: 1.3; }
.wp-panel .wp-hint { color: #555; font-size: 12px; margin-top: 2px; }
.wp-panel .wp-thinking { color: #8a4b00; font-size: 12px; margin-top: 3px; }
.wp-panel .wp-swatch { display: inline-block; width: 11px; height: 11px; border-radius: 50%;
  border: 1px solid rgba(0,0,0,.45); vertical-align: -1px; margin-right: 5px; }
.wp-panel .wp-msg { font-size: 12px; padding: 3px 6px; border-radius: 4px; margin: 2px 0;
  background: #eef5e6; color: #2c4a12; }
.wp-panel .wp-msg.wp-warn { background: #fde8e0; color: #8a1f0c; }
.wp-panel table.wp-scores { border-collapse: collapse; width: 100%; margin: 4px 0; }
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
.wp-panel kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 3px; font-size: 11px; background: #fafafa; }
</style>
"""

_HELP = ("<div class='wp-small'>Keys (click the board once to give it the focus): "
         "<kbd>R</kbd> turn the tile, <kbd>Enter</kbd> place it, <kbd>S</kbd> skip, <kbd>U</kbd> undo, "
         "<kbd>Y</kbd> redo, arrows pan, <kbd>+</kbd>/<kbd>-</kbd> zoom, <kbd>F</kbd> fit. "
         "Drag the board to pan. Hover a figure or a feature to see its whole area and what it is worth.</div>")


def agent_choices() -> dict[str, Callable[[], Any] | None]:
    """The seat kinds the setup form offers: humans and the agents this installation has."""
    choices: dict[str, Callable[[], Any] | None] = {"Human": None}
    if hasattr(agent_module, "Random"):
        choices["Random agent"] = lambda: agent_module.Random()
    if hasattr(agent_module, "Greedy"):
        choices["Greedy agent"] = lambda: agent_module.Greedy()
    if hasattr(agent_module, "MCTS"):
        choices["MCTS agent (1 s)"] = lambda: agent_module.MCTS(seconds=1.0)
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
        self._log: list[LogEntry] = []

        self.status = W.HTML(layout=W.Layout(width="100%"))
        self.message = W.HTML(layout=W.Layout(width="100%"))
        self.info = W.HTML(layout=W.Layout(width="100%"))

        self.rotate = _button("Rotate", "turn the previewed tile to its next valid rotation (R)", "rotate-right")
        self.skip = _button("Skip", "place no figure this turn (S)", "forward")
        self.undo = _button("Undo", "take back your last move (and the agents' moves after it) (U)", "undo")
        self.redo = _button("Redo", "replay the next undone step (Y)", "redo")
        self.step = _button("Step", "let an agent play the next action now (a stand-in agent on a human's turn)",
                            "step-forward")
        self.rotate.on_click(lambda _: self.board.rotate())
        self.skip.on_click(lambda _: self.board.skip())
        self.undo.on_click(lambda _: self.model.undo_to_human())
        self.redo.on_click(lambda _: self.model.redo())
        self.step.on_click(lambda _: self._guarded(self.runner.step))
        controls = W.HBox([self.rotate, self.skip, self.undo, self.redo, self.step],
                          layout=W.Layout(flex_flow="row wrap"))

        self.history = W.IntSlider(min=0, max=0, value=0, description="History", continuous_update=False,
                                   readout=True, layout=W.Layout(width="100%"),
                                   style={"description_width": "56px"})
        self.history.observe(self._on_history, "value")

        self.show_remaining = W.ToggleButton(description="Show the tiles left", icon="th",
                                             tooltip="which tiles are still to be drawn (the order stays hidden)",
                                             layout=W.Layout(width="auto"))
        self.remaining = W.HTML(layout=W.Layout(display="none", max_height="260px", overflow="auto"))
        self.show_remaining.observe(self._on_show_remaining, "value")

        self.log = W.Select(options=[], rows=5, layout=W.Layout(width="100%"))
        self.log.observe(self._on_log_select, "value")
        self.log_detail = W.HTML(layout=W.Layout(width="100%"))

        # agents
        self.pace = W.FloatSlider(value=self.runner.pace, min=0.0, max=3.0, step=0.1, description="Agent pace",
                                  readout_format=".1f", continuous_update=False,
                                  style={"description_width": "76px"}, layout=W.Layout(width="100%"))
        W.link((self.pace, "value"), (self.runner, "pace"))
        self.autoplay = W.ToggleButton(description="Auto-play", icon="play",
                                       tooltip="agents play every seat: watch a whole game")
        W.link((self.autoplay, "value"), (self.model, "autoplay"))
        self.pause = W.ToggleButton(description="Pause agents", icon="pause", tooltip="agents wait while pressed")
        W.link((self.pause, "value"), (self.runner, "paused"))
        agents_row = W.HBox([self.autoplay, self.pause], layout=W.Layout())

        # view
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
        view_row = W.HBox([b for b, _ in view_buttons], layout=W.Layout(flex_flow="row wrap"))

        self.setup = self._setup_form()

        self.widget = W.VBox([
            W.HTML(_CSS), self.status, self.message, self.info, controls, self.history,
            self.show_remaining, self.remaining,
            W.HTML("<div class='wp-section'>Scoring log <span class='wp-small'>(select a line to see its tiles)"
                   "</span></div>"),
            self.log, self.log_detail,
            W.HTML("<div class='wp-section'>Agents</div>"), self.pace, agents_row,
            W.HTML("<div class='wp-section'>View</div>"), view_row,
            self.setup, W.HTML(_HELP),
        ], layout=W.Layout(width="344px", min_width="300px", padding="0 6px 0 10px", flex="0 0 344px"))
        self.widget.add_class("wp-panel")

        self.model.observe(lambda _: self._guarded(self.refresh), "version")
        self.model.observe(lambda _: self._guarded(self._refresh_status), ["thinking", "autoplay", "agents"])
        self.model.observe(lambda _: self._guarded(self._refresh_message), "message")
        self.model.observe(lambda _: self._guarded(self._refresh_info), ["colours", "agents"])
        self.runner.observe(lambda _: self._guarded(self._refresh_status), "paused")
        self.board.observe(lambda _: self._guarded(self._refresh_info), "choice")
        self.refresh()

    @property
    def ui(self) -> GameUI:
        return self.board.ui

    # -- following the model ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Everything that a move can change."""
        self._refresh_status()
        self._refresh_message()
        self._refresh_info()
        self._refresh_controls()
        self._refresh_history()
        self._refresh_log()
        if self.show_remaining.value:
            self.remaining.value = self.ui.remaining_html(self.model.game)

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

    def _refresh_message(self) -> None:
        text = self.model.message
        warn = self.model.message_kind == "error"
        self.message.value = f"<div class='wp-msg{' wp-warn' if warn else ''}'>{esc(text)}</div>" if text else ""

    def _refresh_info(self) -> None:
        game = self.model.game
        hand = self.ui.hand_html(game, self.board.choice)
        left = self.ui.figures_left(game)
        scores, projected = game.scores, game.projected_scores()
        rows = []
        for player in game.players:
            current = " class='wp-current'" if player == game.current_player else ""
            kind = agent_label(self.model.agent_for(player))
            label = "" if kind in ("human", player) else f" <span class='wp-small'>{esc(kind)}</span>"
            rows.append(f"<tr{current}><td>{self._swatch(player)}{esc(player)}{label}</td>"
                        f"<td class='wp-num'>{scores[player]}</td><td class='wp-num'>{projected[player]}</td>"
                        f"<td class='wp-left'>{esc(left.get(player, ''))}</td></tr>")
        table = ("<table class='wp-scores'><tr><th>Player</th><th>Score</th><th title='score plus what final "
                 "scoring would add if the game ended now'>Projected</th><th>Figures left</th></tr>"
                 + "".join(rows) + "</table>")
        self.info.value = hand + table + f"<div class='wp-small'>{self.ui.piles_html(game)}</div>"

    def _refresh_controls(self) -> None:
        game, model = self.model.game, self.model
        human = model.human_to_move()
        self.rotate.disabled = not (human and game.phase == self._rotating_phase())
        self.skip.disabled = not (human and self.ui.skip_action(game) is not None)
        self.undo.disabled = not game.history
        self.redo.disabled = not game.can_redo
        self.step.disabled = game.is_over

    def _rotating_phase(self) -> str:
        # a phase whose targets offer several choices; for tile games that is tile placement
        return self.model.game.phase if any(len(t.choices) > 1 for t in self.board.targets) else "-"

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

    # -- user input --------------------------------------------------------------------------------------
    def _on_history(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        step = change["new"]
        if step != len(self.model.game.history):
            self._guarded(self.model.goto, step)

    def _on_show_remaining(self, change: dict[str, Any]) -> None:
        shown = bool(change["new"])
        self.remaining.layout.display = "block" if shown else "none"
        self.show_remaining.description = "Hide the tiles left" if shown else "Show the tiles left"
        if shown:
            self._guarded(lambda: setattr(self.remaining, "value", self.ui.remaining_html(self.model.game)))

    def _on_log_select(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is None or index >= len(self._log):
            self.log_detail.value = ""
            self.model.highlight = []
            return
        entry = self._log[index]
        where = f"<div class='wp-small'>{esc(entry.detail)}</div>" if entry.detail else ""
        self.log_detail.value = f"<div><b>{esc(entry.text)}</b></div>{where}"
        self.model.highlight = [list(c) for c in entry.refs]

    def _guarded(self, action: Callable[..., Any], *args: Any) -> Any:
        try:
            return action(*args)
        except Exception as error:  # noqa: BLE001 - a button must never raise into the kernel
            self.board.last_error = f"{type(error).__name__}: {error}"
            self.model.refuse(f"could not do that: {error}")
            return None

    def _swatch(self, player: str) -> str:
        colour = self.board.style.colour(player, self.model.game.players)
        return f"<span class='wp-swatch' style='background:{esc(colour)}'></span>"

    # -- new game -------------------------------------------------------------------------------------------
    def _setup_form(self) -> W.Accordion:
        game = self.model.game
        kinds = agent_choices()
        self.seat_rows: list[tuple[W.Text, W.ColorPicker, W.Dropdown, W.HBox]] = []
        for i in range(MAX_SEATS):
            player = game.players[i] if i < len(game.players) else f"Player {i + 1}"
            name = W.Text(value=player, layout=W.Layout(width="100px"), placeholder="name")
            colour = W.ColorPicker(value=self.board.style.colour(player, game.players) if i < len(game.players)
                                   else SEAT_COLOURS[i], concise=True, layout=W.Layout(width="34px"))
            agent = self.model.agent_for(player) if i < len(game.players) else None
            kind = W.Dropdown(options=list(kinds), value=self._kind_of(agent, kinds), layout=W.Layout(width="150px"))
            row = W.HBox([name, colour, kind], layout=W.Layout())
            colour.observe(lambda change, i=i: self._guarded(self._on_colour, i, change["new"]), "value")
            kind.observe(lambda change, i=i: self._guarded(self._on_kind, i, change["new"]), "value")
            self.seat_rows.append((name, colour, kind, row))
        self.seats = W.BoundedIntText(value=len(game.players), min=2, max=MAX_SEATS, description="Players",
                                      layout=W.Layout(width="160px"))
        self.seats.observe(lambda _: self._show_seats(), "value")
        self.options: dict[str, W.Dropdown] = {}
        for name, values in self.ui.option_choices(game).items():
            current = game.options.get(name, values[0])
            self.options[name] = W.Dropdown(options=list(values), value=current if current in values else values[0],
                                            description=name.capitalize(), layout=W.Layout(width="200px"))
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

    @staticmethod
    def _kind_of(agent: Any, kinds: dict[str, Any]) -> str:
        if agent is None:
            return "Human"
        name = (getattr(agent, "name", "") or "").lower()
        for label in kinds:
            if label.lower().startswith(name):
                return label
        return next(label for label in kinds if label != "Human") if len(kinds) > 1 else "Human"

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
        options = {name: w.value for name, w in self.options.items()}
        self.app.new_game(players=players, colours=colours, seed=seed, **options)
        self.seed.value = str(self.model.game.seed)
