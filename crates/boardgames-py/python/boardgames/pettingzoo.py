"""PettingZoo and Gymnasium adapters.

PettingZoo (AEC API)
--------------------
``env(game="abalone", players=3)`` returns a wrapped AEC environment (the wrappers of
PettingZoo's classic environments: an illegal action ends the game with -1 for the agent
that played it, actions out of range are refused, the call order is enforced);
``raw_env(...)`` is the environment itself::

    from boardgames.pettingzoo import env

    e = env(game="abalone", players=3)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

* ``game``: ``"pente"``, ``"keryo_pente"``, ``"abalone"``, ``"backgammon"`` or
  ``"backgammon_match"``; the other keyword arguments are the game's options
  (``tournament_rule`` for the Pente games; ``players``, ``layout``, ``move_limit`` for
  Abalone; for the match the keywords of ``boardgames.BackgammonMatch``: ``length``,
  ``jacoby``, ``beavers``, ...).  ``players`` may be given for every game; it must be 2
  except for Abalone (2, 3, 4 or 6).
* Agents are ``"player_0"`` .. ``"player_{n-1}"``, the native seats in order (four- and
  six-player Abalone are played by teams: seats 0 + 2 against 1 + 3, and 0 + 2 + 4 against
  1 + 3 + 5; every seat is still its own agent).
* Observations: ``{"observation": float32 Box of the native observation_shape(), from the
  agent's seat, "action_mask": int8 Box (num_distinct_actions,)}``; the mask is all zeros
  for an agent that is not to move.  The action space is ``Discrete(num_distinct_actions)``.
* Chance nodes (the dice) are resolved inside the environment with its own random
  generator: ``reset(seed=...)`` seeds it, so the same seed and the same actions give the
  same game; ``reset()`` without a seed continues the generator.
* Rewards: 0 during the game; at the end every agent gets its native ``returns()``
  (zero-sum).  ``max_plies`` (optional) truncates a game after that many decisions
  (all agents truncated, rewards 0).
* ``setup`` (optional): a native position string (``state.setup()``) to start every game
  from instead of the initial position. Its rules must be the environment's (``rules()``;
  an Abalone setup without a move limit gets the environment's): else ``SetupError``.
* A seat left without a legal move (possible in Abalone, see ``boardgames.openspiel``) ends
  the game as a time-out of that seat would: the side that ejected more marbles wins, a tie
  is a draw.
* ``render_mode="ansi"`` makes ``render()`` return the board diagram (``str(state)``);
  ``"human"`` prints it after every step.
* ``env.unwrapped.state_object`` is the native ``boardgames.State`` (read it, do not change
  it).

Gymnasium (single agent)
------------------------
``SingleAgentEnv(game="pente", opponent="random", seat=0, **options)`` is a
``gymnasium.Env`` in which the learner plays ``seat`` and every other seat is played by the
opponent inside ``step``: ``"random"`` (uniform over the legal actions, drawn from the
environment's seeded generator), ``"engine"`` (the native engine, ``state.bestmove(level,
millis)`` played with ``state.play``; ``engine_level`` and ``engine_millis`` pass through),
or any callable ``f(state) -> action``.  Observations are the same dict as above (the mask
is also in ``info["action_mask"]``), the action space ``Discrete(num_distinct_actions)``,
the reward the learner's return at the end.  An illegal action ends the episode with
``illegal_reward`` (default -1) unless ``illegal_action="raise"``.

Importing this module registers ``SingleAgentEnv`` with Gymnasium, one id per game
(:data:`GYMNASIUM_IDS`): ``boardgames/Pente-v0``, ``boardgames/KeryoPente-v0``,
``boardgames/Abalone-v0``, ``boardgames/Backgammon-v0`` and ``boardgames/BackgammonMatch-v0``;
the keyword arguments of ``gymnasium.make`` go to ``SingleAgentEnv`` (the game's options,
``opponent``, ``seat``, ...)::

    import gymnasium
    import boardgames.pettingzoo

    e = gymnasium.make("boardgames/Abalone-v0", players=3, opponent="engine")

``gymnasium.make("boardgames.pettingzoo:boardgames/Pente-v0")`` imports this module itself.
``import boardgames`` alone imports neither Gymnasium nor PettingZoo.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Abalone, Backgammon, BackgammonMatch, KeryoPente, Pente
from ._adapters import from_setup, with_move_limit

__all__ = ["GAMES", "GYMNASIUM_IDS", "env", "raw_env", "make_state", "SingleAgentEnv", "register_gymnasium"]

#: The game names and their main options (besides ``players``); any other keyword the
#: game's class accepts is passed on too.
GAMES: Dict[str, Tuple[str, ...]] = {
    "pente": ("tournament_rule",),
    "keryo_pente": ("tournament_rule",),
    "abalone": ("layout", "move_limit"),
    "backgammon": (),
    "backgammon_match": ("length", "jacoby", "beavers", "raccoons", "auto_doubles", "holland"),
}

def _max_plies(value: Optional[int]) -> Optional[int]:
    """``max_plies`` checked: ``None`` or a positive number of decisions."""
    if value is None:
        return None
    n = int(value)
    if n < 1 or n != value:
        raise ValueError(f"max_plies must be a positive integer or None, not {value!r}")
    return n


#: The largest cube value of the native backgammon rules.
_MAX_CUBE = 32768
#: The score is kept below 2**15 by the native rules.
_MAX_SCORE = 32767


def make_state(game: str, players: Optional[int] = None, **options: Any) -> Any:
    """A native initial state of ``game``; ``options`` go to the game's class (Abalone's
    ``move_limit`` is set through the position string)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    if game == "abalone":
        limit = int(options.pop("move_limit", 0) or 0)
        if not 0 <= limit <= 65535:
            raise ValueError(f"move_limit must be 0 (no limit) to 65535 plies, got {limit}")
        layout = options.pop("layout", None) or None
        state = Abalone(players=2 if players is None else int(players), layout=layout, **options)
        return with_move_limit(state, limit) if limit > 0 else state
    if players is not None and int(players) != 2:
        raise ValueError(f"{game} is played by 2 players, not {players}")
    cls = {"pente": Pente, "keryo_pente": KeryoPente, "backgammon": Backgammon, "backgammon_match": BackgammonMatch}[game]
    return cls(**options)


