"""Position text and edit(): round trips, checked edits as one undoable step, clear errors."""

from __future__ import annotations

import time

import pytest

import widgetpkg as wp
from widgetpkg.games.stone_age import PlacePeople, position
from widgetpkg.games.stone_age.notation import PositionError, parse_position


def test_round_trip_of_a_fresh_game_and_its_options():
    g = wp.new_game("stone-age", players=["Ann", "Bob", "Cy"], seed=4, variants={"wild_animals": True})
    text = g.to_position()
    assert text.splitlines()[:3] == ["Stone Age position", "players: Ann, Bob, Cy", "season: winter"]
    again = position(text)
    assert again.to_position() == text and again.variants == {"wild_animals"}


def test_edit_is_one_undoable_checked_step():
    g = wp.new_game("stone-age", players=2, seed=4)
    g.apply(PlacePeople("hunt", 2))
    before = g.to_position()
    with g.edit() as s:
        s.players["Red"].resources["gold"] = 3
        s.players["Blue"].food = 1
        s.players["Blue"].cards.append(s.deck[0])
    assert g.resources("Red")["gold"] == 3 and g.food("Blue") == 1 and len(g.cards("Blue")) == 1
    assert g.deck_size == 36 - 4 - 1
    g.undo()
    assert g.to_position() == before
    saved = wp.load_game(g.to_json())
    assert saved.to_position() == before


@pytest.mark.parametrize("change, message", [
    (lambda s: s.players["Red"].__setattr__("food", -1), "negative"),
    (lambda s: s.players["Red"].__setattr__("people", 11), "people must be"),
    (lambda s: s.players["Red"].__setattr__("used_tools", [3]), "used tools"),
    (lambda s: s.players["Red"].cards.append(s.display[0]) or s.display.__setitem__(1, s.display[0]), "both in"),
    (lambda s: s.__setattr__("phase", "pay"), "needs a pending line"),
    (lambda s: s.stacks.__setitem__(1, ["B01", "B01"]), "only 1 tiles B01"),
])
def test_bad_edits_change_nothing(change, message):
    g = wp.new_game("stone-age", players=2, seed=4)
    before = g.to_position()
    with pytest.raises(wp.IllegalActionError, match=message), g.edit() as s:
        change(s)
    assert g.to_position() == before and not g.history


@pytest.mark.parametrize("text, message", [
    ("hello", "starts with"),
    ("Stone Age position\nplayers: A", "2 to 4 players"),
    ("Stone Age position\nplayers: A, B\nA: score x", "expected a whole number"),
    ("Stone Age position\nplayers: A, B\nA: scores 1", "unknown entry"),
    ("Stone Age position\nplayers: A, B\nA: score 1\nB: score 1\nround: 1\nround: 2", "given twice"),
    ("Stone Age position\nplayers: A, B\nA: score 1\nB: score 1\nwhat: 1", "unknown line"),
    ("Stone Age position\nplayers: A, B\nA: score 1\nB: score 1\npending: fly away", "unknown step"),
])
def test_bad_text_is_refused_clearly(text, message):
    with pytest.raises(PositionError, match=message):
        parse_position(text)


def test_parsing_is_bounded_and_fast():
    with pytest.raises(PositionError, match="at most"):
        parse_position("Stone Age position\n" + "x" * 70_000)
    g = wp.new_game("stone-age", players=4, seed=4)
    text = g.to_position() + "\n" + "\n".join(f"junk{i}: 1" for i in range(2000))
    start = time.perf_counter()
    with pytest.raises(PositionError):
        parse_position(text)
    assert time.perf_counter() - start < 0.5


def test_position_in_the_middle_of_a_step_resumes_it():
    g = wp.new_game("stone-age", players=2, seed=11)
    while g.phase != "tools" and not g.is_over:
        with g.edit() as s:
            s.players[g.current_player].tools = 3
        g.apply(g.legal_actions()[-1])
    if g.phase == "tools":
        again = position(g.to_position())
        assert again.legal_actions() == g.legal_actions() and again.pending == g.pending


def test_names_with_spaces_round_trip_in_any_step():
    g = wp.new_game("stone-age", players=["Ann Lee", "Bo Ng"], seed=12)
    import random
    rng = random.Random(12)
    phases = set()
    while not g.is_over:
        if g.phase not in phases:
            phases.add(g.phase)
            text = g.to_position()
            assert position(text).to_position() == text
        g.apply(rng.choice(g.legal_actions()))
    assert {"placement", "resolution", "pay"} <= phases


@pytest.mark.parametrize("names", [["A:1", "B"], ["deck", "B"], ["Ann", "Ann cards"], ["A|B", "C"]])
def test_names_the_position_text_cannot_carry_are_refused(names):
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game("stone-age", players=names, seed=1)
