"""The errors the package raises on bad input. All are ValueErrors, so one except clause covers them."""


class WidgetpkgError(ValueError):
    """Base class of every error about bad input to widgetpkg."""


class IllegalActionError(WidgetpkgError):
    """An action that the rules do not allow now. The game is left exactly as it was."""


class InvalidOptionError(WidgetpkgError):
    """An unknown game, or an option that the game does not accept."""


class SaveFileError(WidgetpkgError):
    """A saved game that cannot be read: not JSON, wrong format or version, or actions that do not replay."""
