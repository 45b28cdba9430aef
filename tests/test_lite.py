"""The browser site (JupyterLite, Pyodide): built by `make lite` into docs/_build/lite.

- Without a thread (Pyodide has none) the agent runner plays the same moves, and the event loop
  runs other callbacks between an agent's moves.
- The numpy stand-in of the site gives ipycanvas the same command bytes as numpy.
- In Chromium, with every request that is not to the local server refused: each game's notebook
  runs, a click on its board makes a move, and the computer answers.
"""

from __future__ import annotations

import asyncio
import functools
import http.server
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import widgetpkg as wp
from widgetpkg.core.registry import bundled_names
from widgetpkg.widgets.model import GameModel
from widgetpkg.widgets.runner import AgentRunner

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "docs" / "_build" / "lite"
STANDINS = ROOT / "docs" / "lite" / "standins"
CHROMIUM = Path("/usr/bin/chromium")


# -- no threads --------------------------------------------------------------------------------------

def _agents_game(threaded: bool) -> tuple[list[str], int]:
    """Two agents play a seeded game by themselves on an event loop; the moves, and how often
    another callback got to run meanwhile."""
    async def scenario() -> tuple[list[str], int]:
        game = wp.new_game("hunters-gatherers", players=["A", "B"], seed=4)
        model = GameModel(game, agents={"A": wp.agents.Random(seed=1), "B": wp.agents.Random(seed=2)})
        runner = AgentRunner(model, pace=0.0)
        runner.threaded = threaded
        ticks = 0
        runner.schedule()
        deadline = time.monotonic() + 120
        while not model.game.is_over and len(model.game.history) < 30 and time.monotonic() < deadline:
            await asyncio.sleep(0)      # one turn of the loop
            ticks += 1
        runner.close()
        return [str(step.action) for step in model.game.history[:30]], ticks

    return asyncio.run(scenario())


def test_without_threads_the_agents_play_the_same_moves_and_the_loop_stays_free(monkeypatch) -> None:
    threaded, _ = _agents_game(True)

    def no_threads(self: Any) -> None:
        raise RuntimeError("can't start new thread")   # what Pyodide says

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    inline, ticks = _agents_game(False)
    assert len(threaded) == 30 and inline == threaded
    assert ticks >= len(inline)        # the loop ran other work between the agents' moves


# -- the numpy stand-in --------------------------------------------------------------------------------

_DRAW = """
import json, sys
sys.path[:0] = {paths}
import numpy
from ipycanvas import Canvas
from ipycanvas.canvas import _CANVAS_MANAGER
from widgetpkg.render.canvas import replay
from widgetpkg.render.painter import Recorder
sent = []
canvas = Canvas(width=300, height=200)
_CANVAS_MANAGER.send = lambda content, buffers=None: sent.append((content, [bytes(b) for b in buffers or []]))
p = Recorder()
p.rect(0, 0, 30, 20, fill="#8c6", stroke="#000", dash=(4, 2))
p.polygon([(0, 0), (10, 5), (3, 9)], fill="red")
p.text(5, 5, "A&B", size=8)
replay(p.ops, canvas)
print(json.dumps({{"standin": getattr(numpy, "STANDIN", False),
                  "sent": [[c, [b.replace(canvas.model_id.encode(), b"CANVAS").hex() for b in bs]]
                           for c, bs in sent]}}))
"""


def _draw(paths: list[str]) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", _DRAW.format(paths=paths)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_the_numpy_stand_in_sends_ipycanvas_the_same_bytes_as_numpy() -> None:
    real = _draw([])
    standin = _draw([str(STANDINS)])
    assert standin["standin"] is True and real["standin"] is False
    assert real["sent"] and standin["sent"] == real["sent"]


def test_the_stand_ins_refuse_what_they_do_not_do() -> None:
    code = (f"import sys; sys.path.insert(0, {str(STANDINS)!r})\nimport numpy, PIL.Image\n"
            "for f in (lambda: numpy.linalg, lambda: PIL.Image.open('x'), lambda: numpy.asarray(['a'])):\n"
            "    try:\n        f()\n    except NotImplementedError as e:\n        print('refused:', e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.count("refused:") == 3, done.stdout + done.stderr


# -- the site in Chromium, offline ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        if os.environ.get("CI"):
            pytest.fail("the browser site is not built: `make test` runs `make lite` first")
        pytest.skip("the browser site is not built (make lite)")
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
@pytest.mark.parametrize("name", bundled_names())
def test_every_game_plays_in_the_browser_site_offline(site: str, name: str, tmp_path: Path) -> None:
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    refused: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--no-first-run", "--disable-sync"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})

        def only_local(route: Any) -> None:
            url = route.request.url
            if url.startswith((site + "/", "data:", "blob:")):
                route.continue_()
            else:
                refused.append(url)
                route.abort()

        page.context.route("**/*", only_local)
        try:
            started = time.monotonic()
            page.goto(f"{site}/lab/index.html?path={name}.ipynb")
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            page.wait_for_timeout(1000)
            page.locator(".lm-MenuBar-itemLabel").get_by_text("Run", exact=True).first.click()
            page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).first.click()
            board = page.locator("canvas.wp-board").first
            board.wait_for(state="visible", timeout=300_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=300_000)
            loaded = time.monotonic() - started
            history = page.locator(".wp-panel .widget-readout").first
            assert history.inner_text() == "0"
            _play_until_the_agent_answers(page, board, history, name)
            print(f"{name}: board after {loaded:.1f} s")
        except BaseException:
            page.screenshot(path=str(tmp_path / f"lite-{name}.png"))
            raise
        finally:
            browser.close()
    assert not refused, f"the site asked the network: {refused[:5]}"


def _play_until_the_agent_answers(page: Any, board: Any, history: Any, name: str) -> None:
    """Make our decisions as a replica of the notebook's game offers them (the board's first
    target, its menu's first entry if one opens, else the prompt's first button) until it is the
    computer's turn; then wait for the computer's move."""
    replica = wp.play(name, players=["You", wp.agents.Greedy(seed=1)], seed=1)
    try:
        page.wait_for_function("""() => { const c = document.querySelector('canvas.wp-board');
            return c && Math.abs(c.width - Math.round(c.getBoundingClientRect().width)) <= 1; }""", timeout=30_000)
        width, height = board.evaluate("c => [c.width, c.height]")
        replica.board.resize(width, height)
        while replica.model.human_to_move():
            targets = [t for t in replica.board.targets if t.mode in ("play", "menu", "cycle")]
            if targets:
                target = targets[0]
                box = board.bounding_box()
                px, py = replica.board.view.to_pixel(*target.centre)
                page.mouse.click(box["x"] + px * box["width"] / width, box["y"] + py * box["height"] / height)
                if target.mode == "menu":
                    page.get_by_role("button", name=f"1. {target.labels()[0]}").click()
                replica.model.apply(target.choices[0])
            else:
                choice = replica.board.prompt[0]
                page.get_by_role("button", name=choice.label, exact=True).first.click()
                replica.model.apply(choice.action)
            mine = len(replica.game.history)
            page.wait_for_function("n => Number(document.querySelector('.wp-panel .widget-readout').innerText) >= n",
                                   arg=mine, timeout=60_000)
        deadline = time.monotonic() + 300
        while int(history.inner_text()) <= mine:
            assert time.monotonic() < deadline, f"the computer did not answer: {history.inner_text()} steps"
            page.wait_for_timeout(500)
        assert "Greedy" in page.locator(".wp-panel").first.inner_text()
    finally:
        replica.close()
