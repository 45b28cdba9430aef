"""The classroom web app: the start screen served as a web page by Voila
(``python -m widgetpkg app``; ``pip install 'widgetpkg[app]'``).

Voila runs ``start.ipynb`` (shipped next to this module) in a new kernel for every visitor and shows
only its output, the start screen: no code cells and no Jupyter interface.

>>> argv = voila_argv(port=8900, open_browser=False)
>>> argv[0].endswith("start.ipynb"), "--port=8900" in argv, "--no-browser" in argv
(True, True, True)
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ..core import WidgetpkgError

#: the notebook Voila renders: one cell, the start screen
NOTEBOOK = Path(__file__).with_name("start.ipynb")
DEFAULT_PORT = 8866
#: a kernel left with no page (its tab closed) is shut down after this many seconds; an open page's
#: kernel is never culled, however long the class thinks
IDLE_KERNEL_SECONDS = 600


class AppUnavailable(WidgetpkgError):
    """The web app cannot be served here (Voila is not installed)."""


def voila_argv(*, port: int = DEFAULT_PORT, open_browser: bool = True, ip: str = "127.0.0.1") -> list[str]:
    """Voila's command line for the start screen page."""
    argv = [str(NOTEBOOK), f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0",
            "--strip_sources=True", "--theme=light", "--show_tracebacks=False",
            f"--MappingKernelManager.cull_idle_timeout={IDLE_KERNEL_SECONDS}",
            "--MappingKernelManager.cull_interval=60", "--MappingKernelManager.cull_connected=False"]
    if not open_browser:
        argv.append("--no-browser")
    return argv


def serve(*, port: int = DEFAULT_PORT, open_browser: bool = True, ip: str = "127.0.0.1") -> int:
    """Serve the start screen until interrupted (Ctrl+C); every visitor gets their own kernel."""
    if importlib.util.find_spec("voila") is None:
        raise AppUnavailable("the web app needs Voila: pip install 'widgetpkg[app]' (or run `make app`)")
    from voila.app import Voila
    Voila.launch_instance(argv=voila_argv(port=port, open_browser=open_browser, ip=ip))
    return 0


__all__ = ["NOTEBOOK", "AppUnavailable", "serve", "voila_argv"]
