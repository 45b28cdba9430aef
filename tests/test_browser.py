"""The real thing: JupyterLab in headless Chromium runs notebooks/play.ipynb, and we click the canvas.

The test starts JupyterLab on a free local port (in a temporary copy of the notebook), opens it in
Debian's chromium through Playwright, runs every cell, then hovers and clicks a legal cell, turns
the tile with the panel's Rotate button, clicks a figure spot, and checks the game advanced (the
agent answering by itself). It then saves, reloads the page and checks that the board is drawn
again. Pixel positions come from a replica of the notebook's game in this process
(``board.cell_to_pixel``): the game is seeded, so both boards are the same.

A second test plays a whole two-player game by clicks alone (every tile on a legal cell, a figure
every third turn, Skip otherwise) at 1280 x 800, timing the first 20 clicks from the press to the
repaint, with screenshots of the start, the middle and the end table in ``WIDGETPKG_SHOTS``
(default /tmp/shots).

Set ``WIDGETPKG_SCREENSHOTS=<dir>`` to keep screenshots of each step there.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "play.ipynb"
TOKEN = "widgetpkg-test"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium "
                       "(apt-get install chromium; .ci/run installs it)"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server on a free port, serving a copy of the notebook; its base URL."""
    pytest.importorskip("jupyterlab", reason="needs jupyterlab (pip install -e '.[browser]')")
    root = tmp_path_factory.mktemp("lab")
    for notebook in NOTEBOOK.parent.glob("*.ipynb"):
        shutil.copy(notebook, root / notebook.name)
    port = _free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(root / ".runtime"),
               PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.token={TOKEN}", f"--ServerApp.root_dir={root}", "--ServerApp.port_retries=0",
           f"--LabApp.workspaces_dir={root / '.workspaces'}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(root / "server.log", "wb")  # noqa: SIM115 - open for the server's whole life
    server = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            if server.poll() is not None:
                pytest.fail(f"JupyterLab exited:\n{(root / 'server.log').read_text(errors='replace')[-3000:]}")
            try:
                _get(f"{base}/api/status?token={TOKEN}")
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not start within 60 s")
        yield base
    finally:
        try:   # shut the kernels down first, so that none outlives the server
            for kernel in _get(f"{base}/api/kernels?token={TOKEN}"):
                request = urllib.request.Request(f"{base}/api/kernels/{kernel['id']}?token={TOKEN}", method="DELETE")
                urllib.request.urlopen(request, timeout=10).close()
        except OSError:
            pass
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@pytest.fixture
def page(lab: str) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (pip install -e '.[browser]')")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 950})
            page.set_default_timeout(30_000)
            yield page
        finally:
            browser.close()


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("WIDGETPKG_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.locator(".wp-app").first.screenshot(path=str(Path(folder) / f"play-{name}.png"))


def _failure_shot(page: Any, tmp_path: Path, name: str) -> None:
    """The whole page as a test failed, where WIDGETPKG_SCREENSHOTS says (else the test's tmp folder)."""
    shot = Path(os.environ.get("WIDGETPKG_SCREENSHOTS") or tmp_path) / name
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot of the failure: {shot}")


def _wait_idle(page: Any) -> None:
    # generous: the simulation notebooks play a few hundred games, on a machine that may be busy
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=300_000)


def _wait_kernel(lab: str, page: Any, timeout: float = 90.0, name: str = "play.ipynb") -> None:
    """Wait until the notebook's kernel is started, connected and idle (the page shows "idle"
    before it has a kernel; running cells then would ask which kernel to start)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        sessions = _get(f"{lab}/api/sessions?token={TOKEN}")
        ready = [s for s in sessions if s.get("path", "").endswith(name)
                 and (s.get("kernel") or {}).get("execution_state") == "idle"]
        if ready and page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").count():
            time.sleep(0.5)
            if page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").count():
                return
        time.sleep(0.25)
    raise AssertionError("the notebook's kernel did not start")


def _dismiss_toasts(page: Any) -> None:
    for name in ("No", "Dismiss"):
        button = page.get_by_role("button", name=name, exact=True)
        if button.count() and button.first.is_visible():
            button.first.click()


def _menu(page: Any, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel").get_by_text(menu, exact=True).first.click()
    page.locator(".lm-Menu-itemLabel").get_by_text(item, exact=True).first.click()


def _wait_for_board(page: Any, timeout: float = 90.0) -> None:
    """Wait for the board canvas; accept a kernel dialog that JupyterLab may show meanwhile."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator("canvas.wp-board").count() and page.locator("canvas.wp-board").first.is_visible():
            return
        dialog = page.locator(".jp-Dialog .jp-mod-accept")
        if dialog.count() and dialog.first.is_visible():
            dialog.first.click()      # "Select Kernel": the notebook's own kernel, Python 3
        time.sleep(0.25)
    raise AssertionError("the board canvas did not appear")