def _observation_bounds(game: str, state: Any) -> Tuple[np.ndarray, np.ndarray]:
    """Bounds of every value of the native observation tensor (its documented encoding)."""
    shape = tuple(int(d) for d in state.observation_shape())
    low = np.zeros(shape, np.float32)
    high = np.ones(shape, np.float32)
    if game in ("pente", "keryo_pente"):
        # Planes 3 and 4: captured stones / stones to win; the winning placement may pass the
        # threshold (up to 8 runs at once): at most (8 + 16) / 10 and (14 + 24) / 15.
        high[3:5] = 3.0
    elif game == "abalone":
        # Planes 2n .. 3n - 1: marbles a seat lost / 6 (at most 14 marbles a colour).
        seats = int(state.num_players())
        high[2 * seats : 3 * seats] = 14.0 / 6.0
    elif game in ("backgammon", "backgammon_match"):
        # 24 points x 2 sides x 4 units, the fourth (checkers - 3) / 2 <= 6; bars / 2 <= 7.5.
        board = high[:210]
        board[:192] = 1.0
        board[3:192:4] = 6.0
        board[192:194] = 7.5
        if game == "backgammon_match":
            extra = high[210:]
            extra[0] = np.log2(_MAX_CUBE) / 6.0  # log2(cube) / 6
            extra[4:6] = float(_MAX_SCORE)  # score / length: the last game may overshoot
    return low, high


def _sample_chance(state: Any, rng: np.random.Generator) -> None:
    """Applies one chance outcome drawn from ``state.chance_outcomes()``."""
    outcomes = state.chance_outcomes()
    u = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if u < total:
            state.apply_action(action)
            return
    state.apply_action(outcomes[-1][0])


def _render(mode: Optional[str], state: Any) -> Optional[str]:
    """The board diagram: returned with ``"ansi"``, printed with ``"human"``."""
    if mode is None:
        gymnasium.logger.warn("You are calling render method without specifying any render mode.")
        return None
    text = str(state)
    if mode == "ansi":
        return text
    print(text)
    return None


