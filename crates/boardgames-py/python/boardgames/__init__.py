"""Exact, fast rules of Abalone (2, 3, 4 and 6 players), Pente / Keryo-Pente and backgammon
(the checker game, and money games and matches with the cube), for Python.

Every game is a class over the shared base :class:`State`: legal moves in notation and as
indices of a fixed action space, chance outcomes with probabilities, returns, observation
tensors from any seat, copies, setups, perft, random playouts and the library's engines.
:class:`Batch` and :func:`random_games` step many games inside Rust with the GIL released.
:func:`backgammon_training_positions` and :func:`backgammon_rollouts` give the backgammon
networks' training data: self-play positions and their rollout labels.

Adapters: :mod:`boardgames.openspiel` (pyspiel games), :mod:`boardgames.pettingzoo` (AEC
environments and a Gymnasium single-agent wrapper, registered with Gymnasium as
``boardgames/Pente-v0`` and so on). ``docs/python.md`` is the guide.

>>> import boardgames
>>> s = boardgames.Pente()
>>> s.play("K10")
>>> s.current_player()
1
"""

from __future__ import annotations

import operator as _operator

import numpy as _np

from ._core import (
    CHANCE,
    TERMINAL,
    Abalone,
    Backgammon,
    BackgammonMatch,
    Batch,
    BoardgamesError,
    GameRecord,
    IllegalMoveError,
    KeryoPente,
    NotationError,
    Pente,
    SetupError,
    State,
    backgammon_rollouts,
    backgammon_training_positions,
    random_games,
    read_match_file,
    read_records,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Abalone",
    "Backgammon",
    "BackgammonMatch",
    "Batch",
    "BoardgamesError",
    "GameRecord",
    "IllegalMoveError",
    "KeryoPente",
    "NotationError",
    "Pente",
    "SetupError",
    "State",
    "GAMES",
    "make",
    "observation",
    "legal_mask",
    "batch_masks",
    "batch_observations",
    "batch_step",
    "backgammon_rollouts",
    "backgammon_training_positions",
    "random_games",
    "read_match_file",
    "read_records",
]

#: The game names and their classes, as :func:`make` and the adapters take them.
GAMES = {
    "pente": Pente,
    "keryo_pente": KeryoPente,
    "abalone": Abalone,
    "backgammon": Backgammon,
    "backgammon_match": BackgammonMatch,
}


def make(game: str, **options) -> State:
    """A new game by name (a key of :data:`GAMES`) with its options, for example
    ``make("abalone", players=3)`` or ``make("backgammon_match", length=7)``."""
    try:
        cls = GAMES[game]
    except KeyError:
        raise BoardgamesError(f"unknown game {game!r}; games: {', '.join(GAMES)}") from None
    return cls(**options)


def observation(state: State, seat: int) -> _np.ndarray:
    """The observation tensor of ``seat`` as a float32 array of ``state.observation_shape()``."""
    flat = _np.frombuffer(state.observation_bytes(seat), dtype=_np.float32)
    return flat.reshape(state.observation_shape())


def legal_mask(state: State) -> _np.ndarray:
    """The legal actions as an int8 array of ``num_distinct_actions()`` zeros and ones."""
    return _np.frombuffer(state.legal_actions_mask(), dtype=_np.int8)


def batch_masks(batch: Batch) -> _np.ndarray:
    """The batch's legal-action masks, an int8 array of shape ``(len(batch), actions)``."""
    flat = _np.frombuffer(batch.legal_masks(), dtype=_np.int8)
    return flat.reshape(len(batch), batch.num_distinct_actions())


def batch_observations(batch: Batch) -> _np.ndarray:
    """The batch's observations (each from its seat to move), float32 of shape
    ``(len(batch), *observation_shape)``."""
    flat = _np.frombuffer(batch.observations(), dtype=_np.float32)
    return flat.reshape(len(batch), *batch.observation_shape())


def batch_step(batch: Batch, actions) -> tuple:
    """Steps every game of ``batch`` with its action; returns ``(done, returns)`` as numpy
    arrays: bool of shape ``(len(batch),)`` and float32 of shape ``(len(batch), seats)``."""
    done, returns = batch.step([_operator.index(a) for a in actions])
    done = _np.frombuffer(done, dtype=_np.uint8).astype(bool)
    returns = _np.frombuffer(returns, dtype=_np.float32).reshape(len(batch), -1)
    return done, returns
