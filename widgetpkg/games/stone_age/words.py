"""Stone Age's things as players name them, for event texts, hover text and the panel: the places
("Hunting grounds", "card slot 3"), the animals ("polar bear"). No drawing here, so the engine may use it.

>>> place_name("clay_pit"), place_name("card:3"), place_name("igloo:2"), animal_words("animal:bird_of_prey")
('the Clay pit', 'card slot 3', 'igloo 2', 'bird of prey')
"""

from __future__ import annotations

PLACE_NAMES = {"hunt": "Hunting grounds", "forest": "Forest", "clay_pit": "Clay pit", "quarry": "Quarry",
               "river": "River", "tool_maker": "Tool maker", "hut": "Hut", "field": "Field", "animal": "Wild animal"}
_NUMBERED = {"card": "card slot", "building": "building stack", "igloo": "igloo"}


def place_name(place: str) -> str:
    """A place in a sentence: "the Forest", "card slot 2", "building stack 1", "igloo 3"."""
    kind, _, index = place.partition(":")
    if kind in _NUMBERED and index:
        return f"{_NUMBERED[kind]} {index}"
    return f"the {PLACE_NAMES[place]}" if place in PLACE_NAMES else place.replace("_", " ")


def animal_words(animal: str) -> str:
    """An animal card (``"animal:polar_bear"``) or id (``"polar_bear"``) in words."""
    return (animal.partition(":")[2] or animal).replace("_", " ")
