"""The games: one package each, found by name (``stone_age`` is ``"stone-age"``) and imported on
first use by :func:`widgetpkg.new_game`."""
