"""The widgets' ``model.edit()`` wraps each game's ``edit()``: a removal or a wrong container is
refused with the game's error, the model says why, and nothing changes (board, save, position)."""

from __future__ import annotations

import pytest

import widgetpkg as wp
from widgetpkg.widgets.model import GameModel

CASES = [
    ("stone-age", lambda s: s.players.pop("Red")),
    ("stone-age", lambda s: setattr(s, "deck", None)),
    ("sapiens", lambda s: s.food.pop("Red")),
    ("sapiens", lambda s: setattr(s, "held", "junk")),
    ("hunters-gatherers", lambda s: s.tiles.__setitem__((2, 1), None)),
    ("hunters-gatherers", lambda s: s.tiles.__setitem__((2, 1), (10**5000, 0))),
]


@pytest.mark.parametrize("name, change", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_model_edit_refuses_wrong_containers(name, change):
    g = wp.new_game(name, players=["Red", "Blue"], seed=4)
    model = GameModel(g)
    before, text, version = g.to_json(), g.to_position(), model.version
    with pytest.raises(wp.WidgetpkgError) as refused, model.edit() as s:
        change(s)
    assert len(str(refused.value)) <= 300
    assert model.message and str(refused.value)[:40] in model.message
    assert (g.to_json(), g.to_position(), model.version) == (before, text, version)
