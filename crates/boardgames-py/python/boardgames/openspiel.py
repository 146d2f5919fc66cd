"""OpenSpiel adapter: every boardgames game as a registered Python game of ``pyspiel``.

Importing this module registers the games below with OpenSpiel (registration is
idempotent: importing or reloading the module again does nothing for names already
registered), after which ``pyspiel.load_game`` knows them::

    import pyspiel
    import boardgames.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("boardgames_abalone(players=3)")
    state = game.new_initial_state()
    while not state.is_terminal():
        ...

Games and parameters
--------------------

======================================  ===============================================
name                                    parameters (default)
======================================  ===============================================
``boardgames_pente``                    ``tournament_rule`` (the default of
                                        ``boardgames.Pente``: on, pente.org's rule)
``boardgames_keryo_pente``              ``tournament_rule`` (the default of
                                        ``boardgames.KeryoPente``: on)
``boardgames_abalone``                  ``players`` (2; 2, 3, 4 or 6), ``layout`` (``""``:
                                        the default layout of that player count, else a
                                        name from ``boardgames.Abalone.layouts(players)``),
                                        ``move_limit`` (0: none; else the game ends after
                                        that many plies and is adjudicated by the marbles
                                        ejected, a tie being a draw)
``boardgames_backgammon``               none: one game, gammons and backgammons count
``boardgames_backgammon_match``         ``length`` (0: a money game, else a match to that
                                        many points); money play: ``jacoby``
                                        (False), ``beavers`` (0), ``raccoons`` (False),
                                        ``auto_doubles`` (0); match play: ``holland``
                                        (False); the Crawford rule always applies
======================================  ===============================================

Every game is sequential, perfect-information and zero-sum with terminal rewards.  The
action space is the native one (``State.num_distinct_actions()``): a fixed index for every
move (see the native documentation of each game); backgammon's cube decisions and
resignations are actions too.

Chance
~~~~~~
The backgammon games are ``EXPLICIT_STOCHASTIC``: the dice are chance nodes
(``current_player() == pyspiel.PlayerId.CHANCE``) whose outcomes and probabilities come from
``chance_outcomes()`` (the 21 rolls, actions 0..20; the match adds the opening throw,
actions 21..56); they are applied with ``apply_action`` like any move.  Pente and Abalone
are ``DETERMINISTIC``.

Stuck positions
~~~~~~~~~~~~~~~
In Abalone a seat can be left without a legal move (its few remaining marbles all
blocked; random six-player games reach this about once in 3,000 games).  The rules leave
such a game running, which OpenSpiel cannot represent (a decision node needs a legal
action), so the bindings end it at once as a time-out of that seat would: the side that
ejected more marbles wins, a tie is a draw.

Utilities
~~~~~~~~~
``returns()`` are the native returns, per seat, summing to zero.  The bounds given to
OpenSpiel (``min_utility`` / ``max_utility``):

* Pente, Keryo-Pente: -1 .. +1 (a full board is a draw, 0).
* Abalone: each seat of the winning side gets +1 and the losing seats share the loss
  equally, so two players and the team games (four players: seats 0 + 2 against 1 + 3;
  six: 0 + 2 + 4 against 1 + 3 + 5) are -1 .. +1 and three players (each for himself)
  -0.5 .. +1.  A draw (a tie at the move limit) is 0 for all.
* Backgammon: -3 .. +3 (single game 1, gammon 2, backgammon 3).
* Backgammon match (``length`` > 0): -1 .. +1, the match won or lost.
* Backgammon money game (``length`` 0): the points won, the size of the win (1, 2, 3,
  after the Jacoby rule) times the cube, for the winner, minus that for the loser.  The
  cube can be doubled up to the native limit of 2**15 = 32768 (random play reaches cubes of
  64 and more), so the bounds are -+``3 * 32768`` (98304), the largest value one game can
  score; learning code should rescale.  ``game.min_utility()`` / ``game.max_utility()``
  report the bounds in use.

Observations
~~~~~~~~~~~~
``observation_tensor(player)`` is the native ``observation_tensor(seat)`` (a float tensor of
the game's ``observation_shape()``, from that seat's point of view); ``make_py_observer``
returns an observer with ``.tensor`` (flat float32) and ``.dict`` (``{"observation": view
of the native shape}``) as OpenSpiel's Python games do.  ``observation_string(player)`` is
the board diagram (``str(state)``).  The information-state string (perfect recall) is the
action history; there is no information-state tensor.

Serialization
~~~~~~~~~~~~~
``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state`` and
``game.deserialize_state`` work: the history and move number are stored by OpenSpiel, the
position by pickling the native state.  Cloning (``state.clone()``) copies the native
state.

Game length
~~~~~~~~~~~
``max_game_length()`` counts decision plies.  Pente and Keryo-Pente are bounded by the
board and the captures.  Abalone with a ``move_limit`` is bounded by it; without one, and
for backgammon, no rule bounds a game, and the figure reported is a safe practical bound
far above the longest uniformly random games observed (a game that exceeded it would still
be played correctly; only algorithms that trust the figure would be misled).

The underlying native state of an OpenSpiel state is ``state.native`` (a
``boardgames.State``): ``state.native.legal_moves()``, ``state.native.bestmove()``, etc.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

from . import Abalone, Backgammon, BackgammonMatch, KeryoPente, Pente
from ._adapters import from_setup, with_move_limit

__all__ = [
    "GAME_CLASSES",
    "GAME_NAMES",
    "MAX_CUBE",
    "BoardObserver",
    "BoardgamesGame",
    "BoardgamesState",
    "HistoryObserver",
    "register",
]

#: The largest cube value of the native backgammon rules (2**15).
MAX_CUBE = 32768

#: Pente boards have 19 x 19 points; captures free points, so a game may last a little
#: longer than 361 plies (5 pairs win Pente, 15 stones Keryo-Pente).
_PENTE_MAX_PLIES = 361 + 2 * 8 + 4
_KERYO_MAX_PLIES = 361 + 2 * 14 + 4
#: Practical bounds (see the module documentation, "Game length").
_ABALONE_PRACTICAL_PLIES = 100_000
_BACKGAMMON_PRACTICAL_PLIES = 10_000
#: Cube actions, resignations and their answers a backgammon game can add to its plies.
_CUBE_PLIES_PER_GAME = 200


class _GameSpec:
    """What OpenSpiel needs to know about one game."""

    def __init__(
        self,
        short_name: str,
        long_name: str,
        parameters: Dict[str, Any],
        build: Callable[[Dict[str, Any]], Any],
        chance: bool,
        min_players: int,
        max_players: int,
        utility: Callable[[Any, Dict[str, Any]], Tuple[float, float]],
        max_length: Callable[[Any, Dict[str, Any]], int],
    ):
        self.short_name = short_name
        self.long_name = long_name
        self.parameters = parameters
        self.build = build
        self.utility = utility
        self.max_length = max_length
        self.game_type = pyspiel.GameType(
            short_name=short_name,
            long_name=long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(
                pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
                if chance
                else pyspiel.GameType.ChanceMode.DETERMINISTIC
            ),
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=max_players,
            min_num_players=min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=dict(parameters),
        )


# --- building the native prototypes ------------------------------------------------------


def _build_pente(params: Dict[str, Any]) -> Any:
    return Pente(tournament_rule=bool(params["tournament_rule"]))


def _build_keryo(params: Dict[str, Any]) -> Any:
    return KeryoPente(tournament_rule=bool(params["tournament_rule"]))


def _build_abalone(params: Dict[str, Any]) -> Any:
    players = int(params["players"])
    layout = str(params["layout"]) or None
    limit = int(params["move_limit"])
    if not 0 <= limit <= 65535:
        raise ValueError(f"move_limit must be 0 (no limit) to 65535 plies, got {limit}")
    state = Abalone(players=players, layout=layout)
    if limit > 0:
        state = with_move_limit(state, limit)
    return state


def _build_backgammon(params: Dict[str, Any]) -> Any:
    del params
    return Backgammon()


def _build_match(params: Dict[str, Any]) -> Any:
    length = int(params["length"])
    if length < 0:
        raise ValueError(f"length must be >= 0, got {length}")
    # Only the options that differ from the native defaults are passed on.
    options: Dict[str, Any] = {"length": length}
    if bool(params["jacoby"]):
        options["jacoby"] = True
    if int(params["beavers"]):
        options["beavers"] = int(params["beavers"])
    if bool(params["raccoons"]):
        options["raccoons"] = True
    if int(params["auto_doubles"]):
        options["auto_doubles"] = int(params["auto_doubles"])
    if bool(params["holland"]):
        options["holland"] = True
    try:
        return BackgammonMatch(**options)
    except TypeError as e:
        raise ValueError(f"boardgames_backgammon_match: option not supported by boardgames.BackgammonMatch: {e}") from e


# --- utility bounds and game lengths -----------------------------------------------------


def _unit_utility(proto: Any, params: Dict[str, Any]) -> Tuple[float, float]:
    del proto, params
    return -1.0, 1.0


def _abalone_utility(proto: Any, params: Dict[str, Any]) -> Tuple[float, float]:
    """The native returns of a won game: each seat of the winning side gets the points (1),
    the losing seats share the loss equally (sum zero); a draw is all zeros."""
    del params
    seats = proto.num_players()
    teams = max(1, proto.num_teams())
    sizes = [sum(1 for s in range(seats) if proto.team_of(s) == t) for t in range(teams)]
    worst = max((size / (seats - size) for size in sizes if 0 < size < seats), default=1.0)
    return -float(worst), 1.0


def _backgammon_utility(proto: Any, params: Dict[str, Any]) -> Tuple[float, float]:
    del proto, params
    return -3.0, 3.0


def _match_utility(proto: Any, params: Dict[str, Any]) -> Tuple[float, float]:
    """A match is worth 1 to its winner; a money game the points won, the size of the win
    (1, 2, 3) times the cube, which can reach ``MAX_CUBE``."""
    del proto
    if int(params.get("length", 0)) > 0:
        return -1.0, 1.0
    bound = 3.0 * MAX_CUBE
    return -bound, bound


def _fixed_length(n: int) -> Callable[[Any, Dict[str, Any]], int]:
    return lambda proto, params: n


def _abalone_length(proto: Any, params: Dict[str, Any]) -> int:
    del proto
    limit = int(params["move_limit"])
    return limit if limit > 0 else _ABALONE_PRACTICAL_PLIES


def _match_length(proto: Any, params: Dict[str, Any]) -> int:
    del proto
    length = int(params["length"])
    # A match to n points has at most 2n - 1 games: every game gives its winner a point.
    games = max(1, 2 * length - 1)
    return games * (_BACKGAMMON_PRACTICAL_PLIES + _CUBE_PLIES_PER_GAME)


def _native_default(cls: Any, name: str, fallback: Any) -> Any:
    """The default of keyword ``name`` of the native class ``cls`` (``fallback`` if it
    cannot be read), so that a game loaded without parameters is the class's default game."""
    try:
        default = inspect.signature(cls).parameters[name].default
    except (TypeError, ValueError, KeyError):
        return fallback
    return fallback if default is inspect.Parameter.empty else type(fallback)(default)


