"""Player names in sentences, for every game: a seat may be called "You", and a sentence must read
right for that name too ("You win", "your gatherer") as for any other ("Red wins", "Red's gatherer").

>>> sentence(f"{names(['You', 'Red'])} {agree(['You', 'Red'], 'wins', 'win')}")
'You and Red win'
>>> possessive("You"), possessive("Red")
('your', "Red's")
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def is_you(name: str) -> bool:
    """Whether a player's name is the second person ("You", any case).

    >>> is_you("You"), is_you("you"), is_you("Youssef")
    (True, True, False)
    """
    return name.strip().lower() == "you"


def subject(name: str) -> str:
    """A player as the subject of a sentence: "you" for You (:func:`sentence` capitalises it).

    >>> subject("You"), subject("Red")
    ('you', 'Red')
    """
    return "you" if is_you(name) else name


def possessive(name: str) -> str:
    """Whose something is: "your" for You, else the name with 's ("Red's", "Jess's").

    >>> possessive("Jess")
    "Jess's"
    """
    return "your" if is_you(name) else f"{name}'s"


def names(players: Iterable[str]) -> str:
    """Players in a list as English writes it: "Red", "Red and Blue", "Red, Blue and you".

    >>> names(["Red"]), names(["Red", "Blue"]), names([])
    ('Red', 'Red and Blue', 'nobody')
    """
    words = [subject(p) for p in players]
    if not words:
        return "nobody"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def agree(players: str | Sequence[str], singular: str, plural: str) -> str:
    """The verb form that agrees with ``players``: one third person takes ``singular``; You and
    groups take ``plural``.

    >>> agree("Red", "wins", "win"), agree("You", "wins", "win"), agree(["Red", "Blue"], "has", "have")
    ('wins', 'win', 'have')
    """
    group = [players] if isinstance(players, str) else list(players)
    return singular if len(group) == 1 and not is_you(group[0]) else plural


def count(n: int, singular: str, plural: str | None = None) -> str:
    """A number with its noun: "1 tile", "3 tiles", "2 fish" (``plural`` for irregular nouns).

    >>> count(1, "tile"), count(3, "tile"), count(2, "fish", "fish"), count(0, "deer", "deer")
    ('1 tile', '3 tiles', '2 fish', '0 deer')
    """
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised (names keep their own case).

    >>> sentence("your hunter stays"), sentence("")
    ('Your hunter stays', '')
    """
    return text[:1].upper() + text[1:]


_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}


def does(player: str, verb: str) -> str:
    """A player doing something, at the start of a sentence: ``verb`` is the third-person form.

    >>> does("Red", "places"), does("You", "places"), does("You", "has"), does("You", "passes")
    ('Red places', 'You place', 'You have', 'You pass')
    """
    if not is_you(player):
        return f"{player} {verb}"
    if verb in _IRREGULAR:
        return f"{player} {_IRREGULAR[verb]}"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return f"{player} {verb[:-2]}"
    return f"{player} {verb[:-1] if verb.endswith('s') else verb}"


__all__ = ["agree", "count", "does", "is_you", "names", "possessive", "sentence", "subject"]


def who_won(winners: Sequence[str]) -> str:
    """The end of a game in words, the same in every view (ties share the win).

    >>> who_won(["You"]), who_won(["Ann"]), who_won(["Ann", "Bob"]), who_won([])
    ('You win', 'Ann wins', 'Ann and Bob win', 'Nobody wins')
    """
    if not winners:
        return "Nobody wins"
    return sentence(f"{names(winners)} {agree(list(winners), 'wins', 'win')}")
