"""Lesson notebooks: the current position in the first cell, then one cell per step still ahead.

A teacher plays or scripts a game, steps back in its history to where the lesson should start
and exports it; students open the notebook and run the cells one by one. The steps ahead are the
ones ``redo`` would replay. Where the game can write its position with the draws ahead fixed
(``Game.lesson_position``), the first cell shows that readable text; elsewhere it replays the
saved game. Everything pasted into code is quoted by ``repr`` or JSON, whatever the names hold.

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

import json
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from .core import Action, Game, WidgetpkgError


def _steps_ahead(game: Game) -> list[Action]:
    """The undone steps, in the order ``redo`` would replay them."""
    twin = game.clone()
    steps = []
    while twin.can_redo:
        twin.redo()
        steps.append(twin.history[-1].action)
    return steps


def _quoted_lines(text: str, indent: str = "    ") -> str:
    """``text`` as a Python expression, one ``repr``-quoted line per line (safe for any content)."""
    lines = text.split("\n")
    return "\"\\n\".join([\n" + "".join(f"{indent}{line!r},\n" for line in lines) + "])"


def _setup_code(game: Game, steps: list[Action]) -> str:
    """Code that recreates the game at this point."""
    cls = type(game)
    text = game.lesson_position(steps)
    if text is not None:
        module = cls.__module__
        return (f"from {module} import {cls.__name__}\n\n"
                f"g = {cls.__name__}.from_position({_quoted_lines(text)}, seed={game.seed!r})")
    # mid-turn, or steps that arrange draws or edit: replay the saved game exactly
    saved = json.dumps(json.loads(game.to_json()))
    return f"g = wp.load_game({saved!r})"


def _describe(action: Action) -> str:
    text = str(action)
    return text[:1].upper() + text[1:] + "."


def _imports(steps: list[Action]) -> str:
    """Import lines for the action classes the steps use (by their own modules)."""
    by_module: dict[str, set[str]] = {}
    for action in steps:
        by_module.setdefault(type(action).__module__, set()).add(type(action).__name__)
    return "".join(f"from {m} import {', '.join(sorted(names))}\n" for m, names in sorted(by_module.items()))


def lesson_notebook(game: Game, *, title: str = "A lesson", intro: str = "") -> nbformat.NotebookNode:
    """A notebook that recreates ``game`` as it is now and plays the undone steps, one per cell.

    After each step that ends a turn the board is shown again.
    """
    steps = _steps_ahead(game)
    setup = _setup_code(game, steps)
    safe_title = " ".join(str(title).split()) or "A lesson"
    cells = [
        new_markdown_cell(f"# {safe_title}\n\n{intro or 'Run the cells one by one and watch the board.'}\n\n"
                          f"{len(steps)} steps from here; `g` is the game (`g.undo()` takes a step back)."),
        new_code_cell(f"import widgetpkg as wp\n{_imports(steps)}{setup}\n"
                      "print(g.current_player, 'to', g.phase.replace('_', ' '), '| scores:', g.scores)"),
        new_code_cell("g  # the board"),
    ]
    twin = game.clone()
    for number, action in enumerate(steps, 1):
        turn = twin.turn
        twin.apply(action)
        code = f"# step {number}: {_describe(action)}\nfor event in g.apply({action!r}):\n    print(event)"
        cells.append(new_code_cell(code + ("\ng" if twin.turn != turn or twin.is_over else "")))
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return new_notebook(cells=cells, metadata={"kernelspec": kernel})


def write_lesson(game: Game, path: str | Path, *, title: str = "A lesson", intro: str = "") -> Path:
    """Write ``lesson_notebook(game)`` to ``path`` (an .ipynb file)."""
    path = Path(path)
    if path.suffix != ".ipynb":
        raise WidgetpkgError(f"a lesson is a notebook: the file name must end in .ipynb, got {path.name[:80]!r}")
    nbformat.write(lesson_notebook(game, title=title, intro=intro), path)
    return path


__all__ = ["lesson_notebook", "write_lesson"]
