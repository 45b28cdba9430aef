"""Components: the shipped reconstruction, user files, and every validation error."""

from __future__ import annotations

import copy
import warnings
from collections import Counter
from importlib import resources

import pytest
import yaml

import widgetpkg as wp
from widgetpkg.games.sapiens import (
    SCENES,
    ComponentDataError,
    ComponentDataWarning,
    load_components,
    validate_components,
)
from widgetpkg.games.sapiens.components import CAVE, MAX_BYTES


@pytest.fixture(scope="module")
def raw():
    text = resources.files("widgetpkg.games.sapiens").joinpath("data", "reconstruction.yaml").read_text("utf-8")
    return yaml.safe_load(text)


def test_the_data_file_says_it_is_a_reconstruction():
    text = resources.files("widgetpkg.games.sapiens").joinpath("data", "reconstruction.yaml").read_text("utf-8")
    assert "RECONSTRUCTION -- NOT THE PRINTED GAME DATA" in text
    assert "Own transcription of facts; see SOURCES.md." in text  # the known data's provenance header is kept
    assert load_components().status == "reconstruction"


def test_reconstruction_facts():
    c = load_components()
    halves = Counter(s for t in c.tiles.values() for s in t.scenes)
    assert halves == {"picking": 21, **{s: 15 for s in SCENES if s != "picking"}}
    assert len(c.tiles) == 63 and all(t.scenes[0] != t.scenes[1] for t in c.tiles.values())
    assert len(c.left_pieces) == 4 and len(c.right_pieces) == 4
    for face in c.faces.values():
        cells = [t for row in face.terrain for t in row]
        assert cells.count("F") == 9 and cells.count("P") == 11
        assert sorted(v for row in face.food for v in row) == sorted([1] * 6 + [2] * 9 + [3] * 3 + [4] * 2)
        assert sorted(cv.shelter for cv in face.caves) == [(7, 5), (8, 6), (9, 7)]
    for left in (f for f in c.faces.values() if f.side == "left"):
        for right in (f for f in c.faces.values() if f.side == "right"):
            v = c.valley(left.id, right.id)
            assert sum(1 for k in v.kind if k == CAVE) == 6 and len(v.specials) == 8
            for cave in v.caves:
                assert v.neighbours[cave] == (v.entrance[cave],)
    assert c.steak_food(1) == 1 and c.steak_food(4) == 7 and c.steak_food(9) == 10


def test_examples_profile_has_only_7_5_caves():
    c = load_components("examples")
    assert {cv.shelter for f in c.faces.values() for cv in f.caves} == {(7, 5)}
    g = wp.new_game("sapiens", players=2, seed=1, components="examples")
    assert g.options == {"components": "examples"}


def test_a_user_file_is_loaded(tmp_path, raw):
    data = copy.deepcopy(raw)
    data["status"] = "exact"
    data["provenance"] = "my own copy of the game"
    path = tmp_path / "my-sapiens.yaml"
    path.write_text(yaml.safe_dump(data), "utf-8")
    g = wp.new_game("sapiens", players=2, seed=1, components=str(path))
    assert g.components.status == "exact"
    assert wp.load_game(g.to_json()).components.status == "exact"


