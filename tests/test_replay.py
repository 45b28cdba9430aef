"""Replay pages: ``g.to_html(path)`` and ``python -m widgetpkg replay``.

A whole game of every game stays under 2 MB; the page is drawn by the game's own adapter; a bad
save writes nothing; and in headless Chromium, with every request but the file refused, the page
opens, the slider moves the board and the log follows.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest

import widgetpkg as wp
from widgetpkg.cli import main
from widgetpkg.core.registry import bundled_names
from widgetpkg.replay import replay_data, replay_page
from widgetpkg.ui.contract import Style, ui_for

CHROMIUM = Path("/usr/bin/chromium")
MAX_PAGE_BYTES = 2 * 2**20


def _played(name: str, *, players: int = 2, steps: int | None = None, seed: int = 3) -> wp.Game:
    g = wp.new_game(name, players=players, seed=seed)
    agent = wp.agents.Random(seed=seed)
    while not g.is_over and (steps is None or len(g.history) < steps):
        g.apply(agent.choose(g))
    return g


def _page_data(page: str) -> dict[str, Any]:
    packed = re.search(r'id="replay-data">([^<]*)</script>', page)
    assert packed is not None
    return json.loads(zlib.decompress(base64.b64decode(packed.group(1))))


@pytest.fixture(scope="module", params=bundled_names())
def whole_game(request: pytest.FixtureRequest) -> wp.Game:
    return _played(request.param)


def test_a_whole_game_fits_in_two_megabytes_and_every_step_is_there(whole_game: wp.Game, tmp_path: Path) -> None:
    before = whole_game.to_json()
    path = whole_game.to_html(tmp_path / "game.html")
    assert whole_game.to_json() == before and not whole_game.can_redo  # the game is left as it was
    page = path.read_text(encoding="utf-8")
    assert len(page.encode()) < MAX_PAGE_BYTES
    data = _page_data(page)
    steps = len(whole_game.history)
    assert len(data["frames"]) == len(data["steps"]) == len(data["log_counts"]) == steps + 1
    assert data["steps"][-1]["scores"] == whole_game.scores
    assert data["end"]["over"] and data["end"]["winners"] == whole_game.winners()
    assert [e["text"] for e in data["log"]] == [e.text for e in ui_for(whole_game).log(whole_game)]
    assert data["log_counts"] == sorted(data["log_counts"]) and data["log_counts"][-1] == len(data["log"])
    # nothing is fetched: no script, style or image source, no address but the SVG namespace
    assert not re.search(r"\b(src|href)=", page)
    assert "http:" not in page.replace("http://www.w3.org/2000/svg", "") and "https:" not in page


def test_the_last_frame_is_the_adapters_own_picture() -> None:
    # the painter of the widgets and of _repr_svg_: on a printed board (one view all game long) the
    # last frame is, element for element, the board of the adapter's own SVG of the final position
    fixed = [name for name in bundled_names() if ui_for(wp.new_game(name)).board_kind == "fixed"]
    if not fixed:
        pytest.skip("no game with a fixed board")
    for name in fixed:
        g = _played(name, steps=12)
        data = replay_data(g)
        frame = "".join(data["parts"][i] for i in data["frames"][-1])
        picture = ui_for(g).svg(g, Style(), scale=40).split("\n")
        assert picture[1].startswith("<title>")
        # the same elements; the picture adds the legend beside the board, and each holds the icons
        # it uses in its own <defs>
        def same(svg: str) -> str:
            return re.sub(r"wpc[0-9a-f]+-\d+", "clip", re.sub(r"<defs>.*?</defs>", "", svg))
        assert same(frame) in same("".join(picture[2:-1]))


def test_steps_share_their_drawing() -> None:
    g = _played(bundled_names()[0], steps=40)
    data = replay_data(g)
    listed = sum(len(frame) for frame in data["frames"])
    assert len(data["parts"]) < listed / 3


def test_hostile_names_stay_text(tmp_path: Path) -> None:
    name = bundled_names()[0]
    g = wp.new_game(name, players=["</script><script>alert(1)</script>", "<!--Bob"], seed=1)
    g.apply(g.legal_actions()[0])
    page = replay_page(g)
    assert "<script>alert" not in page and "<!--Bob" not in page
    assert _page_data(page)["end"]["players"][0] == "</script><script>alert(1)</script>"


@pytest.mark.parametrize("save, message", [
    ("{not json", "not valid JSON"),
    ('{"format": "widgetpkg-game", "version": 1, "game": "nope", "players": ["A", "B"], "options": {}, "actions": []}',
     "nope"),
    ("hostile", "does not replay"),
])
def test_a_bad_save_is_refused_and_writes_nothing(save: str, message: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    if save == "hostile":  # a real save whose last action is not legal there
        data = json.loads(_played(bundled_names()[0], steps=3).to_json())
        data["actions"].append(data["actions"][0])
        save = json.dumps(data)
    (tmp_path / "save.json").write_text(save)
    out = tmp_path / "game.html"
    out.write_text("keep me")
    assert main(["replay", str(tmp_path / "save.json"), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert out.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.html", "save.json"]


def test_the_command_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = _played(bundled_names()[-1], steps=10)
    (tmp_path / "save.json").write_text(g.to_json())
    assert main(["replay", str(tmp_path / "save.json"), "-o", str(tmp_path / "game.html")]) == 0
    assert _page_data((tmp_path / "game.html").read_text())["steps"][-1]["scores"] == g.scores
    assert main(["replay", str(tmp_path / "missing.json"), "-o", str(tmp_path / "x.html")]) == 2
    assert "cannot read" in capsys.readouterr().err and not (tmp_path / "x.html").exists()


def _same_svg(fragment: str) -> str:
    """A fragment as the browser writes it back (``<rect .../>`` becomes ``<rect ...></rect>``)."""
    return re.sub(r"<(\w+)([^<>]*)/>", r"<\1\2></\1>", fragment)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_the_page_plays_offline_in_chromium(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (pip install -e '.[browser]')")
    g = _played("hunters-gatherers" if "hunters-gatherers" in bundled_names() else bundled_names()[0])
    path = g.to_html(tmp_path / "game.html")
    data = _page_data(path.read_text())
    scoring_steps = [i for i in range(1, len(data["log_counts"])) if data["log_counts"][i] > data["log_counts"][i - 1]]
    refused: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})

            def route(r: Any) -> None:
                if r.request.url.startswith("file:"):
                    r.continue_()
                else:
                    refused.append(r.request.url)
                    r.abort()
            page.route("**/*", route)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(path.as_uri())
            page.wait_for_selector("body[data-ready=true]", timeout=10_000)
            assert page.inner_text("#counter") == f"step 0 / {len(data['frames']) - 1}"
            start_board = page.inner_html("#board")
            assert start_board.startswith("<svg")
            # the slider moves the board, and the log follows
            step = scoring_steps[0]
            page.eval_on_selector("#slider", "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }",
                                  str(step))
            assert page.inner_text("#counter") == f"step {step} / {len(data['frames']) - 1}"
            assert page.inner_html("#board") != start_board
            # what the step scored is lit up on the board (the adapter's highlight), as is a hovered line
            marks = [data["parts"][data["log"][i]["mark"]] for i in range(data["log_counts"][step - 1],
                                                                           data["log_counts"][step])
                     if data["log"][i]["mark"] is not None]
            board = page.inner_html("#board")
            assert marks and all(_same_svg(mark) in board for mark in marks)
            page.hover("#log li:not(.later) >> nth=0")
            first_mark = data["log"][0]["mark"]
            assert first_mark is None or _same_svg(data["parts"][first_mark]) in page.inner_html("#board")
            page.mouse.move(5, 5)
            shown = page.locator("#log li:not(.later)")
            assert shown.count() == data["log_counts"][step]
            assert page.locator("#log li.new").first.inner_text().startswith(data["log"][step and
                                                                                           data["log_counts"][step - 1]]["text"])
            # arrow keys step, End goes to the end table
            page.keyboard.press("ArrowLeft")
            assert page.inner_text("#counter").startswith(f"step {step - 1} ")
            assert page.locator("#log li:not(.later)").count() == data["log_counts"][step - 1]
            page.keyboard.press("End")
            assert page.get_attribute("#end", "class") == ""
            assert "Won by" in page.inner_text("#end")
            # play advances by itself
            page.keyboard.press("Home")
            page.click("#play")
            page.wait_for_function("document.getElementById('slider').value >= '2'", timeout=5_000)
            page.screenshot(path=str(tmp_path / "replay.png"))
            assert not errors
        finally:
            browser.close()
    assert refused == []


def test_a_save_with_a_tile_set_of_its_own_plays_back_from_the_save_alone(tmp_path: Path) -> None:
    from importlib import resources
    if "hunters-gatherers" not in bundled_names():
        pytest.skip("needs a game with data files")
    tiles = tmp_path / "my-tiles.yaml"
    tiles.write_text(resources.files("widgetpkg.games.hunters_gatherers").joinpath("data", "tiles-2020.yaml")
                     .read_text("utf-8"))
    g = wp.new_game("hunters-gatherers", players=2, seed=4, tileset=str(tiles))
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    (tmp_path / "save.json").write_text(g.to_json())
    tiles.unlink()                          # the save holds the tile set itself, not the file's name
    out = tmp_path / "game.html"
    assert main(["replay", str(tmp_path / "save.json"), "-o", str(out)]) == 0
    assert len(_page_data(out.read_text())["frames"]) == 7
