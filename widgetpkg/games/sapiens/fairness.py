"""Simulation checks M1-M6 of a components set (does the reconstruction, or a user's file, play well?).

A cheap greedy player (immediate food and shelter, leaning to the weaker track) and a random
player play seeded games with the real engine; the report compares each metric with its
threshold (thresholds from the engineering spec, section 1.7).

>>> report = fairness_checks("reconstruction", seed=1, games=2, face_games=0)
>>> [row.id for row in report.rows]
['M1', 'M2', 'M3', 'M4', 'M5', 'M6']
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Mapping

from ...core import Action
from .actions import (
    Abandon,
    ConvertSteaks,
    PlaceBear,
    PlaceFightToken,
    PlaceTile,
    Refill,
    RemoveBear,
    ResolveBonus,
    SkipBonus,
    TakeMountainToken,
    UseMountainToken,
)
from .components import CAVE, SCENES, STEPS
from .events import FoodScored
from .game import Sapiens
from .placement import regular_placements


@dataclass(frozen=True)
class Metric:
    id: str
    what: str
    value: str
    threshold: str
    passed: bool


@dataclass
class FairnessReport:
    """The six metrics with their values; ``str()`` prints a table, ``passed`` is all of them."""

    components: str
    games: int
    rows: list[Metric] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.rows)

    def __str__(self) -> str:
        lines = [f"Sapiens fairness checks on {self.components} ({self.games} games per player count)"]
        for r in self.rows:
            lines.append(f"{r.id} {'pass' if r.passed else 'FAIL'}  {r.what}: {r.value}  (want {r.threshold})")
        return "\n".join(lines)


class GreedyPlayer:
    """Takes the placement with the best immediate gain, leaning to the weaker track; simple bonus choices."""

    def __init__(self, seed: int, *, feast: bool = True) -> None:
        self.rng = random.Random(seed)
        self.feast = feast

    def choose(self, g: Sapiens) -> Action:
        actions = g.legal_actions()
        p = g.current_player
        assert p is not None
        if not self.feast:
            actions = [a for a in actions if not (g.phase == "feast" and isinstance(a, PlaceTile))
                       and a != UseMountainToken("feast")] or actions
        if g.phase in ("start_cave", "main", "feast"):
            placements = [a for a in actions if isinstance(a, (PlaceTile, Abandon))]
            if placements:
                ranked = sorted(placements, key=lambda a: (gain(g, p, a), self.rng.random()), reverse=True)
                # mobility decides among the best few: a tribe with no open square must be abandoned
                return max(ranked[:6], key=lambda a: gain(g, p, a) + 2.5 * mobility(g, p, a))
        if g.phase == "after_tile":
            for scene in ("camp", "fire", "ritual", "hunt"):  # tokens that always give something
                if UseMountainToken(scene) in actions:
                    return UseMountainToken(scene)
            refills = [a for a in actions if isinstance(a, Refill)]
            return self._refill(g, p, refills)
        if g.phase == "refill":
            return self._refill(g, p, [a for a in actions if isinstance(a, Refill)] or actions)
        if g.phase == "hunt":
            held = g.steaks[p]
            return ConvertSteaks(held if held >= 3 or g.end_triggered or g.stack_size < 6 else 0)
        if g.phase == "fire":
            bears = [a for a in actions if isinstance(a, PlaceBear)]
            if bears:
                return max(bears, key=lambda a: (len(g._bear_tiles(a.player, g.valley(a.player).index[(a.x, a.y)])), self.rng.random()))
            removals = [a for a in actions if isinstance(a, RemoveBear)]
            return removals[0] if removals else SkipBonus()
        if g.phase == "fight":
            others = [a for a in actions if isinstance(a, PlaceFightToken) and a.tile not in g.pools[p]]
            return self.rng.choice(others) if others else SkipBonus()
        if g.phase == "ritual":
            takes = [a for a in actions if not isinstance(a, SkipBonus)]
            # a token from a cave also makes that cave open to any scene; camp and fire tokens pay
            return max(takes, key=lambda a: (self._token_worth(g, p, a), self.rng.random())) if takes else SkipBonus()
        if g.phase == "choose_bonus":
            return next(a for a in actions if isinstance(a, ResolveBonus))
        useful = [a for a in actions if not isinstance(a, (SkipBonus, UseMountainToken))]
        return self.rng.choice(useful or actions)


    @staticmethod
    def _token_worth(g: Sapiens, p: str, action: Action) -> int:
        if isinstance(action, TakeMountainToken):
            scene = g.valley_contents(p)["tokens"].get((action.x, action.y), "")
        else:
            scene = getattr(action, "scene", "")
        return {"camp": 3, "fire": 2, "ritual": 2, "hunt": 1}.get(scene, 0)

    def _refill(self, g: Sapiens, p: str, refills: list) -> Action:
        """Take the common tiles that fit the tribe now (most placements first)."""
        if len(refills) == 1:
            return refills[0]
        v = g.valley(p)
        board, bears, tokens = g._own_board(p), g._own_bears(p), g._own_tokens(p)
        fit = Counter(t for t, *_ in regular_placements(
            v, board, bears, g._tribe[p], [g.components.tiles[t] for t in g.pools["common"]], tokens, picking_on_plain=False))
        return max(refills, key=lambda a: (sum(min(fit[t], 4) for t in a.take), self.rng.random()))


def gain(g: Sapiens, p: str, action: PlaceTile | Abandon) -> float:
    """Immediate worth of a placement: food of connected halves, cave shelter, camp and picking, weighted
    to the weaker track, plus a little for keeping open squares."""
    v = g.valley(p)
    a = v.index[(action.x, action.y)]
    dx, dy = STEPS[action.rotation]
    b = v.index[(action.x + dx, action.y + dy)]
    scenes = g.tile(action.tile)
    food = shelter = 0.0
    if isinstance(action, PlaceTile) and g.phase == "main":
        for s, scene, other in ((a, scenes[0], b), (b, scenes[1], a)):
            if any((p, n) in g._board for n in v.neighbours[s] if n != other):
                food += v.food[s] + (1 if scene == "picking" else 0)
                shelter += 3 if scene == "camp" else 0
                food += {"hunt": 1.5, "feast": 1.5, "ritual": 1.0, "fire": 1.0}.get(scene, 0.5)
    for s in (a, b):
        if v.kind[s] == CAVE:
            high, low = v.shelter[s]  # type: ignore[misc]
            shelter += low if isinstance(action, Abandon) or (p, s) not in g._tokens else high
    f, sh = g.food[p], g.shelter[p]
    wf, ws = (1.0, 0.7) if f <= sh else (0.7, 1.0)
    return wf * food + ws * shelter + 0.05 * g._frontier_size(p)


def mobility(g: Sapiens, p: str, action: PlaceTile | Abandon) -> float:
    """How many of the other pool tiles could still be placed after ``action`` (-3 if none)."""
    v = g.valley(p)
    a = v.index[(action.x, action.y)]
    dx, dy = STEPS[action.rotation]
    b = v.index[(action.x + dx, action.y + dy)]
    tribe = g._tribe[p] + (1 if isinstance(action, Abandon) else 0)
    board = g._own_board(p)
    scenes = g.tile(action.tile)
    board[a] = (action.tile, scenes[0], tribe)
    board[b] = (action.tile, scenes[1], tribe)
    tokens = {s: sc for s, sc in g._own_tokens(p).items() if s not in (a, b)}
    rest = [g.components.tiles[t] for t in g.pools[p] if t != action.tile]
    fits = {t for t, *_ in regular_placements(v, board, g._own_bears(p), tribe, rest, tokens, picking_on_plain=False)}
    return float(len(fits)) if fits else -3.0


def _play(g: Sapiens, agents: Mapping[str, Any], limit: int = 5000) -> None:
    for _ in range(limit):
        if g.is_over:
            return
        g.apply(agents[g.current_player].choose(g))  # type: ignore[index]
    raise RuntimeError("a simulated Sapiens game did not end")


class _RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Sapiens) -> Action:
        return self.rng.choice(g.legal_actions())


def fairness_checks(components: str | PurePath | Mapping[str, Any] = "reconstruction", seed: int = 0, *,
                    games: int = 30, face_games: int = 0, random_games: int | None = None) -> FairnessReport:
    """Run M1-M6 on a components set: ``games`` greedy games per player count (2, 3, 4),
    ``face_games`` extra games per player count for M4 (face balance; the spec asks 600),
    ``random_games`` random games per player count (default ``games // 2``) that must finish."""
    name = str(components) if not isinstance(components, Mapping) else "a components mapping"
    option = components if isinstance(components, (str, PurePath)) else "reconstruction"
    report = FairnessReport(name, games)
    no_start = player_games = abandoned = 0
    scene_share: Counter[str] = Counter()
    face_scores: dict[str, list[int]] = defaultdict(list)
    foods, shelters, winners_scores = [], [], []
    rng = random.Random(seed)

    def new(players: int) -> Sapiens:
        return Sapiens(players=players, seed=rng.getrandbits(32), components=option)

    for players in (2, 3, 4):
        for n in range(games + face_games):
            g = new(players)
            agents = {p: GreedyPlayer(rng.getrandbits(32)) for p in g.players}
            _play(g, agents)
            for p in g.players:
                for face in g._valleys[p]:
                    face_scores[face].append(g.scores[p])
            if n >= games:
                continue
            player_games += players
            texts = [str(e) for e in g.events()]
            for p in g.players:
                first = next(t for t in texts if t.startswith(f"{p} lays tile"))
                if first.endswith("(new tribe)"):  # AMB-23: no starting cave matched
                    no_start += 1
            for p in g.players:
                if any(str(e).startswith(f"{p} abandons") for e in g.events()):
                    abandoned += 1
            for e in g.events():
                if isinstance(e, FoodScored) and e.what == "squares":
                    scene_share[e.detail.split()[0]] += 1
            for p in g.players:
                foods.append(g.food[p])
                shelters.append(g.shelter[p])
            winners_scores.append(max(g.scores.values()))
    total = sum(scene_share.values()) or 1
    report.rows.append(Metric("M1", "player-games with no legal starting placement", f"{no_start / max(player_games, 1):.1%}",
                              "< 1%", no_start / max(player_games, 1) < 0.01))
    random_ok = True
    for players in (2, 3, 4):
        for _ in range(games // 2 if random_games is None else random_games):
            g = new(players)
            try:
                _play(g, {p: _RandomPlayer(rng.getrandbits(32)) for p in g.players})
            except RuntimeError:
                random_ok = False
    share = abandoned / max(player_games, 1)
    report.rows.append(Metric("M2", "greedy player-games with an abandonment; random games finish",
                              f"{share:.1%}, random games {'finish' if random_ok else 'DO NOT finish'}",
                              "< 25% and finish", share < 0.25 and random_ok))
    shares = {s: scene_share[s] / total for s in SCENES}
    low, high = 0.75 / 8, 1.25 / 8
    report.rows.append(Metric("M3", "scene shares of connected halves",
                              " ".join(f"{s} {v:.3f}" for s, v in shares.items()),
                              f"each {low:.3f}-{high:.3f}", all(low <= v <= high for v in shares.values())))
    if face_games:
        overall = sum(sum(v) for v in face_scores.values()) / max(1, sum(len(v) for v in face_scores.values()))
        devs = {f: sum(v) / len(v) - overall for f, v in face_scores.items() if v}
        worst = max(devs.values(), key=abs) if devs else 0.0
        report.rows.append(Metric("M4", "face mean score minus overall mean",
                                  f"{min(devs.values()):+.2f}..{max(devs.values()):+.2f}", "within +-1.0", abs(worst) <= 1.0))
    else:
        report.rows.append(Metric("M4", "face balance", "not run (face_games=0)", "within +-1.0 with 600 games", True))
    mf, ms = sum(foods) / len(foods), sum(shelters) / len(shelters)
    mw = sum(winners_scores) / len(winners_scores)
    report.rows.append(Metric("M5", "greedy mean food / shelter / winner's score", f"{mf:.1f} / {ms:.1f} / {mw:.1f}",
                              "food and shelter 24-34, gap <= 4, winner 26-34",
                              24 <= mf <= 34 and 24 <= ms <= 34 and abs(mf - ms) <= 4 and 26 <= mw <= 34))
    turns_ok, counted = True, 0
    for players in (2, 3, 4):
        for _ in range(max(3, games // 3)):
            g = new(players)
            _play(g, {p: GreedyPlayer(rng.getrandbits(32), feast=False) for p in g.players})
            if g.out:
                continue
            counted += 1
            if set(g.turns_played.values()) != {11}:
                turns_ok = False
    report.rows.append(Metric("M6", "turns per player with no Feast extra tile and nobody out",
                              f"{'11 in every game' if turns_ok else 'not always 11'} ({counted} games)", "exactly 11",
                              turns_ok and counted > 0))
    return report
