"""Exported lesson notebooks run cleanly and reach the same state as the original game."""

from __future__ import annotations

import json
import random

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell

import widgetpkg as wp
from widgetpkg.lessons import lesson_notebook, write_lesson

FINGERPRINT = """
import json
print("FINGERPRINT", json.dumps({
    "board": sorted([x, y, o.tile.id, o.rotation] for (x, y), o in g.board.items()),
    "figures": sorted([f.player, f.role, f.x, f.y, f.feature] for f in g.figures()),
    "scores": g.scores, "phase": g.phase, "player": g.current_player,
}))
"""


def fingerprint(g) -> dict:
    return {
        "board": sorted([x, y, o.tile.id, o.rotation] for (x, y), o in g.board.items()),
        "figures": sorted([f.player, f.role, f.x, f.y, f.feature] for f in g.figures()),
        "scores": g.scores, "phase": g.phase, "player": g.current_player,
    }


def run(nb) -> str:
    nb.cells.append(new_code_cell(FINGERPRINT))
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    out = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.output_type == "stream")
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    return out


@pytest.mark.parametrize("seed, played, back", [(1, 30, 12), (2, 61, 9), (3, 45, 20)])
def test_lessons_replay_to_the_same_state(seed, played, back):
    rng = random.Random(seed)
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue", "Green"][: 2 + seed % 2], seed=seed)
    for _ in range(played):
        g.apply(rng.choice(g.legal_actions()))
    end = fingerprint(g)
    for _ in range(back):
        g.undo()
    nb = lesson_notebook(g, title="Test lesson")
    assert len([c for c in nb.cells if c.cell_type == "code"]) == 2 + back
    out = run(nb)
    assert json.loads(out.split("FINGERPRINT", 1)[1]) == json.loads(json.dumps(end))


def test_a_lesson_from_the_start_of_a_turn_shows_a_readable_position(tmp_path):
    g = wp.new_game("hunters-gatherers", seed=5)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    for _ in range(4):
        g.undo()
    path = write_lesson(g, tmp_path / "lesson.ipynb", title="Rivers")
    nb = nbformat.read(path, as_version=4)
    assert "Hunters & Gatherers position" in nb.cells[1].source and "next:" in nb.cells[1].source
    assert nb.cells[0].source.startswith("# Rivers")


def test_write_lesson_wants_a_notebook_name(tmp_path):
    with pytest.raises(ValueError, match=".ipynb"):
        write_lesson(wp.new_game("hunters-gatherers", seed=1), tmp_path / "lesson.txt")


@pytest.mark.parametrize("names", [
    ['x""" if 0 else """y', "O'Brien\\"],
    ["You", "\\N{SNOWMAN} \u00e9l\u00e8ve"],
])
def test_generated_code_quotes_any_player_name_safely(names):
    """Names are data: quotes, backslashes and triple quotes cannot change the code students run."""
    rng = random.Random(4)
    g = wp.new_game("hunters-gatherers", players=names, seed=4)
    for _ in range(12):
        g.apply(rng.choice(g.legal_actions()))
    end = fingerprint(g)
    for _ in range(5):
        g.undo()
    for _ in range(2):                                    # from the start of a turn, then mid-turn
        nb = lesson_notebook(g, title='Lesson """ + title')
        compile(nb.cells[1].source, "setup", "exec")      # the set-up cell is valid Python
        out = run(nb)
        assert json.loads(out.split("FINGERPRINT", 1)[1]) == json.loads(json.dumps(end))
        g.redo()
