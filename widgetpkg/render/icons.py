"""Icons: vector pictures from the game-icons.net set, one small subset file per game.

Each game keeps the icons it draws in its own folder (``icons.json``): the icon's name in the set and
its outline as absolute path commands (M, L, Q, C, Z) in a 512 x 512 box, which every painter
backend draws as it is. The subsets are copied once from the set's npm package
(``npm pack @iconify-json/game-icons``), never fetched at run time::

    python -m widgetpkg.render.icons extract ICONS_JSON widgetpkg/games/GAME/icons.json meat igloo ...
    python -m widgetpkg.render.icons credits

>>> shape = parse_path("M0 0 L10 0 Q10 10 0 10 Z")
>>> shape
(('M', 0.0, 0.0), ('L', 10.0, 0.0), ('Q', 10.0, 10.0, 0.0, 10.0), ('Z',))
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path

from ..core.errors import WidgetpkgError
from .painter import IconShape, PathCommand
from .svg import path_data

#: the icon set every game draws from, and the attribution its licence asks for
ICON_SET = {
    "name": "game-icons.net",
    "prefix": "game-icons",
    "authors": "Lorc, Delapouite and the other game-icons.net contributors",
    "url": "https://game-icons.net",
    "licence": "CC BY 3.0",
    "licence_url": "https://creativecommons.org/licenses/by/3.0/",
    "package": "@iconify-json/game-icons",
}
SUBSET_FILE = "icons.json"
_ARITY = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}
_TOKEN = re.compile(r"[MLQCZ]|-?\d+(?:\.\d+)?")


class IconError(WidgetpkgError):
    """An icon that is not in a subset or a set, or a subset file that cannot be read."""


def parse_path(data: str) -> tuple[PathCommand, ...]:
    """Painter path commands from normalised path data (absolute M, L, Q, C, Z only)."""
    tokens = _TOKEN.findall(data)
    commands: list[PathCommand] = []
    i = 0
    while i < len(tokens):
        name = tokens[i]
        if name not in _ARITY:
            raise IconError(f"icon path data must use only M, L, Q, C, Z; found {name!r}")
        n = _ARITY[name]
        commands.append((name, *(float(v) for v in tokens[i + 1:i + 1 + n])))
        i += 1 + n
    return tuple(commands)


class IconSubset:
    """The icons one game uses, by their names in the set: ``subset["meat"]`` is an :class:`IconShape`."""

    def __init__(self, paths: dict[str, str], *, where: str = "") -> None:
        self._paths = paths
        self._shapes: dict[str, IconShape] = {}
        self.where = where

    def __getitem__(self, name: str) -> IconShape:
        shape = self._shapes.get(name)
        if shape is None:
            if name not in self._paths:
                raise IconError(f"no icon {name!r} in {self.where or 'this subset'}; add it with "
                                f"'python -m widgetpkg.render.icons extract'")
            shape = self._shapes[name] = IconShape(f"{ICON_SET['prefix']}:{name}", parse_path(self._paths[name]))
        return shape

    def __contains__(self, name: object) -> bool:
        return name in self._paths

    def names(self) -> list[str]:
        return sorted(self._paths)


@cache
def icons_of(package: str) -> IconSubset:
    """The icon subset kept in ``package``'s folder (a game's package, e.g. its ``__package__``)."""
    try:
        text = resources.files(package).joinpath(SUBSET_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise IconError(f"{package} has no {SUBSET_FILE}") from exc
    return IconSubset(_read_subset(text, package), where=package)


def _read_subset(text: str, where: str) -> dict[str, str]:
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("icons"), dict):
        raise IconError(f"{where}: an icon subset is an object with an 'icons' object")
    return {str(k): str(v) for k, v in data["icons"].items()}


# extraction (run by developers, not at run time) ------------------------------------------------

def normalise(data: str) -> str:
    """Any SVG path data as absolute M, L, Q, C, Z (arcs become cubic curves), one decimal.

    >>> normalise("m10 10h5v5z")
    'M10 10 L15 10 L15 15 Z'
    """
    from svgelements import Arc, Close, CubicBezier, Line, Move, QuadraticBezier
    from svgelements import Path as SvgPath

    out: list[PathCommand] = []
    for seg in SvgPath(data):
        if isinstance(seg, Move):
            out.append(("M", seg.end.x, seg.end.y))
        elif isinstance(seg, Line):
            out.append(("L", seg.end.x, seg.end.y))
        elif isinstance(seg, QuadraticBezier):
            out.append(("Q", seg.control.x, seg.control.y, seg.end.x, seg.end.y))
        elif isinstance(seg, CubicBezier):
            out.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y, seg.end.x, seg.end.y))
        elif isinstance(seg, Arc):
            out.extend(("C", c.control1.x, c.control1.y, c.control2.x, c.control2.y, c.end.x, c.end.y)
                       for c in seg.as_cubic_curves())
        elif isinstance(seg, Close):
            out.append(("Z",))
    rounded = [(c[0], *(round(float(v), 1) for v in c[1:])) for c in out]
    return path_data(rounded)


def extract(icon_file: Path, subset_file: Path, names: Iterable[str]) -> list[str]:
    """Copy the named icons from the npm package's ``icons.json`` into a game's subset file.

    Icons already in the subset stay; returns the names added or refreshed.
    """
    try:
        iconset = json.loads(icon_file.read_text(encoding="utf-8"))
        icons, aliases = iconset["icons"], iconset.get("aliases", {})
    except (OSError, ValueError, KeyError) as exc:
        raise IconError(f"{icon_file}: not the icons.json of {ICON_SET['package']} ({exc})") from exc
    subset = _read_subset(subset_file.read_text(encoding="utf-8"), str(subset_file)) if subset_file.exists() else {}
    done = []
    for name in names:
        source = aliases.get(name, {}).get("parent", name)
        if source not in icons:
            raise IconError(f"no icon {name!r} in {icon_file}")
        found = re.findall(r'\sd="([^"]+)"', icons[source]["body"])
        if not found:
            raise IconError(f"icon {name!r} has no path")
        subset[name] = normalise(" ".join(found))
        done.append(name)
    document = {"set": ICON_SET["name"], "licence": ICON_SET["licence"], "box": 512,
                "icons": dict(sorted(subset.items()))}
    subset_file.write_text(json.dumps(document, indent=0) + "\n", encoding="utf-8")
    return done


# attribution ------------------------------------------------------------------------------------

def credits() -> dict[str, list[str]]:
    """Every package under :mod:`widgetpkg.games` with an icon subset, and the icons it uses."""
    found: dict[str, list[str]] = {}
    for folder in sorted(resources.files("widgetpkg.games").iterdir(), key=lambda f: f.name):
        subset = folder.joinpath(SUBSET_FILE)
        if folder.is_dir() and subset.is_file():
            found[folder.name] = sorted(_read_subset(subset.read_text(encoding="utf-8"), folder.name))
    return found


def credits_text() -> str:
    """The attribution as text: the set, its authors, its licence, and the icons each game uses."""
    lines = [f"Icons from {ICON_SET['name']} ({ICON_SET['url']}) by {ICON_SET['authors']},",
             f"licensed under {ICON_SET['licence']} ({ICON_SET['licence_url']}); outlines converted to",
             f"absolute paths, unchanged otherwise. Taken from the npm package {ICON_SET['package']}.", ""]
    for package, names in credits().items():
        lines.append(f"{package}: {', '.join(names)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgetpkg.render.icons", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract", help="copy named icons from the npm package's icons.json into a subset file")
    ex.add_argument("icon_file", type=Path)
    ex.add_argument("subset_file", type=Path)
    ex.add_argument("names", nargs="+")
    sub.add_parser("credits", help="the icon set, its licence and the icons each game uses")
    args = parser.parse_args(argv)
    try:
        if args.command == "extract":
            print("added:", ", ".join(extract(args.icon_file, args.subset_file, args.names)))
        else:
            print(credits_text())
    except IconError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
