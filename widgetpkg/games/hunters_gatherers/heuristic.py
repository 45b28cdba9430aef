"""An estimate of final scores for search agents: what ``projected_scores`` misses.

Computer players (``widgetpkg.agents``) ask a game for ``heuristic_scores()`` and fall back to
``projected_scores()``; this is the Hunters & Gatherers one. The weights were measured in
self-play by the MCTS agent's author.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.info import Level
from .areas import find
from .scoring import forest_points, river_points

if TYPE_CHECKING:
    from .game import HuntersGatherers

#: the computer player's difficulty levels, read through the game's facts (``GameInfo.levels``):
#: easy slips by up to ``tolerance`` points a decision, normal plays the best estimate, hard searches
#: with greedy play-outs: a tile laid at random throws away so much that random play-outs made the
#: search weaker than normal (45 % of 40 games at 0.25 s a move), the greedy ones make it stronger
LEVELS = (
    Level("easy", "greedy", (("tolerance", 5.0), ("temperature", 2.0)), "Easy: a fair player who slips now and then"),
    Level("normal", "greedy", (), "Normal: always the best move by its estimate"),
    Level("hard", "mcts", (("seconds", 1.0), ("playout", "greedy")),
          "Hard: searches the replies for about a second a move"),
)


#: Weights of the Hunters & Gatherers estimate. ``reach_*``: how likely an unfinished forest or
#: river with 1, 2, 3 or more open ends gets finished if the pile were endless (measured in
#: self-play); ``tiles`` sets how fast that falls as the pile runs out (per open end);
#: ``meeple``/``hut``: a figure in the supply at the start of the game (fading to 0 at the end);
#: ``returns``: how much of that a gatherer or fisher still has, as it comes back when its
#: feature is finished. The figure values won 100-game self-play matches against their neighbours.
HG_WEIGHTS = {"reach_1": 0.88, "reach_2": 0.78, "reach_3": 0.35, "reach_more": 0.1, "tiles": 12.0,
              "meeple": 5.0, "hut": 3.5, "returns": 0.7}


Terms = dict[str, tuple[float, str]]


def heuristic_scores(game: HuntersGatherers, terms_of: str | None = None,
                     terms: Terms | None = None) -> dict[str, float]:
    """Projected scores, plus for each unfinished forest or river its value now times its chance
    of being finished, plus a value for figures in the supply that fades as the pile runs out.

    Greedy play on projected scores alone sees no value in a gatherer or fisher until its
    feature is finished, and none in keeping figures; this estimate is most of what MCTS gains.
    """
    scores = {p: float(v) for p, v in game.projected_scores().items()}
    if terms is not None and terms_of is not None:
        terms["score"] = (scores[terms_of], "points scored, with what final scoring would add now")
    if game.is_over:
        return scores
    w = HG_WEIGHTS
    reach = (1.0, w["reach_1"], w["reach_2"], w["reach_3"])
    tiles_left = len(game._regular)
    left = tiles_left / max(1, len(game.tileset.regular))  # 1 at the start, 0 at the end
    figures, parent, areas = game._figures, game._parent, game._area
    supply = {p: float(game._meeples[p]) for p in game.players}
    chance: dict[int, float] = {}  # by area root
    for node, (owner, role) in figures.items():
        if role != "gatherer" and role != "fisher":
            continue
        root = find(parent, node)
        p = chance.get(root)
        if p is None:
            area = areas[root]
            ends = area.open_ends
            # no open end: finished by the tile just placed, scored when the turn ends
            p = chance[root] = 1.0 if ends == 0 else \
                (reach[ends] if ends < 4 else w["reach_more"]) * (1.0 - math.exp(-tiles_left / (w["tiles"] * ends)))
            # the numbers scoring explains in words (scoring.value_forest / value_river)
            value = forest_points(game, area) if area.kind == "forest" else river_points(game, area)
            counts: dict[str, int] = {}
            for n in area.figures:
                counts[figures[n][0]] = counts.get(figures[n][0], 0) + 1
            most = max(counts.values())
            for player, count in counts.items():
                if count == most:
                    scores[player] += p * value
                    if player == terms_of and terms is not None:
                        key = f"open {area.kind}s"
                        was = terms.get(key, (0.0, ""))[0] + p * value
                        terms[key] = (was, f"likely from unfinished {area.kind}s you hold, by their chance "
                                           "of being finished")
        supply[owner] += p * w["returns"]
    for player in game.players:
        scores[player] += (supply[player] * w["meeple"] + game._huts[player] * w["hut"]) * left
    if terms is not None and terms_of is not None:
        terms["figures"] = (supply[terms_of] * w["meeple"] * left,
                            f"for figures in the supply or coming back ({game._meeples[terms_of]} at hand now)")
        terms["huts"] = (game._huts[terms_of] * w["hut"] * left, f"for {game._huts[terms_of]} huts still to place")
    return scores


def terms(game: HuntersGatherers, player: str) -> Terms:
    """``player``'s estimate in named terms, each (points, words), for hints; they add up to
    ``heuristic_scores(game)[player]``."""
    found: Terms = {}
    heuristic_scores(game, player, found)
    return found