def _status(page: Any) -> str:
    return page.locator(".wp-status").first.inner_text()


def _wait_status(page: Any, text: str, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = _status(page)
        if text in status:
            return status
        time.sleep(0.1)
    raise AssertionError(f"the panel never said {text!r}; it says {_status(page)!r} "
                         f"(message: {page.locator('.wp-panel').first.inner_text()[:300]!r})")


def _canvas_point(page: Any, px: float, py: float) -> tuple[float, float]:
    """Page coordinates of canvas pixel (px, py) (the canvas may be scaled by CSS)."""
    canvas = page.locator("canvas.wp-board").first
    box = canvas.bounding_box()
    width, height = canvas.evaluate("c => [c.width, c.height]")
    return box["x"] + px * box["width"] / width, box["y"] + py * box["height"] / height


def _match_shown_size(page: Any, board: Any) -> None:
    """Wait until the board draws as many pixels as it is shown at (its resize observer reports
    the width), then give the replica the same canvas size, so both views agree."""
    page.wait_for_function("""() => { const c = document.querySelector('canvas.wp-board');
        return c && Math.abs(c.width - Math.round(c.getBoundingClientRect().width)) <= 1; }""", timeout=30_000)
    page.wait_for_timeout(300)
    width, height = page.locator("canvas.wp-board").first.evaluate("c => [c.width, c.height]")
    board.resize(width, height)


def _painted_colours(page: Any) -> int:
    """How many different colours the visible board canvas shows (a blank one shows one or two)."""
    return page.locator("canvas.wp-board").first.evaluate("""c => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const seen = new Set();
        for (let i = 0; i < d.length; i += 4 * 97) seen.add(d[i] << 16 | d[i + 1] << 8 | d[i + 2]);
        return seen.size;
    }""")


def _scroll_top(page: Any) -> float:
    return page.evaluate("() => Math.max(...Array.from(document.querySelectorAll("
                         "'.jp-WindowedPanel-outer, .jp-Notebook, .jp-NotebookPanel-notebook')).map(e => e.scrollTop))")


def _board_into_view(page: Any) -> None:
    """Scroll the notebook so that the board's top is in view: an app can be taller than the window
    (the panel), and showing the app's bottom would leave the board's top places out of reach."""
    page.locator("canvas.wp-board").first.evaluate("c => c.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def _history(page: Any) -> int:
    return int(page.locator(".wp-panel .widget-readout").first.inner_text())


def test_play_notebook_in_jupyterlab(lab: str, page: Any, tmp_path: Path) -> None:
    try:
        _play_notebook(lab, page)
    except BaseException:
        _failure_shot(page, tmp_path, "play-failure.png")
        raise


def _play_notebook(lab: str, page: Any) -> None:
    import widgetpkg as wp

    # the notebook's game, replicated here to know where its cells and spots are drawn
    replica = wp.play("hunters-gatherers", players=["You", wp.agents.Random(seed=1)], edition="2020", seed=3)
    board = replica.board

    page.goto(f"{lab}/lab/tree/play.ipynb?token={TOKEN}&reset", timeout=90_000)
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    _wait_kernel(lab, page)
    _dismiss_toasts(page)
    _menu(page, "Run", "Run All Cells")
    _wait_for_board(page)
    _wait_idle(page)
    status = _wait_status(page, "place the tile")
    assert replica.board.ui.status(replica.model.game)[0] in status     # the same game as the replica
    _match_shown_size(page, board)
    assert _painted_colours(page) > 8

    # the wheel over the board scrolls the notebook (the board never takes the page's scroll)
    page.locator(".wp-app").first.scroll_into_view_if_needed()
    before = _scroll_top(page)
    box = page.locator("canvas.wp-board").first.bounding_box()
    # a point of the board below the notebook's toolbar (the board's top may be scrolled under it)
    x, y = box["x"] + 20, min(max(box["y"] + 20, 150), box["y"] + box["height"] - 20)
    page.mouse.move(x, y)
    page.mouse.wheel(0, -120 if before > 0 else 120)     # up, unless the page is at its top
    page.wait_for_timeout(400)
    assert _scroll_top(page) != before, "a wheel over the board did not scroll the page"
    page.locator(".wp-app").first.scroll_into_view_if_needed()

    # hover a legal cell: the tile in hand shows there in its first valid rotation
    target = max((t for t in board.targets if not t.is_spot), key=lambda t: len(t.choices))
    first = target.choices[0]
    x, y = _canvas_point(page, *board.cell_to_pixel(first.x, first.y))
    page.mouse.move(x, y)
    hand = page.locator(".wp-hand-caption").first
    page.wait_for_function("t => document.querySelector('.wp-hand-caption').innerText.includes(t)",
                           arg=f"· {first.rotation}°")
    chosen = first
    if len(target.choices) > 1:      # the Rotate button turns it to the next valid rotation
        page.get_by_role("button", name="Rotate").click()
        chosen = target.choices[1]
        page.wait_for_function("t => document.querySelector('.wp-hand-caption').innerText.includes(t)",
                               arg=f"· {chosen.rotation}°")
    assert f"{chosen.rotation}°" in hand.inner_text()
    _shot(page, "preview")

    # click it: the tile is placed, figure spots appear (the button's click may have scrolled the page)
    page.wait_for_timeout(400)          # let a scroll the button started come to rest
    x, y = _canvas_point(page, *board.cell_to_pixel(first.x, first.y))
    page.mouse.move(x, y)
    page.wait_for_function("t => document.querySelector('.wp-hand-caption').innerText.includes(t)",
                           arg=f"· {chosen.rotation}°")
    page.mouse.click(x, y)
    _wait_status(page, "place a figure or skip")
    assert f"turned {chosen.rotation}°" in page.locator(".wp-msg").first.inner_text()
    replica.model.apply(chosen)
    _shot(page, "spots")

    # click a figure spot: the figure is placed and the agent answers by itself
    spot = board.targets[0]
    assert spot.is_spot
    sx, sy = _canvas_point(page, *board.view.to_pixel(*spot.centre))
    page.mouse.click(sx, sy)
    if spot.mode == "menu":           # a fisher or a hut: the panel shows the menu's buttons
        page.get_by_role("button", name=f"1. {spot.labels()[0]}").click()
    deadline = time.monotonic() + 60
    while _history(page) < 4 or "You: place the tile" not in _status(page):
        assert time.monotonic() < deadline, f"the game did not come back to You: {_status(page)!r}"
        time.sleep(0.2)
    assert _history(page) >= 4                    # tile, figure, and the agent's moves
    text = page.locator(".wp-panel").first.inner_text()
    assert "4 meeples" in text or "2 huts" in text  # You placed a figure
    _shot(page, "after-agent")

    # save, reload: the restored board is drawn again (redrawn on client_ready), never blank
    _menu(page, "File", "Save Notebook")       # (Ctrl+S would go to the focused board)
    page.wait_for_function("() => !document.querySelector('.lm-TabBar-tab.jp-mod-dirty')", timeout=30_000)
    page.reload(timeout=90_000)
    _wait_for_board(page)
    deadline = time.monotonic() + 30
    while _painted_colours(page) <= 8:
        assert time.monotonic() < deadline, "the board stayed blank after a reload"
        time.sleep(0.3)
    assert "You: place the tile" in _status(page)
    _shot(page, "reloaded")


# every other notebook, run top to bottom in JupyterLab: no error output, and its board (a painted
# canvas or the SVG picture of a board) or its plots show
OTHERS = sorted(p.name for p in NOTEBOOK.parent.glob("*.ipynb") if p.name != NOTEBOOK.name)


@pytest.mark.parametrize("name", OTHERS)
def test_notebook_runs_in_jupyterlab_and_shows_its_board(lab: str, page: Any, tmp_path: Path, name: str) -> None:
    try:
        page.goto(f"{lab}/lab/tree/{name}?token={TOKEN}&reset", timeout=90_000)
        page.wait_for_selector(".jp-Notebook", timeout=90_000)
        _wait_kernel(lab, page, timeout=120.0, name=name)
        _dismiss_toasts(page)
        _menu(page, "Edit", "Clear Outputs of All Cells")
        _menu(page, "Run", "Run All Cells")
        page.wait_for_timeout(1500)
        _wait_idle(page)
        page.wait_for_function(
            "() => !Array.from(document.querySelectorAll('.jp-InputArea-prompt')).some(e => e.textContent.includes('*'))",
            timeout=180_000)
        outputs = page.locator(".jp-OutputArea-output")
        # an error output carries the traceback's rule line and "Cell In[...]"
        errors = [t for t in outputs.all_inner_texts() if "Traceback" in t or ("-" * 40 in t and "Cell In[" in t)]
        assert not errors, errors[:1]
        canvases = page.locator("canvas.wp-board, canvas.wp-inspector")
        painted = canvases.count() and _painted_colours(page) > 8
        pictures = page.locator(".jp-OutputArea-output svg, .jp-OutputArea-output img").count()
        assert painted or pictures, f"{name} shows no board or picture"
        page.screenshot(path=str(tmp_path / f"{name}.png"))
    except BaseException:
        _failure_shot(page, tmp_path, f"{name}-failure.png")
        raise


# ---------------------------------------------------------------------------------------------
# click-to-repaint latency and screenshots at 1280 x 800
# ---------------------------------------------------------------------------------------------

LATENCY_CELLS = [
    "import widgetpkg as wp",
    # every decision is clicked here, an only choice too (the app plays it by itself by default)
    "app = wp.play('hunters-gatherers', players=['Ann', 'Bob'], seed=3, pace=0.02)\n"
    "app.model.one_choice = 'click'\napp",
]
#: JavaScript: press and release the board at client point (x, y), then wait for the canvas
#: pixels around it to change; the milliseconds from the press to the first changed frame
_CLICK_TO_REPAINT = """async ([x, y]) => {
    const c = document.querySelector('canvas.wp-board');
    const box = c.getBoundingClientRect();
    const px = (x - box.left) * c.width / box.width, py = (y - box.top) * c.height / box.height;
    const ctx = c.getContext('2d');
    const sample = () => { const d = ctx.getImageData(Math.max(0, px - 20), Math.max(0, py - 20), 40, 40).data;
        let h = 0; for (let i = 0; i < d.length; i += 8) h = (h * 31 + d[i]) | 0; return h; };
    const before = sample();
    const t0 = performance.now();
    for (const type of ['mousedown', 'mouseup']) {
        c.dispatchEvent(new MouseEvent(type, {clientX: x, clientY: y, bubbles: true, button: 0}));
    }
    while (performance.now() - t0 < 5000) {
        await new Promise(r => requestAnimationFrame(r));
        if (sample() !== before) return performance.now() - t0;
    }
    return null;
}"""


def _shot_1280(page: Any, name: str) -> None:
    folder = Path(os.environ.get("WIDGETPKG_SHOTS", "/tmp/shots"))
    folder.mkdir(parents=True, exist_ok=True)
    page.locator(".wp-app").first.scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"{name}.png"))


