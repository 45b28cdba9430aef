"""Positions: the whole state of a Stone Age game as plain data and as readable text.

Any phase can be written, the step in progress included (``pending``). One line per fact::

    Stone Age position
    players: Red, Blue
    season: winter
    round: 1
    start player: Red
    phase: placement
    to move: Red
    turns: 0
    Red: score 0, food 12, wood 0, clay 0, stone 0, gold 0, people 5, agriculture 0, tools 0, home 5
    Blue: score 0, food 12, wood 0, clay 0, stone 0, gold 0, people 5, agriculture 0, tools 0, home 5
    display: S1a, G07, F2b, T2c
    deck: G01, G02, ...
    stack 1: B03, V4_2, ...
    stack 2: ...

Optional lines: ``variants:``, ``data:`` (JSON), ``<player> cards:``, ``<player> buildings:``,
``<player> igloos:``, ``<player> one-use tools:``, ``<player> used tools:``, ``<player> at animal:``,
``<player> resources of choice:`` (kept for later),
``placed:`` (``hunt Red 3; forest Blue 2``), ``animal:``, ``waiting animals:``, ``last round: yes``,
``next dice:``, ``pending:``. Lists are in order: the deck and the stacks top first.
Reading is linear in the text and refuses texts over 64 KB.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core import Event, Note, WidgetpkgError
from ...core.errors import shorten
from .data import RESOURCES

if TYPE_CHECKING:
    from .game import StoneAge

HEADER = "Stone Age position"
MAX_TEXT = 64 * 1024
PHASES = ("placement", "resolution", "tools", "pay", "dice_for_all", "choose_resources", "animal_rewards",
          "feeding", "over")


class PositionError(WidgetpkgError):
    """Position text or data that does not describe a possible Stone Age state."""


@dataclass
class PlayerState:
    """One player's holdings (editable)."""

    score: int = 0
    food: int = 12
    resources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    people: int = 5
    agriculture: int = 0
    tools: int = 0
    #: people still at home during placement
    home: int = 5
    used_tools: list[int] = field(default_factory=list)
    one_use_tools: list[int] = field(default_factory=list)
    #: "resources of your choice" kept for later, by size
    vouchers: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    buildings: list[str] = field(default_factory=list)
    igloos: list[int] = field(default_factory=list)
    at_animal: int = 0


@dataclass
class Position:
    """A game's full state as plain data that a cell can change."""

    player_names: list[str]
    season: str = "winter"
    variants: dict[str, bool] = field(default_factory=dict)
    data: Any = None
    voucher_timing: str = "any_time"
    round: int = 1
    start_player: str = ""
    phase: str = "placement"
    to_move: str = ""
    turns: int = 0
    players: dict[str, PlayerState] = field(default_factory=dict)
    display: list[str | None] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    stacks: dict[int, list[str]] = field(default_factory=dict)
    #: unresolved people on places: {(place, player): count}
    placed: dict[tuple[str, str], int] = field(default_factory=dict)
    animal: str | None = None
    waiting_animals: list[str] = field(default_factory=list)
    last_round: bool = False
    next_dice: list[int] = field(default_factory=list)
    pending: tuple = ()

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"season": self.season}
        if self.variants:
            options["variants"] = dict(self.variants)
        if self.data is not None:
            options["data"] = self.data
        if self.voucher_timing != "any_time":
            options["voucher_timing"] = self.voucher_timing
        return options

    def check(self, game: StoneAge) -> None:
        """Raise PositionError unless this is a possible state of ``game`` (its players and options)."""
        _check(self, game)


