"""Stone Age's encoding for learning agents (encoding.py): random games of every set-up, checked at
every step (tests/encoding_checks.py), the bounds the action space rests on, and the card a
writing card draws face down staying hidden from the other players."""

from __future__ import annotations

import copy
import random

import pytest
from encoding_checks import play_checked

import widgetpkg as wp
from widgetpkg.core import IllegalActionError
from widgetpkg.games.stone_age.actions import Feed, PayBuilding, PayCard, PlacePeople

SET_UPS = [
    {"players": 2},
    {"players": 3, "season": "summer"},
    {"players": 4, "voucher_timing": "immediate"},
    {"players": 2, "variants": {"hard_winter": True}},
    {"players": 3, "variants": {"wild_animals": True}},
    {"players": 4, "variants": {"igloos": True}},
    {"players": 4, "variants": {"hard_winter": True, "wild_animals": True, "igloos": True}},
    # other variant numbers (data=): the bounds follow the data (more people, 2 resources of choice)
    {"players": 3, "variants": {"wild_animals": True},
     "data": {"limits": {"people_max": 12}, "wild_animals": {"rewards": {4: {"kind": "resource_choice", "amount": 2}}}}},
]


@pytest.mark.parametrize("options", SET_UPS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items())[:60])
def test_random_games_keep_the_contract(options):
    game = wp.new_game("stone-age", seed=11, **options)
    _, steps = play_checked(game, seed=5, deep_every=10)
    assert steps > 50


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("options", SET_UPS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items())[:60])
def test_many_random_games_keep_the_contract(options, seed):
    play_checked(wp.new_game("stone-age", seed=100 + seed, **options), seed=seed, deep_every=3)


def test_games_of_one_set_up_share_an_encoding_that_never_goes_stale():
    """``encoding()`` hands every game of a set-up the same encoding (a learner's next game finds
    it warm); what it keeps follows the history of the game it is given, so two games played in
    turns, undone and cloned, read the same as through an encoding made fresh for each look."""
    import numpy as np

    from widgetpkg.games.stone_age.encoding import StoneAgeEncoding

    games = [wp.new_game("stone-age", players=3, seed=seed, variants={"wild_animals": True}) for seed in (1, 2)]
    enc = games[0].encoding()
    assert games[1].encoding() is enc
    assert wp.new_game("stone-age", players=2, seed=1).encoding() is not enc  # another set-up
    rng = random.Random(4)
    for step in range(400):
        game = games[step % 2]
        if game.is_over:
            continue
        if step % 23 == 0 and game.history:
            game.undo()
        if step % 31 == 0:
            game = game.clone(resample_hidden=random.Random(step))
        fresh = StoneAgeEncoding(game)
        assert enc.legal_indices(game) == fresh.legal_indices(game)
        for player in game.players:
            filled = np.zeros(enc.observation_size, np.float32)
            enc.fill_vector(game, player, filled)
            assert filled.tolist() == np.array(fresh.vector(game, player), np.float32).tolist()
        game.apply(rng.choice(game.legal_actions()))


def test_action_count_is_fixed_by_the_set_up():
    counts = {}
    for options in SET_UPS:
        a = wp.new_game("stone-age", seed=1, **options).encoding()
        b = wp.new_game("stone-age", seed=2, **options).encoding()
        assert (a.action_count, a.parts) == (b.action_count, b.parts)
        counts[str(options)] = a.action_count
    # the variants add actions (insulation, igloos, animal rewards), a player adds a building stack
    assert counts[str(SET_UPS[3])] > counts[str(SET_UPS[0])]
    assert counts[str(SET_UPS[6])] > counts[str(SET_UPS[5])] > counts[str(SET_UPS[2])]
    assert counts[str(SET_UPS[7])] > counts[str(SET_UPS[4])]  # 12 people: longer hunts and feedings


def test_the_bounds_hold_at_their_edges():
    g = wp.new_game("stone-age", players=2, seed=1)
    enc = g.encoding()
    people_max = g.data.people_max
    # the most anyone can put on the hunting grounds, the most a payment or a feeding can take
    for action in (PlacePeople("hunt", people_max), PlacePeople("forest", 7), PayCard(("gold",) * 4),
                   PayBuilding(("wood",) * 7), Feed(("gold",) * people_max)):
        assert enc.actions[enc.action_index(g, action)] == action
    for beyond in (PlacePeople("hunt", people_max + 1), PlacePeople("forest", 8), PayCard(("gold",) * 5),
                   Feed(("gold",) * (people_max + 1))):
        with pytest.raises(IllegalActionError):
            enc.action_index(g, beyond)
    # a payment in another order is the same payment
    assert enc.action_index(g, PayCard(("gold", "wood"))) == enc.action_index(g, PayCard(("wood", "gold")))


