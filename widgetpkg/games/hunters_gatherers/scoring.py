"""Scoring, read-only: each function looks at the game and returns explained ``Scored`` events.

The game applies the events (adds the points, returns meeples); ``projected_scores`` calls the
same final-scoring code without applying anything, so the projection can never drift from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from ...core import Scored, Term
from . import words
from .areas import Area, Cell, find

if TYPE_CHECKING:
    from .game import HuntersGatherers

_BLOCK = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))


def _noun(count: int, singular: str, plural: str | None = None) -> str:
    return singular if count == 1 else (plural or singular + "s")


def majority(game: HuntersGatherers, nodes: Iterable[int]) -> list[str]:
    """Players with the most figures on ``nodes`` (all of them on a tie), in seat order."""
    counts: dict[str, int] = {}
    figures = game._figures
    for n in nodes:
        player = figures[n][0]
        counts[player] = counts.get(player, 0) + 1
    if not counts:
        return []
    best = max(counts.values())
    return [p for p in game.players if counts.get(p) == best]


def _cells(game: HuntersGatherers, tile_ids: Iterable[int]) -> tuple[Cell, ...]:
    """The cells of these tiles, north to south, west to east (the refs of a scoring event)."""
    return tuple(sorted((game._tile_cell[t] for t in tile_ids), key=lambda c: (c[1], c[0])))


def _holders(game: HuntersGatherers, nodes: Iterable[int]) -> dict[str, int]:
    """Figures on ``nodes`` by player, in seat order."""
    held = Counter(game._figures[n][0] for n in nodes)
    return {p: held[p] for p in game.players if held[p]}


def _detail(game: HuntersGatherers, area: Area, role: str, *, system: bool = False) -> str:
    """'the forest on the start tile, held by Red's gatherer': which area, and who wins it."""
    name = words.node_name(game, words.area_node(game, area, system=system), system=system, distinct=True)
    return f"{name}, {words.held_by(_holders(game, area.figures), role)}" if area.figures else name


@dataclass(frozen=True)
class Valuation:
    """What an area is worth now and to whom: the scoring equation before it becomes events."""

    what: str
    scorers: tuple[str, ...]
    terms: tuple[Term, ...]
    detail: str = ""
    cells: tuple[Cell, ...] = ()

    @property
    def points(self) -> int:
        return sum(t.count * t.factor for t in self.terms)

    def events(self) -> list[Scored]:
        return [Scored(p, self.what, self.terms, self.detail, self.cells) for p in self.scorers]


def value_forest(game: HuntersGatherers, area: Area) -> Valuation:
    """A forest's worth once completed: 2 per tile plus its mushrooms, for the gatherers' majority."""
    rules = game.rules
    tiles = len(area.tiles)
    terms = [Term(tiles, _noun(tiles, "tile"), rules.forest_tile_points)]
    mushrooms = area.count("mushrooms")
    if mushrooms:
        terms.append(Term(mushrooms, _noun(mushrooms, "mushroom group"), rules.mushroom_points))
    return Valuation("forest", tuple(majority(game, area.figures)), tuple(terms), _detail(game, area, "gatherer"),
                     _cells(game, area.tiles))


def value_river(game: HuntersGatherers, area: Area) -> Valuation:
    """A river's worth once completed: 1 per tile plus the fish in it and in the lakes closing it."""
    lake_fish = sum(game._node_feature[lake].fish for lake in area.lakes)
    tiles = len(area.tiles)
    terms = (Term(tiles, _noun(tiles, "tile"), game.rules.river_tile_points), Term(area.fish + lake_fish, "fish", 1))
    return Valuation("river", tuple(majority(game, area.figures)), terms, _detail(game, area, "fisher"),
                     _cells(game, area.tiles))


def forest(game: HuntersGatherers, area: Area) -> list[Scored]:
    return value_forest(game, area).events()


def river(game: HuntersGatherers, area: Area) -> list[Scored]:
    return value_river(game, area).events()


def logboat(game: HuntersGatherers, lake_node: int, player: str) -> Scored:
    system = game._system[find(game._sys_parent, lake_node)]
    cells = _cells(game, {game.tileset.node_tiles[lake].id for lake in system.lakes})
    lakes = len(system.lakes)
    detail = f"the logboat's lake is part of {words.node_name(game, lake_node, system=True, distinct=True)}"
    return Scored(player, "logboat", (Term(lakes, _noun(lakes, "lake") + " in its river system", 2),), detail, cells)


def _animals_counted(counts: tuple[int, int, int, int], doubled: tuple[int, int, int, int],
                     tigers: int) -> tuple[tuple[tuple[int, str, int], ...], int]:
    """``(number, animal, multiplier)`` left to score after ``tigers`` eat deer, those outside the
    pit trap's block (``doubled``) first; and how many deer were eaten."""
    mammoths, aurochs, deer, _ = counts
    deer_near = doubled[2]
    eaten_far = min(tigers, deer - deer_near)
    eaten_near = min(tigers - eaten_far, deer_near)
    counted = ((mammoths - doubled[0], "mammoth", 1), (aurochs - doubled[1], "aurochs", 1),
               (deer - deer_near - eaten_far, "deer", 1), (doubled[0], "mammoth", 2), (doubled[1], "aurochs", 2),
               (deer_near - eaten_near, "deer", 2))
    return counted, eaten_far + eaten_near