# -- reading the state ------------------------------------------------------------------------------
def position_of(game: StoneAge) -> Position:
    players = {}
    for p in game.players:
        players[p] = PlayerState(
            score=game.scores[p], food=game.food(p), resources=game.resources(p), people=game.people(p),
            agriculture=game.agriculture(p), tools=game.tools(p), home=game._avail[p], used_tools=list(game._used[p]),
            one_use_tools=list(game._one_use[p]), vouchers=list(game._vouchers[p]), cards=list(game.cards(p)), buildings=list(game.buildings(p)),
            igloos=list(game.igloos(p)), at_animal=game.at_animal(p))
    return Position(
        player_names=list(game.players), season=game.season,
        variants={k: True for k in sorted(game.variants)}, data=game.options.get("data"),
        voucher_timing=game.voucher_timing,
        round=game.round, start_player=game.start_player, phase=game.phase,
        to_move=game.players[game._cur], turns=game.turn, players=players, display=list(game.display),
        deck=list(reversed(game._deck)), stacks={s: list(game.stack(s)) for s in game._stacks},
        placed=dict(game._at), animal=game.active_animal, waiting_animals=list(game.waiting_animals),
        last_round=game.ends_after_round, next_dice=list(game.next_dice), pending=game.pending)


# -- text ---------------------------------------------------------------------------------------------
def _pending_text(pending: tuple) -> str:
    """The step in progress as ``kind | field | field ...`` (player names may hold spaces)."""
    kind = pending[0]
    if kind == "tools":
        _, p, place, good, dice, malus = pending
        fields = [p, place, good, _numbers(dice), str(malus)]
    elif kind == "pay":
        fields = [pending[1]]
    elif kind == "dice_for_all":
        _, buyer, dice, done = pending
        fields = [buyer, _numbers(dice), str(done)]
    elif kind == "animal_rewards":
        fields = [_rewards_text(pending[1])]
    elif kind == "choose_resources":
        _, p, amount, back = pending
        fields = [p, str(amount), "resolution" if back == "resolution" else _rewards_text(back[1])]
    else:
        _, p, deficit, rest = pending
        fields = [p, str(deficit), ", ".join(rest) or "-"]
    return " | ".join([kind, *fields])


def _numbers(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values)) or "-"


def _rewards_text(queue: tuple) -> str:
    return ", ".join(f"{p} = {d}" for p, d in queue) or "-"


def format_position(pos: Position) -> str:
    lines = [HEADER, f"players: {', '.join(pos.player_names)}", f"season: {pos.season}"]
    if pos.variants:
        lines.append(f"variants: {', '.join(k for k, v in sorted(pos.variants.items()) if v)}")
    if pos.voucher_timing != "any_time":
        lines.append(f"voucher timing: {pos.voucher_timing}")
    if pos.data is not None:
        lines.append(f"data: {json.dumps(pos.data, sort_keys=True, default=str)}")
    lines += [f"round: {pos.round}", f"start player: {pos.start_player}", f"phase: {pos.phase}",
              f"to move: {pos.to_move}", f"turns: {pos.turns}"]
    for p in pos.player_names:
        s = pos.players[p]
        goods = ", ".join(f"{r} {s.resources.get(r, 0)}" for r in RESOURCES)
        lines.append(f"{p}: score {s.score}, food {s.food}, {goods}, people {s.people}, agriculture {s.agriculture}, "
                     f"tools {s.tools}, home {s.home}")
        for label, values in (("used tools", s.used_tools), ("one-use tools", s.one_use_tools),
                              ("resources of choice", s.vouchers), ("cards", s.cards),
                              ("buildings", s.buildings), ("igloos", s.igloos)):
            if values:
                lines.append(f"{p} {label}: {', '.join(map(str, values))}")
        if s.at_animal:
            lines.append(f"{p} at animal: {s.at_animal}")
    lines.append(f"display: {', '.join(c or '-' for c in pos.display)}")
    lines.append(f"deck: {', '.join(pos.deck) or '-'}")
    for s_, stack in sorted(pos.stacks.items()):
        lines.append(f"stack {s_}: {', '.join(stack) or '-'}")
    if pos.placed:
        lines.append("placed: " + "; ".join(f"{place} {p} {n}" for (place, p), n in pos.placed.items()))
    if pos.animal:
        lines.append(f"animal: {pos.animal}")
    if pos.waiting_animals:
        lines.append(f"waiting animals: {', '.join(pos.waiting_animals)}")
    if pos.last_round:
        lines.append("last round: yes")
    if pos.next_dice:
        lines.append(f"next dice: {', '.join(map(str, pos.next_dice))}")
    if pos.pending:
        lines.append(f"pending: {_pending_text(pos.pending)}")
    return "\n".join(lines)


