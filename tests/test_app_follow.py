"""Following the game in the app: agents' steps told one at a time at the pace, a human's only
choice played for them and shown, the Hint button, and a hovered prompt button lighting its target.

The hover is driven the way ipyevents delivers it from the browser (a ``mouseenter`` message on
the button's ``Event`` widget); the pacing runs on a real asyncio event loop with a short pace.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest

import widgetpkg as wp
from widgetpkg.ui.contract import ui_for
from widgetpkg.widgets import pool as pool_module
from widgetpkg.widgets.app import App
from widgetpkg.widgets.board import HOVER
from widgetpkg.widgets.metrics import CommCounter


def _played(name: str, seed: int, until: Any, limit: int = 3000) -> Any:
    """A seeded random game of ``name`` (You against Bob) played until ``until(game)`` holds."""
    game = wp.new_game(name, players=["You", "Bob"], seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if until(game):
            return game
        game.apply(rng.choice(game.legal_actions()))
    pytest.fail(f"no such position in {limit} random steps of {name}")


def _human_with_refs(game: Any) -> bool:
    if game.current_player != "You":
        return False
    ui = ui_for(game)
    return any(c.refs for c in ui.prompt(game, ui.targets(game)))


def _only_choice(game: Any) -> bool:
    return game.current_player == "You" and len(game.legal_actions()) == 1 and len(game.history) > 0


def _hover(app: App, index: int, kind: str) -> None:
    """The browser's ipyevents message for the pointer entering or leaving prompt button ``index``."""
    events = app.panel._prompt_buttons._events[index]
    events._handle_mouse_msg(None, {"event": kind, "type": kind}, [])


# -- hovering a prompt button -------------------------------------------------------------------------------
def test_hovering_a_prompt_button_lights_its_references_on_the_hover_layer_only() -> None:
    game = _played("sapiens", 1, _human_with_refs)
    app = App(game, agents={"Bob": wp.agents.Random(seed=1)})
    order = app.panel._prompt_order
    index = next(i for i, c in enumerate(order) if c.refs)
    board = app.board
    painted: list[int] = []
    original = board._redraw_layers
    board._redraw_layers = lambda *layers: (painted.extend(layers), original(*layers))[1]  # type: ignore[method-assign]
    with CommCounter() as sent:
        _hover(app, index, "mouseenter")
    assert board.lit[0] == tuple(order[index].refs)
    assert painted == [HOVER] and sent.canvas_messages() == 1       # one batched message, the hover layer only
    _hover(app, index, "mouseleave")
    assert board.lit == ((), ())
    # a move puts out whatever was lit
    _hover(app, index, "mouseenter")
    app.board.press(order[0])
    assert board.lit == ((), ())
    app.close()


def test_hover_events_are_made_once_per_pooled_button_and_closed_with_it() -> None:
    game = _played("sapiens", 1, _human_with_refs)
    app = App(game, agents={"Bob": wp.agents.Random(seed=1)})
    buttons = app.panel._prompt_buttons
    assert len(buttons._events) == len(buttons) > 0
    first = list(buttons._events)
    app.panel._prompt_shown = None
    app.panel._refresh_prompt()                          # shown again: the same buttons and events
    assert buttons._events == first
    app.close()
    assert all(e.comm is None for e in first)


def test_without_ipyevents_the_buttons_still_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "hover_events", lambda: None)
    game = _played("sapiens", 1, _human_with_refs)
    app = App(game, agents={"Bob": wp.agents.Random(seed=1)})
    assert app.panel._prompt_buttons._events == []
    steps = len(app.model.game.history)
    app.panel._prompt_buttons.shown()[0].click()
    assert len(app.model.game.history) == steps + 1
    app.close()


