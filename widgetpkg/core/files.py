"""The one reader of every user file: tile sets, data and components files, saves from a path.

A user's file may be anything: a device that never ends (``/dev/zero``), a FIFO that never
opens, a directory, a gigabyte, text that is not UTF-8, YAML built to explode (aliases, deep
nesting, a million tiny items). Each is refused by name with a short error before it costs more
than a bounded read: :func:`read_text` reads at most ``limit + 1`` bytes whatever ``stat`` says,
and :func:`parse_yaml` checks the YAML's shape on the parser's events (iterative, nothing built)
before anything is built, then hands back plain JSON-like data (see :func:`.schema.plain`).

>>> parse_yaml("tiles: [1, 2]", what="tile set")
{'tiles': [1, 2]}
>>> parse_yaml("a: &x [1]\\nb: *x", what="tile set")
Traceback (most recent call last):
...
widgetpkg.core.errors.InvalidOptionError: tile set: YAML anchors and aliases (& and *) are not allowed (line 1)
>>> read_text("", what="data", limit=10)
Traceback (most recent call last):
...
widgetpkg.core.errors.InvalidOptionError: data: an empty file name
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import PurePath
from typing import Any

from .errors import InvalidOptionError, WidgetpkgError, shorten
from .schema import plain

#: the longest file name read (longer ones are refused, not echoed)
MAX_PATH_CHARS = 4096
#: nesting of the YAML every format here needs is 6 at most
MAX_YAML_DEPTH = 32
#: scalars, mappings and sequences in one document: a real tile set has about 10,000
MAX_YAML_NODES = 200_000
#: the only tags a data file may use: those of plain JSON data (``!!set``, ``!!binary``,
#: ``!!timestamp``, ``!!python/...`` are refused by name)
_JSON_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq"))

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, by name (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_text(path: str | PurePath, *, what: str, limit: int,
              error: type[WidgetpkgError] = InvalidOptionError) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes; anything else is
    ``error`` naming ``what`` the file was for."""
    if not isinstance(path, (str, PurePath)):
        raise error(f"{what}: a file name is text or a pathlib.Path, got {type(path).__name__}")
    name = str(path)
    if not name.strip():
        raise error(f"{what}: an empty file name")
    if len(name) > MAX_PATH_CHARS or "\0" in name:
        raise error(f"{what}: {shorten(name)} is not a usable file name")
    try:
        kind = _kind(os.stat(name).st_mode)
        if kind is not None:  # refused before opening: opening a FIFO waits for a writer
            raise error(f"{what}: {shorten(name)} is {kind}, not a file")
        # O_NONBLOCK: should the name become a FIFO between stat and open, open does not wait
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as problem:
        raise error(f"{what}: cannot read {shorten(name)}: {_reason(problem)}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)  # the file opened, whatever the name points to now
        if kind is not None:
            raise error(f"{what}: {shorten(name)} is {kind}, not a file")
        chunks, size = [], 0
        while size <= limit:  # stat's size is not trusted: read until the end or past the limit
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as problem:
        raise error(f"{what}: cannot read {shorten(name)}: {_reason(problem)}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise error(f"{what}: {shorten(name)} is larger than {limit:,} bytes")
    return decode(b"".join(chunks), what=what, error=error)


def _reason(problem: OSError) -> str:
    if problem.errno == errno.ENOENT:
        return "no such file"
    return (problem.strerror or type(problem).__name__).lower()


def decode(raw: bytes, *, what: str, error: type[WidgetpkgError] = InvalidOptionError) -> str:
    """Bytes as strict UTF-8 text without NUL characters (no data format here has them)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(f"{what}: not UTF-8 text (byte {problem.start})") from None
    check_text(text, what=what, error=error)
    return text


def check_text(text: str, *, what: str, error: type[WidgetpkgError] = InvalidOptionError) -> None:
    """Refuse NUL characters and lone surrogates (which no file can hold)."""
    at = text.find("\0")
    if at >= 0:
        raise error(f"{what}: a NUL character at {_line_of(text, at)}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as problem:
        raise error(f"{what}: not UTF-8 text (a lone surrogate at {_line_of(text, problem.start)})") from None


def _line_of(text: str, at: int) -> str:
    return f"line {text.count(chr(10), 0, at) + 1}"


def parse_yaml(text: str, *, what: str, error: type[WidgetpkgError] = InvalidOptionError,
               max_depth: int = MAX_YAML_DEPTH, max_nodes: int = MAX_YAML_NODES) -> Any:
    """The data of one YAML document as plain JSON-like data (string keys; int keys become
    strings), through the safe loader, after checks on the parser's events: no anchors or
    aliases, only JSON's tags, at most ``max_depth`` levels and ``max_nodes`` nodes."""
    import yaml  # here, not at the top: importing widgetpkg must not pay for it

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if not isinstance(text, str):
        raise error(f"{what}: YAML is text, got {type(text).__name__}")
    check_text(text, what=what, error=error)
    depth = nodes = 0
    try:
        for event in yaml.parse(text, Loader=loader):  # events only: iterative, nothing built yet
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise error(f"{what}: YAML anchors and aliases (& and *) are not allowed{_at(event)}")
            if not isinstance(event, yaml.NodeEvent):
                if isinstance(event, yaml.CollectionEndEvent):
                    depth -= 1
                elif isinstance(event, yaml.DocumentStartEvent) and nodes:
                    raise error(f"{what}: holds more than one YAML document{_at(event)}")
                continue
            tag = getattr(event, "tag", None)  # scalars and collections have one
            if tag is not None and tag != "!" and _full_tag(tag) not in _JSON_TAGS:
                shown = "!!" + tag[18:] if tag.startswith("tag:yaml.org,2002:") else tag
                raise error(f"{what}: the YAML tag {shorten(shown, 40)} is not allowed (plain data only){_at(event)}")
            nodes += 1
            if nodes > max_nodes:
                raise error(f"{what}: more than {max_nodes:,} values")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > max_depth:
                    raise error(f"{what}: nested more than {max_depth} levels deep{_at(event)}")
        data = yaml.load(text, Loader=loader)  # noqa: S506 -- the safe loader (CSafeLoader or SafeLoader)
    except yaml.YAMLError as problem:
        reason = getattr(problem, "problem", None) or getattr(problem, "reason", None) or "cannot be read"
        mark = getattr(problem, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        raise error(f"{what}: not valid YAML: {shorten(str(reason), 80).strip(chr(39))}{where}") from None
    except (ValueError, OverflowError, TypeError, RecursionError) as problem:
        if isinstance(problem, WidgetpkgError):
            raise
        # a number of 5,000 digits, a date out of range: the loader's own errors, in short
        reason = "a number with too many digits" if "digits" in str(problem) else shorten(str(problem), 80)
        raise error(f"{what}: cannot read a value ({reason})") from None
    return plain(data, what=what, error=error, max_depth=max_depth)


def _full_tag(tag: str) -> str:
    return "tag:yaml.org,2002:" + tag[2:] if tag.startswith("!!") else tag


def _at(event: Any) -> str:
    mark = getattr(event, "start_mark", None)
    return f" (line {mark.line + 1})" if mark is not None else ""


def read_data(source: Any, *, what: str, limit: int, error: type[WidgetpkgError] = InvalidOptionError) -> Any:
    """A file option's data as plain JSON-like data: a mapping given in code (copied), or a YAML
    file named by a path (read by :func:`read_text`, parsed by :func:`parse_yaml`)."""
    if isinstance(source, dict):
        return plain(source, what=what, error=error)
    if isinstance(source, (str, PurePath)):
        return parse_yaml(read_text(source, what=what, limit=limit, error=error), what=what, error=error)
    raise error(f"{what}: expected a YAML file path or a mapping, got {type(source).__name__}")