def _animal_terms(game: HuntersGatherers, counted: tuple[tuple[int, str, int], ...], tigers: int,
                  eaten: int) -> tuple[list[Term], str]:
    points = game.rules.animal_points
    terms = [Term(n, _noun(n, name, name if name != "mammoth" else None) + " at the pit trap" * (factor == 2),
                  factor * points[name]) for n, name, factor in counted if n]
    tiger_words = words.count(tigers, "tiger")
    note = ("" if not tigers else f"{tiger_words} ate {eaten} deer" if eaten
            else f"{tiger_words} found no deer to eat")
    if not terms:  # the event stays (the hunters' majority scored), and says it is worth nothing
        note = f"{note}, so nothing is left to hunt" if note else "no animals to hunt, so it is worth nothing"
    return terms or [Term(0, "animals", 1)], note


def _block_counts(game: HuntersGatherers, centres: Iterable[Cell], root: int) -> tuple[tuple[int, int, int, int], list[int]]:
    """Uncovered animals on the 3x3 blocks around ``centres`` that lie in the meadow ``root``."""
    seen: set[int] = set()
    totals = [0, 0, 0, 0]
    for cx, cy in centres:
        for dx, dy in _BLOCK:
            cell = (cx + dx, cy + dy)
            placed = game._board.get(cell)
            if placed is None:
                continue
            tile = placed.tile
            base = tile.node_base
            for index, f in enumerate(tile.features):
                node = base + index
                if f.type != "meadow" or node in seen or node in game._covered or find(game._parent, node) != root:
                    continue
                seen.add(node)
                for a, n in enumerate(tile.animal_counts[index]):
                    totals[a] += n
    return tuple(totals), sorted(seen)  # type: ignore[return-value]


def hunting_trap(game: HuntersGatherers, meadow_node: int, player: str) -> tuple[Scored | None, list[int]]:
    """The trap's minor grassland scoring: the score (None if nothing to catch) and the nodes to cover."""
    root = find(game._parent, meadow_node)
    counts, nodes = _block_counts(game, [game._cell_of(meadow_node)], root)
    if not any(counts):
        return None, nodes
    fire = game._area[root].count("wild_fire") and game.rules.fire_stops_trap_tigers
    tigers = 0 if fire else counts[3]
    counted, eaten = _animals_counted(counts, (0, 0, 0, 0), tigers)
    terms, note = _animal_terms(game, counted, tigers, eaten)
    cells = _cells(game, {game.tileset.node_tiles[n].id for n in nodes})
    covered = f"the trap takes the animals of {words.count(len(cells), 'tile')} out of the grassland"
    detail = "; ".join(filter(None, [note, "the wild fire chased the tigers away" if fire and counts[3] else "",
                                     covered]))
    return Scored(player, "hunting trap", tuple(terms), detail, cells), nodes


def value_meadow(game: HuntersGatherers, root: int, area: Area, explain: bool = True) -> Valuation:
    """A grassland's worth at final scoring, for the hunters' majority (or the shrine's hunter).
    Without ``explain`` the valuation holds the points only (for fast projections)."""
    at_shrine = [n for n in area.figures if game._node_feature[n].special == "shrine"]
    scorers = tuple(majority(game, at_shrine or area.figures))
    tigers = area.animals[3]
    fire = area.count("wild_fire") > 0
    pits = [game._tile_cell[t] for name, t in area.specials if name == "pit_trap"]
    doubled = _block_counts(game, pits, root)[0] if pits else (0, 0, 0, 0)
    counted, eaten = _animals_counted(area.animals, doubled, 0 if fire else tigers)
    if not explain:
        points = game.rules.animal_points
        value = sum(n * factor * points[name] for n, name, factor in counted)
        return Valuation("grassland", scorers, (Term(value, "points", 1),))
    terms, note = _animal_terms(game, counted, 0 if fire else tigers, eaten)
    name = words.node_name(game, root, distinct=True)
    held = words.held_by(_holders(game, area.figures), "hunter") if area.figures else ""
    notes = [f"{name}, {held}" if held else name, note,
             f"the wild fire chased {words.count(tigers, 'tiger')} away" if fire and tigers else ""]
    if at_shrine:
        shrine = words.held_by(_holders(game, at_shrine), "hunter").removeprefix("held by ").removeprefix("where ")
        notes.append(f"{shrine} at the sacred shrine {words.agree(scorers, 'scores', 'score')} alone")
    return Valuation("grassland", scorers, tuple(terms), "; ".join(filter(None, notes)), _cells(game, area.tiles))


def value_system(game: HuntersGatherers, area: Area, explain: bool = True) -> Valuation:
    """A river system's worth at final scoring, for the huts' majority."""
    terms = [Term(area.fish, "fish", 1)]
    rafts = area.count("raft")
    if rafts:
        terms.append(Term(len(area.lakes), _noun(len(area.lakes), "lake") + " (raft)", rafts))
    scorers = tuple(majority(game, area.figures))
    if not explain:
        return Valuation("river system", scorers, tuple(terms))
    detail = _detail(game, area, "hut", system=True)
    if not area.fish and not rafts:
        detail += "; no fish in it, so it is worth nothing"
    return Valuation("river system", scorers, tuple(terms), detail, _cells(game, area.tiles))


def final(game: HuntersGatherers, explain: bool = True) -> list[Scored]:
    """Huts on river systems, then hunters on grasslands, as if the game ended now."""
    systems, meadows = set(), set()
    for node, (_, role) in game._figures.items():
        if role == "hut":
            systems.add(find(game._sys_parent, node))
        elif role == "hunter":
            meadows.add(find(game._parent, node))
    events: list[Scored] = []
    for root in sorted(systems):
        events += value_system(game, game._system[root], explain).events()  # type: ignore[arg-type]
    for root in sorted(meadows):
        events += value_meadow(game, root, game._area[root], explain).events()
    return events
