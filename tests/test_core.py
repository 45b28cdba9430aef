"""The game protocol through Hunters & Gatherers: options, saves, history, arranging draws, clones."""

from __future__ import annotations

import copy
import json
import random

import pytest

import widgetpkg as wp
from widgetpkg.core.registry import bundled_names
from widgetpkg.games.hunters_gatherers import Pass, PlaceMeeple, PlaceTile, SetNextTile


def play_random(g, steps, seed=0):
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# -- options ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("options, message", [
    ({"players": ["Solo"]}, "2 to 5 players"),
    ({"players": ["A", "B", "C", "D", "E", "F"]}, "2 to 5 players"),
    ({"players": "AB"}, "list of names or a number"),
    ({"players": ["A", "A"]}, "must be different"),
    ({"players": ["A", ""]}, "non-empty string"),
    ({"edition": "2021"}, "edition must be one of '2020', 'classic'"),
    ({"rules": {"no_such_rule": True}}, "unknown rule switches"),
    ({"rules": {"extra_turn_after_last_tile": "yes"}}, "must be true or false"),
    ({"seed": "one"}, "seed must be an integer"),
    ({"seed": True}, "seed must be an integer"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(wp.InvalidOptionError, match=message):
        wp.new_game("hunters-gatherers", **options)


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(wp.InvalidOptionError, match="hunters-gatherers"):
        wp.new_game("chess")


def test_errors_are_value_errors():
    assert issubclass(wp.IllegalActionError, ValueError)
    assert issubclass(wp.SaveFileError, ValueError)
    assert issubclass(wp.InvalidOptionError, ValueError)


def test_a_game_without_seed_picks_one_and_saves_it():
    g = play_random(wp.new_game("hunters-gatherers"), 10)
    assert isinstance(g.seed, int)
    assert wp.load_game(g.to_json()).to_json() == g.to_json()


# -- saving -----------------------------------------------------------------------------------------
def test_same_seed_and_actions_give_the_same_text():
    a = play_random(wp.new_game("hunters-gatherers", players=["A", "B", "C"], seed=9), 60, seed=4)
    b = play_random(wp.new_game("hunters-gatherers", players=["A", "B", "C"], seed=9), 60, seed=4)
    assert a.to_json() == b.to_json()
    data = json.loads(a.to_json())
    assert (data["format"], data["version"], data["game"], data["seed"]) == ("widgetpkg-game", 1, "hunters-gatherers", 9)
    assert data["options"] == {"edition": "2020"} and len(data["actions"]) == 60


def test_undone_steps_are_not_saved():
    g = play_random(wp.new_game("hunters-gatherers", seed=1), 6)
    g.undo()
    assert len(json.loads(g.to_json())["actions"]) == 5


def _save(**changes):
    g = play_random(wp.new_game("hunters-gatherers", seed=2), 4)
    data = json.loads(g.to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[]", "not a widgetpkg saved game"),
    (json.dumps({"format": "other"}), "not a widgetpkg saved game"),
    (_save(version=99), "unsupported save version 99"),
    (_save(game="chess"), "unknown game 'chess'"),
    (_save(options=[]), "saved game: options: expected a mapping, got a list"),
    (_save(options={"edition": "1999"}), "edition must be one of '2020', 'classic', got '1999'"),
    (_save(players=["A"]), "2 to 5 players"),
    (_save(actions={}), "saved game: actions: expected a list, got a mapping"),
    (_save(actions=[{"type": "Eval", "code": "1"}]), "unknown action type 'Eval'"),
    (_save(actions=[{"type": "PlaceTile", "x": 0, "y": 0}]), "needs the fields"),
    (_save(actions=[{"type": "PlaceTile", "x": "0", "y": 0, "rotation": 0}]), "expected an integer"),
    (_save(actions=[{"type": "PlaceTile", "x": True, "y": 0, "rotation": 0}]), "expected an integer"),
    (_save(actions=[{"type": "PlaceTile", "x": 0, "y": 0, "rotation": 0}]), "action 1 does not replay"),
    (_save(actions=[{"type": "Pass"}]), "action 1 does not replay"),
])
def test_malformed_saves_are_refused_clearly(text, message):
    with pytest.raises(wp.SaveFileError, match=message):
        wp.load_game(text)