_SPECS: Dict[str, _GameSpec] = {}


def _add(spec: _GameSpec) -> None:
    _SPECS[spec.short_name] = spec


_add(
    _GameSpec(
        "boardgames_pente",
        "Pente (boardgames)",
        {"tournament_rule": _native_default(Pente, "tournament_rule", True)},
        _build_pente,
        chance=False,
        min_players=2,
        max_players=2,
        utility=_unit_utility,
        max_length=_fixed_length(_PENTE_MAX_PLIES),
    )
)
_add(
    _GameSpec(
        "boardgames_keryo_pente",
        "Keryo-Pente (boardgames)",
        {"tournament_rule": _native_default(KeryoPente, "tournament_rule", True)},
        _build_keryo,
        chance=False,
        min_players=2,
        max_players=2,
        utility=_unit_utility,
        max_length=_fixed_length(_KERYO_MAX_PLIES),
    )
)
_add(
    _GameSpec(
        "boardgames_abalone",
        "Abalone (boardgames)",
        {"players": 2, "layout": "", "move_limit": 0},
        _build_abalone,
        chance=False,
        min_players=2,
        max_players=6,
        utility=_abalone_utility,
        max_length=_abalone_length,
    )
)
_add(
    _GameSpec(
        "boardgames_backgammon",
        "Backgammon (boardgames)",
        {},
        _build_backgammon,
        chance=True,
        min_players=2,
        max_players=2,
        utility=_backgammon_utility,
        max_length=_fixed_length(_BACKGAMMON_PRACTICAL_PLIES),
    )
)
_add(
    _GameSpec(
        "boardgames_backgammon_match",
        "Backgammon money game or match with the cube (boardgames)",
        {
            "length": 0,
            "jacoby": False,
            "beavers": 0,
            "raccoons": False,
            "auto_doubles": 0,
            "holland": False,
        },
        _build_match,
        chance=True,
        min_players=2,
        max_players=2,
        utility=_match_utility,
        max_length=_match_length,
    )
)

