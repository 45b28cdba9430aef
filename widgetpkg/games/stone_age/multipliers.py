"""What each player's cards will score at the end, and what one more card would add: the Stone Age
inspector's explanation of final scoring, computed with the rules' own final scoring.

>>> import widgetpkg as wp
>>> g = wp.new_game("stone-age", players=["Ann", "Bob"], seed=1)
>>> rows = scoring_rows(g, "Ann")
>>> [(r.what, r.now, r.one_more) for r in rows][:2]
[('culture', 0, 1), ('farmer', 0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...ui.contract import esc
from ...ui.inspector import InspectorView, Item
from ...ui.palette import INK, seat_colour
from .data import Card
from .game import StoneAge
from .pictures import MULTIPLIES, multiplier_name
from .rules import final_scoring

CATEGORIES = ("farmer", "tool_maker", "hut_builder", "shaman")


@dataclass(frozen=True)
class ScoringRow:
    """One kind of card bottom for one player: how many, what they score now, what one more adds."""

    what: str            # "culture" or a multiplier category
    held: int            # culture: different symbols held; multiplier: persons on the cards
    factor: int          # culture: 0; multiplier: what each person multiplies (field level, tools, ...)
    now: int
    one_more: int        # culture: a new symbol; multiplier: one more person of this kind
    words: str


def _final(game: StoneAge, player: str, cards: Iterable[Card]) -> dict[str, int]:
    """Final-scoring points by category for ``cards`` and the player's present position."""
    goods = tuple(game.resources(player).values())
    events = final_scoring(player, cards, goods=goods, agriculture=game.agriculture(player), tools=game.tools(player),
                           people=game.people(player), buildings=len(game.buildings(player)),
                           kept=sum(game.vouchers(player)))
    return {e.what: e.points for e in events}


def scoring_rows(game: StoneAge, player: str) -> list[ScoringRow]:
    """The culture row and one row per multiplier figure, exact from the rules' final scoring."""
    cards = [game.data.cards[c] for c in game.cards(player)]
    base = _final(game, player, cards)
    symbols = sorted({c.bottom[1] for c in cards if c.green})
    every_symbol = sorted({c.bottom[1] for c in game.data.cards.values() if c.green})
    missing = [s for s in every_symbol if s not in symbols]
    new_symbol = missing[0] if missing else (symbols[0] if symbols else every_symbol[0])
    with_new = _final(game, player, [*cards, Card("?", ("food", "", 0), ("culture", new_symbol, 0))])
    culture_now = base.get("culture", 0)
    rows = [ScoringRow("culture", len(symbols), 0, culture_now, with_new.get("culture", 0) - culture_now,
                       f"{len(symbols)} different symbols ({', '.join(symbols) or 'none'}): {culture_now} points; "
                       f"a new symbol would add {with_new.get('culture', 0) - culture_now}")]
    factor = {"farmer": game.agriculture(player), "tool_maker": game.tools(player),
              "hut_builder": len(game.buildings(player)), "shaman": game.people(player)}
    for category in CATEGORIES:
        persons = sum(c.bottom[2] for c in cards if c.bottom[:2] == ("multiplier", category))
        label = {"farmer": "farmers", "tool_maker": "tool makers", "hut_builder": "hut builders",
                 "shaman": "shamans"}[category]
        now = base.get(label, 0)
        more = _final(game, player, [*cards, Card("?", ("food", "", 0), ("multiplier", category, 1))]).get(label, 0)
        rows.append(ScoringRow(category, persons, factor[category], now, more - now,
                               f"{multiplier_name(category, persons) if persons else 'no ' + label}"
                               f" × {MULTIPLIES[category]} {factor[category]} = {now} points; "
                               f"one more {multiplier_name(category, 0)} would add {more - now}"))
    return rows


class StoneAgeInspector(InspectorView):
    """Each player's final scoring: one dot per player; its details explain every card bottom."""

    title = "Final scoring"
    categories = ("players",)
    sorts = ("seat",)

    def layout(self, game: StoneAge, width: int, height: int) -> None:
        self.game = game
        n = max(1, game.n)
        self.items = [Item(p, "players", width * (i + 0.5) / n, height / 2, min(24.0, width / (3 * n)), p)
                      for i, p in enumerate(game.players)]

    def draw(self, painter, *, shown, selected) -> None:  # type: ignore[no-untyped-def]
        for item in self.items:
            colour = self.colours.get(str(item.key)) or seat_colour(str(item.key), self.game.players)
            painter.circle(item.x, item.y, item.r, fill=colour, stroke=INK, width=3 if item.key == selected else 1)
            painter.text(item.x, item.y + item.r + 10, str(item.key), size=12, fill=INK)

    def details_html(self, key) -> str:  # type: ignore[no-untyped-def]
        if key not in self.game.players:
            return ""
        lines = "".join(f"<li>{esc(r.words)}</li>" for r in scoring_rows(self.game, key))
        return f"<b>{esc(key)}</b><ul>{lines}</ul>"

    def table_html(self, *, shown, sort, selected) -> str:  # type: ignore[no-untyped-def]
        head = "<tr><th>Player</th><th>Culture</th>" + "".join(
            f"<th>{esc(multiplier_name(c, 0))}</th>" for c in CATEGORIES) + "</tr>"
        body = ""
        for p in self.game.players:
            cells = "".join(f"<td title='{esc(r.words)}'>{r.now} (+{r.one_more})</td>" for r in scoring_rows(self.game, p))
            body += f"<tr><td>{esc(p)}</td>{cells}</tr>"
        return (f"<table>{head}{body}</table><p>Each cell: points now (what one more new symbol or one more "
                f"person of that kind would add).</p>")
