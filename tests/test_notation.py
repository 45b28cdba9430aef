"""Positions as text and as editable data: round trips, edits as undoable steps, clear refusals."""

from __future__ import annotations

import random

import pytest

import widgetpkg as wp
from widgetpkg.games import hunters_gatherers as hg
from widgetpkg.games.hunters_gatherers import PositionError, parse_position

START = """Hunters & Gatherers position
players: Red, Blue
to move: Red
tiles: 56 (0, 0) 0; 48 (-1, 0) 0
figures: Red fisher (-1, 0) r1
hand: 30
"""


def random_turn_start(seed: int, players: int, tiles: int):
    rng = random.Random(seed)
    g = wp.new_game("hunters-gatherers", players=[f"P{i}" for i in range(players)], seed=seed)
    while not g.is_over and (len(g.board) < tiles or g.phase != "place_tile"):
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", range(40))
def test_positions_round_trip_with_the_same_areas_and_scores(seed):
    g = random_turn_start(seed, 2 + seed % 4, min(5 + 2 * seed, 70))
    assert not g.is_over
    text = g.to_position()
    copy = hg.position(text, seed=seed + 1)
    assert copy.to_position() == text
    assert (copy.scores, copy.projected_scores(), copy.supply) == (g.scores, g.projected_scores(), g.supply)
    assert [(a.kind, a.key, a.features, a.open_ends, a.points) for a in copy.areas()] == \
           [(a.kind, a.key, a.features, a.open_ends, a.points) for a in g.areas()]
    assert sorted(copy.legal_actions(), key=str) == sorted(g.legal_actions(), key=str)
    assert sorted(copy._regular) == sorted(g._regular) and sorted(copy._extra) == sorted(g._extra)


def test_a_position_game_saves_and_replays():
    g = hg.position(START, seed=2)
    g.apply(g.legal_actions()[0])
    assert wp.load_game(g.to_json()).to_json() == g.to_json()


def test_edit_is_one_undoable_step():
    g = hg.position(START, seed=2)
    before = g.to_json()
    with g.edit() as s:
        s.scores["Red"] = 40
        s.supply["Blue"].meeples = 0
        s.next_tiles = [83, 94]
    assert g.scores == {"Red": 40, "Blue": 0} and g.supply["Blue"].meeples == 0
    assert g._extra[-2:] == [94, 83]  # 83 is drawn first
    [event] = [e for e in g.history[-1].events if isinstance(e, wp.Scored)]
    assert str(event) == "Red +40: score set by hand 40 points x1"
    g.undo()
    assert g.to_json() == before
    g.redo()
    assert g.scores["Red"] == 40


def test_edit_keeps_the_hidden_pile_order():
    g = random_turn_start(3, 2, 20)
    piles = list(g._regular), list(g._extra)
    with g.edit() as s:
        s.scores[g.players[0]] += 1
    assert (g._regular, g._extra) == piles


@pytest.mark.parametrize("change, message", [
    (lambda s: s.supply["Blue"].__setattr__("meeples", -1), "at least 0"),
    (lambda s: s.supply["Red"].__setattr__("meeples", 5), "more than the 5 a player owns"),
    (lambda s: s.scores.__setitem__("Red", -3), "at least 0"),
    (lambda s: s.figures.append(("Blue", "hunter", 0, 0, "f1")), "cannot stand on f1"),
    (lambda s: s.figures.append(("Blue", "fisher", -1, 0, "r1")), "holds two figures"),
    (lambda s: s.figures.append(("Blue", "hunter", 4, 4, "m0")), "no tile at \\(4, 4\\)"),
    (lambda s: s.figures.append(("Blue", "hunter", 0, 0, "m9")), "no feature 'm9'"),
    (lambda s: s.tiles.__setitem__((5, 5), (30, 0)), "not connected"),
    (lambda s: s.tiles.__setitem__((0, 1), (48, 0)), "placed twice"),
    (lambda s: s.tiles.__setitem__((0, -1), (58, 0)), "does not match its neighbours"),
    (lambda s: s.tiles.__setitem__((0, -1), (999, 0)), "no tile 999"),
    (lambda s: s.__setattr__("next_tiles", [48]), "cannot be drawn next"),
    (lambda s: s.__setattr__("next_tiles", [60, 60]), "listed twice"),
    (lambda s: s.__setattr__("hand", 56), "cannot be in hand"),
    (lambda s: s.__setattr__("hand", 85), "comes from the menhir pile"),
    (lambda s: s.__setattr__("to_move", "Green"), "to move must be one of"),
    (lambda s: s.__setattr__("players", ["Red", "Green"]), "cannot change them"),
])
def test_edits_that_break_a_rule_are_refused_and_change_nothing(change, message):
    g = hg.position(START, seed=2)
    before = g.to_json()
    with pytest.raises(wp.IllegalActionError, match=message):
        with g.edit() as s:
            change(s)
    assert g.to_json() == before


def test_a_completed_river_cannot_keep_its_fisher():
    # tile 4 turned 90 at (-2, 0) closes the fisher's river with its lake
    with pytest.raises(wp.IllegalActionError, match="completed river"):
        hg.position(START.replace("48 (-1, 0) 0", "48 (-1, 0) 0; 4 (-2, 0) 90"))


@pytest.mark.parametrize("text, message", [
    ("", "starts with the line"),
    ("Hunters & Gatherers position\nplayers: A, B\n", "needs a 'to move:' line"),
    (START + "colour: red\n", "known keys"),
    (START + "hand: 31\n", "hand is given twice"),
    (START.replace("56 (0, 0) 0", "56 (0 0) 0"), "tiles: cannot read"),
    (START.replace("Red fisher", "Red swimmer"), "figures: cannot read"),
    (START.replace("hand: 30", "hand: thirty"), "expected a tile number"),
    (START + "extra turn: maybe\n", "write yes or no"),
])
def test_unreadable_positions_say_where(text, message):
    with pytest.raises(PositionError, match=message):
        parse_position(text)


def test_positions_are_written_and_read_back_in_every_phase():
    g = hg.position(START, seed=2)
    g.apply(g.legal_actions()[0])
    assert g.phase == "place_figure"
    text = g.to_position()
    assert "phase: place figure" in text and "hand:" not in text
    copy = hg.position(text, seed=3)
    assert (copy.phase, copy.last_placed, copy.to_position()) == (g.phase, g.last_placed, text)
    assert sorted(map(str, copy.legal_actions())) == sorted(map(str, g.legal_actions()))


@pytest.mark.parametrize("seed", range(12))
def test_random_positions_in_any_phase_round_trip(seed):
    rng = random.Random(seed)
    g = wp.new_game("hunters-gatherers", players=2 + seed % 3, seed=seed)
    for _ in range(rng.randrange(1, 400)):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    text = g.to_position()
    copy = hg.position(text, seed=seed)
    assert copy.to_position() == text
    assert (copy.phase, copy.current_player, copy.scores, copy.supply) == (g.phase, g.current_player, g.scores, g.supply)
    assert sorted(map(str, copy.legal_actions())) == sorted(map(str, g.legal_actions()))
