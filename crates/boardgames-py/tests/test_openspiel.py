"""The OpenSpiel adapter: loading, OpenSpiel's random simulation test, serialization, the
observer, and open_spiel's MCTS bot playing whole games."""

import pickle

import numpy as np
import pytest

import pyspiel  # installed by test.sh: a missing framework fails, never skips

import boardgames  # noqa: E402
import boardgames.openspiel as bos  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

# Abalone runs with a move limit where random games would be long for Python-side tests.
GAMES = [
    "boardgames_pente",
    "boardgames_keryo_pente(tournament_rule=False)",
    "boardgames_abalone(move_limit=150)",
    "boardgames_abalone(players=3,move_limit=120)",
    "boardgames_abalone(players=4,move_limit=120)",
    "boardgames_abalone(players=6,move_limit=120)",
    "boardgames_backgammon",
    "boardgames_backgammon_match",
    "boardgames_backgammon_match(length=3)",
]

NATIVE = {
    "boardgames_pente": lambda p: boardgames.Pente(tournament_rule=p["tournament_rule"]),
    "boardgames_keryo_pente": lambda p: boardgames.KeryoPente(tournament_rule=p["tournament_rule"]),
    "boardgames_abalone": lambda p: abalone(p.get("players", 2), p.get("layout"), p.get("move_limit", 0)),
    "boardgames_backgammon": lambda p: boardgames.Backgammon(),
    "boardgames_backgammon_match": lambda p: boardgames.BackgammonMatch(length=p.get("length", 0)),
}


def abalone(players, layout, limit):
    state = boardgames.Abalone(players=players, layout=layout or None)
    return bos.with_move_limit(state, limit) if limit else state


def native_of(game):
    return NATIVE[game.get_type().short_name](game.get_parameters())


def random_actions(state, rng, plies):
    """Plays ``plies`` random actions (chance by its probabilities); returns them."""
    played = []
    while not state.is_terminal() and len(played) < plies:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = int(rng.choice(actions, p=probs))
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        played.append(action)
    return played


