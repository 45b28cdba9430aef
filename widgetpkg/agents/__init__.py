"""Computer players, written against the game protocol only (any registered game)."""

from .base import Agent, RandomAgent

Random = RandomAgent

__all__ = ["Agent", "Random", "RandomAgent"]