def test_load_game_refuses_non_text():
    with pytest.raises(wp.SaveFileError):
        wp.load_game(None)  # type: ignore[arg-type]


# -- history ----------------------------------------------------------------------------------------
def test_undo_and_redo_walk_the_whole_game():
    g = play_random(wp.new_game("hunters-gatherers", players=["A", "B"], seed=5), 10_000)
    assert g.is_over
    texts, scores = [], []
    while g.history:
        texts.append(g.to_json())
        scores.append(g.scores)
        g.undo()
    assert g.scores == {"A": 0, "B": 0} and g.board.keys() == {(0, 0)}
    with pytest.raises(wp.IllegalActionError, match="nothing to undo"):
        g.undo()
    for text, score in zip(reversed(texts), reversed(scores)):
        g.redo()
        assert (g.to_json(), g.scores) == (text, score)
    with pytest.raises(wp.IllegalActionError, match="nothing to redo"):
        g.redo()


def test_a_new_move_after_undo_drops_the_redo_line():
    g = play_random(wp.new_game("hunters-gatherers", seed=3), 4)
    g.undo()
    assert g.can_redo
    g.apply(g.legal_actions()[-1])
    assert not g.can_redo


def test_undo_does_not_change_the_next_draw():
    g = wp.new_game("hunters-gatherers", seed=11)
    g.apply(g.legal_actions()[0])
    g.apply(Pass())
    drawn = g.current_tile.id
    g.undo()
    g.apply(Pass())
    assert g.current_tile.id == drawn


def test_events_explain_every_point():
    g = play_random(wp.new_game("hunters-gatherers", players=["A", "B", "C"], seed=8), 10_000, seed=8)
    totals = {p: 0 for p in g.players}
    for event in g.events():
        if isinstance(event, wp.Scored):
            totals[event.player] += event.points
            assert str(event).startswith(f"{event.player} +{event.points}: ")
    assert totals == g.scores


# -- arranging the draw -------------------------------------------------------------------------------
def test_set_next_tile_swaps_the_tile_in_hand():
    g = wp.new_game("hunters-gatherers", seed=1)
    before = g.current_tile.id
    g.set_next_tile(30)
    assert g.current_tile.id == 30
    assert before in g.remaining_tiles()["regular"] and 30 not in g.remaining_tiles()["regular"]
    g.undo()
    assert g.current_tile.id == before


def test_set_next_tile_from_the_other_pile_goes_on_top():
    g = wp.new_game("hunters-gatherers", seed=1)
    g.set_next_tile(85)  # a menhir tile while a regular tile is in hand
    assert g._extra[-1] == 85
    g.set_next_tile(40)  # during place_figure a regular tile goes on top of its pile
    g.apply(g.legal_actions()[0])
    g.set_next_tile(41)
    g.apply(Pass())
    assert g.current_tile.id == 41


@pytest.mark.parametrize("tile, message", [(999, "no tile 999"), (56, "not in a pile \\(it is on the board at \\(0, 0\\)\\)")])
def test_set_next_tile_refuses_tiles_not_in_a_pile(tile, message):
    g = wp.new_game("hunters-gatherers", seed=1)
    before = g.to_json()
    with pytest.raises(wp.IllegalActionError, match=message):
        g.set_next_tile(tile)
    assert g.to_json() == before


def test_arranged_draws_are_saved_and_replayed():
    g = wp.new_game("hunters-gatherers", seed=1)
    g.set_next_tile(30)
    g.apply(g.legal_actions()[0])
    copy = wp.load_game(g.to_json())
    assert copy.to_json() == g.to_json() and copy.board[g.last_placed[0]].tile.id == 30
    assert SetNextTile(30) not in g.legal_actions()


