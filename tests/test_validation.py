"""The validation layer (core.schema, core.files) and the games' file options, under hostile input.

Every bad value, file or save must end in a short WidgetpkgError and change nothing; no input may
crash (TypeError, RecursionError, MemoryError) or read a file a save or position names. Devices,
FIFOs and directories are tried in a child process under a memory limit, so that a regression
fails the test instead of exhausting the machine.
"""

from __future__ import annotations

import json
import math
import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widgetpkg as wp
from widgetpkg.cli import main
from widgetpkg.core.errors import InvalidOptionError, SaveFileError, WidgetpkgError
from widgetpkg.core.files import parse_yaml, read_text
from widgetpkg.core.schema import MAX_DEPTH, check, plain

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: every option of every game that may name a file: (game, option), read from the declared facts
FILE_OPTIONS = [(name, o.name) for name in wp.game_names() for o in wp.game_info(name).options if o.reads_file]
ROOT = Path(__file__).parent.parent


def test_every_game_with_data_files_declares_them():
    assert sorted(FILE_OPTIONS) == [("hunters-gatherers", "tileset"), ("sapiens", "components"), ("stone-age", "data")]


# -- plain data ------------------------------------------------------------------------------------
json_scalars = st.none() | st.booleans() | st.integers(-2**63, 2**63) | st.floats(allow_nan=False,
                                                                                   allow_infinity=False) | st.text()
json_data = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=5)
                         | st.dictionaries(st.text(max_size=8), inner, max_size=5), max_leaves=30)
#: what a careless or hostile caller hands over: JSON data mixed with what JSON has no word for
anything = st.recursive(
    json_scalars | st.binary(max_size=5) | st.just(math.nan) | st.just(math.inf) | st.integers(2**64, 2**70)
    | st.sampled_from([object(), Ellipsis, 1j, range(3), frozenset({1})]),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner) | st.sets(st.integers(), max_size=3)
    | st.dictionaries(st.text(max_size=5) | st.integers(-5, 5) | st.tuples(st.integers()), inner, max_size=4),
    max_leaves=20)


@FUZZ
@given(json_data)
def test_plain_copies_json_data_exactly(value):
    copied = plain(value, what="data")
    assert copied == value and json.loads(json.dumps(copied)) == value
    if isinstance(value, (dict, list)) and value:
        assert copied is not value  # a copy: the caller's later changes do not reach the game


@FUZZ
@given(anything)
def test_plain_gives_json_data_or_a_short_error(value):
    try:
        copied = plain(value, what="data")
    except WidgetpkgError as error:
        assert len(str(error)) < 400
        return
    assert json.loads(json.dumps(copied, allow_nan=False)) == copied


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 50_000])
def test_deep_data_is_refused_without_recursion(depth):
    for make in (lambda v: [v], lambda v: {"a": v}):
        value: object = 1
        for _ in range(depth):
            value = make(value)
        with pytest.raises(InvalidOptionError, match="nested more than"):
            plain(value, what="data")


SCHEMA = {"type": "object", "additionalProperties": False, "required": ["penalty"],
          "properties": {"penalty": {"type": "integer", "minimum": 0}, "name": {"enum": ["boar", "wolf"]}}}


@pytest.mark.parametrize("value, message", [
    ({"penalty": None}, "data: penalty: expected an integer, got null"),
    ({"penalty": -1}, "data: penalty: expected at least 0, got -1"),
    ({}, "data: missing penalty"),
    ({"penalty": 1, "penalti": 2}, "data: unknown key 'penalti' (did you mean 'penalty'?)"),
    ({"penalty": 1, "name": "bor"}, 'data: name: expected one of "boar", "wolf", got the text \'bor\' (did you mean \'boar\'?)'),
    ({"penalty": (1,)}, "data: penalty: expected plain data (text, numbers, true/false, null, lists and mappings), got a tuple"),
    ({"penalty": "x" * 10_000}, "data: penalty: expected an integer, got the text 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (10002 characters)"),
    ([], "data: expected a mapping, got a list"),
])
def test_check_names_the_path_and_what_was_expected(value, message):
    with pytest.raises(InvalidOptionError) as error:
        check(SCHEMA, value, what="data")
    assert str(error.value) == message


@FUZZ
@given(anything)
def test_check_never_crashes(value):
    try:
        check(SCHEMA, value, what="data", error=SaveFileError)
    except SaveFileError as error:
        assert len(str(error)) <= 300


