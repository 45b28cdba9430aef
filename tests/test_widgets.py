"""The widgets without a browser: click handlers driven directly, assertions on the model.

Widgets run here without a kernel (ipywidgets' comms are dummies), so every message a widget
would send is counted by wrapping ``Widget._send`` (``CommCounter``).
"""

from __future__ import annotations

import asyncio
import html
import math
import random
import re
import statistics
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import widgetpkg as wp
from widgetpkg.core import Action, Event, Game, GameInfo, Scored, Term
from widgetpkg.games.hunters_gatherers import (
    Pass,
    PlaceHut,
    PlaceMeeple,
    PlaceTile,
    RetakeMeeple,
)
from widgetpkg.ui import Choice, Region
from widgetpkg.widgets import (
    App,
    BoardCanvas,
    GameModel,
    GameUI,
    Target,
    register_ui,
    ui_for,
)
from widgetpkg.widgets.board import MOVES
from widgetpkg.widgets.metrics import CommCounter
from widgetpkg.widgets.panel import SINCE_KEPT


def new_app(seed: int = 3, **options: Any) -> App:
    options.setdefault("players", ["You", wp.agents.Random(seed=1)])
    return wp.play("hunters-gatherers", seed=seed, **options)


def cell_targets(board: BoardCanvas) -> list[Target]:
    return [t for t in board.targets if not t.is_spot]


def spot_pixel(board: BoardCanvas, target: Target) -> tuple[float, float]:
    return board.view.to_pixel(target.shape[1], target.shape[2])


def place_first_tile(app: App) -> PlaceTile:
    board = app.board
    target = cell_targets(board)[0]
    action = target.choices[0]
    assert board.click(*board.cell_to_pixel(action.x, action.y))
    board._last_move = None          # tests click faster than people do
    return action


def human_turn(app: App, rng: random.Random, sent: CommCounter | None = None) -> list[int]:
    """One whole turn of the human, by clicks: a tile, then a figure spot or Skip. With ``sent``,
    the canvas messages each click sent."""
    board, model = app.board, app.model
    per_click: list[int] = []
    while model.human_to_move():
        targets = board.targets
        if model.game.phase == "place_figure" and (not targets or rng.random() < 0.3):
            assert board.press("Skip")
            continue
        target = rng.choice(targets)
        if target.is_spot:
            px, py = spot_pixel(board, target)
        else:
            px, py = board.cell_to_pixel(target.choices[0].x, target.choices[0].y)
        if not (0 <= px < board.width and 0 <= py < board.height):
            board.pan(target.shape[1] - board.view.to_world(board.width / 2, board.height / 2)[0],
                      target.shape[2] - board.view.to_world(board.width / 2, board.height / 2)[1])
            continue
        version = model.version
        if sent is not None:
            sent.reset()
        if target.mode == "menu":        # a fisher or a hut: the click opens the menu, a choice plays
            assert not board.click(px, py) and board.menu == target
            if sent is not None:
                per_click.append(sent.canvas_messages())
                sent.reset()
            assert board.choose(rng.randrange(len(target.choices))), model.message
        else:
            assert board.click(px, py), model.message
        if sent is not None:
            per_click.append(sent.canvas_messages())
        assert model.version == version + 1
        board._last_move = None
    return per_click


# ---------------------------------------------------------------------------------------------
# starting a game
# ---------------------------------------------------------------------------------------------

def test_play_starts_a_game_with_humans_and_agents() -> None:
    agent = wp.agents.Random(seed=1)
    app = wp.play("hunters-gatherers", players=["You", agent], edition="2020", seed=3)
    assert isinstance(app.model, GameModel)
    assert app.model.game.players == ("You", "Random")
    assert app.model.agents == {"Random": agent}
    assert app.model.human_to_move() and app.model.game.phase == "place_tile"
    assert set(app.model.colours) == {"You", "Random"}
    assert app.board.ui.game_name == "hunters-gatherers"


def test_players_can_name_agents_and_two_agents_get_distinct_names() -> None:
    app = wp.play("hunters-gatherers", players=[("Ann", None), wp.agents.Random(), wp.agents.Random()], seed=1)
    assert app.model.game.players == ("Ann", "Random", "Random 2")
    assert app.model.agent_for("Ann") is None
    with pytest.raises(wp.InvalidOptionError):
        wp.play("hunters-gatherers", players=["A", 42])


def test_players_named_after_colours_get_them() -> None:
    app = wp.play("hunters-gatherers", players=["Blue", "Red"], seed=1)
    assert app.model.colours["Red"].lower() == "#d7392f" and app.model.colours["Blue"].lower() == "#2f6fd6"


def test_adapter_is_found_from_the_game() -> None:
    ui = ui_for(wp.new_game("hunters-gatherers", seed=1))
    assert type(ui).__name__ == "HuntersGatherersUI"


# ---------------------------------------------------------------------------------------------
# placing a tile
# ---------------------------------------------------------------------------------------------

def test_legal_cells_are_the_targets_with_their_valid_rotations() -> None:
    app = new_app()
    game = app.model.game
    legal = {(a.x, a.y, a.rotation) for a in game.legal_actions()}
    offered = {(a.x, a.y, a.rotation) for t in app.board.targets for a in t.choices}
    assert offered == legal
    for target in app.board.targets:
        rotations = [a.rotation for a in target.choices]
        assert rotations == sorted(rotations)


def test_hover_previews_the_first_valid_rotation_and_rotate_cycles_only_valid_ones() -> None:
    app = new_app()
    board, model = app.board, app.model
    target = max(cell_targets(board), key=lambda t: len(t.choices))
    x, y = target.choices[0].x, target.choices[0].y
    board.hover(*board.cell_to_pixel(x, y))
    assert board.choice == target.choices[0]
    seen = [board.choice.rotation]
    for _ in range(len(target.choices)):
        assert board.rotate()
        seen.append(board.choice.rotation)
    valid = [a.rotation for a in target.choices]
    assert seen[:-1] == valid and seen[-1] == valid[0]      # all valid ones, then round again
    board.key("r")
    chosen = board.choice
    assert chosen in target.choices
    assert board.click(*board.cell_to_pixel(x, y))
    assert model.game.history[-1].action == chosen
    assert model.game.phase == "place_figure"


def test_rotate_with_nothing_hovered_says_what_to_do() -> None:
    app = new_app()
    assert not app.board.rotate()
    assert "hover" in app.model.message and app.model.message_kind == "error"


def test_clicking_without_hovering_places_the_first_valid_rotation() -> None:
    app = new_app()
    action = place_first_tile(app)
    assert app.model.game.history[-1].action == action
    assert app.model.game.board[action.x, action.y].rotation == action.rotation


def test_the_hand_in_the_panel_follows_the_preview() -> None:
    app = new_app()
    board = app.board
    target = max(cell_targets(board), key=lambda t: len(t.choices))
    board.hover(*board.cell_to_pixel(target.choices[0].x, target.choices[0].y))
    board.rotate()
    assert f"· {board.choice.rotation}°" in app.panel.sections.value
    assert "<svg" in app.panel.sections.value


# ---------------------------------------------------------------------------------------------
# figures
# ---------------------------------------------------------------------------------------------

def test_spots_are_exactly_the_legal_figure_placements() -> None:
    app = new_app()
    place_first_tile(app)
    game = app.model.game
    legal = {a for a in game.legal_actions() if not isinstance(a, Pass)}
    spots = app.board.targets
    assert all(t.is_spot for t in spots)
    assert {a for t in spots for a in t.choices} == legal
    # one spot per feature, on its own tile, hit by a click at its centre, disjoint from the others
    features = [(t.choices[0].x, t.choices[0].y, t.choices[0].feature) for t in spots]
    assert len(features) == len(set(features))
    for t in spots:
        a = t.choices[0]
        assert a.x <= t.shape[1] < a.x + 1 and a.y <= t.shape[2] < a.y + 1
        assert app.board._target_at(t.shape[1], t.shape[2]) == t
        for u in spots:
            if u is not t:
                assert math.hypot(t.shape[1] - u.shape[1], t.shape[2] - u.shape[2]) > t.shape[3] + u.shape[3]
    # Skip is not on the board: it is the prompt's button
    assert [c.label for c in app.board.prompt] == ["Skip"]
    assert "Skip" in [b.description for row in app.panel.prompt.children for b in getattr(row, "children", ())]
    assert app.board.press("Skip")
    assert game.history[-1].action == Pass()


