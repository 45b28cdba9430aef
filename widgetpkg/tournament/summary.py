"""What a tournament's results say: win rates with confidence intervals, ratings, mean scores, a chart.

A game's winners share the win (two winners: half a win each). The rating is the Bradley-Terry
model fitted to every pair of seats in every game (the better placed seat wins the pair: a winner
beats a non-winner, then the higher score, equal is a draw), on the Elo scale (400 points: ten to
one odds) with the mean at 1500. Fitting all games at once, instead of updating game by game,
makes the rating independent of the order in which parallel games finished.

>>> results = [{"seats": {"A": "x", "B": "y"}, "scores": {"A": 5, "B": 3}, "winners": ["A"]},
...            {"seats": {"A": "y", "B": "x"}, "scores": {"A": 2, "B": 4}, "winners": ["B"]},
...            {"seats": {"A": "x", "B": "y"}, "scores": {"A": 1, "B": 3}, "winners": ["B"]}]
>>> table = summarise(results, ("x", "y"))
>>> table["x"]["games"], round(table["x"]["win_rate"], 3), table["x"]["mean_score"]
(3, 0.667, 3.333)
>>> table["x"]["elo"] > 1500 > table["y"]["elo"]
True
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (sound near 0 and 1, unlike the normal one)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _placing(result: dict[str, Any], player: str) -> tuple[bool, float]:
    return (player in result["winners"], result["scores"][player])


def pair_outcomes(results: Sequence[dict[str, Any]]) -> list[tuple[str, str, float]]:
    """``(agent, other, points)`` for every pair of seats of different agents: 1 win, 0.5 draw, 0 loss."""
    pairs = []
    for result in results:
        seats = result["seats"]
        players = list(seats)
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                if seats[a] == seats[b]:
                    continue
                pa, pb = _placing(result, a), _placing(result, b)
                pairs.append((seats[a], seats[b], 1.0 if pa > pb else 0.0 if pa < pb else 0.5))
    return pairs


def elo(results: Sequence[dict[str, Any]], agents: Sequence[str], *, iterations: int = 500) -> dict[str, float]:
    """Bradley-Terry strengths on the Elo scale, mean 1500. Each agent also draws one virtual game
    against an average opponent, so that an agent that never lost still gets a finite rating."""
    wins = {a: 0.5 for a in agents}                       # the virtual draw's half point
    meetings: dict[tuple[str, str], float] = {}
    for a, b, points in pair_outcomes(results):
        wins[a] += points
        wins[b] += 1 - points
        key = (a, b) if a < b else (b, a)
        meetings[key] = meetings.get(key, 0.0) + 1
    strength = dict.fromkeys(agents, 1.0)
    for _ in range(iterations):  # Hunter's MM iteration, which converges for this model
        new = {}
        for a in agents:
            denominator = 1 / (strength[a] + 1.0)            # the virtual game against strength 1
            for (x, y), count in meetings.items():
                if a in (x, y):
                    other = y if a == x else x
                    denominator += count / (strength[a] + strength[other])
            new[a] = wins[a] / denominator
        mean_log = statistics.fmean(math.log(v) for v in new.values())
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: 1500 + 400 * math.log10(strength[a]) for a in agents}


def summarise(results: Sequence[dict[str, Any]], agents: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Per agent: seats played, wins (shared), win rate and its 95 % interval, mean score, rating."""
    table: dict[str, dict[str, Any]] = {}
    ratings = elo(results, agents)
    for agent in agents:
        seats = [(r, p) for r in results for p, a in r["seats"].items() if a == agent]
        wins = sum(1 / len(r["winners"]) for r, p in seats if p in r["winners"])
        scores = [r["scores"][p] for r, p in seats]
        low, high = wilson(wins, len(seats))
        table[agent] = {
            "games": len(seats), "wins": round(wins, 3), "win_rate": wins / len(seats) if seats else 0.0,
            "win_rate_95": (round(low, 3), round(high, 3)),
            "mean_score": round(statistics.fmean(scores), 3) if scores else 0.0,
            "score_sd": round(statistics.stdev(scores), 3) if len(scores) > 1 else 0.0,
            "elo": round(ratings[agent], 1),
        }
    return table


def report(table: dict[str, dict[str, Any]]) -> str:
    """The summary as a text table, best rating first."""
    lines = [f"{'agent':<10} {'seats':>6} {'wins':>7} {'win rate (95% interval)':>26} {'mean score':>11} {'Elo':>7}"]
    for agent, row in sorted(table.items(), key=lambda item: -item[1]["elo"]):
        low, high = row["win_rate_95"]
        interval = f"{row['win_rate']:.1%} ({low:.1%}-{high:.1%})"
        lines.append(f"{agent:<10} {row['games']:>6} {row['wins']:>7g} {interval:>26} {row['mean_score']:>11.1f} "
                     f"{row['elo']:>7.0f}")
    return "\n".join(lines)


def chart(table: dict[str, dict[str, Any]], path: Path, title: str) -> Path:
    """Win rates with their 95 % intervals and the ratings, as a picture (PNG, SVG or PDF by suffix)."""
    import matplotlib
    matplotlib.use("Agg")  # no display needed: a file is written
    import matplotlib.pyplot as plt

    agents = sorted(table, key=lambda a: -table[a]["elo"])
    rates = [table[a]["win_rate"] for a in agents]
    errors = [[r - table[a]["win_rate_95"][0] for a, r in zip(agents, rates)],
              [table[a]["win_rate_95"][1] - r for a, r in zip(agents, rates)]]
    figure, axes = plt.subplots(figsize=(max(4.0, 1.3 * len(agents) + 2), 3.6))
    labels = [f"{a}\nElo {table[a]['elo']:.0f}" for a in agents]
    axes.bar(labels, rates, yerr=errors, capsize=6, color="#6a8f4e")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95 % interval)")
    axes.set_title(title, fontsize=10)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return path
