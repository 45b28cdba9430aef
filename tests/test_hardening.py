"""Core correctness under hostile or careless use: each test is a reproducer of a fixed defect.

Hidden information stays hidden from copies and previews; action fields are typed and saved
exactly; a copy never changes its original; undo is all or nothing; positions, edits, saves and
tile sets refuse impossible or hostile input with the package's own short errors.
"""

from __future__ import annotations

import enum
import json
import random
import time
from dataclasses import dataclass, make_dataclass
from decimal import Decimal
from fractions import Fraction
from typing import ClassVar, Literal

import numpy as np
import pytest
from test_fuzz_positions import (  # the H&G random suite's state snapshots
    changed,
    snapshot,
)

import widgetpkg as wp
from widgetpkg.core import Action, Game, GameInfo, Note
from widgetpkg.core.actions import action_from_json
from widgetpkg.core.errors import ActionDefinitionError, PositionError
from widgetpkg.games import hunters_gatherers as hg
from widgetpkg.games.hunters_gatherers import (
    PlaceMeeple,
    PlaceTile,
    TileSetError,
    load_tileset,
    parse_tileset,
)
from widgetpkg.games.hunters_gatherers.board import legal_placements

START = """Hunters & Gatherers position
players: Red, Blue
to move: Red
tiles: 56 (0, 0) 0; 48 (-1, 0) 0
figures: Red fisher (-1, 0) r1
hand: 30
"""

SHORT = 300  # no error message quotes more of its input than this


def played(seed: int = 1, steps: int = 10, players: int = 2):
    rng = random.Random(seed)
    g = wp.new_game("hunters-gatherers", players=players, seed=seed)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