def test_clicking_a_spot_places_the_figure_and_ends_the_turn() -> None:
    app = new_app()
    place_first_tile(app)
    spot = app.board.targets[0]
    assert app.board.click(*spot_pixel(app.board, spot))
    game = app.model.game
    assert game.history[-1].action == spot.choices[0]
    figure = next(f for f in game.figures() if (f.x, f.y, f.feature) == (spot.choices[0].x, spot.choices[0].y,
                                                                          spot.choices[0].feature))
    assert figure.player == "You"
    assert game.current_player == "Random" and not app.model.human_to_move()


def test_skip_passes_and_only_when_a_figure_may_be_placed() -> None:
    app = new_app()
    assert app.board.prompt == [] and app.panel.prompt.children == ()
    assert not app.board.press("Skip")
    assert "Skip is not a choice now" in app.model.message
    place_first_tile(app)
    app.board.key("s")                        # the prompt's own key
    assert app.model.game.history[-1].action == Pass()


def test_a_river_that_takes_a_fisher_or_a_hut_is_one_spot_with_a_menu() -> None:
    rng = random.Random(0)
    for seed in range(40):
        app = new_app(seed=seed, players=["A", "B"])
        game = app.model.game
        while not game.is_over:
            if game.phase == "place_figure":
                both = [t for t in app.board.targets if {type(a) for a in t.choices} == {PlaceMeeple, PlaceHut}]
                if both:
                    board, spot = app.board, both[0]
                    fisher, hut = spot.labels()             # in words: what goes where, no feature ids
                    assert spot.mode == "menu" and fisher.startswith("Place a fisher on the river ")
                    assert hut.startswith("Place a hut on the river system ") and spot.label.startswith("The river ")
                    assert not any(f"{spot.key[3]} of" in text for text in (fisher, hut, spot.label))
                    board.fit()
                    version = app.model.version
                    assert not board.click(*spot_pixel(board, spot))      # the click opens the menu
                    assert board.menu == spot and app.model.version == version
                    assert [b.description for b in app.panel.menu.children[1:-1]] == [f"1. {fisher}", f"2. {hut}"]
                    board.key("Escape")                                   # closes it, plays nothing
                    assert board.menu is None and app.model.version == version
                    board._last_move = None
                    board.click(*spot_pixel(board, spot))
                    app.panel.menu.children[2].click()                    # "2. Hut"
                    assert game.history[-1].action == spot.choices[1] and isinstance(spot.choices[1], PlaceHut)
                    assert board.menu is None
                    return
            app.model.apply(rng.choice(game.legal_actions()))
    pytest.fail("no river offered both a fisher and a hut in 40 games")


def test_shaman_offers_only_the_players_own_meeples() -> None:
    rng = random.Random(1)
    for seed in range(80):
        app = new_app(seed=seed, players=["A", "B"])
        game = app.model.game
        while not game.is_over:
            if game.phase == "retake_meeple":
                targets = app.board.targets
                assert targets and all(isinstance(t.choices[0], RetakeMeeple) for t in targets)
                mine = {(f.x, f.y, f.feature) for f in game.figures() if f.player == game.current_player
                        and f.role != "hut"}
                assert {(t.choices[0].x, t.choices[0].y, t.choices[0].feature) for t in targets} == mine
                for t in targets:             # every spot apart from every other
                    for u in targets:
                        if u is not t:
                            assert math.hypot(t.shape[1] - u.shape[1], t.shape[2] - u.shape[2]) > \
                                t.shape[3] + u.shape[3]
                assert app.board.click(*spot_pixel(app.board, targets[0]))
                assert game.phase == "place_figure"
                return
            app.model.apply(rng.choice(game.legal_actions()))
    pytest.skip("no shaman with a meeple to take back in these games")


# ---------------------------------------------------------------------------------------------
# clicks that change nothing
# ---------------------------------------------------------------------------------------------

def test_out_of_board_stale_double_and_illegal_clicks_change_nothing_and_say_why() -> None:
    app = new_app()
    board, model = app.board, app.model
    version = model.version
    assert not board.click(-3, 10) and "outside the board" in model.message
    assert not board.click(board.width + 5, 10)
    # a cell where the tile does not fit: the engine says why
    far = board.cell_to_pixel(0, 0)
    assert not board.click(*far)
    assert "already holds tile" in model.message and model.message_kind == "error"
    assert model.version == version
    # a double click: the second click, at once, at the same place, is ignored
    target = cell_targets(board)[0]
    px, py = board.cell_to_pixel(target.choices[0].x, target.choices[0].y)
    assert board.click(px, py)
    assert not board.click(px, py)
    assert "double click" in model.message
    assert model.version == version + 1
    # stale: the pointer is on a cell that was legal a moment ago, but now figures are due
    board._last_move = None
    other = next(t for t in cell_targets(BoardCanvas(GameModel(wp.new_game("hunters-gatherers", players=["You", "R"],
                                                                             seed=3))))
                 if (t.choices[0].x, t.choices[0].y) != (target.choices[0].x, target.choices[0].y))
    assert not board.click(*board.cell_to_pixel(other.choices[0].x, other.choices[0].y))
    assert "figures go only on the tile just placed" in model.message
    assert model.version == version + 1
    assert board.last_error is None


def test_clicks_on_an_agents_turn_or_after_the_game_do_nothing() -> None:
    app = new_app()
    place_first_tile(app)
    assert app.board.press("Skip")
    version = app.model.version
    assert not app.board.click(*app.board.cell_to_pixel(0, 0))
    assert "Random's turn" in app.model.message and app.model.version == version
    app.model.autoplay = True
    app.runner.run()
    assert app.model.game.is_over
    assert not app.board.click(*app.board.cell_to_pixel(0, 0))
    assert app.model.message == "the game is over"


