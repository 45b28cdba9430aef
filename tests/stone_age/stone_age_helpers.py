"""Small helpers for Stone Age scenario tests: positions set up through ``edit()``."""

from __future__ import annotations

from typing import Any

import widgetpkg as wp
from widgetpkg.games.stone_age import Decline, Resolve, StoneAge

PLAYERS4 = ["A", "B", "C", "D"]


def new(players: Any = PLAYERS4, *, seed: int = 7, variants: dict[str, bool] | None = None, **options: Any) -> StoneAge:
    return wp.new_game("stone-age", players=players, seed=seed, variants=variants or {}, **options)


def holdings(g: StoneAge, player: str, **values: Any) -> None:
    """Set a player's holdings: food, wood/clay/stone/gold, people, agriculture, tools, cards, score..."""
    with g.edit() as s:
        state = s.players[player]
        for key, value in values.items():
            if key in state.resources:
                state.resources[key] = value
            else:
                setattr(state, key, value)
        if "people" in values and s.phase == "placement" and not s.placed:
            state.home = values["people"]
        # buildings now held leave the stacks
        for b in values.get("buildings", ()):
            for stack in s.stacks.values():
                if b in stack:
                    stack.remove(b)
                    break
        # cards now held leave the display and the deck; fresh deck cards take their slots
        held = {c for p in s.players.values() for c in p.cards}
        s.deck = [c for c in s.deck if c not in held]
        for i, c in enumerate(s.display):
            if c in held:
                s.display[i] = s.deck.pop(0)


def resolving(g: StoneAge, player: str, placed: dict[str, int], *, last_round: bool = False, **edits: Any) -> None:
    """A position in resolution: ``player`` to resolve ``placed`` ({place: people}); nobody else placed."""
    with g.edit() as s:
        s.phase = "resolution"
        s.to_move = player
        s.placed = {(place, player): n for place, n in placed.items()}
        for p in s.players.values():
            p.home = 0
        s.last_round = last_round
        for key, value in edits.items():
            setattr(s, key, value)


def arrange(g: StoneAge, *, display: list[str | None] | None = None, deck_top: list[str] = (),
            stacks: dict[int, list[str]] | None = None) -> None:
    """Put cards on display and on top of the deck, and buildings in stacks, wherever they were."""
    with g.edit() as s:
        held = {c for p in s.players.values() for c in p.cards}
        every = [c for c in s.display if c] + s.deck
        if display is not None:
            s.display = list(display)
        shown = {c for c in s.display if c} | held
        s.deck = list(deck_top) + [c for c in every if c not in shown and c not in deck_top]
        for number, top in (stacks or {}).items():
            for other, stack in s.stacks.items():
                for b in top:
                    if other != number and b in stack:
                        stack.remove(b)
            rest = list(s.stacks[number])
            for b in top:
                if b in rest:
                    rest.remove(b)
            s.stacks[number] = list(top) + rest[: max(0, 7 - len(top))]


def end_round(g: StoneAge, player: str = "A", *, last_round: bool = False, hungry: tuple[str, ...] = ()) -> None:
    """Finish the round: ``player`` declines a card, everyone but ``hungry`` has plenty of food, next round or the end."""
    for p in g.players:
        if p not in hungry and g.food(p) < g.people(p):
            holdings(g, p, food=g.people(p) + 5)
    resolving(g, player, {"card:1": 1}, last_round=last_round)
    g.apply(Resolve("card:1"))
    g.apply(Decline())