def _int(text: str, where: str) -> int:
    text = text.strip()
    if not (text.isdigit() or (text[:1] == "-" and text[1:].isdigit())) or len(text) > 9:
        raise PositionError(f"{where}: expected a whole number, got {text[:40]!r}")
    return int(text)


def _list(text: str) -> list[str]:
    text = text.strip()
    return [] if text in ("", "-") else [item.strip() for item in text.split(",")]


_PENDING_FIELDS = {"tools": 5, "pay": 1, "dice_for_all": 3, "animal_rewards": 1, "choose_resources": 3, "feeding": 3}


def _parse_pending(text: str, names: list[str]) -> tuple:
    kind, *fields = [f.strip() for f in text.split("|")]
    if kind not in _PENDING_FIELDS:
        raise PositionError(f"pending: unknown step {kind[:40]!r} (steps: {', '.join(_PENDING_FIELDS)})")
    if len(fields) != _PENDING_FIELDS[kind]:
        raise PositionError(f"pending: {kind} has {_PENDING_FIELDS[kind]} fields after the step, separated by '|'")
    for who in (fields[0],) if kind in ("tools", "dice_for_all", "choose_resources", "feeding") else ():
        if who not in names:
            raise PositionError(f"pending: {who[:40]!r} is not a player")
    if kind == "tools":
        p, place, good, dice, malus = fields
        return ("tools", p, place, good, _parse_numbers(dice, "pending dice"), _int(malus, "pending malus"))
    if kind == "pay":
        return ("pay", fields[0])
    if kind == "dice_for_all":
        buyer, dice, done = fields
        return ("dice_for_all", buyer, _parse_numbers(dice, "pending dice"), _int(done, "pending dice chosen"))
    if kind == "animal_rewards":
        return ("animal_rewards", _parse_rewards(fields[0], names))
    if kind == "choose_resources":
        p, amount, back = fields
        then: Any = "resolution" if back == "resolution" else ("animal_rewards", _parse_rewards(back, names))
        return ("choose_resources", p, _int(amount, "pending amount"), then)
    p, deficit, rest = fields
    later = tuple(_list(rest))
    if any(who not in names for who in later):
        raise PositionError("pending: the players still to feed must be players")
    return ("feeding", p, _int(deficit, "pending deficit"), later)


def _parse_numbers(text: str, where: str) -> tuple[int, ...]:
    return tuple(_int(v, where) for v in _list(text))


def _parse_rewards(text: str, names: list[str]) -> tuple:
    queue = []
    for item in _list(text):
        p, _, d = item.rpartition("=")
        if p.strip() not in names:
            raise PositionError(f"pending: {p.strip()[:40]!r} is not a player")
        queue.append((p.strip(), _int(d, "pending reward die")))
    return tuple(queue)


_PLAYER_FIELDS = ("score", "food", *RESOURCES, "people", "agriculture", "tools", "home")
_PLAYER_LISTS = {"used tools": "used_tools", "one-use tools": "one_use_tools", "resources of choice": "vouchers",
                 "cards": "cards",
                 "buildings": "buildings", "igloos": "igloos", "at animal": "at_animal"}


