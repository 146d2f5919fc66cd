"""Helpers the framework adapters (``boardgames.openspiel``, ``boardgames.pettingzoo``) share."""

from __future__ import annotations

import re
from typing import Any

_LIMIT = re.compile(r"\s+limit=\d+")


def from_setup(like: Any, text: str) -> Any:
    """A state of the same game (and player count) as ``like`` from a position string."""
    cls = type(like)
    if like.game_name == "abalone":
        try:
            return cls.from_setup(text, players=like.num_players())
        except TypeError:  # a from_setup that reads the player count from the text alone
            pass
    return cls.from_setup(text)


def with_move_limit(state: Any, limit: int) -> Any:
    """A copy of the Abalone ``state`` whose game ends after ``limit`` plies (counted by the
    position's ply counter), adjudicated by the marbles each side ejected (a tie is a draw).

    A limit the position has already reached ends the game at once.
    """
    return from_setup(state, f"{_LIMIT.sub('', state.setup())} limit={int(limit)}")
