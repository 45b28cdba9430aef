"""Sphinx configuration: pages in Markdown (MyST), notebooks executed during the build (myst-nb)."""

from __future__ import annotations

import shutil
from pathlib import Path

import widgetpkg

# the notebooks live in ../notebooks (where `make play` opens them); the docs build a copy
_HERE = Path(__file__).parent
shutil.rmtree(_HERE / "notebooks", ignore_errors=True)
shutil.copytree(_HERE.parent / "notebooks", _HERE / "notebooks", ignore=shutil.ignore_patterns("*.py", ".ipynb_checkpoints"))

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