# -- YAML ------------------------------------------------------------------------------------------
@FUZZ
@given(st.text(max_size=300))
def test_any_text_is_data_or_a_short_error(text):
    try:
        data = parse_yaml(text, what="data")
    except WidgetpkgError as error:
        assert len(str(error)) < 400
        return
    assert plain(data, what="data") == data


@FUZZ
@given(json_data)
def test_yaml_of_plain_data_reads_back(value):
    assert parse_yaml(yaml.safe_dump(value), what="data") == value


@pytest.mark.parametrize("text, message", [
    ("a: !!set {x, y}", "the YAML tag '!!set' is not allowed"),
    ("a: !!binary aGVsbG8=", "the YAML tag '!!binary' is not allowed"),
    ("!!python/object/apply:os.system [ls]", "the YAML tag '!!python/object/apply:os.system' is not allowed"),
    ("a: 2020-01-01", "got a date"),
    ("a: .nan", "expected a finite number"),
    ("a: &x [1]\nb: *x", "anchors and aliases"),
    ("a: 1\n---\nb: 2", "more than one YAML document"),
    ("a: " + "9" * 5000, "a number with too many digits"),
    ("a: \0", "a NUL character"),
    ("{a: " * 5000 + "1" + "}" * 5000, "not valid YAML|nested more than"),
    ("[" * 20_000 + "]" * 20_000, "not valid YAML|nested more than"),
    ("a:\n" + "".join(" " * i + "b:\n" for i in range(1, 3000)), "nested more than 32 levels"),
    ("[" + "1, " * 250_000 + "1]", "more than 200,000 values"),
])
def test_hostile_yaml_is_refused_by_name(text, message):
    with pytest.raises(InvalidOptionError, match=message):
        parse_yaml(text, what="data")


# -- the one reader ----------------------------------------------------------------------------------
def test_read_text_refuses_what_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "big").write_bytes(b"a" * 101)
    (tmp_path / "latin").write_bytes("caf\xe9".encode("latin-1"))
    (tmp_path / "nul").write_bytes(b"a\0b")
    for path, message in [("/dev/zero", "is a device"), (fifo, "is a FIFO"), (tmp_path, "is a directory"),
                          ("", "an empty file name"), ("  ", "an empty file name"), ("a\0b", "not a usable file name"),
                          ("x" * 5000, "not a usable file name"), (tmp_path / "none", "no such file"),
                          (tmp_path / "big", "larger than 100 bytes"), (tmp_path / "latin", "not UTF-8"),
                          (tmp_path / "nul", "a NUL character"), (5, "a file name is text")]:
        with pytest.raises(InvalidOptionError, match=message) as error:
            read_text(path, what="data", limit=100)  # type: ignore[arg-type]
        assert len(str(error.value)) < 200
    (tmp_path / "ok").write_text("é" * 50, "utf-8")
    assert read_text(tmp_path / "ok", what="data", limit=100) == "é" * 50


# -- every file option: devices, FIFOs, directories, in a child under a memory limit -----------------
CHILD = textwrap.dedent("""
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
    import widgetpkg as wp
    game, option, path = sys.argv[1:]
    results = []
    try:
        wp.new_game(game, players=2, seed=1, **{option: path})
        results.append("accepted")
    except wp.WidgetpkgError as error:
        results.append(type(error).__name__ + ": " + str(error))
    g = wp.new_game(game, players=2, seed=1)
    before = g.to_json()
    save = json.loads(before)
    save["options"][option] = path
    try:
        wp.load_game(json.dumps(save))
        results.append("accepted")
    except wp.WidgetpkgError as error:
        results.append(type(error).__name__ + ": " + str(error))
    results.append(g.to_json() == before)
    print(json.dumps(results))
""")


