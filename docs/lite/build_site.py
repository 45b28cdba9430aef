"""Build widgetpkg's browser site (JupyterLite with the Pyodide kernel) from the registries only.

    python docs/lite/build_site.py [--out docs/_build/lite] [--cache ~/.cache/widgetpkg-lite]

Run by `make lite` with the `lite` extra installed. Everything the site needs is put into it, so
it runs with no network at all:

- Pyodide's runtime from the npm registry, at the version the kernel package pins, into
  ``static/pyodide``; its lock file is cut down to micropip, whose wheel comes from PyPI (the npm
  package holds the runtime only);
- pure-Python wheels of the kernel's and widgetpkg's dependencies (pinned to the versions the build
  environment has, so the front-end extensions match their kernel side), a pure PyYAML wheel,
  widgetpkg's own wheel, and the stand-ins for numpy and Pillow (docs/lite/standins: ipycanvas
  imports both; see docs/lite.md), listed in the site's own package index;
- the notebooks of docs/lite/content.

JupyterLite's build database is deleted first: a stale one makes the site load Pyodide from a
CDN without a word.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

#: the kernel's own dependencies and widgetpkg's, pinned
KERNEL_REQUIREMENTS = HERE / "kernel-requirements.txt"
#: at the versions installed here (their front-end extensions go into the site from this environment);
#: their other dependencies are provided by the site (widgetsnbextension by the kernel, numpy and
#: Pillow by the stand-ins) or not needed in the browser (nbformat: lessons only)
MATCHED = ["ipywidgets", "jupyterlab_widgets", "ipycanvas", "ipyevents"]
#: what widgetpkg needs in the browser, installed by each notebook's first cell: these with their
#: dependencies, then the ones whose dependencies the site replaces or leaves out, without
WITH_DEPENDENCIES = ["pyyaml", "ipywidgets", "tqdm"]
ALONE = ["widgetpkg-browser-standins", "ipycanvas", "ipyevents", "widgetpkg"]


def run(*args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=cwd, env=env)


def pinned(name: str) -> str:
    """``name==version`` as installed here, so that a wheel matches its front-end extension."""
    return f"{name}=={importlib.metadata.version(name)}"


def kernel_pyodide_version() -> str:
    """The Pyodide version the installed kernel extension loads (its default CDN address names it)."""
    static = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static"
    found = {m for p in static.glob("*.js")
             for m in re.findall(r"pyodide/v([0-9][0-9.]*)/full", p.read_text(encoding="utf-8", errors="replace"))}
    if len(found) != 1:
        raise SystemExit(f"cannot tell which Pyodide version the kernel extension loads: {sorted(found)}")
    return found.pop()


def pyodide_runtime(version: str, cache: Path, target: Path) -> str:
    """npm's pyodide package into ``target``, with a lock file that knows micropip only; returns
    the version of Python it runs (major.minor)."""
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        run("npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", cache)
    target.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith("package/") and not member.name.endswith(".map"):
                member.name = member.name.removeprefix("package/")
                archive.extract(member, target, filter="data")
    lock = json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))
    micropip = lock["packages"]["micropip"]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
        "--python-version", python, "-d", target, f"micropip=={micropip['version']}")
    wheel = target / micropip["file_name"]
    micropip["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock["packages"] = {"micropip": micropip}
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return python


def wheels(target: Path, work: Path, python: str) -> None:
    """Every wheel the kernel and widgetpkg need, into the site's package folder."""
    target.mkdir(parents=True)
    pure = ["--only-binary", ":all:", "--platform", "any", "--implementation", "py", "--python-version", python]
    pip = [sys.executable, "-m", "pip"]
    run(*pip, "download", "--quiet", "--no-deps", "-d", target, *pure, "-r", KERNEL_REQUIREMENTS,
        *[pinned(n) for n in MATCHED])
    # PyYAML's wheels on PyPI are compiled; built from its source without libyaml it is pure Python
    run(*pip, "wheel", "--quiet", "--no-deps", "--no-binary", "pyyaml", "-w", target, pinned("PyYAML"),
        env={**os.environ, "PYYAML_FORCE_LIBYAML": "0"})
    run(sys.executable, "-m", "build", "--wheel", "--outdir", target, ROOT)
    standins = work / "standins"
    shutil.copytree(HERE / "standins", standins)
    run(sys.executable, "-m", "build", "--wheel", "--outdir", target, standins)
    compiled = [p.name for p in target.glob("*.whl") if not p.name.endswith("-none-any.whl")]
    if compiled:
        raise SystemExit(f"compiled wheels cannot run in the browser: {compiled}")


def site_config(target: Path) -> None:
    """jupyter-lite.json: Pyodide from the site itself, never PyPI, the kernel's packages preloaded."""
    settings = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "widgetpkg in your browser",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
            "exposeAppInBrowser": True,
        },
    }
    (target / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")


SETUP = f"""# In the browser: widgetpkg and what it needs come from this site (no internet needed)
%pip install -q {' '.join(WITH_DEPENDENCIES)}
%pip install -q --no-deps {' '.join(ALONE)}
import widgetpkg as wp"""


def notebooks(target: Path) -> None:
    """A notebook that opens the start screen, and one per registered game that starts it."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    import widgetpkg as wp

    kernel = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    target.mkdir(parents=True)
    pages = {"play": ("Play", "Choose a game, the players and the options, then Start.", "wp.play()")}
    for name in wp.game_names():
        title = wp.game_info(name).title
        pages[name] = (title, "You against the computer. The board answers clicks; the panel explains every move.",
                       f'app = wp.play("{name}", players=["You", wp.agents.Greedy(seed=1)], seed=1)\napp')
    for stem, (title, intro, code) in pages.items():
        cells = [new_markdown_cell(f"# {title}\n\n{intro} The first cell takes a few seconds: it installs "
                                   "widgetpkg into Python in your browser."),
                 new_code_cell(SETUP), new_code_cell(code)]
        nbformat.write(new_notebook(cells=cells, metadata={"kernelspec": kernel}), target / f"{stem}.ipynb")


def build(out: Path, cache: Path) -> None:
    work = out.parent / (out.name + "-src")
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True)
    python = pyodide_runtime(kernel_pyodide_version(), cache, work / "static" / "pyodide")
    wheels(work / "pypi", work, python)
    site_config(work)
    notebooks(work / "content")
    (work / ".jupyterlite.doit.db").unlink(missing_ok=True)
    run(Path(sys.executable).with_name("jupyter"), "lite", "build", "--lite-dir", work, "--output-dir", out,
        "--contents", work / "content", "--no-sourcemaps", cwd=work)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"browser site: {out} ({size / 1e6:.1f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs/_build/lite")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache/widgetpkg-lite")
    args = parser.parse_args()
    build(args.out.resolve(), args.cache.resolve())


if __name__ == "__main__":
    main()