def _mask(state: Any) -> np.ndarray:
    return np.frombuffer(state.legal_actions_mask(), dtype=np.uint8).astype(np.int8)


def _observation(state: Any, seat: int, shape: Tuple[int, ...]) -> np.ndarray:
    return np.frombuffer(state.observation_bytes(seat), dtype=np.float32).reshape(shape).copy()


def env(game: str = "abalone", **kwargs: Any) -> AECEnv:
    """The AEC environment of ``game``, wrapped as PettingZoo's classic environments are."""
    e = raw_env(game=game, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):
    """A boardgames game as a PettingZoo AEC environment (see the module documentation)."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "boardgames_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str = "abalone",
        players: Optional[int] = None,
        render_mode: Optional[str] = None,
        max_plies: Optional[int] = None,
        setup: Optional[str] = None,
        **options: Any,
    ):
        EzPickle.__init__(
            self, game=game, players=players, render_mode=render_mode, max_plies=max_plies, setup=setup, **options
        )
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.max_plies = _max_plies(max_plies)
        self._prototype = make_state(game, players=players, **options)
        if setup is not None:
            self._prototype = from_setup(self._prototype, setup)
        self.metadata = dict(self.metadata, name=f"boardgames_{game}_v0")

        n = int(self._prototype.num_players())
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        actions = int(self._prototype.num_distinct_actions())
        self._shape = tuple(int(d) for d in self._prototype.observation_shape())
        low, high = _observation_bounds(game, self._prototype)
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng: Optional[np.random.Generator] = None
        self._state = self._prototype.copy()
        self._plies = 0
        self.agents: List[str] = []
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = self.possible_agents[0]

    # Spaces.

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def state_object(self) -> Any:
        """The native state of the game in progress."""
        return self._state

    # AEC API.

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self._state = self._prototype.copy()
        self._plies = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance(last_seat=None)

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        if agent == self.agent_selection and self._state.current_player() == seat:
            mask = _mask(self._state)
        else:
            mask = np.zeros(self.action_spaces[agent].n, np.int8)
        return {"observation": _observation(self._state, seat, self._shape), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._state.apply_action(operator.index(action))
        self._plies += 1
        self._advance(last_seat=seat)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _advance(self, last_seat: Optional[int]) -> None:
        """Resolves chance nodes, then selects the agent to move or ends the game."""
        state = self._state
        while state.is_chance_node():
            _sample_chance(state, self._rng)
        n = len(self.possible_agents)
        if state.is_terminal():
            for agent, value in zip(self.possible_agents, state.returns()):
                self.rewards[agent] = float(value)
            self.terminations = {a: True for a in self.agents}
        elif self.max_plies is not None and self._plies >= self.max_plies:
            # max_plies reached: the game stops without a result.
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
            return
        following = 0 if last_seat is None else (last_seat + 1) % n
        self.agent_selection = self.possible_agents[following]

    def render(self) -> Optional[str]:
        return _render(self.render_mode, self._state)

    def close(self) -> None:
        pass


Opponent = Union[str, Callable[[Any], int]]


class SingleAgentEnv(gymnasium.Env):
    """One seat of a boardgames game as a single-agent Gymnasium environment (see the module
    documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 2}

    def __init__(
        self,
        game: str = "pente",
        opponent: Opponent = "random",
        seat: int = 0,
        render_mode: Optional[str] = None,
        engine_level: Optional[int] = None,
        engine_millis: Optional[int] = None,
        max_plies: Optional[int] = None,
        illegal_action: str = "lose",
        illegal_reward: float = -1.0,
        players: Optional[int] = None,
        setup: Optional[str] = None,
        **options: Any,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        if not (callable(opponent) or opponent in ("random", "engine")):
            raise ValueError(f"opponent must be 'random', 'engine' or a callable, got {opponent!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', got {illegal_action!r}")
        self.game = game
        self.opponent = opponent
        self.render_mode = render_mode
        if engine_level is not None and not 1 <= operator.index(engine_level) <= 5:
            raise ValueError(f"engine_level must be 1 to 5, got {engine_level}")
        if engine_millis is not None and not 1 <= operator.index(engine_millis) <= 3_600_000:
            raise ValueError(f"engine_millis must be 1 to 3600000, got {engine_millis}")
        self.engine_level = engine_level
        self.engine_millis = engine_millis
        self.max_plies = _max_plies(max_plies)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self._prototype = make_state(game, players=players, **options)
        if setup is not None:
            self._prototype = from_setup(self._prototype, setup)
        seats = int(self._prototype.num_players())
        if not 0 <= operator.index(seat) < seats:
            raise ValueError(f"seat must be in 0..{seats - 1}, got {seat}")
        self.seat = operator.index(seat)
        actions = int(self._prototype.num_distinct_actions())
        self._shape = tuple(int(d) for d in self._prototype.observation_shape())
        low, high = _observation_bounds(game, self._prototype)
        self.action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }
        )
        self._state = self._prototype.copy()
        self._plies = 0
        self._done = True

    @property
    def state_object(self) -> Any:
        """The native state of the game in progress."""
        return self._state

    def _obs(self) -> Dict[str, np.ndarray]:
        if not self._done and self._state.current_player() == self.seat:
            mask = _mask(self._state)
        else:
            mask = np.zeros(self.action_space.n, np.int8)
        return {"observation": _observation(self._state, self.seat, self._shape), "action_mask": mask}

    def _info(self, **extra: Any) -> Dict[str, Any]:
        info: Dict[str, Any] = {"action_mask": self._obs()["action_mask"], "plies": self._plies}
        info.update(extra)
        return info

    def _opponent_move(self) -> None:
        state = self._state
        if callable(self.opponent):
            state.apply_action(int(self.opponent(state)))
        elif self.opponent == "engine":
            state.play(state.bestmove(level=self.engine_level, millis=self.engine_millis))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(self.np_random.integers(len(legal)))])
        self._plies += 1

    def _advance(self) -> bool:
        """Plays chance and the other seats until the learner is to move or the game stops;
        True when the game stopped without a result (truncation)."""
        while True:
            state = self._state
            if state.is_terminal():
                return False
            if state.is_chance_node():
                _sample_chance(state, self.np_random)
                continue
            if self.max_plies is not None and self._plies >= self.max_plies:
                return True
            if state.current_player() == self.seat:
                return False
            self._opponent_move()

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        self._state = self._prototype.copy()
        self._plies = 0
        self._done = self._advance() or self._state.is_terminal()
        return self._obs(), self._info()

    def step(self, action: int):
        state = self._state
        if self._done:
            raise RuntimeError("step() called after the episode ended; call reset()")
        action = operator.index(action)
        mask = state.legal_actions_mask()
        if not (0 <= action < len(mask)) or not mask[action]:
            if self.illegal_action == "raise":
                raise ValueError(f"action {action} is not legal here")
            self._done = True
            return self._obs(), self.illegal_reward, True, False, self._info(illegal_action=True)
        state.apply_action(action)
        self._plies += 1
        truncated = self._advance()
        state = self._state
        terminated = bool(state.is_terminal())
        self._done = terminated or truncated
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        return _render(self.render_mode, self._state)

    def close(self) -> None:
        pass


#: The Gymnasium id of each game of :data:`GAMES`, registered by :func:`register_gymnasium`.
GYMNASIUM_IDS: Dict[str, str] = {
    "pente": "boardgames/Pente-v0",
    "keryo_pente": "boardgames/KeryoPente-v0",
    "abalone": "boardgames/Abalone-v0",
    "backgammon": "boardgames/Backgammon-v0",
    "backgammon_match": "boardgames/BackgammonMatch-v0",
}


def register_gymnasium() -> None:
    """Registers :class:`SingleAgentEnv` with Gymnasium under :data:`GYMNASIUM_IDS`, each id
    with its game; ``gymnasium.make``'s keyword arguments go to the environment. Ids already
    registered are left as they are. Called when this module is imported."""
    for game, env_id in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=f"{__name__}:SingleAgentEnv",
                kwargs={"game": game},
            )


register_gymnasium()