@pytest.mark.parametrize("game, option", FILE_OPTIONS)
def test_devices_fifos_and_directories_are_refused_by_name(tmp_path, game, option):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, kind in (("/dev/zero", "a device"), (str(fifo), "a FIFO"), (str(tmp_path), "a directory")):
        run = subprocess.run([sys.executable, "-c", CHILD, game, option, path], capture_output=True, text=True,
                             timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert run.returncode == 0, run.stderr[-2000:]
        created, loaded, unchanged = json.loads(run.stdout)
        assert kind in created and len(created) < 200
        assert loaded.startswith("SaveFileError") and "never a file name" in loaded  # the save is not even tried
        assert unchanged


def test_a_save_from_a_path_and_the_cli_refuse_devices_too(tmp_path, capsys):
    limit = resource.getrlimit(resource.RLIMIT_AS)
    for path in ("/dev/zero", str(tmp_path)):
        with pytest.raises(SaveFileError, match="not a file"):
            wp.load_game(Path(path))
        assert main(["validate", path]) == 2
        assert main(["validate", "--game", "sapiens", path]) == 2
        assert main(["simulate", "--game", "stone-age", "--games", "1", "--option", f"data={path}"]) == 2
    err = capsys.readouterr().err
    assert err.count("error: ") == 6 and "Traceback" not in err
    assert resource.getrlimit(resource.RLIMIT_AS) == limit


# -- the wrong types: refused, nothing changed ------------------------------------------------
def _deep(depth: int, make) -> object:
    value: object = 1
    for _ in range(depth):
        value = make(value)
    return value


@pytest.fixture
def files(tmp_path):
    made = {"wild_animals_5": "wild_animals: 5\n", "set": "wild_animals: !!set {a, b}\n",
            "binary": "wild_animals: !!binary aGVsbG8=\n", "deep_map": "{a: " * 5000 + "1" + "}" * 5000,
            "deep_list": "[" * 20_000 + "]" * 20_000}
    for name, text in made.items():
        (tmp_path / f"{name}.yaml").write_text(text)
    (tmp_path / "nul.yaml").write_bytes(b"format: \0\n")
    return tmp_path


@pytest.mark.parametrize("game, options", [
    ("stone-age", {"data": {"limits": 5}}),
    ("stone-age", {"data": "wild_animals_5.yaml"}),
    ("stone-age", {"data": "set.yaml"}),
    ("stone-age", {"data": "binary.yaml"}),
    ("stone-age", {"data": "deep_map.yaml"}),
    ("stone-age", {"data": _deep(5000, lambda v: {"a": v})}),
    ("stone-age", {"data": {"wild_animals": {"animals": [{"id": "boar", "malus": None}]}}}),
    ("stone-age", {"data": {"limits": {"tools_max": math.nan}}}),
    ("stone-age", {"data": {"wild_animals": {"animals": [{"id": "a", "malus": 1}] * 200_000}}}),
    ("sapiens", {"components": "deep_list.yaml"}),
    ("sapiens", {"components": _deep(20_000, lambda v: [v])}),
    ("sapiens", {"components": "nul.yaml"}),
    ("sapiens", {"components": ""}),
    ("sapiens", {"components": "."}),
    ("sapiens", {"rules": "x"}),
    ("hunters-gatherers", {"tileset": "deep_list.yaml"}),
    ("hunters-gatherers", {"tileset": {"tiles": None}}),
    ("hunters-gatherers", {"rules": "x"}),
])
def test_wrong_types_are_refused_in_short(files, monkeypatch, game, options):
    monkeypatch.chdir(files)
    with pytest.raises(WidgetpkgError) as error:
        wp.new_game(game, players=2, seed=1, **options)
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("game, option, value", [
    ("stone-age", "data", "/etc/passwd"), ("sapiens", "components", "/etc/passwd"), ("sapiens", "components", "."),
    ("hunters-gatherers", "tileset", "/etc/passwd"), ("sapiens", "rules", "x"), ("hunters-gatherers", "rules", "x"),
    ("stone-age", "variants", "x"), ("stone-age", "data", {"limits": 5}), ("sapiens", "components", {"tiles": 5}),
    ("hunters-gatherers", "tileset", {"tiles": [None]}),
])
def test_a_save_never_reads_a_file_and_is_checked_like_an_option(game, option, value):
    g = wp.new_game(game, players=2, seed=1)
    g.apply(g.legal_actions()[0])
    before = g.to_json()
    save = json.loads(before)
    save["options"][option] = value
    with pytest.raises(SaveFileError) as error:
        wp.load_game(json.dumps(save))
    assert "root:" not in str(error.value) and len(str(error.value)) < 300  # no file's content echoed
    assert g.to_json() == before


def test_a_position_never_reads_a_file():
    from widgetpkg.games import hunters_gatherers, sapiens, stone_age
    texts = [
        (hunters_gatherers.position, wp.new_game("hunters-gatherers", seed=1).to_position() + "\ntileset: /etc/passwd"),
        (sapiens.position, wp.new_game("sapiens", players=2, seed=1).to_position().replace(
            "components: reconstruction", "components: /etc/passwd")),
        (stone_age.position, wp.new_game("stone-age", players=2, seed=1).to_position() + '\ndata: "/etc/passwd"'),
    ]
    for position, text in texts:
        with pytest.raises(WidgetpkgError, match="never a file name"):
            position(text)


# -- a game set up from a file plays back anywhere ------------------------------------------------------
def _component_file(game: str, tmp_path: Path) -> tuple[str, Path]:
    if game == "hunters-gatherers":
        source = ROOT / "widgetpkg/games/hunters_gatherers/data/tiles-classic.yaml"
        return "tileset", Path(source)
    if game == "sapiens":
        return "components", ROOT / "widgetpkg/games/sapiens/data/reconstruction.yaml"
    path = tmp_path / "numbers.yaml"
    path.write_text("limits: {tools_max: 9}\nwild_animals: {animals: [{id: boar, malus: 3}]}\n")
    return "data", path


@pytest.mark.parametrize("game", ["hunters-gatherers", "sapiens", "stone-age"])
def test_a_game_from_a_file_saves_the_data_inline(tmp_path, game):
    option, source = _component_file(game, tmp_path)
    copy = tmp_path / "mine.yaml"
    copy.write_bytes(source.read_bytes())
    g = wp.new_game(game, players=2, seed=4, **{option: str(copy)})
    for _ in range(3):
        g.apply(g.legal_actions()[-1])
    text = g.to_json()
    assert str(copy) not in text and isinstance(json.loads(text)["options"][option], dict)
    copy.unlink()  # another machine: the file is not there
    again = wp.load_game(text)
    assert again.to_json() == text
    assert again.legal_actions() == g.legal_actions()


# -- per game: mutated data files are used or refused, never crash -----------------------------------------
def _mutations(data: object) -> st.SearchStrategy:
    """``data`` with one value somewhere replaced by anything (JSON or not)."""
    paths: list[tuple] = []
    stack: list[tuple[object, tuple]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        paths.append(path)
        if isinstance(node, dict):
            stack += [(v, (*path, k)) for k, v in node.items()]
        elif isinstance(node, list):
            stack += [(v, (*path, i)) for i, v in enumerate(node)]

    def put(args):
        path, value = args
        copy = json.loads(json.dumps(data))
        if not path:
            return value
        node = copy
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return copy
    return st.tuples(st.sampled_from(paths), anything).map(put)


def _load(path: Path) -> object:
    return parse_yaml(path.read_text("utf-8"), what="x")


ANNIVERSARY = _load(ROOT / "widgetpkg/games/stone_age/data/anniversary.yaml")
SAPIENS = _load(ROOT / "widgetpkg/games/sapiens/data/reconstruction.yaml")
CLASSIC = _load(ROOT / "widgetpkg/games/hunters_gatherers/data/tiles-classic.yaml")


@pytest.mark.parametrize("game, option, data", [
    ("stone-age", "data", ANNIVERSARY), ("sapiens", "components", SAPIENS), ("hunters-gatherers", "tileset", CLASSIC),
], ids=["stone-age", "sapiens", "hunters-gatherers"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(change=st.data())
def test_mutated_data_is_used_or_refused(game, option, data, change):
    import warnings
    mutated = change.draw(_mutations(data))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            g = wp.new_game(game, players=2, seed=1, **{option: mutated})
        except WidgetpkgError as error:
            assert len(str(error)) < 400
            return
    assert wp.load_game(g.to_json()).to_json() == g.to_json()


@FUZZ
@given(st.sampled_from(["stone-age", "sapiens", "hunters-gatherers"]), st.data())
def test_mutated_saves_are_loaded_or_refused(game, change):
    g = wp.new_game(game, players=2, seed=1)
    g.apply(g.legal_actions()[0])
    before = g.to_json()
    mutated = change.draw(_mutations(json.loads(before)))
    try:
        text = json.dumps(mutated)
    except (TypeError, ValueError):
        return  # not JSON text at all: nothing a file could hold
    try:
        wp.load_game(text)
    except WidgetpkgError as error:
        assert len(str(error)) < 400
    assert g.to_json() == before