def _open_new_notebook(lab: str, page: Any, name: str, cells: list[str]) -> None:
    """Write a notebook of ``cells`` into the lab, open it at 1280 x 800 and run it to its board."""
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": source} for source in cells],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    body = json.dumps({"type": "notebook", "format": "json", "content": notebook}).encode()
    request = urllib.request.Request(f"{lab}/api/contents/{name}?token={TOKEN}", data=body, method="PUT",
                                      headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{lab}/lab/tree/{name}?token={TOKEN}&reset", timeout=90_000)
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    _wait_kernel(lab, page, name=name)
    _dismiss_toasts(page)
    _menu(page, "Run", "Run All Cells")
    _wait_for_board(page)
    _wait_idle(page)


def test_a_whole_game_clicked_to_the_end_with_latency_and_screenshots(lab: str, page: Any) -> None:
    import statistics

    import widgetpkg as wp

    _open_new_notebook(lab, page, "latency.ipynb", LATENCY_CELLS)
    replica = wp.play("hunters-gatherers", players=["Ann", "Bob"], seed=3)
    replica.model.one_choice = "click"
    board, game = replica.board, replica.model.game
    _wait_status(page, "Ann: place the tile")
    _match_shown_size(page, board)
    page.locator(".wp-app").first.scroll_into_view_if_needed()
    _shot_1280(page, "start")

    # the whole game by clicks: a legal cell for every tile, then a figure spot every third turn
    # (Skip otherwise); the first 20 tile clicks are timed from the press to the repaint
    latencies: list[float] = []
    turns = 0
    while not game.is_over:
        cells = [t for t in board.targets if not t.is_spot]
        if cells:
            action = cells[0].choices[0]
            x, y = _canvas_point(page, *board.cell_to_pixel(action.x, action.y))
            if len(latencies) < 20:
                took = page.evaluate(_CLICK_TO_REPAINT, [x, y])
                assert took is not None, "the board did not repaint within 5 s of a click"
                latencies.append(took)
            else:
                page.mouse.click(x, y)
            turns += 1
        else:
            spots = [t for t in board.targets if t.is_spot and t.mode == "play"]
            if spots and turns % 3 == 0:
                action = spots[0].choices[0]
                page.wait_for_timeout(400)     # not a double click on the tile just placed (ignored)
                page.mouse.click(*_canvas_point(page, *board.view.to_pixel(*spots[0].centre)))
            else:
                action = next(a for a in game.legal_actions() if type(a).__name__ == "Pass")
                page.get_by_role("button", name="Skip", exact=True).click()
        replica.model.apply(action)
        _wait_status(page, replica.board.ui.status(game)[0])
        if turns == 20 and cells:
            _shot_1280(page, "mid-game")
    print(f"\nclick to repaint, first 20 tile clicks: median {statistics.median(latencies):.0f} ms, "
          f"max {max(latencies):.0f} ms; {turns} tiles placed by clicking")
    # the goal is 150 ms; on a loaded shared machine the round trip alone can exceed it, so the test
    # only catches a board that has become sluggish, and prints the figure for the record
    assert statistics.median(latencies) < 1000

    page.wait_for_timeout(500)
    _shot_1280(page, "end")
    text = page.locator(".wp-panel").first.inner_text()
    assert "Total" in text and ("wins" in text or "share the win" in text)
    assert _history(page) == len(game.history)           # every click reached the game, once


# ---------------------------------------------------------------------------------------------
# Stone Age: the rules notebook's play cell, one placement by clicking
# ---------------------------------------------------------------------------------------------

def test_stone_age_notebook_placement_by_clicking(lab: str, page: Any, tmp_path: Path) -> None:
    """Run notebooks/stone-age.ipynb, click the forest on the board of its last cell, take
    "2 people" from the menu the panel shows, and see the placement made and the agent answer."""
    import widgetpkg as wp

    name = "stone-age.ipynb"
    try:
        # the notebook's game, replicated here to know where the forest is drawn
        replica = wp.play("stone-age", players=["You", wp.agents.Greedy(seed=1)], seed=5)
        board = replica.board
        page.goto(f"{lab}/lab/tree/{name}?token={TOKEN}&reset", timeout=90_000)
        page.wait_for_selector(".jp-Notebook", timeout=90_000)
        _wait_kernel(lab, page, name=name)
        _dismiss_toasts(page)
        _menu(page, "Run", "Run All Cells")
        _wait_for_board(page, timeout=120)
        _wait_idle(page)
        _wait_status(page, "Round 1, You: placement")
        _board_into_view(page)
        _match_shown_size(page, board)
        assert _painted_colours(page) > 8
        assert _history(page) == 0

        forest = next(t for t in board.targets if t.key == "forest")
        assert forest.mode == "menu" and forest.labels()[1].startswith("2 people")
        x, y = _canvas_point(page, *board.view.to_pixel(*forest.centre))
        page.mouse.click(x, y)
        page.get_by_role("button", name="2. 2 people").click()     # the menu of the clicked place
        deadline = time.monotonic() + 60
        while _history(page) < 2 or "Round 1, You: placement" not in _status(page):
            assert time.monotonic() < deadline, f"the agent did not answer: {_status(page)!r}"
            time.sleep(0.2)
        log = page.locator(".wp-panel").first.inner_text()
        assert "Greedy" in log
        # the forest is no longer offered to You (nobody places twice on a place in a round)
        page.mouse.click(x, y)
        page.wait_for_function("() => /already placed at forest|forest/.test("
                               "document.querySelector('.wp-msg').innerText)", timeout=10_000)
        assert _history(page) >= 2
        if os.environ.get("WIDGETPKG_SCREENSHOTS"):
            page.screenshot(path=str(Path(os.environ["WIDGETPKG_SCREENSHOTS"]) / "stone-age-placed.png"))
    except BaseException:
        _failure_shot(page, tmp_path, "stone-age-failure.png")
        raise


# ---------------------------------------------------------------------------------------------
# the fixed-board games: a session of clicks through board places, menus and prompt buttons
# ---------------------------------------------------------------------------------------------
CLICKED_STEPS = 45      # decisions per game (a whole Stone Age game is ~500: the slow suite's job)


def _click_one_decision(page: Any, board: Any, game: Any, rng: Any) -> Any:
    """Make one decision of the player to move as a person would: a place on the board (a menu's
    first entry when it opens one) or a prompt button, picked at random; returns its action."""
    kinds = [("board", t) for t in board.targets if t.mode in ("play", "menu")]
    kinds += [("prompt", c) for c in board.prompt]
    assert kinds, f"nothing to click in phase {game.phase!r}"
    kind, item = kinds[rng.randrange(len(kinds))]
    if kind == "prompt":
        twins = [c for c in board.prompt if c.label == item.label]
        page.locator(".wp-panel").first.get_by_role("button", name=item.label, exact=True) \
            .nth(twins.index(item)).click()
        return item.action
    page.mouse.click(*_canvas_point(page, *board.view.to_pixel(*item.centre)))
    if item.mode == "menu":
        page.locator(".wp-panel").first.get_by_role("button", name=f"1. {item.labels()[0]}", exact=True).click()
    page.mouse.move(2, 2)         # off the board: the next click there is not a double click
    return item.choices[0]


@pytest.mark.parametrize("name, seed", [("stone-age", 5), ("sapiens", 2)])
def test_fixed_board_game_clicked_for_a_session(lab: str, page: Any, name: str, seed: int) -> None:
    import random

    import widgetpkg as wp

    # every decision is clicked, an only choice too (the app plays it by itself by default)
    cells = ["import widgetpkg as wp",
             f"app = wp.play({name!r}, players=['Ann', 'Bob'], seed={seed})\napp.model.one_choice = 'click'\napp"]
    try:
        _open_new_notebook(lab, page, f"session-{name}.ipynb", cells)
        replica = wp.play(name, players=["Ann", "Bob"], seed=seed)
        replica.model.one_choice = "click"
        board, game = replica.board, replica.model.game
        _board_into_view(page)
        _match_shown_size(page, board)
        _wait_status(page, board.ui.status(game)[0])
        rng = random.Random(seed)
        for step in range(CLICKED_STEPS):
            if game.is_over:
                break
            page.wait_for_timeout(400)          # two decisions on one place are not a double click
            replica.model.apply(_click_one_decision(page, board, game, rng))
            deadline = time.monotonic() + 30
            while _history(page) != len(game.history):
                assert time.monotonic() < deadline, (
                    f"step {step}: the page's game did not follow ({_history(page)} steps, expected "
                    f"{len(game.history)}); status {_status(page)!r}")
                time.sleep(0.1)
            _wait_status(page, board.ui.status(game)[0])
        assert len(game.history) >= min(CLICKED_STEPS, 10)
        message = page.locator(".wp-msg").first.inner_text()
        assert "error" not in message.lower() and "cannot" not in message.lower(), message
        _shot_1280(page, f"session-{name}")
    except BaseException:
        _shot_1280(page, f"session-{name}-failure")
        raise


# ---------------------------------------------------------------------------------------------
# Fit, presenter mode and the agent's last move, for every game at a laptop's and a projector's size
# ---------------------------------------------------------------------------------------------

#: the smallest text wanted, in CSS pixels, on the board and in the panel: a laptop (1280 x 800)
#: outside presenter mode, and a projector (1920 x 1080) in presenter mode
TEXT_MINIMUM = {(1280, False): 11.0, (1920, True): 16.0}
#: the games whose board text does not reach ``TEXT_MINIMUM`` yet (their pictures are being enlarged in
#: their own ui.py): the board-text check is an expected failure that reports the sizes measured.
#: Take a game out of this set once it reaches them.
BOARD_TEXT_PENDING: set[str] = set()

#: JavaScript: where the app's parts are and how small their text is, in CSS pixels
_LAYOUT_PROBE = """() => {
    const app = document.querySelector('.wp-app'), panel = app.querySelector('.wp-panel');
    const board = app.querySelector('canvas.wp-board'), prompt = panel.querySelector('.wp-status');
    const parts = [panel, ...app.querySelectorAll('.wp-legend-view')];
    const seen = el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
    const shown = el => seen(el) && !el.closest('.wp-detail');
    let smallest = 1000, where = '';
    for (const part of parts) {
        const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement;
            if (!node.textContent.trim() || !el || !shown(el)) continue;
            const size = parseFloat(getComputedStyle(el).fontSize);
            if (size < smallest) { smallest = size; where = node.textContent.trim().slice(0, 40); }
        }
    }
    const all = parts.flatMap(part => Array.from(part.querySelectorAll('*'))).filter(shown);
    const cut = all.filter(el => el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== 'visible')
        .map(el => (el.className || el.tagName) + ': ' + (el.innerText || '').slice(0, 30)).slice(0, 5);
    // how far anything sticks out of its part (the panel, the legend) or out of the app
    const out = parts.flatMap(part => { const right = Math.min(part.getBoundingClientRect().right,
                                                               app.getBoundingClientRect().right);
        return Array.from(part.querySelectorAll('*')).filter(shown).map(el => el.getBoundingClientRect().right - right); });
    // the part of the window the app is seen in: the notebook's scroller, or the screen in full screen
    const full = document.fullscreenElement === app;
    const scroller = full ? null : app.closest('.jp-WindowedPanel-outer');
    const v = scroller ? scroller.getBoundingClientRect() : {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
    const b = board.getBoundingClientRect(), p = prompt.getBoundingClientRect();
    const probe = app.querySelector('.wp-board-size input');
    const drawn = probe && probe.placeholder !== 'none' ? parseFloat(probe.placeholder) : null;
    // (no text on the board: null)
    return {smallest, where, cut, panelOut: Math.max(0, ...out), full,
            board: [b.left, b.top, b.right, b.bottom], prompt: [p.top, p.bottom],
            view: [v.left, v.top, v.right, v.bottom], canvas: [board.width, board.height, board.clientWidth],
            boardText: drawn === null ? null : drawn * board.clientWidth / board.width};
}"""

_CANVAS_HASH = """c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0; for (let i = 0; i < d.length; i += 7) h = (h * 31 + d[i]) | 0; return h; }"""

#: JavaScript: the board draws as many pixels as it is shown at (the kernel has redrawn it after a resize)
_FITTED = """() => { const c = document.querySelector('canvas.wp-board');
    const input = document.querySelector('.wp-board-size input');
    return c && input && input.placeholder && Math.abs(c.width - c.clientWidth) <= 1; }"""


def _wait_fitted(page: Any) -> None:
    """Wait until the page has re-fitted the board and the kernel has redrawn it at its new size."""
    page.wait_for_timeout(600)           # the page's observers wait for the layout to settle
    page.wait_for_function(_FITTED, timeout=30_000)
    page.wait_for_timeout(300)
    page.wait_for_function(_FITTED, timeout=30_000)


def _present_toggle(page: Any) -> Any:
    return page.locator(".wp-present-toggle").first


def _set_present(page: Any, present: bool) -> None:
    toggle = _present_toggle(page)
    if ("mod-active" in (toggle.get_attribute("class") or "")) != present:
        toggle.click()
    page.wait_for_function("on => document.querySelector('.wp-app').classList.contains('wp-present') === on",
                           arg=present, timeout=30_000)


def _show_file_browser(page: Any, shown: bool) -> None:
    """Open or close JupyterLab's left side bar (the file browser)."""
    panel = page.locator(".jp-FileBrowser").first
    if panel.is_visible() != shown:
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id='filebrowser']").first.click()
    page.wait_for_function("shown => { const f = document.querySelector('.jp-FileBrowser');"
                           " return !!(f && f.offsetWidth) === shown; }", arg=shown, timeout=10_000)