# -- a toy dice game: the RNG decides, so copies must not know its future ---------------------------
@dataclass(frozen=True, slots=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll the die"


class Dice(Game):
    name = "dice-toy"
    info = GameInfo("dice-toy", "Dice", min_players=1, max_players=2)
    action_types: ClassVar = {"Roll": Roll}
    _containers = ("_rolls",)

    def __init__(self, *, players=("A",), seed=None) -> None:
        super().__init__(players=players, seed=seed, options={})
        self._rolls: list[int] = []

    current_player = property(lambda self: self.players[0])
    phase = property(lambda self: "roll")
    turn = property(lambda self: len(self._rolls))

    def legal_actions(self):
        return [Roll()]

    def _illegal(self, action):
        return None

    def _play(self, action):
        value = self._random().randint(1, 6)
        self._append("_rolls", value)
        return [Note(f"rolled {value}")]


def test_a_resampled_clone_does_not_know_the_future_dice():
    hits = 0
    for seed in range(30):
        g = Dice(seed=seed)
        twin = g.clone(resample_hidden=random.Random(1000 + seed))
        twin.apply(Roll())
        g.apply(Roll())
        hits += twin._rolls == g._rolls
    assert hits < 15  # about 5 by chance; every one of them if the copy shared the RNG's state


def test_a_preview_does_not_know_the_future_dice_and_changes_nothing():
    hits = 0
    for seed in range(30):
        g = Dice(seed=seed)
        state = g.rng.getstate()
        [preview] = g.preview(Roll())
        assert g.rng.getstate() == state and not g._rolls
        assert g.preview(Roll()) == [preview]  # the same preview twice
        [real] = g.apply(Roll())
        hits += preview == real
    assert hits < 15


def test_a_plain_clone_never_seeds_from_the_os_and_draws_alone(monkeypatch):
    g = Dice(seed=4)
    g.apply(Roll())

    seed = random.Random.seed

    def no_entropy(self, a=None, version=2):
        assert a is not None, "an RNG was seeded from the OS"
        return seed(self, a, version)
    monkeypatch.setattr(random.Random, "seed", no_entropy)
    twin = g.clone()
    state = g.rng.getstate()
    twin.apply(Roll())
    assert g.rng.getstate() == state  # the twin's draw left the original's RNG alone
    g.apply(Roll())
    assert g._rolls == twin._rolls  # same state, same dice: each drew from its own copy
    other = g.clone()
    g.undo()
    other.apply(Roll())
    assert len(g._rolls) == 1 and len(other._rolls) == 3


# -- action fields: typed, checked, saved exactly ----------------------------------------------------
class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@dataclass(frozen=True, slots=True)
class EveryKind(Action):
    count: int
    name: str
    flag: bool
    side: Literal["left", "right"]
    colour: Colour
    level: Level
    maybe: int | None
    pair: tuple[int, str]
    cells: tuple[tuple[int, int], ...]
    resources: tuple[tuple[str, int], ...]
    nothing: tuple[()] = ()


def test_every_supported_field_kind_round_trips_exactly_through_json():
    action = EveryKind(3, "x", True, "right", Colour.BLUE, Level.HIGH, None, (1, "a"), ((0, 1), (-2, 3)),
                       (("wood", 2), ("gold", 1)))
    text = json.dumps(action.to_json())
    back = action_from_json(json.loads(text), {"EveryKind": EveryKind})
    assert back == action and type(back.colour) is Colour and type(back.level) is Level
    assert json.loads(text)["colour"] == "blue" and json.loads(text)["level"] == 2
    again = EveryKind(0, "", False, "left", Colour.RED, Level.LOW, 7, (0, ""), (), ())
    assert action_from_json(json.loads(json.dumps(again.to_json())), {"EveryKind": EveryKind}) == again


@pytest.mark.parametrize("field, value", [
    ("flag", 1), ("side", "up"), ("colour", "green"), ("level", 3), ("level", True), ("maybe", 1.5),
    ("pair", [1]), ("pair", [1, "a", 2]), ("cells", [[0, "1"]]), ("resources", [["wood", 2.0]]), ("count", 10 ** 20 + 0.5),
])
def test_bad_values_in_a_saved_action_name_the_field(field, value):
    data = EveryKind(3, "x", True, "right", Colour.BLUE, Level.HIGH, None, (1, "a"), (), ()).to_json()
    data[field] = value
    with pytest.raises(wp.SaveFileError, match=rf"action 7 \(EveryKind\.{field}\)"):
        action_from_json(data, {"EveryKind": EveryKind}, "action 7")


@pytest.mark.parametrize("kind", [float, list[int], dict[str, int], set[int], int | str, object, tuple[float, ...]],
                         ids=str)
def test_an_unsupported_field_type_is_refused_when_the_class_is_defined(kind):
    with pytest.raises(ActionDefinitionError, match="Bad.value"):
        make_dataclass("Bad", [("value", kind)], bases=(Action,), frozen=True)


def test_a_saved_action_with_a_bad_value_names_its_number_and_field():
    g = played(steps=4)
    data = json.loads(g.to_json())
    data["actions"][2] = {"type": "PlaceTile", "x": 1.5, "y": 0, "rotation": 0}
    with pytest.raises(wp.SaveFileError, match=r"action 3 \(PlaceTile\.x\): expected an integer, got 1\.5"):
        wp.load_game(json.dumps(data))


@pytest.mark.parametrize("convert", [float, np.int64, Fraction, Decimal, lambda v: v + 0j],
                         ids=["float", "numpy", "Fraction", "Decimal", "complex"])
def test_values_that_only_equal_a_legal_int_are_refused(convert):
    g = played(steps=0)
    legal = g.legal_actions()[0]
    before, state = g.to_json(), snapshot(g)
    with pytest.raises(wp.IllegalActionError, match="must be an integer"):
        g.apply(PlaceTile(convert(legal.x), legal.y, legal.rotation))
    with pytest.raises(wp.IllegalActionError, match="must be an integer"):
        g.preview(PlaceTile(legal.x, legal.y, convert(legal.rotation)))
    assert g.to_json() == before and not changed(state, snapshot(g))


def test_a_bool_is_no_coordinate():
    g = wp.new_game("hunters-gatherers", seed=1)
    g.set_next_tile(30)
    cells = [(a.x, a.y) for a in g.legal_actions()]
    x, y = next((x, y) for x, y in cells if x in (0, 1) and y in (0, 1))
    action = next(a for a in g.legal_actions() if (a.x, a.y) == (x, y))
    with pytest.raises(wp.IllegalActionError, match="must be an integer, got bool"):
        g.apply(PlaceTile(bool(x), y, action.rotation) if x in (0, 1) else PlaceTile(x, bool(y), action.rotation))


@pytest.mark.parametrize("bad", [[0], {"x": 0}, (0,)])
def test_lists_and_dicts_in_fields_are_illegal_actions_not_type_errors(bad):
    g = played(steps=1)  # in place_figure
    with pytest.raises(wp.IllegalActionError, match="PlaceMeeple"):
        g.apply(PlaceMeeple(bad, 0, "f1"))
    with pytest.raises(wp.IllegalActionError, match="PlaceMeeple"):
        g.preview(PlaceMeeple(0, 0, bad))


@pytest.mark.parametrize("action", [PlaceMeeple(0, 0, "x" * 100_000), PlaceTile(10 ** 4000, 0, 0),
                                    PlaceTile(0, 10 ** 5000, 0), hg.SetNextTile(2 ** 63),
                                    hg.SetPosition("y" * 200_000)])
def test_refusals_quote_huge_fields_briefly(action):
    g = played(steps=1)
    with pytest.raises(wp.IllegalActionError) as caught:
        g.apply(action)
    assert len(str(caught.value)) < 500


def test_the_shared_placement_cache_holds_only_canonical_actions():
    tile = load_tileset("2020").by_id[30]
    far = (4321, -4321)  # a cell no other test reaches
    legal_placements({(float(far[0]), float(far[1])): 0}, tile)  # a careless caller
    for action in legal_placements({far: 0}, tile):
        assert (type(action.x), type(action.y), type(action.rotation)) == (int, int, int)
        assert json.loads(json.dumps(action.to_json()))["x"] == far[0]


# -- a copy never changes its original; undo is all or nothing ----------------------------------------
def test_a_copy_that_undoes_an_edit_does_not_change_the_original():
    g = played(seed=3, steps=8)
    before_edit, state_before_edit = g.to_json(), snapshot(g)
    with g.edit() as s:
        s.scores[g.players[0]] += 5
    twin = g.clone()
    twin.undo()  # back past the edit: the twin's state comes from the edit's undo record
    rng = random.Random(0)
    for _ in range(12):
        twin.apply(rng.choice(twin.legal_actions()))
    g.undo()
    assert g.to_json() == before_edit
    assert not changed(state_before_edit, snapshot(g))
    twin2 = g.clone()
    assert sorted(map(str, twin2.legal_actions())) == sorted(map(str, g.legal_actions()))


def test_a_copy_does_not_share_options_with_its_original():
    g = wp.new_game("hunters-gatherers", rules={"extra_turn_after_last_tile": False}, seed=1)
    twin = g.clone()
    twin.options["rules"]["extra_turn_after_last_tile"] = True
    twin.options["edition"] = "classic"
    assert g.options == {"edition": "2020", "rules": {"extra_turn_after_last_tile": False}}


def test_undo_is_all_or_nothing():
    g = played(seed=5, steps=6)
    rng = random.Random(2)
    while g.phase != "place_figure":
        g.apply(rng.choice(g.legal_actions()))
    last = g.history[-1]
    # break the state behind the engine's back: the tile the last step placed vanishes, so the
    # rollback fails half-way through (after undoing the phase, the hand and the frontier)
    del g._board[g.last_placed[-1]]
    before, state = g.to_json(), snapshot(g)
    steps = len(g.history)
    with pytest.raises(KeyError):
        g.undo()
    assert len(g.history) == steps and g.history[-1] is last
    assert g.to_json() == before and not changed(state, snapshot(g))


# -- impossible states are refused everywhere ------------------------------------------------------
IMPOSSIBLE = [
    (START.replace("hand: 30", "covered: (-1, 0) m0; (-1, 0) m0\nhand: 30"), "covered"),
    (START + "removed: 56\n", "removed"),
    (START + "removed: 12, 12\n", "listed twice"),
    (START + "removed: 48\n", "lies on the board"),
    (START.replace("56 (0, 0) 0; 48 (-1, 0) 0", "48 (0, 0) 0; 56 (1, 0) 0"), "start tile"),
]


@pytest.mark.parametrize("text, message", IMPOSSIBLE)
def test_impossible_positions_are_refused(text, message):
    with pytest.raises(wp.IllegalActionError, match=message):
        hg.position(text, seed=1)


@pytest.mark.parametrize("text, message", IMPOSSIBLE)
def test_a_save_holding_an_impossible_edit_does_not_load(text, message):
    g = hg.position(START, seed=1)
    data = json.loads(g.to_json())
    data["actions"].append({"type": "SetPosition", "text": text})
    with pytest.raises(wp.SaveFileError, match=message):
        wp.load_game(json.dumps(data))


def test_covering_a_meadow_twice_by_edit_is_refused():
    g = hg.position(START, seed=1)
    before = g.to_json()
    with pytest.raises(wp.IllegalActionError, match="covered"), g.edit() as s:
        s.covered += [(-1, 0, "m0"), (-1, 0, "m0")]
    assert g.to_json() == before


# -- position text: linear, bounded, read once -----------------------------------------------------
@pytest.mark.parametrize("line", [
    "scores: Red" + " " * 20_000 + "x",
    "supply: Red" + " " * 20_000 + "x",
    "figures: Red" + " " * 20_000 + "x",
    "figures: " + "(" * 20_000,
    "scores: " + "\"" * 20_000,
])
def test_position_parsing_is_linear(line):
    text = START.replace("to move: Red", "to move: Red\n" + line)
    start = time.perf_counter()
    with pytest.raises(PositionError):
        hg.parse_position(text)
    assert time.perf_counter() - start < 0.5


def test_absurd_positions_are_refused_before_they_are_read():
    start = time.perf_counter()
    with pytest.raises(PositionError, match="at most"):
        hg.parse_position(START + "# " + "x" * 5_000_000)
    with pytest.raises(PositionError, match="digits"):
        hg.parse_position(START.replace("scores: Red 7", "") + "scores: Red " + "9" * 5000)
    assert time.perf_counter() - start < 0.5


def test_loading_a_save_reads_each_position_once(monkeypatch):
    g = hg.position(START, seed=1)
    with g.edit() as s:
        s.scores["Blue"] = 3
    text = g.to_json()
    from widgetpkg.games.hunters_gatherers import game as game_module
    calls = []
    original = game_module.parse_position
    monkeypatch.setattr(game_module, "parse_position", lambda t: calls.append(t) or original(t))
    wp.load_game(text)
    assert len(calls) == 2  # one SetPosition from position(), one from the edit: each read once


# -- load_game and tile sets raise only the package's errors, briefly ----------------------------------
def _save_with(**changes) -> str:
    data = json.loads(played(steps=2).to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("source", [
    "[" * 100_000,
    '{"format": "widgetpkg-game", "version": 1, "seed": ' + "9" * 5000 + "}",
    _save_with(options={"edition": "2020", "rules": "ab"}),
    _save_with(options={"edition": "2020", "rules": {"extra_turn_after_last_tile": [1]}}),
    _save_with(players="AB"),
    _save_with(players=["A", "A\u2028B"]),
    _save_with(seed=1.5),
    _save_with(options={"edition": "2020", "tileset": [1]}),
    _save_with(options={"edition": "2020", "tileset": {"a": 1}}),
    _save_with(actions=[[[[[]]]]] * 3),
    b"\xff\xfe{}",
    "x" * 100_000,
    '{"format": "widgetpkg-game", "version": ' + "[" * 50_000 + "]" * 50_000 + "}",
    12,
])
def test_bad_saves_raise_only_save_file_errors_with_short_messages(source):
    with pytest.raises(wp.SaveFileError) as caught:
        wp.load_game(source)
    assert len(str(caught.value)) < SHORT


def test_position_and_tile_set_errors_are_package_errors():
    assert issubclass(PositionError, wp.WidgetpkgError) and issubclass(hg.PositionError, wp.WidgetpkgError)
    assert issubclass(TileSetError, wp.WidgetpkgError)


GOOD_SET = """tiles:
  - id: 1
    kind: start
    edges: {N: forest, E: meadow, S: river, W: meadow}
    features:
      - {id: f0, type: forest, touches: [N], kind: plain}
      - {id: m1, type: meadow, touches: [E, S-east, S-west, W], animals: [deer]}
      - {id: r2, type: river, touches: [S], fish: 0, end_inside: true}
  - id: 2
    kind: normal
    edges: {N: forest, E: meadow, S: river, W: meadow}
    features:
      - {id: f0, type: forest, touches: [N], kind: plain}
      - {id: m1, type: meadow, touches: [E, S-east, S-west, W], animals: [deer]}
      - {id: r2, type: river, touches: [S], fish: 0, end_inside: true}
"""


@pytest.mark.parametrize("text", [
    GOOD_SET.replace("touches: [N], kind", "touches: [1], kind", 1),
    GOOD_SET.replace("fish: 0", "fish: .inf", 1),
    GOOD_SET.replace("fish: 0", "fish: 1e400", 1),
    GOOD_SET.replace("fish: 0", "fish: [1]", 1),
    GOOD_SET.replace("animals: [deer]", "animals: deer", 1),
    GOOD_SET.replace("kind: plain", "kind: [plain]", 1),
    GOOD_SET.replace("id: f0", "id: [f0]", 1),
    GOOD_SET.replace("N: forest", "N: [forest]", 1),
    GOOD_SET.replace("end_inside: true", "end_inside: 2", 1),
    GOOD_SET.replace("id: 2\n", "id: " + "9" * 5000 + "\n"),
    GOOD_SET.replace("id: 2\n", "id: " + "x" * 50_000 + "\n"),
    "tiles: " + "[" * 10_000 + "]" * 10_000,
    "tiles:\n" + "".join("  " * i + "- \n" for i in range(5_000)),
    b"tiles: \xff",
    "\t\x00",
])
def test_broken_tile_sets_raise_only_tile_set_errors_with_short_messages(text):
    with pytest.raises(TileSetError) as caught:
        parse_tileset(text)
    assert len(str(caught.value)) < SHORT


def test_a_yaml_alias_bomb_is_refused_quickly():
    bomb = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for level in "bcdefg":
        previous = chr(ord(level) - 1)
        bomb.append(f"{level}: &{level} [" + ", ".join([f"*{previous}"] * 10) + "]")
    text = "\n".join(bomb) + "\ntiles:\n  - {id: 1, kind: start, edges: *g, features: []}\n"
    start = time.perf_counter()
    with pytest.raises(TileSetError, match="aliases") as caught:
        parse_tileset(text)
    assert time.perf_counter() - start < 1 and len(str(caught.value)) < SHORT


@pytest.mark.parametrize("name", ["x" * 300, "a/" * 200 + "b.yaml", "\x00", "", "/nonexistent/dir/tiles.yaml"])
def test_unreadable_tile_set_names_are_option_errors(name):
    with pytest.raises(wp.InvalidOptionError) as caught:
        wp.new_game("hunters-gatherers", tileset=name)
    assert len(str(caught.value)) < SHORT


# -- player names -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["A\x85B", "A\u2028B", "A\rB", "A\x0bB", "A\x0cB", "A\x1cB", "A\x1dB", "A\x1eB",
                                  "A\u2029B", "A\nB", " A", "A ", "A,B", "", "x" * 41])