def test_no_exception_from_a_click_reaches_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app()

    def broken(*args: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(app.board.ui, "explain_click", broken)
    monkeypatch.setattr(app.board.ui, "inspect", broken)
    assert app.board.click(*app.board.cell_to_pixel(0, 0)) is False
    assert "internal error" in app.model.message and "boom" in app.board.last_error
    app.board.hover(*app.board.cell_to_pixel(0, 0))     # hover errors are caught too
    app.board.key("r")
    app.board._mouse_down(5, 5)                           # as the registered handlers are
    app.board.canvas[-1]._handle_frontend_event(None, {"event": "mouse_move", "x": 9.0, "y": 9.0}, [])


def test_undo_takes_a_misclick_back_and_redo_replays_it() -> None:
    app = new_app()
    action = place_first_tile(app)
    assert app.model.undo_to_human()
    assert app.model.game.phase == "place_tile" and not app.model.game.history
    assert any(action in t.choices for t in app.board.targets)     # the cell is offered again
    app.panel.redo.click()
    assert app.model.game.history[-1].action == action


def test_undo_goes_back_past_the_agents_moves_to_the_humans_decision() -> None:
    app = new_app()
    place_first_tile(app)
    app.board.press("Skip")
    played = app.runner.run()
    assert played >= 2 and app.model.human_to_move()
    app.panel.undo.click()
    assert len(app.model.game.history) == 1 and app.model.game.current_player == "You"
    assert app.model.game.phase == "place_figure"
    assert app.model.message == f"took back: Pass (and {played} agent steps after it)" or \
        app.model.message.startswith("took back: ") and f"and {played} agent step" in app.model.message
    app.panel.redo.click()                    # the same unit forward: to the human's next decision
    assert len(app.model.game.history) == 2 + played and app.model.human_to_move()


def test_agents_wait_while_the_user_looks_back_in_history() -> None:
    app = new_app()
    place_first_tile(app)
    app.board.press("Skip")
    app.runner.run()
    app.panel.history.value = 1
    assert len(app.model.game.history) == 1
    app.model.goto(2)
    assert not app.model.human_to_move() and app.model.game.can_redo
    assert "look back" in app.runner.waiting_reason()
    assert app.runner.step()            # Step lets the agent play from here
    assert not app.model.game.can_redo


# ---------------------------------------------------------------------------------------------
# drawing: one message per redraw, tiles drawn once
# ---------------------------------------------------------------------------------------------

def test_a_click_sends_one_canvas_message_and_draws_only_the_new_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app()
    board = app.board
    drawn: list[Any] = []
    real = board.ui.draw_piece
    monkeypatch.setattr(board.ui, "draw_piece", lambda p, k, v, view: (drawn.append(k), real(p, k, v, view)))
    board.follow = False      # no re-fit: the atlas keeps its scale
    with CommCounter() as sent:
        action = place_first_tile(app)
    assert sent.canvas_messages() == 1
    assert drawn == [(action.x, action.y)]
    drawn.clear()
    with CommCounter() as sent:
        app.model.undo()
    assert sent.canvas_messages() == 1 and drawn == []       # undo erases, draws nothing
    assert (action.x, action.y) not in board._drawn


def test_hover_pan_and_zoom_each_send_one_message_and_no_new_widgets() -> None:
    app = new_app()
    board = app.board
    target = cell_targets(board)[0]
    px, py = board.cell_to_pixel(target.choices[0].x, target.choices[0].y)
    with CommCounter() as sent:
        board.hover(px, py)
        assert sent.canvas_messages() == 1
        board.hover(px + 1, py + 1)           # same target: nothing to redraw
        assert sent.canvas_messages() == 1
        board.pan(1, 0)
        assert sent.canvas_messages() == 2
        board.zoom(-1)
        assert sent.canvas_messages() == 3
    assert all(s.method in ("custom", "update") for s in sent.sent)


def test_pan_zoom_fit_keys_and_drag_move_the_view() -> None:
    app = new_app()
    board = app.board
    x0, y0 = board.cell_to_pixel(0, 0)
    board.key("ArrowRight")
    assert board.cell_to_pixel(0, 0) == (x0 - board.scale, y0) and not board.follow
    scale = board.scale
    board.key("-")
    assert board.scale < scale
    board.key("+")
    assert board.scale == scale
    board.key("f")
    assert board.follow and board.cell_to_pixel(0, 0) == (x0, y0)
    board._mouse_down(100, 100)
    board._mouse_move(160, 130)
    board._mouse_up(160, 130)
    assert board.cell_to_pixel(0, 0) == (x0 + 60, y0 + 30)
    assert app.model.version == 0          # a drag is not a click


def test_the_view_follows_the_growing_board() -> None:
    app = new_app(players=["A", "B"])
    rng = random.Random(4)
    game = app.model.game
    while len(game.board) < 45:
        app.model.apply(rng.choice(game.legal_actions()))
    x0, y0, x1, y1 = app.board.ui.extent(game)
    view = app.board.view
    left, top = view.to_pixel(x0, y0)
    right, bottom = view.to_pixel(x1, y1)
    assert app.board.scale < app.board.ui.default_scale
    if app.board.scale > min(app.board.ui.scales):
        assert left >= 0 and top >= 0 and right <= view.width and bottom <= view.height


def test_a_reloaded_page_gets_the_whole_board_again(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app(players=["A", "B"])
    rng = random.Random(2)
    for _ in range(20):
        app.model.apply(rng.choice(app.model.game.legal_actions()))
    drawn: list[Any] = []
    real = app.board.ui.draw_piece
    monkeypatch.setattr(app.board.ui, "draw_piece", lambda p, k, v, view: (drawn.append(k), real(p, k, v, view)))
    with CommCounter() as sent:
        app.board.canvas[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert sorted(drawn) == sorted(app.model.game.board)
    assert sent.canvas_messages() == 1


def test_two_boards_on_one_model_stay_in_sync() -> None:
    app = new_app()
    second = BoardCanvas(app.model)
    action = place_first_tile(app)
    assert set(second._drawn) == set(app.model.game.board) and (action.x, action.y) in second._drawn
    assert [t.key for t in second.targets] == [t.key for t in app.board.targets]
    spot = second.targets[0]
    assert second.click(*spot_pixel(second, spot))
    assert app.board.targets == [] and app.model.game.current_player == "Random"
    # displaying the app twice shows one widget model in two places
    a, b = app._repr_mimebundle_(), app._repr_mimebundle_()
    key = "application/vnd.jupyter.widget-view+json"
    assert a[key]["model_id"] == b[key]["model_id"]


def test_static_fallbacks_show_the_board_without_widgets() -> None:
    app = new_app()
    place_first_tile(app)
    bundle = app._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and "<svg" in bundle["text/html"]
    svg = app.board._repr_mimebundle_()["image/svg+xml"]
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and float(root.get("width")) >= 48 * 2
    assert "<svg" in app._repr_html_()


# ---------------------------------------------------------------------------------------------
# hovering an area, the log, the history slider
# ---------------------------------------------------------------------------------------------

def test_hovering_a_figure_highlights_its_whole_area_and_what_it_is_worth() -> None:
    app = new_app(players=["A", "B"])
    rng = random.Random(3)
    game = app.model.game
    while len(game.board) < 25 or not any(f.role == "hunter" for f in game.figures()) or game.phase != "place_tile":
        app.model.apply(rng.choice(game.legal_actions()))
    board = app.board
    board.fit()
    figure = next(f for f in game.figures() if f.role == "hunter")
    wx, wy = board.ui._anchor(game, figure.x, figure.y, figure.feature)
    board.hover(*board.view.to_pixel(wx, wy))
    inspection = board._inspection
    assert inspection is not None and inspection.title.startswith("Grassland")
    view = game.area_at(figure.x, figure.y, figure.feature)
    assert set(inspection.regions) == set(view.features)
    worth = f"Worth {view.points} at the end" if view.points else "Worth nothing at the end"
    assert inspection.lines[0].startswith(worth) and figure.player in inspection.lines[0]
    assert not any(" x0" in line or "meadow" in line for line in inspection.lines)   # plain words
    board._mouse_out(0, 0)
    assert board._inspection is None


def test_scoring_log_lists_equations_and_selecting_one_highlights_its_tiles() -> None:
    app = new_app(players=["A", "B"])
    rng = random.Random(5)
    game = app.model.game
    while not any(isinstance(e, Scored) for e in game.events()):
        app.model.apply(rng.choice(game.legal_actions()))
    scored = [e for e in game.events() if isinstance(e, Scored)]
    options = app.panel.log.options
    assert len(options) == len(scored)
    assert f"+{scored[0].points}: {scored[0].what}" in options[0][0]
    app.panel.log.value = 0
    assert [tuple(c) for c in app.model.highlight] == list(scored[0].refs)
    assert app.panel.log_detail.value
    app.panel.log.value = None
    assert app.model.highlight == []


def test_history_slider_steps_through_the_game() -> None:
    app = new_app(players=["A", "B"])
    rng = random.Random(6)
    for _ in range(12):
        app.model.apply(rng.choice(app.model.game.legal_actions()))
    assert app.panel.history.max == 12 and app.panel.history.value == 12
    app.panel.history.value = 4
    assert len(app.model.game.history) == 4 and app.model.steps() == 12
    app.model.redo()
    assert app.panel.history.value == 5


def test_panel_says_whose_turn_what_to_do_and_when_an_agent_thinks() -> None:
    app = new_app()
    assert "You: place the tile" in app.panel.status.value
    assert "Tiles left:" in app.panel.sections.value and "5 meeples" in app.panel.info.value
    app.model.thinking = True
    assert "thinking" in app.panel.status.value
    app.model.thinking = False
    place_first_tile(app)
    assert "place a figure or skip" in app.panel.status.value
    assert app.panel.more.get_title(0) == "Tiles left to draw" and not app.panel.more.children[0].value
    app.panel.more.selected_index = 0          # a closed section is drawn when opened
    assert app.panel.more.children[0].value.count("<svg") >= 1


def test_setup_changes_colours_and_seats_at_once_and_starts_new_games() -> None:
    app = new_app()
    _, colour, kind, _ = app.panel.seat_rows[0]
    colour.value = "#123456"
    assert app.model.colours["You"] == "#123456"
    kind.value = "Easy (random)"
    assert app.model.agent_for("You") is not None and not app.model.human_to_move()
    kind.value = "Human"
    app.panel.seats.value = 3
    app.panel.seat_rows[2][0].value = "Carla"
    app.panel.seed.value = "11"
    app.panel.options["edition"].value = "classic"
    app.panel._new_game()
    game = app.model.game
    assert game.players == ("You", "Random", "Carla") and game.seed == 11 and game.options["edition"] == "classic"
    assert set(app.board._drawn) == {(0, 0)} and app.model.version > 0


# ---------------------------------------------------------------------------------------------
# agents
# ---------------------------------------------------------------------------------------------

def test_autoplay_plays_a_whole_game() -> None:
    app = new_app()
    app.model.autoplay = True
    app.runner.run()
    assert app.model.game.is_over and "Game over" in app.panel.status.value


def test_agents_move_by_themselves_in_an_event_loop_at_their_pace() -> None:
    async def scenario() -> tuple[int, bool, list[bool]]:
        app = new_app()
        app.runner.pace = 0.05
        thinking: list[bool] = []
        app.model.observe(lambda c: thinking.append(c["new"]), "thinking")
        place_first_tile(app)
        app.board.press("Skip")                     # the agent's turn: it starts thinking by itself
        for _ in range(200):
            await asyncio.sleep(0.02)
            if app.model.human_to_move():
                break
        return len(app.model.game.history), app.model.human_to_move(), thinking

    steps, human, thinking = asyncio.run(scenario())
    assert human and steps >= 4
    assert thinking[0] is True and thinking[-1] is False


def test_a_stale_agent_move_is_dropped() -> None:
    async def scenario() -> int:
        app = new_app()
        app.runner.pace = 0.2
        place_first_tile(app)
        app.board.press("Skip")
        await asyncio.sleep(0.05)           # the agent is thinking or waiting for its pace
        app.model.undo_to_human()             # the user takes the move back meanwhile
        await asyncio.sleep(0.4)
        return len(app.model.game.history)

    assert asyncio.run(scenario()) == 1


# ---------------------------------------------------------------------------------------------
# a whole game by clicks: time per click and messages per move
# ---------------------------------------------------------------------------------------------

def test_a_whole_game_by_clicks_stays_fast_and_batched() -> None:
    app = new_app(seed=7)
    rng = random.Random(7)
    per_click: list[int] = []
    with CommCounter() as sent:
        while not app.model.game.is_over:
            if app.model.human_to_move():
                per_click += human_turn(app, rng, sent)
            else:
                app.runner.step()
    assert app.board.last_error is None
    times = app.board.click_times
    assert len(times) > 40
    assert set(per_click) == {1}          # every click: one canvas message, whatever layers it touched
    assert statistics.median(times) < 0.05, f"median click {statistics.median(times) * 1000:.1f} ms"


# ---------------------------------------------------------------------------------------------
# game-agnostic: a tiny game with its own adapter plugs into the same widgets
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Mark(Action):
    x: int
    y: int


class Noughts(Game):
    """Three in a row on a 3 x 3 grid, enough to drive the generic board."""

    name = "test-noughts"
    info = GameInfo("test-noughts", "Noughts", min_players=2, max_players=2, chance=False, hidden_information=False)
    action_types: ClassVar[dict[str, type[Action]]] = {"Mark": Mark}
    _containers = ("_cells",)

    def __init__(self, *, players=("X", "O"), seed: int | None = 0) -> None:
        super().__init__(players=players, seed=seed, options={})
        self._cells: dict[tuple[int, int], str] = {}

    @property
    def current_player(self) -> str | None:
        return None if self.is_over else self.players[len(self._cells) % 2]

    @property
    def phase(self) -> str:
        return "over" if len(self._cells) == 9 else "mark"

    @property
    def turn(self) -> int:
        return len(self._cells)

    def legal_actions(self) -> list[Action]:
        return [Mark(x, y) for y in range(3) for x in range(3) if (x, y) not in self._cells]

    def _illegal(self, action: Action) -> str | None:
        return None if action in self.legal_actions() else "that square is taken"

    def _play(self, action: Action) -> list[Event]:
        player = self.current_player or "X"
        self._put("_cells", (action.x, action.y), player)  # type: ignore[attr-defined]
        return [self._score(Scored(player, "mark", (Term(1, "square", 1),)))] if len(self._cells) == 1 else []


@register_ui
class NoughtsUI(GameUI):
    game_name = "test-noughts"

    def extent(self, game: Game) -> tuple[float, float, float, float]:
        return (0, 0, 3, 3)

    def background(self, game: Noughts) -> dict:  # type: ignore[override]
        return dict(game._cells)

    def piece_rect(self, key: Any, value: Any) -> tuple[float, float, float, float]:
        return (key[0], key[1], key[0] + 1, key[1] + 1)

    def draw_piece(self, painter: Any, key: Any, value: Any, view: Any) -> None:
        x, y = view.to_pixel(*key)
        painter.text(x + view.scale / 2, y + view.scale / 2, value, size=view.scale / 2)

    def targets(self, game: Game) -> list[Target]:
        return [Target(("cell", a.x, a.y), (a,), ("rect", a.x, a.y, a.x + 1, a.y + 1)) for a in game.legal_actions()]


def test_the_widgets_drive_any_game_through_its_adapter() -> None:
    app = App(Noughts())
    board = app.board
    assert isinstance(board.ui, NoughtsUI)
    assert board.click(*board.cell_to_pixel(1, 1))
    assert app.model.game._cells == {(1, 1): "X"}
    assert set(board._drawn) == {(1, 1)}
    board._last_move = None
    assert not board.click(*board.cell_to_pixel(1, 1))
    assert "nothing to do there" in app.model.message
    assert "O: mark" in app.panel.status.value
    assert app.panel.log.options and "X +1" in app.panel.log.options[0][0]
    assert board.prompt == [] and board.ui.help_html(app.model.game) == ""


def test_noughts_is_played_to_the_end_by_clicks_alone() -> None:
    app = App(Noughts())
    board, game = app.board, app.model.game
    order = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    for cell in order:
        assert {t.key for t in board.targets} == {("cell", *c) for c in order if c not in game._cells}
        assert board.click(*board.cell_to_pixel(*cell)), app.model.message
        board._last_move = None
    assert game.is_over and board.targets == [] and set(board._drawn) == set(order)
    # the end: the winner named once, and the points by category
    assert app.panel.info.value.count("X wins") == 1 and "wp-final" in app.panel.info.value
    assert "<td>mark</td>" in app.panel.info.value
    svg = board.svg()
    assert ET.fromstring(svg).tag.endswith("svg") and svg.count("<text") >= 9


@dataclass(frozen=True, slots=True)
class Take(Action):
    stones: int


class Nim(Game):
    """Take one or two stones; who takes the last one wins. No board at all."""

    name = "test-nim"
    info = GameInfo("test-nim", "Nim", min_players=2, max_players=2, chance=False, hidden_information=False)
    action_types: ClassVar[dict[str, type[Action]]] = {"Take": Take}
    _containers = ()

    def __init__(self, *, players=("Ann", "Bob"), seed: int | None = 0, stones: int = 5) -> None:
        super().__init__(players=players, seed=seed, options={})
        self._stones = stones

    @property
    def current_player(self) -> str | None:
        return None if self.is_over else self.players[len(self.history) % 2]

    @property
    def phase(self) -> str:
        return "over" if self._stones == 0 else "take"

    @property
    def turn(self) -> int:
        return len(self.history)

    def legal_actions(self) -> list[Action]:
        return [Take(n) for n in (1, 2) if n <= self._stones]

    def _illegal(self, action: Action) -> str | None:
        return None if action in self.legal_actions() else "not that many stones left"

    def _play(self, action: Action) -> list[Event]:
        player = self.current_player or ""
        self._set("_stones", self._stones - action.stones)  # type: ignore[attr-defined]
        return [self._score(Scored(player, "last stone", (Term(1, "stone", 1),)))] if self._stones == 0 else []


@register_ui
class NimUI(GameUI):
    """No drawing code, no targets: every decision is a button of the prompt."""

    game_name = "test-nim"
    board_kind = "fixed"


def test_a_game_with_no_targets_is_played_through_the_prompt_alone() -> None:
    app = App(Nim())
    board, panel, game = app.board, app.panel, app.model.game
    assert board.targets == [] and board.fixed
    assert [c.label for c in board.prompt] == ["Take(stones=1)", "Take(stones=2)"] or \
        [c.action for c in board.prompt] == [Take(1), Take(2)]
    buttons = [b for row in panel.prompt.children for b in getattr(row, "children", ())]
    assert len(buttons) == 2 and not any(b.disabled for b in buttons)
    assert not board.pan(1, 0) and "shown whole" in app.model.message      # a fixed board does not pan
    assert panel.view_row.layout.display == "none"
    while not game.is_over:
        buttons = [b for row in panel.prompt.children for b in getattr(row, "children", ())]
        buttons[-1].click()                                               # take as many as allowed
    assert game.history[-1].action in (Take(1), Take(2)) and game.scores == {"Ann": 1, "Bob": 0}
    assert panel.prompt.children == () and "Ann wins" in panel.info.value
    assert not board.press(Choice("Take 1", Take(1)))


def test_fixed_boards_show_their_regions_whole_and_fitted() -> None:
    class Regions(NimUI):
        game_name = "test-nim"

        def regions(self, game: Game) -> list[Region]:
            return [Region("pile", "The pile", (0, 0, 4, 2)), Region("hand", "In hand", (0, 3, 4, 5))]

        def extent(self, game: Game) -> tuple[float, float, float, float]:
            return (0, 0, 4, 5)

    app = App(Nim())
    board = BoardCanvas(app.model, ui=Regions(), width=400, height=300)
    # the canvas takes the picture's proportions (titles included): 4 wide, 5.4 high
    assert (board.width, board.height) == (400, 540) and board.canvas.height == 540
    left, top = board.view.to_pixel(0, -0.4)
    right, bottom = board.view.to_pixel(4, 5)
    assert left >= 0 and top >= 0 and right <= 400 and bottom <= 540
    assert right - left >= 399 and bottom - top >= 539      # fitted: it fills the canvas both ways
    assert not board.zoom(1) and "shown whole" in app.model.message
    svg = Regions().svg(app.model.game, board.style)
    assert "The pile" in svg and "In hand" in svg


# ---------------------------------------------------------------------------------------------
# more of what a user sees
# ---------------------------------------------------------------------------------------------

def test_the_last_turn_is_marked_with_both_tiles_after_a_menhir() -> None:
    from widgetpkg.games.hunters_gatherers.ui import last_turn

    rng = random.Random(8)
    for seed in range(60):
        app = new_app(seed=seed, players=["A", "B"])
        game = app.model.game
        while not game.is_over:
            player = game.current_player
            app.model.apply(rng.choice(game.legal_actions()))
            if game.in_extra_turn and game.phase == "place_figure" and game.current_player == player:
                who, cells = last_turn(game)
                assert who == player and len(cells) == 2 and set(cells) == set(game.last_placed)
                return
    pytest.fail("no extra turn in 60 games")


def test_p_places_the_previewed_tile_and_enter_space_escape_play_nothing() -> None:
    app = new_app()
    board = app.board
    target = max(cell_targets(board), key=lambda t: len(t.choices))
    board.hover(*board.cell_to_pixel(target.choices[0].x, target.choices[0].y))
    board.key("R", shift=True)                    # backwards: the last valid rotation
    assert board.choice == target.choices[-1]
    for key in ("Enter", " ", "Escape"):
        board.key(key)
    assert app.model.version == 0 and not app.model.game.history
    board.hover(*board.cell_to_pixel(target.choices[0].x, target.choices[0].y))
    board.key("R", shift=True)
    chosen = board.choice
    board.key("p")
    assert app.model.game.history[-1].action == chosen
    # after a tile, Space and Escape do not skip the figure either
    board.key(" ")
    board.key("Escape")
    assert app.model.game.phase == "place_figure"


def test_ctrl_keys_belong_to_the_notebook() -> None:
    app = new_app()
    place_first_tile(app)
    board = app.board
    board.key("s", ctrl=True)                      # Ctrl+S saves the notebook; it is not Skip
    assert app.model.game.phase == "place_figure"
    board.key("z", ctrl=True)                      # Ctrl+Z is undo
    assert app.model.game.phase == "place_tile"


def test_play_shows_an_existing_game_and_the_model_can_load_another_kind() -> None:
    game = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=2)
    app = wp.play(game)
    assert app.model.game is game and app.model.agents == {}
    app.model.replace(Noughts())
    assert isinstance(app.board.ui, NoughtsUI) and app.board._drawn == {}
    assert app.board.click(*app.board.cell_to_pixel(0, 0))
    assert app.model.game._cells == {(0, 0): "X"}


def test_close_stops_the_agents_and_closes_the_widgets() -> None:
    app = new_app()
    canvas = app.board.canvas
    app.close()
    assert canvas.comm is None and app.panel.status.comm is None


# ---------------------------------------------------------------------------------------------
# what the browser sends is checked; views never go stale; closing is clean
# ---------------------------------------------------------------------------------------------

def frontend(board: BoardCanvas, event: str, **content: Any) -> None:
    """An event as ipycanvas delivers it from the browser to the top layer."""
    board.canvas[-1]._handle_frontend_event(None, {"event": event, **content}, [])


@pytest.mark.parametrize("x, y", [(None, 10), (10, None), (float("nan"), 3), (float("inf"), 2), ("12", 4),
                                  (True, 3), ([1], 2), (-1e300, 5)])
def test_a_bad_coordinate_from_the_browser_is_dropped_and_counted(x: Any, y: Any) -> None:
    app = new_app()
    board, model = app.board, app.model
    before = (board.scale, board.ox, board.oy, model.version)
    for event in ("mouse_move", "mouse_down", "mouse_up", "mouse_wheel", "mouse_out"):
        frontend(board, event, x=x, y=y)
    assert board.rejected_events == 4 and board.last_error is None      # mouse out needs no position
    assert (board.scale, board.ox, board.oy, model.version) == before
    assert not board.click(x, y) and "without a position" in model.message
    assert not board.resize(x, y) and board.rejected_events == 6
    # the board still works
    place_first_tile(app)
    assert model.version == 1


def test_a_drag_that_ends_at_infinity_keeps_the_view_it_reached_and_plays_nothing() -> None:
    app = new_app()
    board = app.board
    frontend(board, "mouse_down", x=100.0, y=100.0)
    frontend(board, "mouse_move", x=160.0, y=130.0)
    ox, oy = board.ox, board.oy
    frontend(board, "mouse_up", x=float("inf"), y=None)
    assert (board.ox, board.oy) == (ox, oy) and board._down is None and not board._dragging
    frontend(board, "mouse_down", x=None, y=None)            # a click with null: nothing happens
    frontend(board, "mouse_up", x=None, y=None)
    assert app.model.version == 0 and board.last_error is None


def test_keys_with_nonsense_values_are_dropped() -> None:
    app = new_app()
    board = app.board
    for key, shift in [(None, False), (42, False), ("", False), ("r" * 40, False), ("r", "yes")]:
        board.key(key, shift)
    assert board.rejected_events == 5 and board.last_error is None


def test_a_failing_view_does_not_stop_the_model_or_the_other_views(monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app()
    second = BoardCanvas(app.model)
    monkeypatch.setattr(app.board, "redraw", lambda **kw: (_ for _ in ()).throw(RuntimeError("boom")))
    action = place_first_tile(app)
    assert app.model.game.history[-1].action == action
    assert (action.x, action.y) in second._drawn and "boom" in (app.board.last_error or "")
    assert "place a figure" in app.panel.status.value


def test_a_game_changed_outside_the_model_reaches_the_views() -> None:
    game = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=4)
    app = wp.play(game)
    board = app.board
    stale = cell_targets(board)[0]
    game.apply(stale.choices[0])                # a later cell, on the game itself
    assert app.model.sync() and not app.model.sync()
    assert set(board._drawn) == set(game.board) and all(t.is_spot for t in board.targets)
    assert app.panel.history.max == 1 and "place a figure" in app.panel.status.value
    # undo then another move keeps the history's length: still noticed, and a click sees it first
    game.undo()
    other = next(a for a in game.legal_actions() if (a.x, a.y) != (stale.choices[0].x, stale.choices[0].y))
    game.apply(other)
    board._last_move = None
    assert not board.click(*board.cell_to_pixel(stale.choices[0].x, stale.choices[0].y))
    assert (other.x, other.y) in board._drawn and (stale.choices[0].x, stale.choices[0].y) not in board._drawn
    assert game.history[-1].action == other


def test_after_close_the_model_can_still_change() -> None:
    app = new_app()
    app.inspector                              # noqa: B018 - made, so that it is closed too
    app.close()
    action = app.model.game.legal_actions()[0]
    app.model.apply(action)
    app.model.undo()
    app.model.colours = {"You": "#000000"}
    app.model.highlight = [(0, 0)]
    assert app.model.version == 2 and app.board.last_error is None


def test_click_timings_are_bounded() -> None:
    app = new_app()
    for _ in range(400):
        app.board.click(-1, -1)
    assert len(app.board.click_times) == app.board.click_times.maxlen < 400


def test_importing_the_contract_and_drawing_svg_loads_no_widget_library() -> None:
    import subprocess
    import sys

    code = ("import sys, widgetpkg as wp; from widgetpkg.ui import ui_for; "
            "g = wp.new_game('hunters-gatherers', players=5, seed=1); g.apply(g.legal_actions()[0]); "
            "ui = ui_for(g); svg = g._repr_svg_(); ui.targets(g); ui.sections(g, None)[0].render(); "
            "ui.inspector_view(g).layout(g, 300, 200); "
            "print(svg.startswith('<svg'), sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'traitlets', 'widgetpkg.widgets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "True []", out.stdout + out.stderr


def test_one_palette_everywhere() -> None:
    from widgetpkg.ui.palette import SEAT_COLOURS

    players = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    game = wp.new_game("hunters-gatherers", players=players, seed=5)
    rng = random.Random(5)
    while len({f.player for f in game.figures()}) < 5:
        game.apply(rng.choice(game.legal_actions()))
    app = wp.play(game)
    assert [app.model.colours[p] for p in players] == list(SEAT_COLOURS[:5])
    fifth = SEAT_COLOURS[4]
    assert fifth in game._repr_svg_() and fifth in app.board.svg() and fifth in app.panel.info.value
    assert fifth in app.panel.seat_rows[4][1].value


# ---------------------------------------------------------------------------------------------
# issue 11: the details a player meets
# ---------------------------------------------------------------------------------------------

def test_zooming_out_at_the_limit_and_turning_a_one_way_tile_say_why() -> None:
    app = new_app()
    board = app.board
    while board.zoom(-1):
        pass
    assert app.model.message == "zoomed out as far as it goes" and app.model.message_kind == "error"
    board.fit()
    one_way = [t for t in cell_targets(board) if len(t.choices) == 1]
    if one_way:
        board.hover(*board.cell_to_pixel(one_way[0].choices[0].x, one_way[0].choices[0].y))
        assert not board.rotate() and app.model.message == "there is only one way to play this"


def test_ctrl_wheel_zooms_around_the_pointer_in_steps() -> None:
    app = new_app()
    board = app.board
    frontend(board, "mouse_move", x=300.0, y=200.0)
    scale, under = board.scale, board.view.to_world(300, 200)
    frontend(board, "mouse_wheel", x=0.0, y=-40.0)            # a little pinch: not a step yet
    assert board.scale == scale
    frontend(board, "mouse_wheel", x=0.0, y=-70.0)
    assert board.scale > scale
    after = board.view.to_world(300, 200)
    assert math.hypot(under[0] - after[0], under[1] - after[1]) < 2 / board.scale


def test_zoom_keeps_the_point_under_the_pointer() -> None:
    app = new_app()
    board = app.board
    px, py = 200.0, 150.0
    before = board.view.to_world(px, py)
    assert board.zoom(1, around=(px, py))
    after = board.view.to_world(px, py)
    assert math.hypot(before[0] - after[0], before[1] - after[1]) < 2 / board.scale


def test_the_view_moves_only_when_the_landscape_would_leave_it() -> None:
    app = new_app(players=["A", "B"])
    board, game = app.board, app.model.game
    rng = random.Random(9)

    def shows_all(view: Any) -> bool:
        x0, y0, x1, y1 = board._extent()
        (left, top), (right, bottom) = view.to_pixel(x0, y0), view.to_pixel(x1, y1)
        return left >= 0 and top >= 0 and right <= view.width and bottom <= view.height

    moves = 0
    for _ in range(60):
        before = board.view
        app.model.apply(rng.choice(game.legal_actions()))
        if board.view != before:
            moves += 1
            assert not shows_all(before)          # it moved because the landscape left the old view
        assert shows_all(board.view)
    assert moves < 30


def test_a_fitted_board_is_never_clipped() -> None:
    app = new_app(players=["A", "B"])
    board, game = app.board, app.model.game
    board.resize(300, 220)
    rng = random.Random(10)
    while not game.is_over:
        app.model.apply(rng.choice(game.legal_actions()))
    board.fit()
    assert board._in_view()


def test_a_new_game_leaves_no_ghost_tiles_and_resets_the_zoom() -> None:
    app = new_app()
    place_first_tile(app)
    app.board.zoom(-2)
    app.panel._new_game()
    assert set(app.board._drawn) == {(0, 0)} and app.board.follow
    assert app.board.scale == app.board.ui.default_scale or app.board._in_view()
    assert app.panel.history.max == 0 and app.panel.log.options == ()


def test_a_selected_log_line_can_be_deselected() -> None:
    app = new_app(players=["A", "B"])
    rng = random.Random(5)
    game = app.model.game
    while not any(isinstance(e, Scored) for e in game.events()):
        app.model.apply(rng.choice(game.legal_actions()))
    assert app.panel.log_clear.disabled                   # nothing selected: nothing to clear
    app.panel.log.value = 0
    assert app.model.highlight and not app.panel.log_clear.disabled
    app.panel.log_clear.click()
    assert app.panel.log.value is None and app.model.highlight == [] and app.panel.log_clear.disabled


def test_the_end_of_the_game_shows_the_points_by_category_and_the_winners_once() -> None:
    app = new_app()
    app.model.autoplay = True
    app.runner.run()
    game = app.model.game
    info = app.panel.info.value
    winners = game.winners()
    assert game.is_over and "wp-final" in info
    from widgetpkg.core import grammar
    words = grammar.who_won(winners)
    assert info.count(words) == 1, (words, info[:300])
    for categories in game.score_breakdown().values():
        for category in categories:
            assert f"<td>{category}</td>" in info
    assert "Game over" in app.panel.status.value and "win" not in app.panel.status.value


def test_stopping_autoplay_gives_the_prompt_back() -> None:
    app = new_app()
    place_first_tile(app)
    app.model.autoplay = True
    buttons = [b for row in app.panel.prompt.children for b in getattr(row, "children", ())]
    assert app.board.prompt == [] or all(b.disabled for b in buttons)
    app.model.autoplay = False
    buttons = [b for row in app.panel.prompt.children for b in getattr(row, "children", ())]
    assert [b.description for b in buttons] == ["Skip"] and not any(b.disabled for b in buttons)


def test_the_setup_form_offers_difficulties_and_a_greedy_opponent_by_default() -> None:
    app = new_app()
    options = app.panel.seat_rows[0][2].options
    assert options == ("Human", "Easy (random)", "Normal (greedy)", "Hard (MCTS, 1 s)")
    assert app.panel.seat_rows[1][2].value == "Easy (random)"         # the seat's own agent
    assert app.panel.seat_rows[2][2].value == "Normal (greedy)"       # a new seat: the default opponent
    assert type(wp.play("hunters-gatherers", seed=1).model.agents["Greedy"]).__name__ == "GreedyAgent"


def test_the_keys_and_help_come_from_the_game() -> None:
    app = new_app()
    place_first_tile(app)
    commands = app.board.key_commands()
    assert commands["r"] == "cycle" and commands["s"] == "press:Skip" and "Enter" not in commands
    assert "<kbd>S</kbd> Skip" in app.panel.help.value and "Rotate" in app.panel.help.value
    assert app.panel.cycle.description == "Rotate"


def test_an_opponents_move_stays_stressed_until_your_next_decision_and_fades_in() -> None:
    async def scenario() -> tuple[dict, list[float], dict, float]:
        app = new_app()
        app.runner.pace = 0.0
        app.board.fade = 0.2
        place_first_tile(app)
        app.board.press("Skip")
        alphas = []
        for _ in range(300):
            await asyncio.sleep(0.01)
            alphas.append(app.board._moves_alpha)
            if app.board.recent_places and app.board._moves_alpha >= 1.0:
                break
        during = dict(app.board.recent_places)
        await asyncio.sleep(0.5)           # no timer takes it away: it stays until you decide
        still = dict(app.board.recent_places)
        return during, alphas, still, app.board._moves_alpha

    during, alphas, still, alpha = asyncio.run(scenario())
    (agent, shapes), = during.items()
    assert agent == "Random" and shapes and all(shape[0] in ("rect", "circle") for shape in shapes)
    assert still == during and alpha == 1.0 and min(alphas) < 1.0        # it faded in


@pytest.mark.parametrize("name", ["hunters-gatherers", "stone-age", "sapiens"])
def test_each_agents_last_move_is_stressed_on_its_own_layer_until_a_human_decides(name: str) -> None:
    app = wp.play(name, players=["You", wp.agents.Random(seed=1), wp.agents.Random(seed=2)], seed=4)
    model, board = app.model, app.board
    seen_agents: set[str] = set()
    for _ in range(60):
        if model.game.is_over:
            break
        if model.human_to_move():
            model.apply(model.game.legal_actions()[0])
            assert board.recent_moves == board.recent_places == {}   # you decided: the others' moves were seen
        else:
            mover = model.game.current_player
            app.runner.step()
            placed = model.last_shapes or board.ui.move_refs(model.game)
            stressed = board.recent_moves.get(mover) or board.recent_places.get(mover)
            assert stressed or not placed, f"{mover}'s move is not stressed"
            seen_agents.update(board.recent_moves, board.recent_places)
    assert seen_agents == {"Random", "Random 2"}
    painted: list[Any] = []
    board.ui.highlight = (   # type: ignore[method-assign]
        lambda painter, game, refs, view: painted.append((painter.canvas, list(refs))))
    model.apply(model.game.legal_actions()[0]) if model.human_to_move() else app.runner.step()
    if board.recent_moves:
        stressed = [ref for move in board.recent_moves.values() for ref in move]
        assert [board.canvas._canvases.index(c) for c, refs in painted if refs == stressed] == [MOVES]
    # where each agent played is framed on the same layer, in that player's colour
    ops: list[Any] = []
    import widgetpkg.render.canvas as canvas_module
    original = canvas_module._draw
    canvas_module._draw = lambda canvas, state, op: ops.append((canvas, op)) or original(canvas, state, op)
    try:
        board._redraw_layers(MOVES)
    finally:
        canvas_module._draw = original
    framed = {getattr(op, "stroke", None) for canvas, op in ops if canvas is board.canvas[MOVES]}
    colours = {board.style.colour(p, model.game.players) for p in board.recent_places}
    assert colours <= framed
    with CommCounter() as comms:               # the fade repaints that layer alone, in one message
        board._redraw_layers(MOVES)
    assert comms.messages == 1
    model.undo()
    assert board.recent_moves == board.recent_places == {}


def test_the_board_draws_as_many_pixels_as_the_page_shows() -> None:
    app = new_app()
    board = app.board
    assert board.size_probe in app.widget.children
    board.size_probe.value = "900"                  # what the page's resize observer reports
    assert (board.width, board.height) == (900, round(900 * 560 / 680))
    assert (board.canvas.width, board.canvas.height) == (board.width, board.height) and board._in_view()
    for nonsense in ("abc", "0", "-5", "1e9", "nan", ""):
        board.size_probe.value = nonsense
    assert board.width == 900 and board.rejected_events == 6 and board.last_error is None


def test_the_board_notes_its_smallest_text_for_the_page() -> None:
    from widgetpkg.widgets.board import MeasuringPainter

    app = wp.play("stone-age", players=["You", "Bob"], seed=1)
    board = app.board
    small = board.smallest_text
    assert small is not None and board.size_probe.placeholder == f"{small:.2f}"
    board.size_probe.value = str(board.width * 2)          # shown twice as wide: drawn twice as large
    assert board.smallest_text == pytest.approx(2 * small, rel=0.05)
    assert board.size_probe.placeholder == f"{board.smallest_text:.2f}"
    # the app brings the fitting styles, and pressing Present asks the page for full screen
    from widgetpkg.widgets.fit import FIT_CSS
    assert any(getattr(child, "value", None) == FIT_CSS for child in app.widget.children)
    assert "wp-present-toggle" in app.panel.present._dom_classes
    app.close()
    assert new_app().board.size_probe.placeholder == "none"     # no words on this board

    class Canvas:                                           # anything with the context's methods
        def __getattr__(self, name: str) -> Any:
            return lambda *args: None

    painter = MeasuringPainter(Canvas())
    painter.text(0, 0, "big", size=14)
    painter.save()
    painter.scale(0.5)
    painter.text(0, 0, "small", size=12)                   # 6 pixels on the canvas
    painter.text(0, 0, " ", size=2)                        # no word: not text a reader sees
    painter.restore()
    painter.text(0, 0, "normal", size=10)
    assert painter.smallest_text == 6.0


def test_after_each_cell_every_live_model_checks_its_game() -> None:
    from widgetpkg.widgets import model as model_module

    game = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=6)
    app = wp.play(game)
    game.apply(game.legal_actions()[0])             # a cell changed the game itself
    model_module._sync_all()                         # what IPython runs after the cell
    assert app.model.version == 1 and set(app.board._drawn) == set(game.board)
    app.close()
    game.undo()
    model_module._sync_all()                         # a closed app is no longer checked
    assert app.model.version == 1


# ---------------------------------------------------------------------------------------------
# the panel and the board at a laptop's width
# ---------------------------------------------------------------------------------------------

def test_a_long_refusal_is_kept_whole_in_a_box_of_fixed_height() -> None:
    from widgetpkg.widgets.panel import _CSS

    app = new_app()
    reason = ("you cannot place people there: every space of this place is taken this round "
              "(\"keine weiteren Personen auf\") and the next round starts only after everyone has passed")
    app.model.refuse(reason)
    html = app.panel.message.value
    assert html.count(reason.replace('"', "&quot;")) == 2       # the box's text and its tooltip, whole
    assert "wp-warn" in html
    box = _CSS.split(".wp-panel .wp-msg > div {")[1].split("}")[0]
    assert "height: 28px" in box and "overflow-y: auto" in box and "line-clamp" not in box
    app.model.refuse("")
    assert "wp-empty" in app.panel.message.value                 # the same box, empty: no layout jump


def test_a_score_table_with_many_columns_turns_on_its_side_and_never_scrolls_sideways() -> None:
    from widgetpkg.ui import Column
    from widgetpkg.widgets.panel import MANY_COLUMNS

    class ManyColumns(NimUI):
        game_name = "test-nim"

        def columns(self, game: Game) -> list[Column]:
            return [Column(f"Column {k}", {p: str(k) for p in game.players}) for k in range(8)]

    app = App(Nim(players=("Ann Longname", "Bob")))
    app.board.ui = ManyColumns()
    app.panel.refresh()
    table = app.panel.info.value
    assert "wp-turned" in table and MANY_COLUMNS < 8
    # a column per player (its name in the head), a row per value: as wide as the players, not the values
    head = table.split("</tr>")[0]
    assert head.count("<th") == 3 and "Ann Longname" in head and "Bob" in head
    assert all(f"<td class='wp-left'>Column {k}</td>" in table for k in range(8))
    assert table.count("<tr>") == 1 + 1 + 8                       # head, score, the game's columns
    plain = App(Nim())
    assert "wp-turned" not in plain.panel.info.value               # few columns: a row per player


def test_a_fixed_board_fills_the_width_it_is_shown_at_with_its_pictures_proportions() -> None:
    class Tall(NimUI):
        game_name = "test-nim"

        def regions(self, game: Game) -> list[Region]:
            return [Region("pile", "The pile", (0, 0, 16, 17))]

        def extent(self, game: Game) -> tuple[float, float, float, float]:
            return (0, 0, 16, 17)

    app = App(Nim())
    board = BoardCanvas(app.model, ui=Tall(), width=680, height=560)
    assert board.picture_aspect() == pytest.approx(17.4 / 16)
    scales = []
    for shown in (520, 760, 1000):
        board.size_probe.value = str(shown)                     # the page's resize observer
        assert (board.width, board.height) == (shown, round(shown * 17.4 / 16))
        assert (board.canvas.width, board.canvas.height) == (board.width, board.height)
        left, top = board.view.to_pixel(0, -0.4)
        right, bottom = board.view.to_pixel(16, 17)
        assert left >= 0 and top >= 0 and right <= shown and bottom <= board.height
        assert right - left >= shown - 1                         # no empty band beside or below
        scales.append(board.scale)
    assert scales == sorted(scales) and scales[-1] > 1.9 * scales[0]
    # the page never shows it taller than the visible window (88 % of it where no page script runs):
    # a taller picture is shown narrower
    assert board.canvas.layout.max_width == f"calc(var(--wp-fit-height, 88vh) / {17.4 / 16:.4f})"
    # an open board keeps the proportions it was made with
    open_board = new_app().board
    open_board.size_probe.value = "1000"
    assert (open_board.width, open_board.height) == (1000, round(1000 * 560 / 680))


def test_the_hover_box_sits_at_the_top_away_from_the_pointer() -> None:
    board = new_app().board
    w, h = board.width, board.height
    short = ["A meadow", "2 deer, open"]
    for px, py in ((w - 40, h - 30), (w - 40, h * 0.6), (w * 0.7, 60)):     # pointer on the right
        board._pointer = (px, py)
        x0, y0, bw, bh = board.tooltip_box(short)
        assert y0 == 8.0 and x0 == 8.0 and x0 + bw < px               # top edge, left side
    board._pointer = (40, h * 0.8)                                       # pointer low on the left
    x0, y0, bw, bh = board.tooltip_box(short)
    assert y0 == 8.0 and x0 > 40 and x0 + bw == w - 8                    # top edge, right side
    wide = ["A forest", "x" * 200]                                       # as wide as the board
    board._pointer = (w / 2, 20)                                         # under it, near the top
    x0, y0, bw, bh = board.tooltip_box(wide)
    assert y0 == h - bh - 8 and not (y0 <= 20 <= y0 + bh)               # then at the bottom edge
    board._pointer = (w / 2, h - 20)
    assert board.tooltip_box(wide)[1] == 8.0


def _live_widgets() -> int:
    """Live ipywidgets (each is a comm, and a model in the browser)."""
    from ipywidgets.widgets import widget
    return len(widget._instances)


def _play_through_app(app: App, rng: random.Random, limit: int) -> None:
    played = 0
    while not app.model.game.is_over and played < limit:
        app.model.apply(rng.choice(app.model.game.legal_actions()))
        played += 1


#: decisions per game in CI (whole games for the short ones); the slow test plays every game whole
_CI_DECISIONS = {"hunters-gatherers": 90, "sapiens": 200, "stone-age": 80}


@pytest.mark.parametrize("name", sorted(_CI_DECISIONS))
def test_live_widgets_stay_flat_over_games_and_from_game_to_game(name: str) -> None:
    app = wp.play(name, players=["You", "Bob"], seed=1)
    rng = random.Random(5)
    counts = []
    for seed in (2, 3, 4):
        _play_through_app(app, rng, _CI_DECISIONS[name])
        counts.append(_live_widgets())
        app.new_game(seed=seed)
    counts.append(_live_widgets())
    # the reused buttons may grow to a longer prompt than seen before: a handful, never per decision
    assert max(counts) - counts[0] <= 15, counts
    app.close()


def test_a_long_prompt_is_one_list_with_a_play_button() -> None:
    """Every way to pay a building of 1 to 7 resources is hundreds of choices: one list, not hundreds
    of buttons (each one a widget), and Play plays the selected one."""
    from widgetpkg.widgets.panel import LONG_PROMPT
    app = wp.play("stone-age", players=["You", "Bob"], seed=3)   # two humans: every prompt is clickable
    rng = random.Random(3)
    while len(app.board.prompt) <= LONG_PROMPT:
        assert not app.model.game.is_over, "no long prompt came up"
        app.model.apply(rng.choice(app.model.game.legal_actions()))
    panel = app.panel
    assert panel.prompt.children == (panel._long_list, panel._long_play)
    assert not panel._long_list.disabled and not panel._long_play.disabled
    labels = [label for label, _ in panel._long_list.options]
    assert len(labels) == len(app.board.prompt) > LONG_PROMPT and labels[0].startswith("Pay: ")
    assert len(panel._prompt_buttons) <= LONG_PROMPT                    # no button per choice
    panel._long_list.value = 2
    chosen = panel._prompt_order[2].action
    game = app.model.game
    steps = len(game.history)
    panel._long_play.click()
    assert len(game.history) == steps + 1 and game.history[-1].action == chosen
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(_CI_DECISIONS))
def test_whole_games_through_one_app_keep_widgets_and_memory_flat(name: str) -> None:
    import gc
    import tracemalloc
    app = wp.play(name, players=["You", "Bob"], seed=1)
    rng = random.Random(7)
    _play_through_app(app, rng, 10_000)
    app.new_game(seed=2)
    tracemalloc.start()
    try:
        widgets, memory, buttons = [], [], []
        for seed in (3, 4, 5):
            _play_through_app(app, rng, 10_000)
            app.new_game(seed=seed)
            gc.collect()
            widgets.append(_live_widgets())
            memory.append(tracemalloc.get_traced_memory()[0])
            buttons.append(len(app.panel._prompt_buttons))
    finally:
        tracemalloc.stop()
    # the reused prompt buttons may still grow to a longer prompt than seen before, never past
    # LONG_PROMPT (a longer one is a list); each brings its style, layout and hover events
    from widgetpkg.widgets.panel import LONG_PROMPT
    assert max(buttons) <= LONG_PROMPT
    per_button = 4
    assert max(w - per_button * b for w, b in zip(widgets, buttons)) - (widgets[0] - per_button * buttons[0]) <= 15, \
        (widgets, buttons)
    assert max(memory) - memory[0] < 400_000, memory
    app.close()


#: what a sentence about a seat named "You" must never say
_WRONG_YOU = re.compile(r"\bYou(?:'s|\s+(?:wins|has|places|is|does|goes|was|takes|gets|scores|pays|plays|passes|"
                        r"buys|loses|feeds|builds|moves|draws|rolls|needs|keeps|chooses|starts|puts|retakes|"
                        r"discards|gains|collects|receives|uses|owns|holds|ends|resolves|returns))\b", re.I)


def _shown_words(app: App) -> list[str]:
    """Every text the views of ``app`` show now: status, message, table, sections, log, prompt."""
    panel = app.panel
    texts = [panel.status.value, panel.message.value, panel.info.value, panel.sections.value,
             app.model.message, *(str(option[0]) for option in panel.log.options),
             *(b.description + " " + b.tooltip for b in panel._prompt_buttons.shown()),
             *(str(option[0]) for option in panel._long_list.options),
             *(section.render() for section in panel._closed_sections)]
    texts += [entry.detail for entry in app.board.ui.log(app.model.game) if entry.detail]
    return [html.unescape(re.sub("<[^>]+>", " ", text)) for text in texts]


@pytest.mark.parametrize("name", ["hunters-gatherers", "stone-age", "sapiens"])
def test_every_text_reads_right_for_a_seat_named_you(name: str) -> None:
    wrong: set[str] = set()
    for seed in (1, 2):
        game = wp.new_game(name, players=["You", "Bob"], seed=seed)
        rng = random.Random(seed)
        app = wp.play(game)
        while not game.is_over:
            # the engine plays fast; the views follow and are read every 15 steps and at the end
            for _ in range(15):
                if not game.is_over:
                    action = rng.choice(game.legal_actions())
                    said = app.board.ui.action_text(game, action)
                    said += "; ".join(str(event) for event in game.apply(action))   # the model's message
                    wrong.update(m.string for m in _WRONG_YOU.finditer(said))
            app.model.sync()
            wrong.update(match.string[max(0, match.start() - 30):match.end() + 20]
                         for text in _shown_words(app) for match in _WRONG_YOU.finditer(text))
        assert "wp-final" in app.panel.info.value
        app.close()
    assert not wrong, sorted(wrong)


def test_since_your_last_turn_lists_every_step_and_draws_dice() -> None:
    app = wp.play("stone-age", players=["You", wp.agents.Random(seed=1)], seed=2)
    model, panel = app.model, app.panel
    saw_dice = saw_list = False
    for _ in range(80):
        if model.human_to_move():
            model.apply(model.game.legal_actions()[0])
            # you decided: the list starts again, with what the rules did by themselves after it
            assert panel.since.value.count("<li>") == max(0, len(model.events) - 1)
        else:
            before = panel.since.value.count("<li>")
            app.runner.step()
            events = len(model.events) or 1
            assert panel.since.value.count("<li>") == min(before + events, SINCE_KEPT)
            saw_list = True
            dice = [e for e in model.events if getattr(e, "dice", ())]
            if dice:
                assert panel.since.value.count("wp-die") >= len(dice[0].dice)
                saw_dice = True
    assert saw_list and saw_dice
    model.undo()
    assert panel.since.value == ""


def test_presenter_mode_is_a_trait_a_toggle_and_a_play_option() -> None:
    app = wp.play("sapiens", players=["You", wp.agents.Random(seed=1)], seed=2, present=True)
    assert app.present and app.panel.present.value and "wp-present" in app.widget._dom_classes
    app.panel.present.value = False                      # the toggle drives the trait
    assert not app.present and "wp-present" not in app.widget._dom_classes
    app.present = True                                   # and the trait the toggle
    assert app.panel.present.value and "wp-present" in app.widget._dom_classes
    # what it hides is marked; whose turn, the prompt, the last moves and the scores are not
    hidden = {id(w) for w in app.panel.widget.children if "wp-detail" in w._dom_classes}
    kept = (app.panel.status, app.panel.prompt, app.panel.since, app.panel.info, app.panel.controls)
    assert app.panel.log.model_id and id(app.panel.log) in hidden and not any(id(w) in hidden for w in kept)
    import ipywidgets
    extra = ipywidgets.Button(description="Legend")
    app.panel.add_control(extra)                         # the row takes more buttons, Present stays last
    assert app.panel.controls.children[-2:] == (extra, app.panel.present)
    app.close()
