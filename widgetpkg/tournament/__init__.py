"""Tournaments: many seeded games between agents, on local cores or a Dask cluster.

``python -m widgetpkg tournament --game NAME --agents random,greedy --games N [--players K]
[--jobs J | --scheduler ADDRESS] [--out FILE]`` plays game ``i`` with seed ``--seed + i`` and the
seating :func:`seating` gives it, so any result can be replayed; ``--out`` keeps results as they come
and a second run of the same command plays only what is missing. Dask (``pip install
widgetpkg[cluster]``) schedules the games on a cluster; its workers need widgetpkg installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from tqdm import tqdm

from .games import BUILTIN_AGENTS, LEVELS, Spec, TournamentError, check, make_agent, play_game, seating
from .results import ResultsFile, read_results
from .summary import chart, elo, report, summarise, wilson

#: how long to wait for a Dask scheduler before saying it cannot be reached
CONNECT_SECONDS = 4


def _local(spec: Spec, todo: list[int], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs == 1:
        for index in todo:
            yield play_game(spec, index)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_game, spec, index) for index in todo]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def connect(address: str) -> Any:
    """A Dask client of the scheduler at ``address``, or a TournamentError within a few seconds."""
    try:
        from distributed import Client
    except ImportError:
        raise TournamentError("--scheduler needs Dask: pip install 'widgetpkg[cluster]'") from None
    try:
        return Client(address, timeout=f"{CONNECT_SECONDS}s")
    except Exception as error:  # noqa: BLE001 -- every way of failing to connect reads the same to a user
        reason = str(error).splitlines()[0][:160] if str(error) else type(error).__name__
        raise TournamentError(f"cannot reach the Dask scheduler at {address[:80]}: {reason}") from None


def _cluster(spec: Spec, todo: list[int], client: Any) -> Iterator[dict[str, Any]]:
    from distributed import as_completed as dask_completed

    try:
        futures = [client.submit(play_game, spec, index, pure=False) for index in todo]
        try:
            for future in dask_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)
    finally:
        client.close()


def run(spec: Spec, *, jobs: int = 1, scheduler: str | None = None, out: Path | None = None,
        progress: bool = False) -> list[dict[str, Any]]:
    """Play the games of ``spec`` not yet in ``out``; return every result, in game order."""
    check(spec)
    done = read_results(out, spec) if out is not None else {}
    done = {i: r for i, r in done.items() if i < spec.games}
    todo = [i for i in range(spec.games) if i not in done]
    # connect before the results file is touched: an unreachable scheduler changes nothing
    source = _cluster(spec, todo, connect(scheduler)) if scheduler else _local(spec, todo, jobs)
    writer = ResultsFile(out, spec) if out is not None and todo else None
    try:
        for result in tqdm(source, total=len(todo), desc=spec.game, unit="game", disable=not progress,
                           leave=False):
            done[result["index"]] = result
            if writer is not None:
                writer.append(result)
    finally:
        if writer is not None:
            writer.close()
    return [done[i] for i in sorted(done)]


def agent_names() -> tuple[str, ...]:
    return BUILTIN_AGENTS + LEVELS


__all__ = ["BUILTIN_AGENTS", "CONNECT_SECONDS", "LEVELS", "Spec", "TournamentError", "agent_names", "chart",
           "check", "connect", "elo", "make_agent", "play_game", "report", "run", "seating", "summarise", "wilson"]