#: The names registered with OpenSpiel.
GAME_NAMES: Tuple[str, ...] = tuple(_SPECS)


# --- observers ---------------------------------------------------------------------------


class BoardObserver:
    """The default observation: the native observation tensor and the board diagram.

    Conforms to OpenSpiel's PyObserver interface: ``tensor`` (flat float32), ``dict``
    (named views of ``tensor``), ``set_from(state, player)``, ``string_from(state, player)``.
    """

    def __init__(self, shape: Tuple[int, ...]):
        shape = tuple(int(d) for d in shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: "BoardgamesState", player: int) -> None:
        """Writes ``state`` as seen by ``player`` into ``tensor``."""
        self.tensor[:] = np.frombuffer(state.native.observation_bytes(int(player)), dtype=np.float32)

    def string_from(self, state: "BoardgamesState", player: int) -> str:
        """The board diagram (the game has perfect information)."""
        del player
        return str(state.native)


class HistoryObserver:
    """Observation types other than the default one: perfect information, so the public
    information with perfect recall is the action history; no tensor."""

    def __init__(self, iig_obs_type: Any):
        self._public = bool(getattr(iig_obs_type, "public_info", True))
        self.tensor = None
        self.dict: Dict[str, np.ndarray] = {}

    def set_from(self, state: "BoardgamesState", player: int) -> None:
        del state, player

    def string_from(self, state: "BoardgamesState", player: int) -> str:
        del player
        return state.history_str() if self._public else ""


