"""Sphinx configuration: pages in Markdown (MyST), notebooks executed during the build (myst-nb)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import widgetpkg

# the notebooks live in ../notebooks (where `make play` opens them); the docs build a copy of those
# the toctree lists (index.md), so a notebook a user saves there is theirs, never a page of the docs
_HERE = Path(__file__).parent
_SHIPPED_NOTEBOOKS = re.findall(r"^notebooks/([\w.-]+)$", (_HERE / "index.md").read_text(encoding="utf-8"), re.M)
shutil.rmtree(_HERE / "notebooks", ignore_errors=True)
(_HERE / "notebooks").mkdir()
for _name in _SHIPPED_NOTEBOOKS:
    shutil.copy(_HERE.parent / "notebooks" / f"{_name}.ipynb", _HERE / "notebooks" / f"{_name}.ipynb")


def _example_notebooks() -> None:
    """The gallery: each script in ../examples becomes a notebook (its docstring, its code, a run
    with default arguments and what it showed), executed with the rest of the docs."""
    import ast

    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    target = _HERE / "examples"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    for script in sorted((_HERE.parent / "examples").glob("*.py")):
        source = script.read_text()
        doc = ast.get_docstring(ast.parse(source)) or script.stem
        title, _, rest = doc.partition("\n")
        code = source.replace('if __name__ == "__main__":\n    main()\n', "").rstrip()
        cells = [
            new_markdown_cell(f"# {script.stem.replace('_', ' ').capitalize()}\n\n{title}\n\n{rest.strip()}\n\n"
                              f"Source: `examples/{script.name}`."),
            new_code_cell(code),
            new_code_cell("result = main([])\n"
                          "if isinstance(result, list) and result and str(result[-1]).endswith('.svg'):\n"
                          "    from IPython.display import SVG, display\n"
                          "    display(SVG(filename=str(result[-1])))"),
        ]
        kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(new_notebook(cells=cells, metadata={"kernelspec": kernel}), target / f"{script.stem}.ipynb")


_example_notebooks()


def _replays() -> None:
    """The gallery's replay pages: one seeded game of each game, random agents in every seat, written
    with ``g.to_html`` into _replays/ (copied to the root of the site)."""
    target = _HERE / "_replays"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    for name in widgetpkg.game_names():
        game = widgetpkg.new_game(name, players=3, seed=2026)
        agent = widgetpkg.agents.Random(seed=2026)
        while not game.is_over:
            game.apply(agent.choose(game))
        game.to_html(target / f"replay-{name}.html")


_replays()

project = "widgetpkg"
author = "widgetpkg developers"
release = version = widgetpkg.__version__

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "**/.ipynb_checkpoints", "README.md"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# notebooks run at every build; an error in a cell fails the build
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_timeout = 600
# boards: the static SVG fallback of widgets shows in HTML, never a blank canvas
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", 100),
                              ("html", "image/svg+xml", 5), ("html", "text/html", 6)]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options: dict = {}

html_theme = "furo"
html_title = "widgetpkg"
html_static_path = ["_static"]
html_extra_path = ["_replays"]
