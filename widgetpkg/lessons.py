"""Lesson notebooks: the current position in the first cell, then one cell per step still ahead.

A teacher plays or scripts a game, steps back in its history to where the lesson should start
and exports it; students open the notebook and run the cells one by one. The steps ahead are the
ones ``redo`` would replay. The first cell writes the position as readable text with the tiles
that will be drawn (``next:``), so the notebook replays exactly the same game.

>>> import widgetpkg as wp
>>> g = wp.new_game("hunters-gatherers", seed=1)
>>> for _ in range(4):
...     _ = g.apply(g.legal_actions()[0])
>>> for _ in range(4):
...     _ = g.undo()
>>> nb = lesson_notebook(g, title="Four steps")
>>> len(nb.cells)  # title, set-up, board, then the four steps
7
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from .core import Action, Game

_IMPORTS = {
    "hunters-gatherers": "from widgetpkg.games.hunters_gatherers import (\n"
                         "    Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple, SetNextTile, SetPosition, position,\n)",
}


def _steps_ahead(game: Game) -> list[Action]:
    """The undone steps, in the order ``redo`` would replay them."""
    twin = game.clone()
    steps = []
    while twin.can_redo:
        twin.redo()
        steps.append(twin.history[-1].action)
    return steps


def _draws(game: Game, steps: list[Action]) -> list[int]:
    """Tiles drawn while ``steps`` are replayed, in draw order, starting with the tile placed first."""
    twin = game.clone()
    drawn: list[int] = []
    for action in steps:
        for event in twin.apply(action):
            tile = getattr(event, "tile", None)
            if type(event).__name__ in ("TilePlaced", "TileRemoved") and tile not in drawn:
                drawn.append(tile)
    return drawn


def _setup_code(game: Game, steps: list[Action]) -> tuple[str, list[Action]]:
    """Code that recreates the game at this point, and the steps the lesson still plays."""
    to_position = getattr(game, "to_position", None)
    if to_position is not None and game.phase == "place_tile" and not any(a.setup for a in steps):
        from .games.hunters_gatherers.notation import format_position, parse_position
        pos = parse_position(to_position())
        drawn = _draws(game, steps)
        if drawn:
            pos.hand, pos.next_tiles = drawn[0], drawn[1:]
        text = format_position(pos)
        return f'g = position("""\\\n{text}""", seed={game.seed})', steps
    # elsewhere (mid-turn, or steps that arrange draws or edit): replay the saved game exactly
    import json
    saved = json.loads(game.to_json())
    return f"g = wp.load_game({json.dumps(json.dumps(saved))})", steps


def _describe(action: Action) -> str:
    text = str(action)
    return text[:1].upper() + text[1:] + "."


def lesson_notebook(game: Game, *, title: str = "A lesson", intro: str = "") -> nbformat.NotebookNode:
    """A notebook that recreates ``game`` as it is now and plays the undone steps, one per cell."""
    steps = _steps_ahead(game)
    setup, steps = _setup_code(game, steps)
    imports = _IMPORTS.get(game.name, "")
    cells = [
        new_markdown_cell(f"# {title}\n\n{intro or 'Run the cells one by one and watch the board.'}\n\n"
                          f"{len(steps)} steps from here; `g` is the game (`g.undo()` takes a step back)."),
        new_code_cell(f"import widgetpkg as wp\n{imports}\n\n{setup}\n"
                      "print(g.current_player, 'to', g.phase.replace('_', ' '), '| scores:', g.scores)"),
        new_code_cell("g  # the board"),
    ]
    for number, action in enumerate(steps, 1):
        code = f"# step {number}: {_describe(action)}\nfor event in g.apply({action!r}):\n    print(event)"
        ends_turn = type(action).__name__ in ("Pass", "PlaceMeeple", "PlaceHut", "SetPosition")
        cells.append(new_code_cell(code + ("\ng" if ends_turn else "")))
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return new_notebook(cells=cells, metadata={"kernelspec": kernel})


def write_lesson(game: Game, path: str | Path, *, title: str = "A lesson", intro: str = "") -> Path:
    """Write ``lesson_notebook(game)`` to ``path`` (an .ipynb file)."""
    path = Path(path)
    if path.suffix != ".ipynb":
        raise ValueError(f"a lesson is a notebook: the file name must end in .ipynb, got {path.name!r}")
    nbformat.write(lesson_notebook(game, title=title, intro=intro), path)
    return path


__all__ = ["lesson_notebook", "write_lesson"]
