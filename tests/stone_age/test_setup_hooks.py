"""The lesson hooks (dice, deck, stacks) are recorded steps: undoable, saved, replayed exactly."""

from __future__ import annotations

import pytest

import widgetpkg as wp
from widgetpkg.games.stone_age import PlacePeople, SetNextDice, Starve


def test_hooks_are_recorded_undoable_and_replayed():
    g = wp.new_game("stone-age", players=2, seed=8)
    card = g._deck[0]                      # the bottom card of the deck
    building = g.stack(1)[-1]              # the bottom building of stack 1
    g.set_next_dice([6, 6, 6])
    g.set_next_cards([card])
    g.set_building_stack(1, [building])
    assert g.next_dice == (6, 6, 6) and g._deck[-1] == card and g.stack(1)[0] == building
    assert all(step.action.setup for step in g.history)
    assert SetNextDice((1,)) not in g.legal_actions()
    again = wp.load_game(g.to_json())
    assert again.to_position() == g.to_position()
    g.undo()
    g.undo()
    g.undo()
    assert g.next_dice == () and g.stack(1)[-1] == building and g._deck[0] == card


@pytest.mark.parametrize("call, message", [
    (lambda g: g.set_next_dice([0, 7]), "faces are 1 to 6"),
    (lambda g: g.set_next_dice([]), "faces are 1 to 6"),
    (lambda g: g.set_next_cards([g.display[0]]), "not in the deck"),
    (lambda g: g.set_next_cards(["animal:boar"]), "not in the deck"),
    (lambda g: g.set_building_stack(3, ["B01"]), "no building stack 3"),
    (lambda g: g.set_building_stack(1, ["nope"]), "not in stack 1"),
])
def test_bad_arrangements_are_refused(call, message):
    g = wp.new_game("stone-age", players=2, seed=8)
    before = g.to_position()
    with pytest.raises(wp.IllegalActionError, match=message):
        call(g)
    assert g.to_position() == before


def test_queued_dice_are_used_in_order_then_the_rng():
    g = wp.new_game("stone-age", players=2, seed=8)
    g.set_next_dice([2, 2])
    g.apply(PlacePeople("hunt", 5))
    # Red's hunt is Red's only place: the engine resolves it within Blue's last placement
    events = [str(e) for e in g.apply(PlacePeople("hunt", 5))]
    assert any(e.startswith("Red rolls 5 dice at the Hunting grounds: 2+2+") for e in events)


def test_turn_counts_placements_and_resolving_turns():
    g = wp.new_game("stone-age", players=2, seed=8)
    g.apply(PlacePeople("hunt", 3))
    g.apply(PlacePeople("forest", 5))
    g.apply(PlacePeople("clay_pit", 2))  # two places: Red decides the order
    assert g.turn == 3 and g.phase == "resolution"
    turn = g.turn
    while g.current_player == "Red":
        g.apply(g.legal_actions()[0])
    assert g.turn == turn + 1


def test_starving_is_offered_only_when_short():
    g = wp.new_game("stone-age", players=2, seed=8)
    with g.edit() as s:
        s.players["Red"].food = 0
        s.players["Red"].resources["wood"] = 9
    while g.phase != "feeding" and not g.is_over and g.round == 1:
        g.apply(g.legal_actions()[0])
    assert g.phase == "feeding" and g.current_player == "Red" and Starve() in g.legal_actions()


def test_preview_does_not_show_the_dice():
    g = wp.new_game("stone-age", players=2, seed=8)
    g.apply(PlacePeople("hunt", 5))
    # the last placement: both hunts, each its player's only place, are resolved in this step
    preview = [str(e) for e in g.preview(PlacePeople("hunt", 5))]
    assert any("resolves the Hunting grounds" in e for e in preview)
    assert not any("rolls" in e or "gets" in e for e in preview)
    events = [str(e) for e in g.apply(PlacePeople("hunt", 5))]
    assert any("rolls 5 dice" in e for e in events)
