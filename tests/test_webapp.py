"""The classroom web app: ``python -m widgetpkg app`` hands Voila the shipped start-screen notebook,
and in Chromium the page is the start screen alone, on which a whole game is played to its end
screen (saved, played again, and left for the start screen).

The browser test plays a whole game of Hunters & Gatherers, You (a human seat) against an easy
computer player at pace 0, by clicks as a player makes them: each tile on a legal cell of the
board (found in the page's own pixels: the cells the board marks as legal), each figure decision
with the prompt's Skip button; a step with one legal action is played for You (``one_choice``).
The game is played to its end screen. "Save game" downloads the JSON, "Back to the start screen"
returns to the cards and a new game starts from them. "Play again" is tested headless
(tests/test_start_screen.py).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import widgetpkg as wp
from widgetpkg import cli, webapp
from widgetpkg.core.registry import bundled_names
from widgetpkg.widgets.end import winner_words

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent


# -- the command line ------------------------------------------------------------------------------------
def test_the_app_command_passes_port_address_and_browser_to_voila(monkeypatch):
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(webapp, "serve", lambda **kw: calls.append(kw) or 0)
    assert cli.main(["app", "--port", "9123", "--no-browser"]) == 0
    assert cli.main(["app", "--ip", "0.0.0.0"]) == 0
    assert calls == [{"port": 9123, "open_browser": False, "ip": "127.0.0.1"},
                     {"port": 8866, "open_browser": True, "ip": "0.0.0.0"}]


@pytest.mark.parametrize("argv", [["app", "--port", "0"], ["app", "--port", "70000"], ["app", "--port", "x"],
                                  ["app", "--browser"]])
def test_bad_app_arguments_end_with_one_line_and_code_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1


def test_without_voila_the_app_command_says_what_to_install(monkeypatch, capsys):
    real = webapp.importlib.util.find_spec
    monkeypatch.setattr(webapp.importlib.util, "find_spec", lambda name: None if name == "voila" else real(name))
    assert cli.main(["app", "--no-browser"]) == 2
    assert "widgetpkg[app]" in capsys.readouterr().err


def test_voila_gets_the_shipped_notebook_without_sources():
    argv = webapp.voila_argv(port=9000, open_browser=False, ip="127.0.0.1")
    assert Path(argv[0]) == webapp.NOTEBOOK and webapp.NOTEBOOK.is_file()
    assert {"--port=9000", "--no-browser", "--strip_sources=True", "--Voila.ip=127.0.0.1"} <= set(argv)
    notebook = json.loads(webapp.NOTEBOOK.read_text())
    code = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert code == ["import widgetpkg as wp\n\nwp.play()"]


# -- the page in Chromium --------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``python -m widgetpkg app`` on a free port; its URL."""
    pytest.importorskip("voila", reason="needs voila (pip install -e '.[app]')")
    root = tmp_path_factory.mktemp("voila")
    port = _free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(root / "runtime"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    log = open(root / "voila.log", "wb")  # noqa: SIM115 - open for the server's whole life
    server = subprocess.Popen([sys.executable, "-m", "widgetpkg", "app", "--port", str(port), "--no-browser"],
                              cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                pytest.fail(f"the app exited:\n{(root / 'voila.log').read_text(errors='replace')[-3000:]}")
            try:
                urllib.request.urlopen(url, timeout=60).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the app did not answer within 60 s"
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@pytest.fixture
def page(voila_url: str) -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (pip install -e '.[browser]')")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800}, accept_downloads=True)
            page.set_default_timeout(30_000)
            yield page
        finally:
            browser.close()


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("WIDGETPKG_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _set_seats(page: Any, game: str, kinds: list[str]) -> None:
    page.locator(".wp-card").filter(has_text=game).get_by_role("button", name="Choose").click()
    page.wait_for_function("t => document.querySelector('.wp-form-title').innerText.startsWith(t)", arg=game)
    seats = page.locator(".wp-start select").filter(has=page.locator("option", has_text="Human"))
    visible = [seats.nth(i) for i in range(seats.count()) if seats.nth(i).is_visible()]
    for select, kind in zip(visible, kinds):
        select.select_option(label=kind)
    pace = page.get_by_label("Computer pace")
    pace.fill("0")
    pace.press("Tab")


@pytest.mark.browser
def test_a_whole_game_in_the_voila_page(voila_url: str, page: Any, tmp_path: Path) -> None:
    try:
        _play_in_the_page(voila_url, page, tmp_path)
    except BaseException:
        page.screenshot(path=str(tmp_path / "voila-failure.png"), full_page=True)
        print(f"screenshot of the failure: {tmp_path / 'voila-failure.png'}")
        raise


def _play_in_the_page(url: str, page: Any, tmp_path: Path) -> None:
    page.goto(url, timeout=120_000)
    page.wait_for_selector(".wp-start .wp-card", timeout=120_000)
    # Voila shows the output alone: no code, no notebook interface
    assert page.locator(".jp-InputArea-editor, .cm-editor, .lm-MenuBar, .jp-FileBrowser").count() == 0
    assert "wp.play()" not in page.content()
    assert page.locator(".wp-card").count() == len(bundled_names())   # the page's kernel: shipped games
    _shot(page, "voila-start")

    # You against an easy computer, the whole game by clicks on the board and the prompt
    _set_seats(page, "Carcassonne", ["Human", "Computer: easy"])
    page.locator(".wp-start-button").click()
    page.wait_for_selector(".wp-app canvas")
    assert not page.locator(".wp-card").first.is_visible()
    end = page.locator(".wp-end")
    tiles, skips = _play_by_clicks(page, end)
    assert tiles >= 20 and skips >= 5, (tiles, skips)
    title = end.locator(".wp-end-title").inner_text()
    assert title.endswith(("win", "wins")) and "You wins" not in title
    assert end.locator("table.wp-end-table tr.wp-total").count() == 1
    assert end.locator("svg").count() >= 1          # the score chart
    _shot(page, "voila-end")

    # Save game downloads the finished game
    with page.expect_download() as download:
        end.get_by_text("Save game").click()
    game = wp.load_game(Path(download.value.path()).read_text())
    assert game.is_over and game.players == ("You", "Blue") and winner_words(game.winners()) == title

    # back to the cards, in the same page and kernel; a new game starts from them again
    end.locator("button", has_text="Back to the start screen").click()
    page.wait_for_selector(".wp-card", state="visible")
    assert page.locator(".wp-app").count() == 0
    page.locator(".wp-start-button").click()
    page.wait_for_selector(".wp-app canvas")
    assert not end.is_visible()


def _history(page: Any) -> int:
    return int(page.locator(".wp-panel .widget-readout").first.inner_text())


#: JavaScript: the client point inside a cell the board marks as legal (the table's colour under the
#: marks' translucent white), nearest the board's middle, or null.
LEGAL_CELL_JS = """([r, g, b]) => {
    const c = document.querySelector('.wp-app canvas.wp-board');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const w = c.width, h = c.height;
    const near = (x, y) => { const i = 4 * (y * w + x);
        return Math.abs(d[i] - r) <= 4 && Math.abs(d[i + 1] - g) <= 4 && Math.abs(d[i + 2] - b) <= 4; };
    const box = c.getBoundingClientRect();
    let best = null;      // the legal cell nearest the middle: the landscape stays compact
    for (let y = 8; y < h - 8; y += 3) {
        for (let x = 8; x < w - 8; x += 3) {
            if (!near(x, y)) continue;
            let ok = true;
            for (const [dx, dy] of [[-4, -4], [4, -4], [-4, 4], [4, 4], [0, -4], [0, 4], [-4, 0], [4, 0]]) {
                if (!near(x + dx, y + dy)) { ok = false; break; }
            }
            const far = (x - w / 2) ** 2 + (y - h / 2) ** 2;
            if (ok && (best === null || far < best[2])) best = [x, y, far];
        }
    }
    return best && [box.left + best[0] * box.width / w, box.top + best[1] * box.height / h];
}"""


#: JavaScript: the history moved on from ``n`` steps, or the end screen shows
PLAYED_JS = """n => { const end = document.querySelector('.wp-end');
    return (end && end.offsetParent !== null)
        || Number(document.querySelector('.wp-panel .widget-readout').innerText) > n; }"""


def _legal_cell_colour() -> list[int]:
    """What a legal cell shows: the table's colour under the marks' white at 45 %."""
    from widgetpkg.ui.contract import ui_for
    table = ui_for(wp.new_game("hunters-gatherers")).table_colour.lstrip("#")
    return [round(int(table[i:i + 2], 16) * 0.55 + 255 * 0.45) for i in (0, 2, 4)]


def _press_if_shown(button: Any) -> bool:
    """Click the first of these buttons if it is shown and enabled. False when there is none, or when
    it went away meanwhile: the app plays an only choice by itself after the pace, so a Skip seen a
    moment ago may be gone before the click."""
    from playwright.sync_api import Error as PlaywrightError
    try:
        if button.count() and button.first.is_visible() and button.first.is_enabled(timeout=1_000):
            button.first.click(timeout=2_000)
            return True
    except PlaywrightError:     # Playwright's TimeoutError is one of these
        pass
    return False


def _steady_legal_point(page: Any, colour: list[int]) -> list[float] | None:
    """A legal cell's point, found twice 250 ms apart at the same place (a board that re-fits to
    the window moves its cells), or None."""
    first = page.evaluate(LEGAL_CELL_JS, colour)
    page.wait_for_timeout(250)
    again = page.evaluate(LEGAL_CELL_JS, colour)
    if first is None or again is None or max(abs(a - b) for a, b in zip(first, again)) > 1:
        return None
    return again


def _played_since(page: Any, before: int) -> bool:
    """Whether the history moved on from ``before`` (or the game ended) within 15 s."""
    from playwright.sync_api import Error as PlaywrightError
    try:
        page.wait_for_function(PLAYED_JS, arg=before, timeout=15_000)
    except PlaywrightError:     # Playwright's TimeoutError is one of these
        return False
    return True


def _play_by_clicks(page: Any, end: Any) -> tuple[int, int]:
    """Play You's seat to the end of the game: a tile on the first legal cell the board shows, a
    figure decision by the prompt's Skip. Returns (tiles placed, skips pressed)."""
    colour = _legal_cell_colour()
    status = page.locator(".wp-panel .wp-status")
    skip = page.locator(".wp-panel button", has_text="Skip")
    tiles = skips = misses = 0
    deadline = time.monotonic() + 240
    while not end.is_visible():
        assert time.monotonic() < deadline, f"the game did not end within 240 s: {status.inner_text()!r}"
        words = status.inner_text()
        if not words.startswith("You:"):
            page.wait_for_timeout(100)
            continue
        before = _history(page)
        if "tile" in words and "figure" not in words:     # "place the tile", "place the menhir tile"
            page.locator(".wp-app canvas.wp-board").first.scroll_into_view_if_needed()
            point = _steady_legal_point(page, colour)
            if point is None:           # the board is a step ahead of the panel's words, or still
                misses += 1             # re-fitting to the window: read it again
                assert misses < 50, f"no legal cell on the board: {words!r}"
                page.wait_for_timeout(200)
                continue
            page.mouse.click(*point)
            placed = True
        elif _press_if_shown(skip):
            placed = False
        else:
            page.wait_for_timeout(100)
            continue
        if not _played_since(page, before):
            # the app refused the click with a message (the board moved under the pointer while it
            # re-fitted to the window): nothing changed, so look at the board again
            misses += 1
            assert misses < 50, f"clicks keep being refused: {status.inner_text()!r}"
            continue
        tiles, skips = (tiles + 1, skips) if placed else (tiles, skips + 1)
        misses = 0
    return tiles, skips
