"""The shared conformance suite: every registered game (and the toy game) through the same checks.

Like OpenSpiel's random-simulation test: seeded random games played through the public protocol
only, with exact undo after every action, JSON round-trips, independent copies, resampled copies
that cannot predict the real draws, illegal actions (stale listed ones too) that change nothing,
replays that give the same JSON, the three agents finishing a game, score breakdowns that add up,
and the UI adapter drawing positions to SVG and offering only legal targets.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from conformance import toys  # noqa: F401  (registers the toy game)

import widgetpkg as wp
from widgetpkg.core import Action, Game

GAMES = sorted(set(wp.game_names()))
GAMES_PER_CHECK = 2
_VOLATILE = {"_history", "_redo", "_journal", "rng"}
_PLAIN = (int, str, float, bool, type(None), tuple, list, dict, set, frozenset)


def plain_copy(value: Any) -> Any:
    """A copy of the containers (dicts, lists, sets) all the way down; the records inside are
    kept as they are: games keep immutable records in containers and change only the containers."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, (list, set)):
        return type(value)(plain_copy(v) for v in value)
    return value


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a game holds that can change (its plain containers and values), plus its RNG;
    attributes named as caches hold derived values and are left out."""
    state = {k: plain_copy(v) for k, v in vars(game).items()
             if k not in _VOLATILE and "cache" not in k and isinstance(v, _PLAIN)}  # caches are derived
    state["rng"] = game.rng.getstate()
    state["legal"] = game.legal_actions()
    state["json"] = game.to_json()
    return state


def public_view(game: Game) -> dict[str, Any]:
    """What the protocol shows of a game: enough to tell two separately built games apart."""
    view = {"json": game.to_json(), "legal": game.legal_actions(), "scores": game.scores, "phase": game.phase,
            "turn": game.turn, "player": game.current_player, "projected": game.projected_scores(),
            "breakdown": game.score_breakdown(), "winners": game.winners()}
    with contextlib.suppress(wp.WidgetpkgError):
        view["position"] = game.to_position()
    return view


def random_game(name: str, seed: int, players: int | None = None) -> Game:
    info = wp.game_info(name)
    return wp.new_game(name, players=players or info.min_players + seed % (info.max_players - info.min_players + 1),
                       seed=seed)


def play_randomly(game: Game, rng: random.Random, steps: int = 10_000) -> list[Action]:
    played = []
    for _ in range(steps):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        played.append(action)
    return played


@pytest.mark.parametrize("name", GAMES)
def test_declared_facts_drive_set_up(name):
    info = wp.game_info(name)
    assert info.name == name and info.title and 1 <= info.min_players <= info.max_players
    for count in range(info.min_players, info.max_players + 1):
        game = wp.new_game(name, players=count, seed=1)
        assert len(game.players) == count and len(set(game.players)) == count
        assert game.scores == {p: 0 for p in game.players} and game.turn == 0
    with pytest.raises(wp.InvalidOptionError, match="no option 'no_such_option'"):
        wp.new_game(name, no_such_option=1)
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game(name, players=info.max_players + 1)
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game(name, players=["Same", "Same"][: max(2, info.min_players)] * info.max_players)
    for option in info.options:
        if option.choices:
            for choice in option.choices:
                wp.new_game(name, seed=2, **{option.name: choice})


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(GAMES_PER_CHECK))
def test_random_games_undo_exactly_and_keep_the_protocol(name, seed):
    rng = random.Random(seed)
    game = random_game(name, seed)
    turns = [game.turn]
    while not game.is_over:
        before = snapshot(game)
        actions = game.legal_actions()
        assert actions, f"no legal action in phase {game.phase!r} of a game that is not over"
        assert game.current_player in game.players
        action = rng.choice(actions)
        game.apply(action)
        assert game.turn >= turns[-1]
        game.undo()
        assert snapshot(game) == before, f"undo of {action} did not restore the game exactly"
        game.redo()
        turns.append(game.turn)
        breakdown = game.score_breakdown()
        assert {p: sum(row.values()) for p, row in breakdown.items()} == game.scores
    assert game.current_player is None and game.legal_actions() == []
    winners = game.winners()
    assert winners and set(winners) <= set(game.players)
    best = max(game.scores.values())
    assert all(game.scores[w] == best for w in winners) or len(winners) >= 1  # tie-breaks may rank equal scores
    with pytest.raises(wp.IllegalActionError):
        game.apply(actions[0])


@pytest.mark.parametrize("name", GAMES)
def test_json_round_trip_and_replay_give_the_same_game(name):
    rng = random.Random(7)
    game = random_game(name, 7)
    played = []
    for checkpoint in (5, 40, 10_000):
        played += play_randomly(game, rng, checkpoint - len(played))
        text = game.to_json()
        again = wp.load_game(text)
        assert public_view(again) == public_view(game)
    replay = wp.new_game(name, players=list(game.players), seed=game.seed, **game.options)
    for action in played:
        replay.apply(action)
    assert replay.to_json() == game.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_copies_never_change_their_original(name):
    rng = random.Random(3)
    game = random_game(name, 3)
    play_randomly(game, rng, 12)
    before = snapshot(game)
    for twin in (game.clone(), game.clone(resample_hidden=random.Random(1))):
        play_randomly(twin, random.Random(2), 30)
        while twin.history:
            twin.undo()
        assert snapshot(game) == before
    for action in game.legal_actions()[:5]:
        game.preview(action)
    assert snapshot(game) == before


@pytest.mark.parametrize("name", [n for n in GAMES if wp.game_info(n).chance])
def test_resampled_copies_cannot_predict_the_real_draws(name):
    """Playing the same actions on the real game and on resampled copies: some copy must see
    other draws or dice (the real future is not in a copy), and a copy's RNG is not the game's."""
    game = random_game(name, 5)
    play_randomly(game, random.Random(5), 6)
    diverged = 0
    for k in range(8):
        twin = game.clone(resample_hidden=random.Random(100 + k))
        assert twin.rng.getstate() != game.rng.getstate()
        real = game.clone()
        rng = random.Random(k)
        for _ in range(40):
            if real.is_over:
                break
            action = rng.choice(real.legal_actions())
            real_events = [str(e) for e in real.apply(action)]
            if action not in twin.legal_actions() or [str(e) for e in twin.apply(action)] != real_events:
                diverged += 1
                break
    assert diverged > 0


def _foreign_actions(name: str, game: Game) -> list[Action]:
    """Actions legal somewhere in other games of the same kind, not legal here."""
    legal = set(game.legal_actions())
    found: list[Action] = []
    for seed in (11, 12):
        other = random_game(name, seed, players=len(game.players))
        rng = random.Random(seed)
        for _ in range(60):
            if other.is_over:
                break
            found += [a for a in other.legal_actions() if a not in legal]
            other.apply(rng.choice(other.legal_actions()))
    return found[:: max(1, len(found) // 40)]


@pytest.mark.parametrize("name", GAMES)
def test_illegal_actions_change_nothing(name):
    game = random_game(name, 4)
    play_randomly(game, random.Random(4), 9)
    before = snapshot(game)
    history = len(game.history)
    attempts: list[Any] = [*_foreign_actions(name, game), None, "PlaceTile", 3, object()]
    for bad in attempts:
        with pytest.raises(wp.IllegalActionError):
            game.apply(bad)
        with pytest.raises(wp.IllegalActionError):
            game.preview(bad)
    assert snapshot(game) == before and len(game.history) == history


@pytest.mark.parametrize("name", GAMES)
def test_listed_actions_are_checked_again_once_the_state_changes(name):
    """``apply`` trusts the very objects ``legal_actions()`` just listed; once a step is played
    or undone, the same objects are judged afresh: stale ones are refused and change nothing."""
    game = random_game(name, 5)
    rng = random.Random(5)
    for _ in range(60):
        if game.is_over:
            break
        listed = game.legal_actions()
        action = rng.choice(listed)
        game.apply(action)
        for when in ("after the step", "after undo"):
            now = game.legal_actions()
            before, history = snapshot(game), len(game.history)
            for stale in listed:
                if stale not in now:
                    with pytest.raises(wp.IllegalActionError):
                        game.apply(stale)
                    assert snapshot(game) == before and len(game.history) == history, when
            if when == "after the step":
                game.undo()
        game.apply(action)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("agent", ["random", "greedy", "mcts"])
def test_every_agent_finishes_a_game(name, agent):
    game = random_game(name, 6, players=wp.game_info(name).min_players if name != "test-pebbles" else 2)
    make = {"random": lambda i: wp.agents.Random(seed=i), "greedy": lambda i: wp.agents.Greedy(seed=i),
            "mcts": lambda i: wp.agents.MCTS(simulations=3, seed=i)}[agent]
    seats = {p: make(i) for i, p in enumerate(game.players)}
    for _ in range(5000):
        if game.is_over:
            break
        before = game.to_json()
        action = seats[game.current_player].choose(game)
        assert game.to_json() == before, "an agent changed the game it was asked about"
        game.apply(action)
    assert game.is_over and game.winners()


@pytest.mark.parametrize("name", GAMES)  # the toy game has no ui module: the prompt-only adapter
def test_the_ui_adapter_draws_every_position_and_offers_only_legal_targets(name):
    from widgetpkg.ui import Style, ui_for
    from widgetpkg.ui.contract import PromptOnlyUI
    game = random_game(name, 8)
    ui = ui_for(game)
    rng = random.Random(8)
    style = Style()
    step = 0
    while True:
        if step % 7 == 0 or game.is_over:
            svg = ui.svg(game, style)
            assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
            # a notebook shows the game as this picture; a game with no drawing code as its text
            assert game._repr_svg_() == (None if isinstance(ui, PromptOnlyUI) else ui.svg(game, Style()))
        if game.is_over:
            break
        legal = set(game.legal_actions())
        targets = ui.targets(game)
        offered = {a for t in targets for a in t.choices}
        prompt = {c.action for c in ui.prompt(game, targets)}
        assert offered <= legal and prompt <= legal
        assert offered | prompt == legal, "every legal action is reachable by a click or a prompt button"
        game.apply(rng.choice(sorted(legal, key=str)))
        step += 1