def test_names_that_cannot_be_written_on_one_line_are_refused(name):
    with pytest.raises(wp.InvalidOptionError, match="player name"):
        wp.new_game("hunters-gatherers", players=[name, "Other"])


@pytest.mark.parametrize("names", [
    ["You", "Me"], ['Say "hi"', "back\\slash"], ["Zoë", "李"], ["A; B", "C: D"], ["(x) fisher (1 2) r1", "hut"],
    ["#1", "12"], ['"quoted"', "semi;colon"], ["two  spaces", "tab\u00a0nbsp"],
])
def test_every_accepted_name_survives_positions_and_edits(names):
    g = wp.new_game("hunters-gatherers", players=names, seed=3)
    rng = random.Random(1)
    for _ in range(25):
        g.apply(rng.choice(g.legal_actions()))
    text = g.to_position()
    copy = hg.position(text, seed=4)
    assert copy.players == g.players and copy.to_position() == text
    assert copy.scores == g.scores and copy.supply == g.supply
    with g.edit() as s:
        s.scores[names[1]] = 9
    assert g.scores[names[1]] == 9
    assert wp.load_game(g.to_json()).to_json() == g.to_json()


# -- edits refuse what they cannot do ---------------------------------------------------------------
@pytest.mark.parametrize("change, message", [
    (lambda s: s.__setattr__("rules", {"extra_turn_after_last_tile": False}), "ruling switches"),
    (lambda s: s.__setattr__("tileset", "classic"), "tile set"),
    (lambda s: s.scores.__setitem__("Green", 5), "only name the game's players"),
    (lambda s: s.scores.__setitem__("red", 5), "only name the game's players"),
    (lambda s: s.supply.__setitem__("Green", hg.PlayerSupply(1, 1)), "only name the game's players"),
    (lambda s: s.supply.__setitem__("Red", 3), "supply.Red: expected a mapping"),
    (lambda s: s.tiles.__setitem__((1, 0), "x"), r"tiles\.\(1, 0\): expected a list"),
    (lambda s: s.tiles.__setitem__((1.0, 0), (30, 0)), "tiles"),
    (lambda s: s.figures.append("bad"), r"figures\[1\]: expected a list"),
    (lambda s: s.figures.append(("Blue", "hunter", 0, 0, "m0\nscores: Red 99")), r"figures\[1\]\[4\]: expected text matching"),
    (lambda s: s.__setattr__("hand", "30"), "hand: expected null or an integer"),
    (lambda s: s.scores.__setitem__("Red", 1.5), "scores.Red: expected an integer, got 1.5"),
    (lambda s: s.scores.__setitem__("Red", True), "scores.Red: expected an integer, got true"),
    (lambda s: s.__setattr__("players", "Red, Blue"), "players: expected a list"),
    (lambda s: s.__setattr__("next_tiles", None), "next_tiles: expected a list"),
    (lambda s: s.__setattr__("extra_turn", "yes"), "extra_turn: expected true or false"),
    (lambda s: s.__setattr__("phase", "dance"), "phase: expected one of"),
    (lambda s: s.__setattr__("removed", [1] * 5000), "at most"),
])
def test_edits_refuse_what_they_cannot_do_and_change_nothing(change, message):
    g = hg.position(START, seed=2)
    before = g.to_json()
    with pytest.raises(wp.IllegalActionError, match=message), g.edit() as s:
        change(s)
    assert g.to_json() == before