# -- the Hint button ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["hunters-gatherers", "stone-age", "sapiens"])
def test_the_hint_shows_the_top_three_choices_in_words_for_the_seat_to_move(name: str) -> None:
    app = wp.play(name, players=["You", wp.agents.Random(seed=1)], seed=4)
    assert app.model.human_to_move() and not app.hint.button.disabled
    app.hint.show()
    choices = app.hint.choices
    legal = app.model.game.legal_actions()
    assert 1 <= len(choices) <= 3 and all(c.action in legal for c in choices)
    assert [c.value for c in choices] == sorted((c.value for c in choices), reverse=True)
    text = app.hint.text.value
    ui = app.board.ui
    assert all(ui.action_text(app.model.game, c.action) in text.replace("&#x27;", "'") for c in choices)
    assert text.count("estimated margin") == len(choices)
    assert len(app.hint.picks.children) == len(choices)
    app.close()


def test_a_hint_choice_lights_where_it_is_played_and_a_move_clears_the_hint() -> None:
    app = wp.play("hunters-gatherers", players=["You", wp.agents.Random(seed=1)], seed=4)
    app.hint.show()
    app.hint.picks.children[0].click()
    _, shapes = app.board.lit
    assert shapes and all(shape in [t.shape for t in app.board.targets] for shape in shapes)
    app.model.apply(app.hint.choices[0].action)
    assert app.hint.choices == [] and app.hint.text.value == "" and app.board.lit == ((), ())
    app.close()


def test_the_hint_is_disabled_on_an_agents_turn_and_at_the_end() -> None:
    app = wp.play("hunters-gatherers", players=["You", wp.agents.Random(seed=1)], seed=4)
    app.runner.pace = 0.0
    while app.model.human_to_move():
        app.model.apply(app.model.game.legal_actions()[0])
    assert app.hint.button.disabled
    app.hint.show()
    assert app.model.message_kind == "error" and app.hint.choices == []
    app.model.autoplay = True
    app.runner.run()
    assert app.model.game.is_over and app.hint.button.disabled
    app.close()


def test_a_hint_that_arrives_after_the_game_moved_on_is_dropped() -> None:
    async def scenario() -> tuple[list[Any], bool]:
        app = wp.play("stone-age", players=["You", wp.agents.Random(seed=1)], seed=4)
        app.hint.show()                           # thinks in a worker thread
        assert app.hint.button.disabled
        app.model.apply(app.model.game.legal_actions()[0])     # the game moves on meanwhile
        await asyncio.sleep(1.5)
        shown = list(app.hint.choices)
        app.close()
        return shown, "thinking" in app.hint.text.value

    shown, still_thinking = asyncio.run(scenario())
    assert shown == [] and not still_thinking


def test_the_hint_answers_on_the_event_loop() -> None:
    async def scenario() -> int:
        app = wp.play("hunters-gatherers", players=["You", wp.agents.Random(seed=1)], seed=4)
        app.hint.show()
        for _ in range(100):
            await asyncio.sleep(0.05)
            if app.hint.choices:
                break
        count = len(app.hint.choices)
        app.close()
        return count

    assert asyncio.run(scenario()) == 3


# -- agents' steps told one at a time at the pace ------------------------------------------------------------
PACE = 0.08


def test_a_step_of_several_events_is_told_one_at_a_time_and_the_next_move_waits() -> None:
    async def scenario() -> tuple[list[tuple[float, int, int]], list[tuple[float, int]], list[int]]:
        game = wp.new_game("stone-age", players=["Ann", "Bob"], seed=3)
        app = App(game, agents={"Ann": wp.agents.Random(seed=1), "Bob": wp.agents.Random(seed=2)}, pace=PACE)
        changes: list[tuple[float, int, int]] = []
        told: list[tuple[float, int]] = []
        lines: list[int] = []
        app.model.observe(lambda c: changes.append((time.monotonic(), c["new"], len(app.model.events))), "version")
        app.runner.observe(lambda c: told.append((time.monotonic(), c["new"])), "shown")
        app.panel.since.observe(lambda c: lines.append(c["new"].count("<li>")), "value")
        app.runner.schedule()
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline and not any(n > 2 for _, _, n in changes[:-1]):
            await asyncio.sleep(0.05)
        await asyncio.sleep(PACE * 8)
        app.close()
        return changes, told, lines

    changes, told, lines = asyncio.run(scenario())
    several = [(i, t, n) for i, (t, _, n) in enumerate(changes[:-1]) if n > 1]
    assert several, changes
    for i, started, n in several:
        # the step shows its first event with the board (``shown`` is 1 before the views hear of
        # the change), then one more per pace, all before the next move
        counts = [k for t, k in told if started <= t < changes[i + 1][0]]
        assert counts[:n - 1] == list(range(2, n + 1)), (counts, n)
        assert changes[i + 1][0] - started >= n * PACE * 0.9, (changes[i + 1][0] - started, n)
    assert any(b == a + 1 for a, b in zip(lines, lines[1:]))     # the list grows a line at a time


