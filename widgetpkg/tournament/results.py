"""The results file: one JSON line per finished game, after a first line naming the tournament.

A line is appended (and flushed) as soon as a game ends, so an interrupted run loses at most the
games still being played; run the same command again and it plays only the games not in the file.
A file written by another tournament (another game, options, agents, seats or seed) is refused
before anything is written to it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from .games import Spec, TournamentError

FORMAT = "widgetpkg-tournament"


def _problem(result: Any, spec: Spec) -> str | None:
    if not isinstance(result, dict):
        return "not an object"
    index = result.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return "no game number"
    seats = result.get("seats")
    scores = result.get("scores")
    winners = result.get("winners")
    if not (isinstance(seats, dict) and isinstance(scores, dict) and isinstance(winners, list)):
        return "no seats, scores or winners"
    if set(seats) != set(scores) or not set(winners) <= set(seats):
        return "seats, scores and winners disagree"
    if any(agent not in spec.agents for agent in seats.values()):
        return "an agent that is not in this tournament"
    if any(not isinstance(v, (int, float)) or isinstance(v, bool) for v in scores.values()):
        return "a score that is not a number"
    return None


def read_results(path: Path, spec: Spec) -> dict[int, dict[str, Any]]:
    """The games already in ``path`` (empty if there is no such file), by game number; a file of
    another tournament, or one that is not a results file, raises TournamentError."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TournamentError(f"cannot read the results file {path}: {error}") from None
    lines = text.split("\n")
    try:
        header = json.loads(lines[0])
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise TournamentError(f"{path} is not a tournament results file; name another --out")
    if header.get("tournament") != spec.identity():
        raise TournamentError(f"{path} holds the results of another tournament ({_differs(header, spec)}); "
                              "name another --out")
    done: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            result = json.loads(line)
        except ValueError:
            if number == len(lines):  # the last line, cut short when a run was stopped: played again
                continue
            raise TournamentError(f"{path} line {number} is not JSON") from None
        problem = _problem(result, spec)
        if problem is not None:
            raise TournamentError(f"{path} line {number}: {problem}")
        done[result["index"]] = result
    return done


def _differs(header: dict[str, Any], spec: Spec) -> str:
    theirs = header.get("tournament")
    if not isinstance(theirs, dict):
        return "no tournament named"
    names = [k for k, v in spec.identity().items() if theirs.get(k) != v]
    return "another " + ", ".join(names) if names else "different"


class ResultsFile:
    """Appends results to ``path``, starting it with the header if it is new."""

    def __init__(self, path: Path, spec: Spec) -> None:
        new = not path.exists() or path.stat().st_size == 0
        if not new:
            # a line cut short by an interrupted run is dropped (its game is played again)
            text = path.read_bytes()
            if not text.endswith(b"\n"):
                with open(path, "r+b") as file:
                    file.truncate(text.rfind(b"\n") + 1)
        self._file: IO[str] = open(path, "a", encoding="utf-8")  # noqa: SIM115 -- open for the whole run
        if new:
            self._write({"format": FORMAT, "tournament": spec.identity()})

    def _write(self, data: dict[str, Any]) -> None:
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._file.flush()

    def append(self, result: dict[str, Any]) -> None:
        self._write(result)

    def close(self) -> None:
        self._file.close()
