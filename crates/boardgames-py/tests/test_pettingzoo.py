"""The PettingZoo AEC environments and the Gymnasium single-agent wrapper."""

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import boardgames

from boardgames.pettingzoo import SingleAgentEnv, env, raw_env  # noqa: E402

CONFIGS = [
    ("pente", {}),
    ("keryo_pente", {"tournament_rule": False}),
    ("abalone", {}),
    ("abalone", {"players": 3}),
    ("abalone", {"players": 4}),
    ("abalone", {"players": 6}),
    ("backgammon", {}),
    ("backgammon_match", {}),
    ("backgammon_match", {"length": 3}),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in CONFIGS]


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_api(game, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the API test warns, e.g., about all-zero masks
        api_test(env(game=game, **options), num_cycles=1000)


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_seed(game, options):
    seed_test(lambda: env(game=game, **options), num_cycles=500)


def play_random(e, seed, max_steps=100_000):
    """Plays a whole game with random legal actions (from the masks); returns the
    cumulative rewards per agent and the number of steps."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter(max_steps):
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (e.action_space(agent).n,)
            legal = np.flatnonzero(mask)
            assert len(legal) > 0
            assert set(legal.tolist()) == set(e.unwrapped.state_object.legal_actions())
            action = int(rng.choice(legal))
            steps += 1
        e.step(action)
    return totals, steps


@pytest.mark.parametrize(
    "game,options",
    [
        ("pente", {}),
        ("abalone", {"move_limit": 200}),
        ("abalone", {"players": 3, "move_limit": 150}),
        ("abalone", {"players": 6, "move_limit": 150}),
        ("backgammon", {}),
        ("backgammon_match", {}),
    ],
)
def test_random_game_with_masks(game, options):
    e = env(game=game, **options)
    totals, steps = play_random(e, seed=5)
    assert steps > 0
    assert not e.agents  # every agent finished
    assert abs(sum(totals.values())) < 1e-9
    state = e.unwrapped.state_object
    assert state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == pytest.approx(state.returns())
    # The same seed replays the same game.
    totals2, steps2 = play_random(env(game=game, **options), seed=5)
    assert totals2 == totals and steps2 == steps


def test_random_games_many_seeds():
    """Whole random games, every player count, no move limit (and the rewards sum to 0)."""
    for players in (2, 3, 4, 6):
        e = env(game="abalone", players=players)
        for seed in range(3):
            totals, steps = play_random(e, seed=seed)
            assert abs(sum(totals.values())) < 1e-9 and steps > 0
    e = env(game="backgammon_match", length=5)
    for seed in range(10):
        totals, steps = play_random(e, seed=seed)
        assert sorted(totals.values())[0] == -sorted(totals.values())[1]


# Six players, White to move; many of its moves (action 312) leave Red (seat 2) without a
# legal move, which is adjudicated by the marbles ejected (White + Green + Purple 5 to 2).
STUCK_BEFORE = "1bg2/b1y2g/4bw1/2yp1b2/pb5ww/1b1g3p/1y3pw/y1pggg/1ywrr w 0-1-4-0-1-1 ejected=2-1-0-1-0-3 ply=565"


def test_stuck_seat_is_adjudicated():
    e = env(game="abalone", players=6, setup=STUCK_BEFORE)
    e.reset(seed=0)
    assert e.agent_selection == "player_1"
    e.step(312)
    assert all(e.terminations.values())
    assert [e.rewards[a] for a in e.possible_agents] == [-1.0, 1.0, -1.0, 1.0, -1.0, 1.0]
    single = SingleAgentEnv(game="abalone", players=6, seat=1, setup=STUCK_BEFORE)
    single.reset(seed=0)
    _, reward, terminated, truncated, _ = single.step(312)
    assert terminated and not truncated and reward == 1.0


def test_observation_is_the_seat_view():
    e = raw_env(game="abalone", players=3)
    e.reset(seed=0)
    state = e.state_object
    for i, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].shape == tuple(state.observation_shape())
        assert np.array_equal(obs["observation"].ravel(), np.asarray(state.observation_tensor(i), np.float32))
        assert obs["action_mask"].dtype == np.int8
        assert obs["action_mask"].any() == (agent == e.agent_selection)
        assert e.observation_space(agent).contains(obs)


def test_truncation_and_render():
    e = raw_env(game="pente", render_mode="ansi", max_plies=4)
    e.reset(seed=1)
    assert e.render() == str(e.state_object)
    for _ in range(4):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(r == 0 for r in e.rewards.values())


def test_illegal_action_ends_the_game():
    e = env(game="pente")
    e.reset(seed=0)
    first = e.agent_selection
    e.step(180)  # the centre
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(180)  # occupied: illegal
    assert all(e.terminations.values())
    assert e.rewards[e.possible_agents[1]] == -1 and e.rewards[first] == 0


@pytest.mark.parametrize(
    "game,options",
    [("pente", {}), ("abalone", {"players": 3}), ("backgammon", {}), ("backgammon_match", {"length": 3})],
)
def test_gymnasium_checker(game, options):
    e = SingleAgentEnv(game=game, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(e, skip_render_check=True)
    assert isinstance(e.action_space, gymnasium.spaces.Discrete)


@pytest.mark.parametrize(
    "game,options,seat",
    [("pente", {}, 1), ("abalone", {"players": 4, "move_limit": 120}, 2), ("backgammon", {}, 0), ("backgammon_match", {}, 1)],
)
def test_single_agent_random_episode(game, options, seat):
    e = SingleAgentEnv(game=game, opponent="random", seat=seat, **options)
    obs, info = e.reset(seed=11)
    rng = np.random.default_rng(0)
    total = 0.0
    for _ in range(100_000):
        assert e.observation_space.contains(obs)
        assert e.state_object.current_player() == seat
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        total += reward
        if terminated or truncated:
            break
    assert terminated and not truncated
    assert total == e.state_object.returns()[seat]


@pytest.mark.parametrize(
    "game,options,seat",
    [
        ("pente", {}, 1),
        ("abalone", {}, 0),
        ("abalone", {"players": 3}, 2),
        ("backgammon", {}, 1),
        ("backgammon_match", {"length": 3}, 0),
    ],
)
def test_single_agent_engine_opponent(game, options, seat):
    e = SingleAgentEnv(game=game, opponent="engine", engine_level=1, seat=seat, **options)
    obs, info = e.reset(seed=0)
    rng = np.random.default_rng(1)
    for _ in range(40):
        assert e.state_object.current_player() == seat
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            break
    state = e.state_object
    assert state.is_terminal() or state.current_player() == seat
    if state.is_terminal():
        assert reward == state.returns()[seat]


def test_single_agent_illegal_and_callable_opponent():
    e = SingleAgentEnv(game="pente", opponent=lambda s: s.legal_actions()[0])
    e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(180)
    assert not terminated and reward == 0.0
    assert e.state_object.legal_actions_mask()[0] == 0  # the opponent took the first point
    obs, reward, terminated, truncated, info = e.step(180)  # occupied
    assert terminated and reward == -1.0 and info["illegal_action"]
    with pytest.raises(RuntimeError):
        e.step(1)
    strict = SingleAgentEnv(game="pente", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError):
        strict.step(400)


def test_setup_keeps_the_environments_rules():
    e = raw_env(game="abalone", move_limit=10, setup=boardgames.Abalone().setup())
    assert e.state_object.rules() == {"players": 2, "move_limit": 10}
    with pytest.raises(boardgames.SetupError, match="length 0"):
        raw_env(game="backgammon_match", length=3, setup=boardgames.BackgammonMatch().setup())


def test_actions_and_options_are_integers():
    e = raw_env(game="pente")
    e.reset(seed=0)
    for bad in (180.9, "180"):
        with pytest.raises(TypeError):
            e.step(bad)
    single = SingleAgentEnv(game="pente")
    single.reset(seed=0)
    with pytest.raises(TypeError):
        single.step(180.9)
    with pytest.raises(TypeError):
        SingleAgentEnv(game="pente", seat=1.5)
    with pytest.raises(ValueError, match="engine_level must be 1 to 5"):
        SingleAgentEnv(game="pente", opponent="engine", engine_level=9)
    # After an illegal action ends the episode, the mask offers no action.
    obs, reward, terminated, _, info = single.step(-1)
    assert terminated and reward == -1.0
    assert not obs["action_mask"].any() and not info["action_mask"].any()


GYM_CASES = [
    ("boardgames/Pente-v0", {}, "pente"),
    ("boardgames/KeryoPente-v0", {"tournament_rule": False}, "keryo_pente"),
    ("boardgames/Abalone-v0", {"players": 3}, "abalone"),
    ("boardgames/Backgammon-v0", {}, "backgammon"),
    ("boardgames/BackgammonMatch-v0", {"length": 3}, "backgammon_match"),
]


@pytest.mark.parametrize("env_id,options,game", GYM_CASES, ids=[c[0] for c in GYM_CASES])
def test_gymnasium_make_and_checker(env_id, options, game):
    e = gymnasium.make(env_id, **options)
    assert e.spec.id == env_id and e.spec.kwargs["game"] == game
    assert isinstance(e.unwrapped, SingleAgentEnv) and e.unwrapped.game == game
    rules = e.unwrapped.state_object.rules()
    for name, value in options.items():
        if name != "players":
            assert rules[name] == value
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(e, skip_render_check=True)
    # The checker's only remark: a made environment is wrapped (OrderEnforcing, ...).
    others = [str(w.message) for w in caught if "different from the unwrapped" not in str(w.message)]
    assert others == []


def test_gymnasium_ids_cover_every_game_and_pass_options():
    from boardgames.pettingzoo import GAMES as ADAPTER_GAMES, GYMNASIUM_IDS, register_gymnasium

    assert set(GYMNASIUM_IDS) == set(ADAPTER_GAMES) == set(boardgames.GAMES)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        register_gymnasium()  # again: the ids stay as they are, without a warning
    assert [str(w.message) for w in caught] == []
    e = gymnasium.make("boardgames/Abalone-v0", players=4, seat=2, move_limit=60, opponent="random")
    assert e.unwrapped.seat == 2 and e.unwrapped.state_object.num_players() == 4
    obs, info = e.reset(seed=3)
    total, done = 0.0, False
    while not done:
        obs, reward, terminated, truncated, info = e.step(e.action_space.sample(obs["action_mask"]))
        total += reward
        done = terminated or truncated
    assert terminated and e.unwrapped.state_object.is_terminal()
    assert total == e.unwrapped.state_object.returns()[2]
    # The "module:id" form imports the module that registers the ids.
    assert gymnasium.make("boardgames.pettingzoo:boardgames/Pente-v0").spec.id == "boardgames/Pente-v0"


def test_import_boardgames_needs_neither_gymnasium_nor_pettingzoo():
    code = "import sys, boardgames; print(sorted(m for m in ('gymnasium', 'pettingzoo') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[]"
