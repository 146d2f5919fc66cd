"""Helpers the framework adapters (``boardgames.openspiel``, ``boardgames.pettingzoo``) share."""

from __future__ import annotations

import re
from typing import Any

from ._core import SetupError

_LIMIT = re.compile(r"\s+limit=\d+")


def _read_setup(like: Any, text: str) -> Any:
    """A state of the same game (and player count) as ``like`` from a position string."""
    cls = type(like)
    if like.game_name == "abalone":
        try:
            return cls.from_setup(text, players=like.num_players())
        except TypeError:  # a from_setup that reads the player count from the text alone
            pass
    return cls.from_setup(text)


def from_setup(like: Any, text: str) -> Any:
    """A state of ``like``'s game, rules included, from a position string.

    An Abalone setup without a move limit gets the game's; any other option of the rules
    that the setup gives otherwise than the game (``state.rules()``: the tournament rule,
    the move limit, the match length and the cube options) raises ``SetupError``, so that
    every state of a game keeps the game's length and utility bounds.
    """
    state = _read_setup(like, text)
    want = like.rules()
    if want.get("move_limit") and not state.rules().get("move_limit"):
        state = with_move_limit(state, want["move_limit"])
    got = state.rules()
    if got != want:
        differ = ", ".join(
            f"{name} {got.get(name)!r} (the game's: {want.get(name)!r})"
            for name in sorted(set(got) | set(want))
            if got.get(name) != want.get(name)
        )
        raise SetupError(f"the setup's rules are not the game's: {differ}")
    return state


def with_move_limit(state: Any, limit: int) -> Any:
    """A copy of the Abalone ``state`` whose game ends after ``limit`` plies (counted by the
    position's ply counter), adjudicated by the marbles each side ejected (a tie is a draw).

    A limit the position has already reached ends the game at once.
    """
    return _read_setup(state, f"{_LIMIT.sub('', state.setup())} limit={int(limit)}")