# -- illegal moves --------------------------------------------------------------------------------------
def test_illegal_moves_explain_and_change_nothing():
    g = wp.new_game("hunters-gatherers", seed=1)
    before = g.to_json()
    cases = [
        (PlaceTile(0, 0, 0), "already holds tile 56"),
        (PlaceTile(5, 5, 0), "does not touch the landscape"),
        (PlaceTile(-1, 0, 45), "rotation must be"),
        (PlaceMeeple(0, 0, "f1"), "place the tile first"),
        (Pass(), "place the tile first"),
    ]
    for action, message in cases:
        with pytest.raises(wp.IllegalActionError, match=message):
            g.apply(action)
        assert g.to_json() == before
    with pytest.raises(wp.IllegalActionError, match="not an action"):
        g.apply("PlaceTile(0, 1, 0)")  # type: ignore[arg-type]


# -- clones ----------------------------------------------------------------------------------------------
def test_clones_are_independent():
    g = play_random(wp.new_game("hunters-gatherers", seed=6), 30)
    before = g.to_json()
    twin = g.clone()
    play_random(twin, 50, seed=1)
    twin.undo()
    assert g.to_json() == before
    assert twin.to_json() != before


def test_resampled_clones_hide_the_piles_but_keep_what_is_known():
    g = play_random(wp.new_game("hunters-gatherers", seed=6), 30)
    twin = g.clone(resample_hidden=random.Random(1))
    assert sorted(twin._regular) == sorted(g._regular) and twin._regular != g._regular
    assert (twin.current_tile, twin.scores, dict(twin.board)) == (g.current_tile, g.scores, dict(g.board))
    assert not twin.history


def test_a_negative_score_reads_as_a_loss_in_the_event_and_in_the_log():
    from widgetpkg.core import Scored, Term
    from widgetpkg.ui.contract import scored_entry

    hunger = Scored("Blue", "hunger", (Term(1, "hungry round", -10),), detail="3 food missing")
    assert str(hunger) == "Blue -10: hunger 1 hungry round x(-10) (3 food missing)"
    assert scored_entry(hunger).text == "Blue -10: hunger 1 hungry round x(-10)"
    assert scored_entry(Scored("Red", "river", (Term(3, "tiles", 1),))).text == "Red +3: river 3 tiles x1"


# -- what steps changed (``changes_since``: for code that keeps a picture of the state) ------------
def _state(g) -> dict:
    """The game's own attributes, copied, where a copy compares equal to the original (records
    that compare by identity are left out) and that are state, not caches derived from it."""
    state = {}
    for name, value in vars(g).items():
        if name.startswith("_") and "cache" not in name and name not in ("_history", "_redo", "_journal"):
            copied = copy.deepcopy(value)
            if copied == value:
                state[name] = copied
    return state


@pytest.mark.parametrize("name", bundled_names())
def test_changes_since_names_every_attribute_and_key_the_steps_changed(name):
    g = wp.new_game(name, players=3, seed=5)
    assert g.last_step is None and g.changes_since(None) is None
    rng = random.Random(1)
    kept = []  # (the step played last, the state then)
    for _ in range(60):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        kept.append((g.last_step, _state(g)))
        step, before = kept[rng.randrange(len(kept))]
        changes = g.changes_since(step)
        assert changes is not None
        after = _state(g)
        for attribute in set(before) & set(after):
            old, new = before.get(attribute), after.get(attribute)
            if old == new:
                continue
            assert attribute in changes, f"{attribute} changed unnamed"
            keys = changes[attribute]
            if keys is not None:  # only these keys changed
                assert isinstance(old, (dict, list)) and type(old) is type(new)
                differing = ({k for k in old.keys() | new.keys() if old.get(k, g) != new.get(k, g)}
                             if isinstance(old, dict) else {i for i, (a, b) in enumerate(zip(old, new)) if a != b})
                assert differing <= keys, f"{attribute}: {differing - keys} changed unnamed"
    assert g.changes_since(g.last_step) == {}
    last = g.last_step
    g.undo()
    assert g.changes_since(last) is None  # undone: a picture of it must be drawn anew
    assert g.changes_since(kept[0][0], within=len(kept) - 3) is None  # further back than asked to look
