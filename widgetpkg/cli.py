"""Command line: ``python -m widgetpkg games|simulate|validate|replay|tournament|app``.

``games`` lists the games and their options; ``simulate`` plays seeded games between agents and
summarises them; ``validate`` checks a game's data file (a tile set, a components file); ``replay``
writes a saved game as a self-contained HTML page; ``tournament`` plays agents against each other on
local cores or a Dask cluster; ``app`` serves the start screen as a web page (Voila). Bad arguments and bad files end with a one-line error and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml
from tqdm import tqdm

from . import __version__, agents, game_info, game_names, load_game, new_game
from .core import WidgetpkgError, game_class
from .core.game import parse_save
from .core.info import GameInfo, Option
from .replay import write_replay

MAX_GAMES = 100_000
MAX_SEED = 2**63
AGENTS: dict[str, Callable[[int], agents.Agent]] = {
    "random": lambda seed: agents.Random(seed=seed),
    "greedy": lambda seed: agents.Greedy(seed=seed),
}


class UsageError(WidgetpkgError):
    """A command line that cannot be carried out."""


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (refused before anything is built)."""
    def parse(text: str) -> int:
        if len(text) > 20 or not text.strip().lstrip("+-").isdigit():
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:20]!r}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, got {value}")
        return value
    parse.__name__ = "number"
    return parse


