"""A notebook a user saves in notebooks/ (where `make play` opens) is theirs: the docs build and the
test suite take only the shipped notebooks, those the docs' toctree lists. Checked on a temporary
copy of the folders with a scratch notebook added."""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent


def _copy_with_scratch(tmp_path: Path) -> set[str]:
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (tmp_path / "docs").mkdir()
    for name in ("conf.py", "index.md"):
        shutil.copy(ROOT / "docs" / name, tmp_path / "docs" / name)
    (tmp_path / "examples").mkdir()
    scratch = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 / 0")])
    nbformat.write(scratch, tmp_path / "notebooks" / "my scratch.ipynb")
    return {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}


def test_the_docs_build_copies_only_the_shipped_notebooks(tmp_path):
    shipped = _copy_with_scratch(tmp_path)
    runpy.run_path(str(tmp_path / "docs" / "conf.py"))
    assert {p.name for p in (tmp_path / "docs" / "notebooks").iterdir()} == shipped


def test_the_suite_collects_only_the_shipped_notebooks(tmp_path):
    shipped = _copy_with_scratch(tmp_path)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "--nbval", "--collect-only", "-q", "-p", "no:cacheprovider",
                          "notebooks"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    collected = {line.split("::")[0].removeprefix("notebooks/") for line in run.stdout.splitlines() if "::" in line}
    assert collected == shipped