def test_a_card_drawn_face_down_is_seen_by_its_owner_only():
    g = wp.new_game("stone-age", players=3, seed=4)
    enc = g.encoding()
    owner, other = g.players[0], g.players[1]
    writing = next(c for c, card in g.data.cards.items() if card.top[0] == "extra_card")
    drawn, swapped = [c for c in g.data.cards if c != writing][:2]
    g._cards[owner] = (writing, drawn)
    first = {p: enc.observation(g, p)["players"] for p in g.players}
    g._cards[owner] = (writing, swapped)
    second = {p: enc.observation(g, p)["players"] for p in g.players}
    assert first[owner] != second[owner]
    assert first[other] == second[other]


def test_observation_refuses_a_stranger():
    g = wp.new_game("stone-age", players=2, seed=1)
    with pytest.raises(IllegalActionError):
        g.encoding().observation(g, "Zed")


def test_an_illegal_index_changes_nothing_mid_game():
    g = wp.new_game("stone-age", players=2, seed=3)
    rng = random.Random(2)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    enc = g.encoding()
    mask = enc.mask(g)
    before = g.to_position()
    with pytest.raises(IllegalActionError, match="not legal now"):
        enc.action(g, mask.index(False))
    assert g.to_position() == before


def _attributes_read(game, look) -> set[str]:
    """The game's own attributes (its ``__dict__``) that ``look(game)`` reads, properties and
    methods followed: the game's class is swapped for a subclass that records every read."""
    read: set[str] = set()
    own = game.__dict__

    class Recording(type(game)):  # type: ignore[misc, valid-type]
        def __getattribute__(self, name):
            if name in own:
                read.add(name)
            return super().__getattribute__(name)

    cls = game.__class__
    game.__class__ = Recording
    try:
        look(game)
    finally:
        game.__class__ = cls
    return read


def _step_setting(game, name: str, value, *, whole: bool) -> None:
    """One journaled step (as the engine's moves are) that gives attribute ``name`` ``value``:
    key by key for a dict unless ``whole``, else replaced."""
    from widgetpkg.games.stone_age.actions import Decline

    def play(action):
        current = getattr(game, name)
        if isinstance(current, dict) and not whole:
            for key in [k for k in current if k not in value]:
                game._delete(name, key)
            for key, v in value.items():
                if current.get(key, object()) != v:
                    game._put(name, key, v)
        else:
            game._set(name, copy.deepcopy(value))
        return []

    game._play = play  # the instance's own: the step is recorded like any move
    try:
        game._record(Decline())
    finally:
        del game._play
    game._legal_cache = None


def test_every_attribute_the_observation_reads_is_redrawn_when_a_step_changes_it():
    """The kept vector (``fill_vector``) is redrawn from the attributes the steps' journals name.
    Which attributes the observation reads is derived here, not listed: a game records the reads
    of a fresh observation; then each attribute read, changed alone by a journaled step (its value
    taken from another position of the same phase), must leave the kept vector equal to a fresh
    one for every player. An attribute read but missing from the redraws fails here."""
    import numpy as np

    options = {"players": 4, "variants": {"hard_winter": True, "wild_animals": True, "igloos": True}}
    game = wp.new_game("stone-age", seed=21, **options)
    rng = random.Random(3)
    positions = []
    journaled: set[str] = set()
    while not game.is_over:
        positions.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
        journaled |= {op[1] for op in game.history[-1].journal if op[0] != "rng"}
    enc = game.encoding()

    def look(g):
        for player in g.players:
            enc.vector(g, player)
            enc.fill_vector(g, player, np.zeros(enc.observation_size, np.float32))

    read: set[str] = set()
    for position in positions[::30]:
        read |= _attributes_read(position, look)
    changing = sorted(read & journaled)
    assert {"_food", "_goods", "_cards", "_display", "_at", "_phase"} <= set(changing)  # the derivation works
    tested: set[str] = set()
    for k, base in enumerate(positions[1:-1:50]):
        # another position of the same phase first: its values fit the rest of this one
        others = sorted(positions, key=lambda p: p.phase != base.phase)
        for name in changing:
            value = next((getattr(p, name) for p in others if getattr(p, name) != getattr(base, name)), None)
            if value is None:
                continue
            for whole in (False, True):
                g = base.clone()
                for player in g.players:  # the kept vector brought up to this position first
                    enc.fill_vector(g, player, np.zeros(enc.observation_size, np.float32))
                _step_setting(g, name, value, whole=whole)
                for player in g.players:
                    kept = np.zeros(enc.observation_size, np.float32)
                    enc.fill_vector(g, player, kept)
                    assert kept.tolist() == enc.vector(g, player), f"{name} changed, {player}'s view stale ({k})"
            tested.add(name)
    assert tested == set(changing), f"never changed here: {set(changing) - tested}"