@pytest.mark.parametrize("name", ["hunters-gatherers", "stone-age", "sapiens"])
def test_fit_presenter_mode_and_the_agents_last_move_at_both_sizes(lab: str, page: Any, tmp_path: Path,
                                                                   name: str) -> None:
    """The whole board and the prompt in view without scrolling, nothing in the panel cut sideways,
    and the smallest texts of board and panel, at 1280 x 800 (file browser shown) and 1920 x 1080
    (shown, then hidden: the board re-fits), in both modes; presenter mode is full screen. Then the
    agent's last move is seen to be drawn on the board."""
    cells = ["import widgetpkg as wp\nfrom widgetpkg.widgets.board import MOVES\n"
             f"app = wp.play({name!r}, players=[wp.agents.Random(seed=1), 'You'], seed=3, pace=0.0)\nruns = []\napp",
             # acts on its second run, by the test: take the stressed move away, to see that it was on the canvas
             "runs.append(1)\nif len(runs) > 1:\n    shown = {**app.board.recent_moves, **app.board.recent_places}\n"
             "    app.board.recent_moves, app.board.recent_places = {}, {}\n    app.board._redraw_layers(MOVES)\n"
             "    print('stressed:', sorted(shown))"]
    _open_new_notebook(lab, page, f"fit-{name}.ipynb", cells)
    try:
        _wait_status(page, "You", timeout=60)          # the agent opened the game; your turn now
        canvas = page.locator("canvas.wp-board").first
        shots = Path(os.environ.get("WIDGETPKG_SHOTS", "/tmp/shots"))
        shots.mkdir(parents=True, exist_ok=True)
        figures: dict[tuple[int, bool], dict[str, Any]] = {}
        widths: dict[str, float] = {}
        for width, height, browser, modes in ((1280, 800, True, (False, True)), (1920, 1080, True, (False,)),
                                              (1920, 1080, False, (False, True))):
            page.set_viewport_size({"width": width, "height": height})
            _show_file_browser(page, browser)
            for present in modes:
                _set_present(page, present)
                _wait_fitted(page)
                if not present:
                    _board_into_view(page)
                probe = page.evaluate(_LAYOUT_PROBE)
                label = f"{width}{'' if browser else '-no-browser'}{'-present' if present else ''}"
                page.screenshot(path=str(shots / f"fit-{name}-{label}.png"))
                board_text = "none" if probe["boardText"] is None else f"{probe['boardText']:.1f} px"
                print(f"\n{name} {label}: board text {board_text}, panel text {probe['smallest']} px"
                      f" ({probe['where']!r}); {probe}")
                if browser or present:
                    figures[(width, present)] = probe
                else:
                    widths["no-browser"] = probe["board"][2] - probe["board"][0]
                widths.setdefault(f"{width}", probe["board"][2] - probe["board"][0])
                assert probe["full"] == present, "presenter mode is not full screen"
                assert not probe["cut"] and probe["panelOut"] <= 2, probe          # nothing cut sideways
                assert probe["smallest"] >= (16 if present else 11), probe
                left, top, right, bottom = probe["view"]
                assert top - 1 <= probe["prompt"][0] and probe["prompt"][1] <= bottom + 1, probe
                assert probe["board"][0] >= left - 1 and probe["board"][1] >= top - 1, probe     # the whole board
                assert probe["board"][2] <= right + 1 and probe["board"][3] <= bottom + 1, probe
                # as large as fits: the board fills the visible height or the width beside the panel
                assert (probe["board"][3] - probe["board"][1] >= (bottom - top) - 60
                        or probe["canvas"][2] >= probe["board"][2] - probe["board"][0] - 1), probe
        # the side bar closed: the board re-fitted to the wider room (or was already as tall as fits)
        assert widths["no-browser"] >= widths["1920"] - 1
        # presenter mode gives the board more room than the notebook
        assert figures[(1920, True)]["board"][2] - figures[(1920, True)]["board"][0] >= widths["no-browser"]

        # the agent's move was on the canvas: taking its highlight away changes the picture
        _set_present(page, False)
        page.wait_for_timeout(1500)                    # re-fitted, and the fade-in long over
        _wait_fitted(page)
        with_move = canvas.evaluate(_CANVAS_HASH)
        page.locator(".jp-Cell").nth(1).click()
        page.keyboard.press("Shift+Enter")
        page.wait_for_selector("text=stressed:", timeout=30_000)
        page.wait_for_timeout(800)
        assert "stressed: []" not in page.locator(".jp-Cell").nth(1).inner_text()
        assert canvas.evaluate(_CANVAS_HASH) != with_move
    except Exception:
        _failure_shot(page, tmp_path, f"fit-{name}.png")
        raise

    # the smallest board text (none: a board without words), last: a game still being enlarged
    # reports its sizes as an expected failure
    short = [f"{w} px {'presenter' if p else 'normal'}: board text {figures[(w, p)]['boardText']:.1f} px"
             f" < {minimum:.0f}" for (w, p), minimum in TEXT_MINIMUM.items()
             if figures[(w, p)]["boardText"] is not None and figures[(w, p)]["boardText"] < minimum]
    if short and name in BOARD_TEXT_PENDING:
        pytest.xfail(f"{name}: " + "; ".join(short))
    assert not short, short


