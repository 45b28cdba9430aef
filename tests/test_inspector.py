"""The inspector, headless: the generic shell around the game's view (H&G: its feature graph):
items, clicks, filters, redraws, the table, and a game without a view."""

from __future__ import annotations

import random
import re

import pytest

import widgetpkg as wp
from widgetpkg.widgets import GameModel
from widgetpkg.widgets.inspector import Inspector
from widgetpkg.widgets.metrics import CommCounter


def played(seed: int = 1, steps: int = 30):
    game = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture
def inspector() -> Inspector:
    return Inspector(GameModel(played()))


def test_a_node_per_area(inspector: Inspector) -> None:
    game = inspector.model.game
    assert len(inspector.view.items) == len([a for a in game.areas() if a.kind != "system"])
    assert {n.key for n in inspector.view.items} == {a.key for a in game.areas() if a.kind != "system"}
    assert len(inspector.view.edges) == game.feature_graph().number_of_edges()


def test_nodes_sit_where_their_tiles_are_and_grow_with_them(inspector: Inspector) -> None:
    for node in inspector.view.items:
        assert 0 <= node.x <= inspector.width and 0 <= node.y <= inspector.height
    big = max(inspector.view.items, key=lambda n: len(n.data.cells))
    small = min(inspector.view.items, key=lambda n: len(n.data.cells))
    assert big.r > small.r


def test_clicking_a_node_selects_its_area(inspector: Inspector) -> None:
    for node in inspector.view.items:
        px, py = inspector.item_pixel(node.key)
        assert inspector.item_at(px, py) == node.key
        assert inspector.click(px, py) == node.key
        assert inspector.selected == node.key
        details = inspector.details.value.replace("&#x27;", "'")
        assert node.data.name.capitalize() in details and node.data.state in details
        assert "Scorers" in inspector.details.value
    assert inspector.click(-50, -50) is None and inspector.selected is None


def test_select_shows_details_and_highlights_the_app_board() -> None:
    app = wp.play(played(), colours=None)
    inspector = app.inspector
    assert app.inspector is inspector
    area = max(inspector.view.areas, key=lambda a: len(a.cells))
    assert inspector.select(area.key) == area
    assert sorted(map(tuple, app.model.highlight)) == sorted(area.cells)
    assert area.equation.split(" x")[0] in inspector.details.value
    inspector.select(None)
    assert app.model.highlight == []
    with pytest.raises(KeyError):
        inspector.select((99, 99, "f0"))


def test_filters_hide_nodes(inspector: Inspector) -> None:
    meadows = [n for n in inspector.view.items if n.category == "meadow"]
    assert meadows
    inspector.filters["meadow"].value = False
    assert all(n.category != "meadow" for n in inspector.visible_items())
    assert len(inspector.visible_items()) == len(inspector.view.items) - len(meadows)
    assert inspector.item_at(meadows[0].x, meadows[0].y) is None or \
        inspector.view.item(inspector.item_at(meadows[0].x, meadows[0].y)).category != "meadow"
    assert "grassland</td>" not in inspector.table.value and "forest</td>" in inspector.table.value
    inspector.filters["meadow"].value = True
    assert len(inspector.visible_items()) == len(inspector.view.items)


def test_redraws_once_per_model_change_in_one_batch() -> None:
    model = GameModel(wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=2))
    inspector = Inspector(model)
    before_nodes, before = len(inspector.view.items), inspector.redraws
    with CommCounter() as sent:
        model.apply(model.game.legal_actions()[0])
    assert inspector.redraws == before + 1
    assert sent.canvas_messages() == 1
    assert len(inspector.view.items) > before_nodes
    assert len(inspector.view.items) == len([a for a in model.game.areas() if a.kind != "system"])
    model.undo()
    assert len(inspector.view.items) == before_nodes


def test_selection_survives_or_clears_with_the_model() -> None:
    model = GameModel(wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=2))
    inspector = Inspector(model)
    model.apply(model.game.legal_actions()[0])
    newest = inspector.view.items[-1].key
    inspector.select(newest)
    model.undo()
    assert inspector.selected is None or inspector.view.area(inspector.selected) is not None


def test_table_sorted_by_points(inspector: Inspector) -> None:
    points = [a.points for a in inspector.view.sorted_areas("points")]
    assert points == sorted(points, reverse=True)
    tiles = [len(a.cells) for a in inspector.view.sorted_areas("tiles")]
    assert tiles == sorted(tiles, reverse=True)
    kinds = [a.kind for a in inspector.view.sorted_areas("kind")]
    assert kinds == sorted(kinds, key=["forest", "meadow", "river", "lake"].index)
    inspector.sort.value = "points"
    first = inspector.view.sorted_areas("points")[0]
    assert inspector.table.value.index(f">{first.points}<") < inspector.table.value.index("</table>")
    with pytest.raises(ValueError):
        inspector.view.sorted_areas("colour")


