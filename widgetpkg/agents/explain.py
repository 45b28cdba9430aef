"""Hints: an agent's top choices with their estimated value and the reasons behind each, in words.

The reasons are the game's own: ``game.heuristic_terms(player)`` splits the estimate a game gives
its agents into named terms with words ("expected from the forest with 2 tools"); a choice's
reasons are the terms that change most between the position now and the position its turn leads
to. The agents know no game: the words come from each game's ``heuristic.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core import Action, Game

#: a term must move by at least this many points to be named as a reason
MIN_REASON = 0.5
MAX_REASONS = 3


@dataclass(frozen=True)
class Choice:
    """One move an agent considers: the action, its estimated value (the final score margin the
    agent expects over the best opponent, in points) and the reasons for it, short sentences.

    >>> print(Choice("Place 4 people in the forest", 12.5, ("+9 expected from the forest",)))
    Place 4 people in the forest (estimated margin +12.5): +9 expected from the forest
    """

    action: Action
    value: float
    reasons: tuple[str, ...] = ()

    def __str__(self) -> str:
        why = "; ".join(self.reasons) if self.reasons else "changes little"
        return f"{self.action} (estimated margin {self.value:+.1f}): {why}"


def reasons(before: Game, after: Game, player: str) -> tuple[str, ...]:
    """What changed in ``player``'s estimate from ``before`` to ``after``, largest terms first."""
    old = before.heuristic_terms(player)
    new = after.heuristic_terms(player)
    changes = []
    for key in new.keys() | old.keys():
        points, words = new.get(key) or (0.0, old[key][1])
        delta = points - old.get(key, (0.0, ""))[0]
        if abs(delta) >= MIN_REASON:
            changes.append((abs(delta), delta, words))
    changes.sort(key=lambda c: (-c[0], c[2]))
    said = [f"{delta:+.0f} {words}" for _, delta, words in changes[:MAX_REASONS]]
    rivals = [p for p in before.players if p != player]
    if rivals:
        was, now = before.heuristic_scores(), after.heuristic_scores()
        rival = max(rivals, key=lambda p: now[p])
        shift = now[rival] - was[rival]
        if abs(shift) >= 2.0:
            said.append(f"{rival}'s estimate {shift:+.0f}")
    return tuple(said)


def own_turn_line(sim: Game, action: Action, value_of: Callable[[Game, Sequence[Action]], list[float]],
                  player: str, depth: int) -> int:
    """Apply ``action`` to ``sim``, then the best next action by ``value_of`` while ``player``'s
    turn goes on (at most ``depth`` actions in all); return how many were applied (to undo)."""
    turn = sim.turn
    sim.apply(action)
    applied = 1
    while applied < depth and not sim.is_over and sim.turn == turn and sim.current_player == player:
        follow = sim.legal_actions()
        if not follow:
            break
        values = value_of(sim, follow)
        sim.apply(follow[values.index(max(values))])
        applied += 1
    return applied


def explain_ranked(game: Game, ranked: Sequence[tuple[Action, float]], player: str, sim: Game,
                   value_of: Callable[[Game, Sequence[Action]], list[float]], depth: int) -> list[Choice]:
    """``ranked`` (action, value) pairs as choices, in the given order, each with the reasons its
    own-turn line gives (played on ``sim``, a copy of ``game`` whose hidden parts are redrawn)."""
    choices = []
    for action, value in ranked:
        applied = own_turn_line(sim, action, value_of, player, depth)
        why = reasons(game, sim, player)
        for _ in range(applied):
            sim.undo()
        choices.append(Choice(action, float(value), why))
    return choices