def parse_options(pairs: Sequence[str], info: GameInfo) -> dict[str, Any]:
    """``key=value`` pairs checked against the game's declared options: a value is one of the
    option's choices as written, a string for a string option, else YAML (``true``,
    ``{hard_winter: true}``)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes key=value, got {pair[:60]!r}")
        if len(text) > 1000:
            raise UsageError(f"the value of --option {key[:40]} is too long")
        options[key] = _option_value(info.option(key), text)
    info.check_options(options)
    return options


def _option_value(option: Option, text: str) -> Any:
    if option.choices is not None:
        for choice in option.choices:
            if text.lower() == str(choice).lower():
                return choice
        return text  # refused with the list of choices by check_options
    kinds = option.kind if isinstance(option.kind, tuple) else (option.kind,)
    if str in kinds:
        return text
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        raise UsageError(f"cannot read the value of --option {option.name}: {text[:60]!r}") from None


def simulate(game: str, players: int, games: int, seed: int, options: dict[str, Any], progress: bool,
             agent: str = "random") -> dict[str, Any]:
    """Play ``games`` seeded games, every seat played by ``agent``; return per-game results and a summary."""
    names = list(game_info(game).player_names(players))
    results = []
    started = time.perf_counter()
    for number in tqdm(range(games), desc="games", unit="game", disable=not progress, leave=False):
        g = new_game(game, players=names, seed=seed + number, **options)
        seats = {p: AGENTS[agent](seed + number * 7 + i) for i, p in enumerate(names)}
        actions = 0
        while not g.is_over:
            g.apply(seats[g.current_player].choose(g))  # type: ignore[index]
            actions += 1
        results.append({"seed": seed + number, "scores": g.scores, "winners": g.winners(), "actions": actions,
                        "turns": g.turn})
    elapsed = time.perf_counter() - started
    summary = {
        "game": game, "options": options, "players": players, "agent": agent, "games": games, "seed": seed,
        "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1),
        "mean_scores": {p: round(statistics.fmean(r["scores"][p] for r in results), 2) for p in names},
        "wins": {p: sum(p in r["winners"] for r in results) for p in names},
        "mean_actions": round(statistics.fmean(r["actions"] for r in results), 1),
        "mean_turns": round(statistics.fmean(r["turns"] for r in results), 1),
    }
    return {"summary": summary, "results": results}


def list_games() -> str:
    lines = []
    for name in game_names():
        info = game_info(name)
        facts = [f"{info.min_players}-{info.max_players} players"]
        facts += ["chance"] if info.chance else []
        facts += ["hidden information"] if info.hidden_information else []
        lines.append(f"{name}: {info.title} ({', '.join(facts)})")
        for option in info.options:
            kinds = option.kind if isinstance(option.kind, tuple) else (option.kind,) if option.kind else ()
            allowed = (" | ".join(map(str, option.choices)) if option.choices
                       else "a " + " or ".join(k.__name__ for k in kinds) if kinds else "any")
            lines.append(f"  --option {option.name}=...  {option.label}: {allowed} (default {option.default!r})"
                         + (f"; {option.help}" if option.help else ""))
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # exit 2 with one line, as argparse does, minus the usage dump
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m widgetpkg", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--version", action="version", version=f"widgetpkg {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.add_parser("games", help="list the games and their options")
    sim = commands.add_parser("simulate", help="play seeded games and summarise them")
    sim.add_argument("--game", required=True, help="a name from `python -m widgetpkg games`")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. edition=classic (repeatable)")
    sim.add_argument("--players", type=bounded_int(1, 99), default=2)
    sim.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=100)
    sim.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=1)
    sim.add_argument("--agent", choices=sorted(AGENTS), default="random", help="who plays every seat")
    sim.add_argument("--json", action="store_true", help="print machine-readable results")
    val = commands.add_parser("validate", help="check a game's data file (tile set, components)")
    val.add_argument("--game", required=True)
    val.add_argument("--simulate", action="store_true", help="also run the game's fairness checks on the data")
    val.add_argument("path")
    rep = commands.add_parser("replay", help="write a saved game as a self-contained HTML replay page")
    rep.add_argument("save", help="a saved game (JSON from g.to_json())")
    rep.add_argument("-o", "--output", required=True, help="the HTML file to write")
    rep.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="an option the save cannot carry by itself, e.g. tileset=my-tiles.yaml")
    _tournament_parser(commands)
    app = commands.add_parser("app", help="serve the start screen as a web page (Voila; one kernel per visitor)")
    app.add_argument("--port", type=bounded_int(1, 65535), default=8866)
    app.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole network)")
    app.add_argument("--no-browser", action="store_true", help="do not open a browser")
    return parser


def _tournament_parser(commands: Any) -> None:
    from .tournament import agent_names
    tour = commands.add_parser("tournament", help="seeded games between agents on local cores or a Dask cluster")
    tour.add_argument("--game", required=True)
    tour.add_argument("--agents", required=True, help=f"comma-separated: {', '.join(agent_names())}")
    tour.add_argument("--games", type=bounded_int(1, MAX_GAMES), required=True)
    tour.add_argument("--players", type=bounded_int(1, 99), default=2)
    tour.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=1)
    tour.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    where = tour.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=bounded_int(1, 1024), default=1, help="local processes (default 1)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://10.0.0.5:8786")
    tour.add_argument("--out", help="results file (JSON lines): kept as games finish, resumed when run again")
    tour.add_argument("--chart", help="write a chart of win rates and ratings (.png, .svg, .pdf)")
    tour.add_argument("--json", action="store_true", help="print the summary as JSON")


def tournament(args: argparse.Namespace) -> int:
    """Run ``python -m widgetpkg tournament`` and print its summary."""
    from .tournament import Spec, TournamentError, chart, run, summarise
    from .tournament import report as table_text
    spec = Spec(game=args.game, agents=tuple(a.strip() for a in args.agents.split(",") if a.strip()),
                games=args.games, players=args.players, seed=args.seed,
                options=parse_options(args.option, game_info(args.game)))
    for given, name in ((args.chart, "--chart"), (args.out, "--out")):
        if given and not Path(given).resolve().parent.is_dir():
            raise TournamentError(f"{name}: no folder {str(Path(given).parent)[:80]}")
    if args.chart and Path(args.chart).suffix.lower() not in (".png", ".svg", ".pdf"):
        raise TournamentError("--chart names a .png, .svg or .pdf file")
    started = time.perf_counter()
    try:
        results = run(spec, jobs=args.jobs, scheduler=args.scheduler, out=Path(args.out) if args.out else None,
                      progress=sys.stderr.isatty() and not args.json)
    except KeyboardInterrupt:
        kept = f"the finished games are in {args.out}: run the same command again to resume" if args.out else \
            "nothing kept (no --out)"
        print(f"interrupted: {kept}", file=sys.stderr)
        return 130
    elapsed = time.perf_counter() - started
    table = summarise(results, spec.agents)
    if args.chart:
        chart(table, Path(args.chart), f"{spec.game}, {spec.players} players, {len(results)} games")
    if args.json:
        print(json.dumps({"tournament": spec.identity(), "games": len(results), "agents": table}, indent=1))
    else:
        print(f"{len(results)} games of {spec.game} with {spec.players} players ({elapsed:.1f} s for this run)")
        print(table_text(table))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            print(list_games())
            return 0
        if args.command == "tournament":
            return tournament(args)
        if args.command == "replay":
            save = Path(args.save)
            options = parse_options(args.option, game_info(str(parse_save(save).get("game")))) if args.option else {}
            print(write_replay(load_game(save, **options), args.output))
            return 0
        if args.command == "app":
            from .webapp import serve
            return serve(port=args.port, open_browser=not args.no_browser, ip=args.ip)
        info = game_info(args.game)
        if args.command == "validate":
            print(game_class(args.game).validate_file(args.path, simulate=args.simulate))
            return 0
        options = parse_options(args.option, info)
        report = simulate(args.game, args.players, args.games, args.seed, options,
                          progress=sys.stderr.isatty() and not args.json, agent=args.agent)
    except (WidgetpkgError, OSError) as error:
        print(f"error: {str(error)[:500]}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    s = report["summary"]
    shown = "".join(f" {k}={v}" for k, v in s["options"].items())
    print(f"{s['games']} {s['agent']} games of {s['game']}{shown} with {s['players']} players "
          f"in {s['seconds']} s ({s['games_per_second']} games/s)")
    print(f"mean actions {s['mean_actions']}, mean turns {s['mean_turns']}")
    print("mean scores by seat: " + ", ".join(f"{p} {v}" for p, v in s["mean_scores"].items()))
    print("wins by seat (shared wins count for each): " + ", ".join(f"{p} {v}" for p, v in s["wins"].items()))
    return 0
