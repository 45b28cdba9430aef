"""Messages read right for any player name, name features as players do, and hide no engine ids."""

from __future__ import annotations

import random
import re

import pytest

import widgetpkg as wp
from widgetpkg.core import Note, Scored
from widgetpkg.games.hunters_gatherers import Pass, PlaceMeeple, PlaceTile, words

ENGINE_IDS = re.compile(r"\b[fmrl]\d\b")     # feature ids such as f1, m0, r3, l8


def _turn(g, tile: int, x: int, y: int, rotation: int, meeple: str | None = None) -> list:
    g.set_next_tile(tile)
    events = g.apply(PlaceTile(x, y, rotation))
    if g.phase == "place_figure":
        events += g.apply(PlaceMeeple(x, y, meeple) if meeple else Pass())
    return events


@pytest.mark.parametrize(("players", "verb"), [
    (["Red"], "Red wins"), (["You"], "You win"), (["Red", "Blue"], "Red and Blue win"),
    (["Red", "You", "Blue"], "Red, you and Blue win"), (["You", "Red"], "You and Red win"),
])
def test_verbs_agree_with_every_subject(players: list[str], verb: str) -> None:
    assert words.sentence(f"{words.names(players)} {words.agree(players, 'wins', 'win')}") == verb


def test_possessives_and_counts() -> None:
    assert [words.possessive(p) for p in ("You", "you", "Red", "Jess")] == ["your", "your", "Red's", "Jess's"]
    assert [words.count(n, "tile") for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    assert words.count(3, "fish", "fish") == "3 fish"


def test_winners_are_named_once() -> None:
    assert words.winners_sentence(["You"], 10) == "You win with 10 points"
    assert words.winners_sentence(["Red", "Blue"], 7) == "Red and Blue share the win with 7 points each"
    assert words.winners_sentence(["Red"], 1) == "Red wins with 1 point"


@pytest.mark.parametrize(("step", "direction"), [
    ((0, -3), "north"), ((1, -1), "north-east"), ((4, 1), "east"), ((2, 2), "south-east"),
    ((0, 1), "south"), ((-1, 1), "south-west"), ((-2, 0), "west"), ((-3, -2), "north-west"),
])
def test_compass_uses_board_axes(step: tuple[int, int], direction: str) -> None:
    """x grows to the east and y to the south, so a negative y is north."""
    assert words.compass(*step) == direction


def test_compass_of_no_step_is_an_error() -> None:
    with pytest.raises(ValueError):
        words.compass(0, 0)


def test_features_are_named_from_the_start_tile() -> None:
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    # the start tile holds two grasslands: they are told apart by the part of the tile they fill
    assert words.feature_name(g, 0, 0, "m0") == "the grassland in the north-west of the start tile"
    assert words.feature_name(g, 0, 0, "m2") == "the grassland in the south-west of the start tile"
    assert words.feature_name(g, 0, 0, "f1") == "the forest on the start tile"
    _turn(g, 48, -1, 0, 0)                      # a straight river west of the start tile
    assert words.feature_name(g, -1, 0, "r1") == "the river on the start tile"   # it joins the start river
    _turn(g, 34, 1, 0, 0)
    assert words.feature_name(g, 1, 0, "m0").endswith("of the start tile")
    with pytest.raises(wp.WidgetpkgError):
        words.feature_name(g, 5, 5, "f1")


def test_far_areas_say_how_far() -> None:
    assert words.area_name("forest", [(3, 0), (4, 0)]) == "the forest 3 tiles east of the start tile"
    assert words.area_name("river", [(-1, 0)]) == "the river west of the start tile"


def test_figure_phrases() -> None:
    assert words.figures_phrase({"Red": 2, "Blue": 1}, "hunter") == "Red's 2 hunters beat Blue's 1"
    assert words.figures_phrase({"You": 1}, "fisher") == "your fisher"
    assert words.held_by({"Red": 1, "You": 1}, "hut") == "where Red and you tie with 1 hut each"


def test_a_game_as_you_reads_right() -> None:
    """A whole random game with a player called You: no "You's", no "You wins", no feature ids,
    and the only zero-point events say why they are worth nothing."""
    for seed in (3, 4):
        g = wp.new_game("hunters-gatherers", players=["You", "Red"], seed=seed)
        rng = random.Random(seed)
        lines: list[str] = []
        while not g.is_over:
            for event in g.apply(rng.choice(g.legal_actions())):
                lines.append(str(event))
                if isinstance(event, Scored) and event.points == 0:
                    assert "nothing" in event.detail, event
        text = "\n".join(lines)
        assert "You's" not in text and "You wins" not in text and "You has" not in text
        assert not ENGINE_IDS.search(text), ENGINE_IDS.search(text)
        assert "meadow" not in text                 # one word for it: grassland
        assert lines[-1].startswith("Game over. ")
        assert lines[-1].count("You") + lines[-1].count("Red") <= 2   # each winner named once


def test_notes_of_returning_figures() -> None:
    g = wp.new_game("hunters-gatherers", players=["You", "Blue"], seed=1)
    _turn(g, 34, 1, 0, 0)                         # You
    _turn(g, 48, -1, 0, 0)                        # Blue
    events = _turn(g, 37, 0, 1, 0, meeple="f0")   # You close the start forest with a gatherer on it
    scored = [e for e in events if isinstance(e, Scored)]
    notes = [str(e) for e in events if isinstance(e, Note)]
    assert str(scored[0]).startswith("You +") and "held by your gatherer" in scored[0].detail
    assert "the forest on the start tile" in scored[0].detail
    assert "You place a gatherer on the forest on the start tile" in notes
    assert "Your gatherer comes home from the completed forest on the start tile" in notes
    assert any("extra turn" in n for n in notes)


def test_a_lake_explains_its_worth() -> None:
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    text = words.worth_sentence(g.area_at(0, 0, "l8"))
    assert "scores nothing by itself" in text and "x0" not in text


def test_every_legal_action_reads_without_engine_ids() -> None:
    """Buttons and menus can describe any action in words: tiles by place, figures by feature name."""
    for seed in (5, 6):
        g = wp.new_game("hunters-gatherers", players=["You", "Red", "Blue"], seed=seed)
        rng = random.Random(seed)
        seen: set[str] = set()
        while not g.is_over and len(g.history) < 120:
            for action in g.legal_actions():
                text = words.action_text(g, action)
                assert not ENGINE_IDS.search(text), text
                seen.add(text.split(" ")[1])
            g.apply(rng.choice(g.legal_actions()))
        assert {"the", "a", "no"} <= seen       # tiles, figures and passing were all described


def test_taking_back_a_meeple_is_described() -> None:
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    text = words.action_text(g, wp.hunters_gatherers.RetakeMeeple(0, 0, "f1"))
    assert text == "take back the gatherer from the forest on the start tile"