def test_registered_once_and_idempotent():
    names = set(pyspiel.registered_names())
    for name in bos.GAME_NAMES:
        assert name in names
    bos.register()  # a second registration does nothing
    import importlib

    importlib.reload(bos)
    assert set(bos.GAME_NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", GAMES)
def test_load_game(name):
    game = pyspiel.load_game(name)
    native = native_of(game)
    gt = game.get_type()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == native.num_players()
    assert game.num_distinct_actions() == native.num_distinct_actions()
    assert game.max_chance_outcomes() == native.max_chance_outcomes()
    assert tuple(game.observation_tensor_shape()) == tuple(native.observation_shape())
    assert game.min_utility() < 0 < game.max_utility()
    assert game.utility_sum() == 0.0
    stochastic = native.max_chance_outcomes() > 0
    assert (gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == stochastic
    state = game.new_initial_state()
    assert str(state) == str(native)
    assert state.current_player() == native.current_player()
    # The game string reloads to the same game.
    assert str(pyspiel.load_game(str(game))) == str(game)


def test_parameters():
    assert pyspiel.load_game("boardgames_abalone").num_players() == 2
    for players in (2, 3, 4, 6):
        game = pyspiel.load_game("boardgames_abalone", {"players": players})
        assert game.num_players() == players
        for layout in boardgames.Abalone.layouts(players):
            g = pyspiel.load_game("boardgames_abalone", {"players": players, "layout": layout})
            expected = boardgames.Abalone(players=players, layout=layout)
            assert str(g.new_initial_state()) == str(expected)
    with pytest.raises(Exception):
        pyspiel.load_game("boardgames_abalone(players=5)")
    assert pyspiel.load_game("boardgames_backgammon").max_utility() == 3.0
    limited = pyspiel.load_game("boardgames_abalone(move_limit=4)")
    assert limited.max_game_length() == 4
    state = limited.new_initial_state()
    random_actions(state, np.random.default_rng(0), 10)
    assert state.is_terminal() and len(state.history()) == 4


def test_a_setup_plays_by_the_games_rules():
    # An Abalone setup without a move limit gets the game's, so the game's length bound holds.
    limited = pyspiel.load_game("boardgames_abalone(move_limit=10)")
    state = limited.new_initial_state(boardgames.Abalone().setup())
    assert state.native.rules() == {"players": 2, "move_limit": 10}
    random_actions(state, np.random.default_rng(1), 30)
    assert state.is_terminal() and len(state.history()) == 10
    # A setup whose rules differ otherwise is refused, naming the option.
    with pytest.raises(boardgames.SetupError, match=r"move_limit 20 \(the game's: 10\)"):
        limited.new_initial_state(bos.with_move_limit(boardgames.Abalone(), 20).setup())
    with pytest.raises(boardgames.SetupError, match=r"move_limit 20 \(the game's: 0\)"):
        pyspiel.load_game("boardgames_abalone").new_initial_state(
            bos.with_move_limit(boardgames.Abalone(), 20).setup()
        )
    # A money setup in a 3-point match game (whose utilities are +-1) is refused.
    match3 = pyspiel.load_game("boardgames_backgammon_match(length=3)")
    with pytest.raises(boardgames.SetupError, match=r"length 0 \(the game's: 3\)"):
        match3.new_initial_state(boardgames.BackgammonMatch().setup())
    state = match3.new_initial_state(boardgames.BackgammonMatch(length=3).setup())
    assert state.native.rules()["length"] == 3
    with pytest.raises(boardgames.SetupError, match="tournament_rule False"):
        pyspiel.load_game("boardgames_pente").new_initial_state(boardgames.Pente(tournament_rule=False).setup())


def test_rules_name_the_constructors_options():
    assert boardgames.Pente(tournament_rule=False).rules() == {"tournament_rule": False}
    assert boardgames.KeryoPente().rules() == {"tournament_rule": True}
    assert boardgames.Abalone(players=3).rules() == {"players": 3, "move_limit": 0}
    assert boardgames.Backgammon().rules() == {}
    options = {"length": 0, "jacoby": True, "beavers": 2, "raccoons": True, "auto_doubles": 1, "holland": False}
    assert boardgames.BackgammonMatch(**options).rules() == options
    holland = {"length": 5, "jacoby": False, "beavers": 0, "raccoons": False, "auto_doubles": 0, "holland": True}
    assert boardgames.BackgammonMatch(**holland).rules() == holland
    # The rules survive the setup text.
    match = boardgames.BackgammonMatch(**holland)
    assert boardgames.BackgammonMatch.from_setup(match.setup()).rules() == holland


# Simulations per game: the backgammon games are short and varied (cube, resignations).
SIMS = {"boardgames_backgammon": 10, "boardgames_backgammon_match": 40, "boardgames_backgammon_match(length=3)": 20}


@pytest.mark.parametrize("name", GAMES)
def test_random_sim(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 2), serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_sim_unlimited_abalone(players):
    game = pyspiel.load_game("boardgames_abalone", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_serialize_round_trip(name):
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(7)
    state = game.new_initial_state()
    for chunk in (0, 1, 3, 10, 40):
        random_actions(state, rng, chunk)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        assert str(state2) == str(state)
        assert state2.history() == state.history()
        assert state2.move_number() == state.move_number()
        assert state2.current_player() == state.current_player()
        assert state2.legal_actions() == state.legal_actions()
        assert state2.returns() == state.returns()
        assert state2.native == state.native
        # game.deserialize_state gives the same state.
        assert str(game.deserialize_state(state.serialize())) == str(state)
        # Both continue alike.
        a, b = state.clone(), state2.clone()
        moves = random_actions(a, np.random.default_rng(chunk), 12)
        for action in moves:
            b.apply_action(action)
        assert str(a) == str(b) and a.returns() == b.returns()
        if state.is_terminal():
            break


@pytest.mark.parametrize("name", ["boardgames_pente", "boardgames_abalone(players=3)", "boardgames_backgammon_match"])
def test_observation(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    random_actions(state, np.random.default_rng(3), 12)
    obs = make_observation(game)
    shape = tuple(state.native.observation_shape())
    for player in range(game.num_players()):
        expected = np.asarray(state.native.observation_tensor(player), np.float32)
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)
        obs.set_from(state, player)
        assert obs.tensor.dtype == np.float32
        assert np.array_equal(obs.tensor, expected)
        assert obs.dict["observation"].shape == shape
        assert obs.string_from(state, player) == str(state)
        assert state.observation_string(player) == str(state)
    # The information state string is the history (perfect recall, perfect information).
    assert state.information_state_string(0) == state.history_str()
    assert pickle.loads(pickle.dumps(state.native)) == state.native


def test_chance_nodes():
    game = pyspiel.load_game("boardgames_backgammon")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert isinstance(outcomes, list)  # OpenSpiel's MCTS shuffles it in place
    assert len(outcomes) == 21
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
    strings = {state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes}
    assert len(strings) == 21


def test_clone_is_independent():
    game = pyspiel.load_game("boardgames_pente")
    state = game.new_initial_state()
    state.apply_action(180)
    clone = state.clone()
    clone.apply_action(0)
    assert state.history() == [180] and clone.history() == [180, 0]
    assert str(state) != str(clone)
    assert state.native != clone.native


def play_mcts_game(name, simulations, rollout_length, seed=0, max_plies=None):
    """One game of MCTS bots (every seat) with random rollouts; returns the final state."""
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=rollout_length)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng, solve=False)
    state = game.new_initial_state()
    plies = 0
    while not state.is_terminal() and (max_plies is None or plies < max_plies):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        plies += 1
    return state


@pytest.mark.parametrize(
    "name,simulations,rollout",
    [
        ("boardgames_pente", 16, 30),
        ("boardgames_keryo_pente", 8, 30),
        ("boardgames_abalone(move_limit=40)", 12, 20),
        ("boardgames_abalone(players=3,move_limit=30)", 8, 12),
        ("boardgames_abalone(players=4,move_limit=30)", 8, 12),
        ("boardgames_abalone(players=6,move_limit=30)", 8, 12),
        ("boardgames_backgammon", 4, 10),
        ("boardgames_backgammon_match", 4, 10),
        ("boardgames_backgammon_match(length=3)", 4, 10),
    ],
)
def test_mcts_full_game(name, simulations, rollout):
    state = play_mcts_game(name, simulations, rollout)
    assert state.is_terminal()
    returns = state.returns()
    game = state.get_game()
    assert abs(sum(returns)) < 1e-9
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


# Six players, White to move; many of its moves leave Red (seat 2) without a legal move.
STUCK_BEFORE = "1bg2/b1y2g/4bw1/2yp1b2/pb5ww/1b1g3p/1y3pw/y1pggg/1ywrr w 0-1-4-0-1-1 ejected=2-1-0-1-0-3 ply=565"


def test_stuck_seat_is_adjudicated():
    game = pyspiel.load_game("boardgames_abalone(players=6)")
    state = game.new_initial_state(STUCK_BEFORE)
    assert state.current_player() == 1 and not state.is_terminal()
    native = state.native.copy()
    native.apply_action(312)
    # Red (seat 2) has no legal move: the bindings end the game there (docs/abalone.md, M13).
    assert native.is_terminal()
    state.apply_action(312)
    assert state.is_terminal()
    # Adjudicated by the marbles ejected: White + Green + Purple 5, Black + Red + Yellow 2.
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0, -1.0, 1.0]
    assert state.native.outcome()["winner_team"] == 1