@pytest.mark.parametrize("change,message", [
    (lambda d: d["tiles"].pop(), "tiles: expected at least 63 items, got 62"),
    (lambda d: d["tiles"][16].update(scenes=["water", "water"]), "tile 17: both halves are 'water'"),
    (lambda d: d["tiles"][0].update(scenes=["feast", "pickng"]), "did you mean 'picking'"),
    (lambda d: d["tiles"][1].update(id=1), "tile 1: id used twice"),
    (lambda d: d["faces"][3]["rows"].__setitem__(3, "F2 P"), "faces[3].rows[3]: expected 4 cells like 'F2 P1 F3 P2'"),
    (lambda d: d["faces"][8]["caves"][0].update(at=[4, 7]), "face R1a cave at (4, 7): not next to the valley"),
    (lambda d: d["faces"][0]["caves"][0].update(entrance=[1, 0]), "entrance (1, 0) is not its only neighbouring square"),
    (lambda d: d["faces"][0]["caves"][0].update(shelter=[5, 7]), "must be the higher one"),
    (lambda d: d["faces"][0].update(side="middle"), 'faces[0].side: expected one of "left", "right"'),
    (lambda d: d.update(format="other"), 'format: expected "widgetpkg-sapiens-components"'),
    (lambda d: d.update(status="maybe"), 'status: expected one of "exact", "reconstruction"'),
    (lambda d: d.update(provenance=" "), "provenance"),
    (lambda d: d["faces"][0]["caves"][0].update(at=[4, 1], entrance=[3, 1]), "on the seam side"),
    (lambda d: (d["pieces"].pop(), d.update(faces=[f for f in d["faces"] if f["piece"] != "R4"])),
     "expected at least 4 Left and 4 Right pieces"),
])
def test_validation_names_what_is_wrong(raw, change, message):
    data = copy.deepcopy(raw)
    change(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ComponentDataWarning)
        with pytest.raises(ComponentDataError) as info:
            validate_components(data)
    assert message in str(info.value)


def test_reconstruction_choices_are_warnings_not_errors(raw):
    data = copy.deepcopy(raw)
    data["faces"][0]["waterfalls"] = [[-1, -1], [-1, 5]]
    del data["faces"][0]["waterfall"]
    with pytest.warns(ComponentDataWarning, match="waterfalls"):
        validate_components(data)


def test_yaml_safety(tmp_path):
    alias = tmp_path / "alias.yaml"
    alias.write_text("a: &x [1, 2]\nb: *x\n", "utf-8")
    with pytest.raises(ComponentDataError, match="anchors and aliases"):
        validate_components(alias)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("provenance: caf\xe9".encode("latin-1"))
    with pytest.raises(ComponentDataError, match="not UTF-8"):
        validate_components(latin)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(ComponentDataError, match="larger than"):
        validate_components(big)
    with pytest.raises(ComponentDataError, match="cannot read"):
        validate_components(tmp_path / "missing.yaml")
    with pytest.raises(ComponentDataError, match="not valid YAML"):
        validate_components(b"a: [")


def test_bad_options_are_refused():
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game("sapiens", players=5)
    with pytest.raises(wp.InvalidOptionError, match="ruling switch"):
        wp.new_game("sapiens", players=2, rules={"no_such": True})
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game("sapiens", players=2, components="no-such-file.yaml")
    info = wp.game_info("sapiens")
    assert (info.min_players, info.max_players) == (2, 4) and info.option("components").default == "reconstruction"


def test_caves_sharing_an_entrance_are_a_warning(raw):
    """Correction 3: the reconstruction's spacing of caves is a choice, so other data only warns."""
    data = copy.deepcopy(raw)
    data["faces"][0]["caves"][2].update(at=[-1, 0], entrance=[0, 0])
    with pytest.warns(ComponentDataWarning, match="shares its entrance"):
        c = validate_components(data)
    v = c.valley("L1a", "R1a")
    assert len([cv for cv in v.caves if v.entrance[cv] == v.index[(0, 0)]]) == 2


@pytest.mark.filterwarnings("ignore::widgetpkg.games.sapiens.components.ComponentDataWarning")
def test_validation_report_for_the_cli(tmp_path, raw):
    from widgetpkg.games.sapiens.fairness import fairness_checks, validation_report
    data = copy.deepcopy(raw)
    data["faces"][0]["caves"][2].update(at=[-1, 0], entrance=[0, 0])
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data), "utf-8")
    text = validation_report(str(path), simulate=True, games=2)
    assert "valid (status reconstruction)" in text and "warning:" in text and "M6" in text
    with pytest.raises(ComponentDataError, match="tiles: expected at least 63 items"):
        validation_report({**raw, "tiles": raw["tiles"][:5]})
    with pytest.raises(wp.InvalidOptionError, match="file path"):
        fairness_checks(raw)