@pytest.mark.parametrize("interrupt", ["undo", "pause", "new game"])
def test_no_held_move_is_played_after_an_undo_a_pause_or_a_new_game(interrupt: str) -> None:
    async def scenario() -> tuple[int, int, Any, Any]:
        game = wp.new_game("stone-age", players=["Ann", "Bob"], seed=3)
        app = App(game, agents={"Bob": wp.agents.Random(seed=2)}, pace=0.3)
        # Ann (a human) places; Bob answers and his step is being told
        while not app.runner.revealing():
            if app.model.human_to_move():
                app.model.apply(app.model.game.legal_actions()[0])
            else:
                app.runner.step()
            await asyncio.sleep(0)
        before = len(app.model.game.history)
        if interrupt == "undo":
            app.model.undo_to_human()
        elif interrupt == "pause":
            app.runner.paused = True
        else:
            app.new_game(players=["Ann", ("Bob", None)], seed=5)     # two humans: nobody plays by itself
        after = len(app.model.game.history)
        game_then = app.model.game
        await asyncio.sleep(1.5)
        result = (after, len(app.model.game.history), game_then, app.model.game)
        app.close()
        assert before > 0
        return result

    after, later, game_then, game_now = asyncio.run(scenario())
    assert game_now is game_then and later == after


# -- a human's only choice --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["stone-age", "hunters-gatherers"])
def test_a_humans_only_choice_is_played_at_the_pace_and_named_in_the_list(name: str) -> None:
    game = _played(name, 1, _only_choice)
    only = game.legal_actions()[0]

    async def scenario() -> tuple[float, Any]:
        app = App(game, agents={"Bob": wp.agents.Random(seed=1)}, pace=PACE)
        start = time.monotonic()
        while len(app.model.game.history) == len(game.history) and time.monotonic() - start < 3:
            await asyncio.sleep(0.01)
        took = time.monotonic() - start
        app.runner.paused = True
        played = app.model.game.history[-1] if app.model.game.history else None
        since = app.panel.since.value
        forced = app.model.last_forced
        app.close()
        return took, (played, since, forced)

    steps = len(game.history)
    took, (played, since, forced) = asyncio.run(scenario())
    assert played is not None and len(game.history) > steps
    assert game.history[steps].action == only and took >= PACE * 0.9
    assert forced or "the only choice" in since


def test_a_humans_only_choice_waits_for_a_click_when_asked() -> None:
    game = _played("stone-age", 1, _only_choice)
    steps = len(game.history)

    async def scenario() -> int:
        app = App(game, agents={"Bob": wp.agents.Random(seed=1)}, pace=0.02)
        app.model.one_choice = "click"
        await asyncio.sleep(0.4)
        app.close()
        return len(game.history)

    assert asyncio.run(scenario()) == steps


def test_undo_passes_over_a_humans_only_choice() -> None:
    game = _played("stone-age", 1, _only_choice)
    app = App(game, agents={"Bob": wp.agents.Random(seed=1)})
    only = game.legal_actions()[0]
    app.model.apply(only, forced=True)
    assert app.model.last_forced
    app.model.undo_to_human()
    # back before the only choice, at the decision that led to it (over Bob's moves, if any)
    game = app.model.game
    assert game.can_redo and (not game.history or (game.current_player == "You" and len(game.legal_actions()) > 1))
    app.close()
