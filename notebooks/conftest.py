"""nbval settings for the notebooks: live widget views and timings are not compared, and only the
shipped notebooks (those the docs' toctree lists in docs/index.md) are collected, so a notebook a
user saves here is never part of the test suite (run it by naming it: pytest notebooks/mine.ipynb)."""

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHIPPED = frozenset(re.findall(r"^notebooks/([\w.-]+)$",
                               (HERE.parent / "docs" / "index.md").read_text(encoding="utf-8"), re.M))


def pytest_ignore_collect(collection_path, config):
    if collection_path.suffix == ".ipynb" and collection_path.parent == HERE and collection_path.stem not in SHIPPED:
        return True
    return None


def pytest_collectstart(collector):
    if collector.fspath and collector.fspath.ext == ".ipynb":
        # a widget view holds a random model id; its static fallback (SVG/HTML) is compared instead
        collector.skip_compare += ("application/vnd.jupyter.widget-view+json", "stderr")