def test_model_edit_is_one_step_and_one_bump() -> None:
    model = GameModel(played(steps=0))
    inspector = Inspector(model)
    seen: list[int] = []
    model.observe(lambda change: seen.append(change["new"]), "version")
    with model.edit() as state:
        state.scores["Red"] = 40
    assert seen == [1] and model.game.scores["Red"] == 40
    assert model.message == "edited the position"
    assert inspector.redraws >= 2
    model.undo()
    assert model.game.scores["Red"] == 0


def test_rejected_model_edit_changes_nothing() -> None:
    model = GameModel(played(steps=0))
    text = model.game.to_position()
    with pytest.raises(ValueError), model.edit() as state:
        state.tiles[(5, 5)] = (12, 0)   # not next to any tile
    assert model.game.to_position() == text
    assert model.version == 0 and model.message_kind == "error" and model.message


def test_app_exports_a_lesson(tmp_path) -> None:
    app = wp.play(played(steps=4))
    path = app.export_notebook(tmp_path / "lesson.ipynb", title="Here")
    assert path.exists() and "Here" in path.read_text()


def test_clicking_a_feature_on_the_board_selects_its_node():
    import widgetpkg as wp
    from widgetpkg.games.hunters_gatherers import PlaceMeeple, PlaceTile

    app = wp.play("hunters-gatherers", players=["Red", "Blue"], seed=1)
    game = app.model.game
    game.set_next_tile(48)
    app.model.apply(PlaceTile(-1, 0, 0))
    app.model.apply(PlaceMeeple(-1, 0, "r1"))
    inspector = app.inspector
    px, py = app.board.cell_to_pixel(0, 0)   # the start tile's centre: its forest or meadow
    app.board.click(px + 0.3 * app.board.view.scale, py + 0.3 * app.board.view.scale)
    assert inspector.selected is not None
    area = inspector.view.area(inspector.selected)
    assert (0, 0) in area.cells and app.model.highlight


def test_the_inspector_draws_through_the_painter_in_the_seat_colours() -> None:
    from widgetpkg.render import Recorder, to_svg
    from widgetpkg.ui.palette import seat_colour

    model = GameModel(played(seed=3, steps=60))
    inspector = Inspector(model)
    rec = Recorder()
    inspector.view.draw(rec, shown=set(inspector.view.categories), selected=None)
    svg = to_svg(rec.ops, inspector.width, inspector.height)
    occupied = {p for a in inspector.view.areas for p in a.occupants}
    assert occupied and all(seat_colour(p, model.game.players) in svg for p in occupied)
    model.colours = {"Red": "#123456"}          # the app's colours win, and the view follows them
    rec = Recorder()
    inspector.view.draw(rec, shown=set(inspector.view.categories), selected=None)
    assert ("#123456" in to_svg(rec.ops, 10, 10)) == ("Red" in occupied)


def test_a_game_without_an_inspector_view_gets_a_note() -> None:
    from tests.test_widgets import Noughts

    inspector = Inspector(GameModel(Noughts()))
    assert "no inspector view" in inspector.note.value
    assert inspector.view.items == [] and inspector.filters == {} and inspector.click(10, 10) is None
    assert inspector.click(None, float("nan")) is None


def test_the_inspector_follows_a_new_game_and_survives_a_broken_view(monkeypatch: pytest.MonkeyPatch) -> None:
    model = GameModel(played(steps=4))
    inspector = Inspector(model)
    monkeypatch.setattr(inspector.view, "layout", lambda *a: (_ for _ in ()).throw(RuntimeError("boom")))
    model.apply(model.game.legal_actions()[0])      # the view fails: the model and the move do not
    assert len(model.game.history) == 5


def test_the_legend_names_every_colour_and_no_two_nodes_overlap() -> None:
    import math

    from widgetpkg.games.hunters_gatherers.graph_view import KIND_COLOURS

    inspector = Inspector(GameModel(played(seed=4, steps=120)))
    labels = [box.description for box in inspector.filters.values()]
    assert labels == ["forest", "grassland", "river", "lake"]      # the game's words, one per kind
    legend = inspector.legend.value.replace("&#x27;", "'")
    assert "Red's figure" in legend and "Blue's figure" in legend
    # a complete area is ringed: its legend mark is a ring, not a dot like a figure's
    assert re.search(r"wp-swatch wp-ring[^>]*></span>complete<", legend)
    assert all(colour in str([b.children[0].value for b in inspector.filter_box.children])
               for colour in KIND_COLOURS.values())
    items = inspector.view.items
    assert len(items) > 30
    for k, a in enumerate(items):
        for b in items[k + 1:]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r, (a.key, b.key)
    assert "<th>Kind</th>" in inspector.table.value and "<th class=wp-num>Points</th>" in inspector.table.value