# --- game and state ----------------------------------------------------------------------


class BoardgamesGame(pyspiel.Game):
    """A boardgames game as an OpenSpiel game (one subclass per registered name)."""

    _spec: _GameSpec

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        spec = self._spec
        values = dict(spec.parameters)
        for key, value in (params or {}).items():
            if key not in values:
                raise ValueError(f"{spec.short_name}: unknown parameter {key!r} (known: {sorted(values)})")
            values[key] = value
        prototype = spec.build(values)
        low, high = spec.utility(prototype, values)
        info = pyspiel.GameInfo(
            num_distinct_actions=int(prototype.num_distinct_actions()),
            max_chance_outcomes=int(prototype.max_chance_outcomes()),
            num_players=int(prototype.num_players()),
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0,
            max_game_length=int(spec.max_length(prototype, values)),
        )
        super().__init__(spec.game_type, info, values)
        self._prototype = prototype
        self._observation_shape = tuple(int(d) for d in prototype.observation_shape())

    @property
    def prototype(self) -> Any:
        """A native initial state of this game (do not modify; copy it)."""
        return self._prototype

    def new_initial_state(self, setup: Any = None) -> "BoardgamesState":
        """The initial state, or (``setup``: a native position string, or a dict with a
        ``"setup"`` key) a state starting from that position, with an empty history. The
        setup's rules must be the game's (``rules()``; an Abalone setup without a move limit
        gets the game's), so that the game's length and utility bounds hold: else
        ``SetupError``."""
        if setup is None:
            return BoardgamesState(self)
        if isinstance(setup, dict):
            setup = setup["setup"]
        return BoardgamesState(self, from_setup(self._prototype, str(setup)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer for ``iig_obs_type`` (default: the board observation)."""
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self._observation_shape)
        return HistoryObserver(iig_obs_type)


class BoardgamesState(pyspiel.State):
    """An OpenSpiel state wrapping a native ``boardgames`` state (``self.native``).

    Only the native state lives in the Python attributes, so OpenSpiel's clone (a deep
    copy of them) and its serialization (a pickle of them) copy exactly the position.
    """

    def __init__(self, game: BoardgamesGame, native: Any = None):
        super().__init__(game)
        self._native = game.prototype.copy() if native is None else native

    @property
    def native(self) -> Any:
        """The native ``boardgames`` state (live: changing it changes this state, but not
        OpenSpiel's history)."""
        return self._native

    # OpenSpiel API.

    def current_player(self) -> int:
        return int(self._native.current_player())

    def _legal_actions(self, player: int) -> List[int]:
        del player  # only called for the player to move
        return list(self._native.legal_actions())

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        # A list: OpenSpiel's Python algorithms shuffle it in place (MCTS).
        return list(self._native.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._native.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        try:
            return self._native.action_to_string(int(action))
        except ValueError:
            return f"action {int(action)}"

    def is_terminal(self) -> bool:
        return bool(self._native.is_terminal())

    def returns(self) -> List[float]:
        return [float(r) for r in self._native.returns()]

    def __str__(self) -> str:
        return str(self._native)


def _game_class(spec: _GameSpec) -> type:
    name = "".join(part.capitalize() for part in spec.short_name.split("_")) + "Game"
    return type(name, (BoardgamesGame,), {"_spec": spec, "__doc__": f"OpenSpiel game {spec.short_name}."})


#: The game class of each registered name.
GAME_CLASSES: Dict[str, type] = {name: _game_class(spec) for name, spec in _SPECS.items()}


def register() -> None:
    """Registers every game with OpenSpiel; names already registered are left alone."""
    known = set(pyspiel.registered_names())
    for name, spec in _SPECS.items():
        if name not in known:
            pyspiel.register_game(spec.game_type, GAME_CLASSES[name])


register()