def parse_position(text: str) -> Position:
    """Read position text (see the module docstring); PositionError names the first problem."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"a position has at most {MAX_TEXT} characters")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines or lines[0] != HEADER:
        raise PositionError(f"a position starts with the line {HEADER!r}")
    entries: dict[str, str] = {}
    for number, line in enumerate(lines[1:], 2):
        key, sep, value = line.partition(":")
        if not sep:
            raise PositionError(f"line {number}: expected 'name: value', got {line[:60]!r}")
        if key in entries:
            raise PositionError(f"line {number}: {shorten(key)} is given twice")
        entries[key] = value.strip()
    names = _list(entries.pop("players", ""))
    if not 2 <= len(names) <= 4:
        raise PositionError("players: name 2 to 4 players")
    pos = Position(player_names=names)
    pos.season = entries.pop("season", "winter")
    pos.variants = {v: True for v in _list(entries.pop("variants", ""))}
    timing = entries.pop("voucher timing", "any_time")
    if timing not in ("any_time", "immediate"):
        raise PositionError("voucher timing: any_time or immediate")
    pos.voucher_timing = timing
    if "data" in entries:
        try:
            pos.data = json.loads(entries.pop("data"))
        except json.JSONDecodeError as error:
            raise PositionError(f"data: not JSON: {error}") from None
    pos.round = _int(entries.pop("round", "1"), "round")
    pos.start_player = entries.pop("start player", names[0])
    pos.phase = entries.pop("phase", "placement")
    pos.to_move = entries.pop("to move", pos.start_player)
    pos.turns = _int(entries.pop("turns", "0"), "turns")
    for p in names:
        raw = entries.pop(p, None)
        if raw is None:
            raise PositionError(f"the line '{p}: score ..., food ...' is missing")
        state = PlayerState()
        seen = set()
        for part in raw.split(","):
            label, _, digits = part.strip().rpartition(" ")
            if label not in _PLAYER_FIELDS:
                raise PositionError(f"{p}: unknown entry {shorten(label)} (known: {', '.join(_PLAYER_FIELDS)})")
            amount = _int(digits, f"{p} {label}")
            seen.add(label)
            if label in RESOURCES:
                state.resources[label] = amount
            else:
                setattr(state, label, amount)
        if "home" not in seen:
            state.home = state.people if pos.phase == "placement" else 0
        for label, attr in _PLAYER_LISTS.items():
            raw_list = entries.pop(f"{p} {label}", None)
            if raw_list is None:
                continue
            if attr == "at_animal":
                state.at_animal = _int(raw_list, f"{p} at animal")
            elif attr in ("cards", "buildings"):
                setattr(state, attr, _list(raw_list))
            else:
                setattr(state, attr, [_int(v, f"{p} {label}") for v in _list(raw_list)])
        pos.players[p] = state
    pos.display = [None if c == "-" else c for c in _list(entries.pop("display", ""))]
    pos.deck = _list(entries.pop("deck", ""))
    for key in [k for k in entries if k.startswith("stack ")]:
        pos.stacks[_int(key[6:], key)] = _list(entries.pop(key))
    for item in entries.pop("placed", "").split(";"):
        if item.strip():
            place, _, rest = item.strip().partition(" ")
            who, _, count = rest.rpartition(" ")
            if not place or not who:
                raise PositionError(f"placed: expected 'place player count', got {item.strip()[:60]!r}")
            pos.placed[(place, who)] = _int(count, "placed")
    pos.animal = entries.pop("animal", None)
    pos.waiting_animals = _list(entries.pop("waiting animals", ""))
    last = entries.pop("last round", "no")
    if last not in ("yes", "no"):
        raise PositionError("last round: yes or no")
    pos.last_round = last == "yes"
    pos.next_dice = [_int(d, "next dice") for d in _list(entries.pop("next dice", ""))]
    if "pending" in entries:
        pos.pending = _parse_pending(entries.pop("pending"), names)
    if entries:
        raise PositionError(f"unknown line {shorten(next(iter(entries)))}")
    return pos


# -- checking and applying ----------------------------------------------------------------------------
def _check(pos: Position, game: StoneAge) -> None:
    names = list(game.players)
    if pos.player_names != names:
        raise PositionError(f"the position is for players {shorten(pos.player_names)}, the game has {names}")
    if pos.season != game.season or {k for k, v in pos.variants.items() if v} != set(game.variants) \
            or pos.voucher_timing != game.voucher_timing:
        raise PositionError("the position's season, variants or voucher timing differ from the game's options")
    if pos.data != game.options.get("data"):
        raise PositionError("the position's data differ from the game's data option (start a new game with data=)")
    if pos.phase not in PHASES:
        raise PositionError(f"phase must be one of {', '.join(PHASES)}")
    for who in (pos.start_player, pos.to_move):
        if who not in names:
            raise PositionError(f"{shorten(who)} is not a player")
    if pos.round < 1 or pos.turns < 0:
        raise PositionError("round starts at 1 and turns at 0")
    data = game.data
    seen_cards: dict[str, str] = {}

    def card(c: str, where: str) -> None:
        if c not in data.cards:
            raise PositionError(f"{where}: there is no card {shorten(c)}")
        if c in seen_cards:
            raise PositionError(f"card {c} is both in {seen_cards[c]} and in {where}")
        seen_cards[c] = where

    building_count: dict[str, int] = {}
    igloos_held: set[int] = set()
    for p in names:
        s = pos.players[p]
        for label in ("food", "agriculture", "tools", "people", "home", "at_animal"):
            if getattr(s, label) < 0:
                raise PositionError(f"{p}: {label} cannot be negative")
        if any(n < 0 for n in s.resources.values()):  # their kinds and types: position_schema, or the text
            raise PositionError(f"{p}: resources are wood, clay, stone, gold, none negative")
        if not 1 <= s.people <= data.people_max:
            raise PositionError(f"{p}: people must be 1 to {data.people_max}")
        if s.agriculture > data.agriculture_max or s.tools > data.tools_max:
            raise PositionError(f"{p}: agriculture goes up to {data.agriculture_max}, tools up to {data.tools_max}")
        from .rules import remove_values, tool_tiles
        if remove_values(tool_tiles(s.tools), s.used_tools) is None:
            raise PositionError(f"{p}: used tools {s.used_tools} are not among the tiles {list(tool_tiles(s.tools))}")
        if any(v not in (2, 3, 4) for v in s.one_use_tools):
            raise PositionError(f"{p}: one-use tools are worth 2, 3 or 4")
        if any(not 1 <= v <= 4 for v in s.vouchers):
            raise PositionError(f"{p}: resources of choice kept for later come 1 to 4 at a time")
        for c in s.cards:
            card(c, f"{p}'s cards")
        for b in s.buildings:
            if b not in data.buildings:
                raise PositionError(f"{p}: there is no building {shorten(b)}")
            building_count[b] = building_count.get(b, 0) + 1
        for i in s.igloos:
            if i not in data.igloos or "igloos" not in game.variants or i in igloos_held:
                raise PositionError(f"{p}: igloo {i} cannot be held")
            igloos_held.add(i)
        placed = sum(n for (_, who), n in pos.placed.items() if who == p)
        if s.home + placed + s.at_animal > s.people:
            raise PositionError(f"{p}: {s.home} at home + {placed} placed + {s.at_animal} at the animal is more "
                                f"than {s.people} people")
    if len(pos.display) != 4:
        raise PositionError("display: 4 slots (use - for an empty one)")
    for i, shown in enumerate(pos.display, 1):
        if shown is not None:
            card(shown, f"display slot {i}")
    animals = {f"animal:{a}" for a in data.animals} if "wild_animals" in game.variants else set()
    seen_animals: set[str] = set()
    for c in pos.deck:
        if c in animals:
            if c in seen_animals:
                raise PositionError(f"{c} is twice in the game")
            seen_animals.add(c)
        else:
            card(c, "the deck")
    for a in ([pos.animal] if pos.animal else []) + pos.waiting_animals:
        if a not in animals or a in seen_animals:
            raise PositionError(f"{shorten(a)} is not an animal of this game, or is twice in it")
        seen_animals.add(a)
    if sorted(pos.stacks) != list(range(1, game.n + 1)):
        raise PositionError(f"stacks: give stacks 1 to {game.n}")
    for stack in pos.stacks.values():
        for b in stack:
            if b not in data.buildings:
                raise PositionError(f"stack: there is no building {shorten(b)}")
            building_count[b] = building_count.get(b, 0) + 1
    for b, n in building_count.items():
        if n > data.building_tiles.count(b):
            raise PositionError(f"there are only {data.building_tiles.count(b)} tiles {b}, the position has {n}")
    places = set(game.places())
    for (place, who), n in pos.placed.items():
        if place not in places or place == "animal" or who not in names or n < 1:
            raise PositionError(f"placed: {shorten(place)} {shorten(who)} {n} is not possible")
    if any(not 1 <= d <= 6 for d in pos.next_dice):
        raise PositionError("next dice: faces 1 to 6")
    if sum(s.at_animal for s in pos.players.values()) and not pos.animal:
        raise PositionError("people wait at an animal but no animal is active")
    if sum(s.at_animal for s in pos.players.values()) > game.n:
        raise PositionError(f"the animal has {game.n} rings")
    needs_pending = pos.phase in ("tools", "pay", "dice_for_all", "choose_resources", "animal_rewards", "feeding")
    if needs_pending != bool(pos.pending):
        raise PositionError(f"phase {pos.phase} " + ("needs a pending line" if needs_pending else "has no pending step"))
    if pos.pending and pos.pending[0] != pos.phase:
        raise PositionError(f"pending {pos.pending[0]} does not fit phase {pos.phase}")
    if pos.pending and pos.pending[0] == "pay":
        kind, _, index = pos.pending[1].partition(":")
        if pos.pending[1] not in places or kind not in ("card", "building", "igloo"):
            raise PositionError(f"pending: {shorten(pos.pending[1])} is not paid for")
        if kind == "card" and pos.display[int(index) - 1] is None:
            raise PositionError("pending: the card slot being paid for is empty")
        if kind == "building" and not pos.stacks[int(index)]:
            raise PositionError("pending: the building stack being paid for is empty")
    if pos.pending and pos.pending[0] in ("choose_resources", "feeding", "tools") and pos.pending[1] not in names:
        raise PositionError(f"pending: {shorten(pos.pending[1])} is not a player")


def apply_position(game: StoneAge, pos: Position) -> list[Event]:
    """Make ``game``'s state ``pos`` through the journaled setters (one undoable step)."""
    for p in game.players:
        s = pos.players[p]
        game._put("_scores", p, s.score)
        game._put("_food", p, s.food)
        game._put("_goods", p, tuple(s.resources[r] for r in RESOURCES))
        game._put("_people", p, s.people)
        game._put("_agri", p, s.agriculture)
        game._put("_tools", p, s.tools)
        game._put("_avail", p, s.home)
        game._put("_used", p, tuple(sorted(s.used_tools, reverse=True)))
        game._put("_one_use", p, tuple(sorted(s.one_use_tools, reverse=True)))
        game._put("_vouchers", p, tuple(s.vouchers))
        game._put("_cards", p, tuple(s.cards))
        game._put("_buildings", p, tuple(s.buildings))
        game._put("_igloos_of", p, tuple(s.igloos))
        if s.at_animal:
            game._put("_animal_at", p, s.at_animal)
        elif p in game._animal_at:
            game._delete("_animal_at", p)
    for i, c in enumerate(pos.display):
        game._put("_display", i, c)
    game._replace_list("_deck", list(reversed(pos.deck)))
    for s_, stack in pos.stacks.items():
        game._put("_stacks", s_, tuple(reversed(stack)))
    for name in ("_at", "_occ", "_who"):
        for key in list(getattr(game, name)):
            game._delete(name, key)
    for (place, who), n in pos.placed.items():
        game._put("_at", (place, who), n)
        if pos.phase == "placement":
            game._put("_occ", place, game._occ.get(place, 0) + n)
            game._put("_who", place, game._who.get(place, ()) + (who,))
    held = {i for s in pos.players.values() for i in s.igloos}
    game._set("_igloos_open", tuple(i for i in game.data.igloos if i not in held) if "igloos" in game.variants else ())
    game._set("_animal", pos.animal)
    game._set("_waiting", tuple(pos.waiting_animals))
    game._set("_ends", pos.last_round)
    game._set("_dice_queue", tuple(pos.next_dice))
    game._set("_round", pos.round)
    game._set("_start", game.players.index(pos.start_player))
    game._set("_cur", game.players.index(pos.to_move))
    game._set("_turns", pos.turns)
    game._set("_phase", pos.phase)
    game._set("_pending", pos.pending)
    return [Note("the position is set up")]
