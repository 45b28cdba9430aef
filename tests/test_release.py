"""Release hygiene: one version everywhere, the licence files, a changelog entry for the version."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import pytest

import widgetpkg as wp
from widgetpkg.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_every_place_says_the_same_version(capsys):
    assert importlib.metadata.version("widgetpkg") == wp.__version__
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"widgetpkg {wp.__version__}"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert not re.search(r"^version\s*=", pyproject, re.MULTILINE), "a second version in pyproject.toml"


def test_the_licence_and_the_notice_are_there_and_shipped():
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "game-icons.net" in (ROOT / "NOTICE").read_text(encoding="utf-8")
    assert 'license-files = ["LICENSE", "NOTICE"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_changelog_has_the_version_and_an_unreleased_section():
    log = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in log
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", log, re.MULTILINE)
    assert released and released[0] == wp.__version__, "the newest released section is not the package's version"