def test_stone_age_pictures_at_two_screen_sizes(lab: str, page: Any) -> None:
    """Stone Age mid-game in JupyterLab at 1280x800 and 1920x1080, with the legend open and the odds
    of a dice place shown on hover; the screenshots go where WIDGETPKG_SHOTS says."""
    cells = ["import random\nimport widgetpkg as wp\n"
             "app = wp.play('stone-age', players=['You', wp.agents.Random(seed=2)], seed=6, "
             "variants={'wild_animals': True, 'igloos': True})\n"
             "g = app.model.game\nrng = random.Random(6)\n"
             "while g.round < 3 or g.phase != 'placement' or g.current_player != 'You':\n"
             "    app.model.try_apply(rng.choice(g.legal_actions()))\n"
             "app.legend.toggle.value = True\napp"]
    import widgetpkg as wp
    from widgetpkg.games.stone_age.ui import place_rect
    from widgetpkg.ui.contract import ui_for

    two = wp.new_game("stone-age", players=2)
    x0, y0, x1, y1 = ui_for(two).extent(two)
    _open_new_notebook(lab, page, "pictures.ipynb", cells)
    for width, height in ((1280, 800), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(1500)
        app = page.locator(".wp-app").first
        app.scroll_into_view_if_needed()
        canvas = page.locator(".wp-app canvas").last
        box = canvas.bounding_box()
        assert box is not None
        # over the forest, in board units from the top left of the board's extent
        forest = place_rect(None, "forest")
        assert forest is not None
        page.mouse.move(box["x"] + box["width"] * ((forest[0] + forest[2]) / 2 - x0) / (x1 - x0),
                        box["y"] + box["height"] * (1.5 - y0) / (y1 - y0))
        page.wait_for_timeout(800)
        _shot_1280(page, f"stone-age-{width}x{height}")
        assert page.locator(".wp-legend-view svg").count() == 1