# -- tile-set files: re-read when changed, named by saves only if bundled -----------------------------
def test_a_changed_tile_set_file_is_read_again(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(GOOD_SET)
    assert load_tileset(path).by_id[2].features[1].animals == ("deer",)
    path.write_text(GOOD_SET.replace("animals: [deer]\n  - id: 2", "animals: [deer]\n  - id: 2")
                    .replace("[deer]", "[mammoth, deer]"))
    assert load_tileset(path).by_id[2].features[1].animals == ("mammoth", "deer")


def test_a_save_holds_its_tile_set_inline_and_never_names_a_file(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(GOOD_SET)
    g = wp.new_game("hunters-gatherers", tileset=str(path), seed=1)
    text = g.to_json()
    assert str(path) not in text
    path.unlink()  # the save plays back anywhere: the tiles are in it
    assert wp.load_game(text).to_json() == text
    data = json.loads(text)
    data["options"]["tileset"] = str(path)
    with pytest.raises(wp.SaveFileError, match="never a file name") as gone:
        wp.load_game(json.dumps(data))
    path.write_text(GOOD_SET)
    with pytest.raises(wp.SaveFileError) as there:
        wp.load_game(json.dumps(data))
    assert str(gone.value) == str(there.value)  # the same words whether the file exists or not
    assert wp.load_game(json.dumps(data), tileset=str(path)).tileset.name == "mine"  # the caller may name one
    classic = wp.new_game("hunters-gatherers", tileset="classic", seed=1)
    assert wp.load_game(classic.to_json()).to_json() == classic.to_json()


# -- saves from files ---------------------------------------------------------------------------------
def test_load_game_reads_a_path_and_bytes(tmp_path):
    g = played(steps=5)
    path = tmp_path / "game.json"
    path.write_text(g.to_json(), encoding="utf-8")
    assert wp.load_game(path).to_json() == g.to_json()
    assert wp.load_game(g.to_json().encode()).to_json() == g.to_json()
    with pytest.raises(wp.SaveFileError, match="looks like a file path"):
        wp.load_game(str(path))
    with pytest.raises(wp.SaveFileError, match="cannot read"):
        wp.load_game(tmp_path / "missing.json")
