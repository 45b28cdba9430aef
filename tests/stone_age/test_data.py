"""The package data: shipped lists, overrides, and the safety checks on user files."""

from __future__ import annotations

import pytest

import widgetpkg as wp
from widgetpkg.games.stone_age import StoneAgeDataError, assumptions, load_data


def test_shipped_data_matches_the_rulebook_counts():
    d = load_data(None)
    assert len(d.cards) == 36 and len(d.building_tiles) == 28
    green = [c for c in d.cards.values() if c.green]
    assert len(green) == 16
    symbols = [c.bottom[1] for c in green]
    assert all(symbols.count(s) == 2 for s in set(symbols)) and len(set(symbols)) == 8
    persons = {}
    for c in d.cards.values():
        if not c.green:
            persons[c.bottom[1]] = persons.get(c.bottom[1], 0) + c.bottom[2]
    assert persons == {"farmer": 7, "hut_builder": 9, "tool_maker": 8, "shaman": 7}
    # every fixed building is worth the sum of its resource values
    for b in d.buildings.values():
        if b.kind == "fixed":
            assert b.points == 3 * b.cost[0] + 4 * b.cost[1] + 5 * b.cost[2] + 6 * b.cost[3]


def test_assumptions_are_listed():
    names = assumptions(load_data(None))
    assert "wild_animals.animals[1]" in names and "igloos.tiles[0]" in names
    assert "wild_animals.animals[0]" not in names  # the boar's -2 is in the rulebook


def test_override_by_mapping_and_file(tmp_path):
    d = load_data({"wild_animals": {"animals": [{"id": "boar", "malus": 3}]}, "igloos": {"insulatable": {"value": False}}})
    assert d.animals["boar"].malus == 3 and list(d.animals) == ["boar"] and d.igloos_insulatable is False
    path = tmp_path / "mine.yaml"
    path.write_text("igloos:\n  tiles:\n    - {cost: {wood: 1}, points: 3}\n", encoding="utf-8")
    g = wp.new_game("stone-age", players=2, seed=1, variants={"igloos": True}, data=str(path))
    assert g.data.igloos[1].points == 3 and g.places()[-1] == "igloo:1"


@pytest.mark.parametrize("text, message", [
    (b"a: &x 1\nb: *x\n", "anchors and aliases"),
    (b"\xff\xfe bad", "not UTF-8"),
    (b"x: [unclosed", "not valid YAML"),
    (b"limits: {agriculture_max: {value: 0}}", "agriculture_max"),
    (b"nonsense: 1", "unknown key"),
    (b"wild_animals: {rewards: {" + b", ".join(b"%d: {kind: food, amount: 3}" % f for f in range(1, 7)) + b"}}",
     "3 points"),
])
def test_bad_files_are_refused(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_bytes(text)
    with pytest.raises(StoneAgeDataError, match=message):
        load_data(str(path))


def test_oversized_file_is_refused(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"# " + b"x" * 300_000)
    with pytest.raises(StoneAgeDataError, match="larger than"):
        load_data(path)


def test_options_are_checked():
    with pytest.raises(wp.InvalidOptionError, match="winter only"):
        wp.new_game("stone-age", players=2, season="summer", variants={"igloos": True})
    with pytest.raises(wp.InvalidOptionError, match="variants takes true/false switches hard_winter, wild_animals, igloos"):
        wp.new_game("stone-age", players=2, variants={"igloo": True})
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game("stone-age", players=5)
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game("stone-age", players=2, season="autumn")
    g = wp.new_game("stone-age", players=2, season="summer", variants={"igloos": False}, seed=2)
    assert g.variants == frozenset() and g.season == "summer"
    assert wp.game_info("stone-age").max_players == 4


def test_overridden_numbers_survive_a_save_and_a_position():
    rewards = {f: {"kind": "food", "amount": 2} for f in range(2, 7)}
    rewards[1] = {"kind": "points", "amount": 3}
    g = wp.new_game("stone-age", players=2, seed=3, variants={"wild_animals": True},
                    data={"wild_animals": {"rewards": rewards}})
    g.apply(g.legal_actions()[0])
    again = wp.load_game(g.to_json())
    assert again.data.rewards[6] == ("food", 2) and again.to_json() == g.to_json()
    from widgetpkg.games.stone_age import position
    assert position(g.to_position()).data.rewards[6] == ("food", 2)
