"""The native API on every game: the action space against the move generator, chance,
returns, observations, copies and pickling, errors, perft against the reference counts."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import numpy as np
import pytest

import boardgames as bg

ROOT = Path(__file__).resolve().parents[3]

GAMES = {
    "pente": lambda: bg.Pente(),
    "pente-free": lambda: bg.Pente(tournament_rule=False),
    "keryo": lambda: bg.KeryoPente(),
    "abalone2": lambda: bg.Abalone(),
    "abalone2-belgian": lambda: bg.Abalone(layout="belgian_daisy"),
    "abalone3": lambda: bg.Abalone(3),
    "abalone4": lambda: bg.Abalone(4),
    "abalone6": lambda: bg.Abalone(6),
    "backgammon": lambda: bg.Backgammon(),
    "money": lambda: bg.BackgammonMatch(),
    "match7": lambda: bg.BackgammonMatch(length=7),
}


def sample_chance(state, rng):
    actions, probs = zip(*state.chance_outcomes())
    assert abs(sum(probs) - 1.0) < 1e-9
    return rng.choices(actions, probs)[0]


def play_random(state, rng, check, limit=5000):
    plies = 0
    while not state.is_terminal() and plies < limit:
        if state.is_chance_node():
            assert state.legal_actions() == []
            action = sample_chance(state, rng)
        else:
            check(state)
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        plies += 1
    return plies


def check_decision(state):
    actions = state.legal_actions()
    n = state.num_distinct_actions()
    assert actions == sorted(set(actions)), "ascending and distinct"
    assert all(0 <= a < n for a in actions)
    moves = state.legal_moves()
    assert len(actions) == len(moves), "one action per distinct move"
    assert [state.string_to_action(m) for m in moves] == actions, "moves in action order"
    mask = bg.legal_mask(state)
    assert mask.shape == (n,) and mask.sum() == len(actions)
    assert all(mask[a] == 1 for a in actions)
    # Notation and action name the same moves.
    assert sorted(state.string_to_action(m) for m in moves) == actions
    for a in actions[:20]:
        assert state.string_to_action(state.action_to_string(a)) == a
    assert state.current_player() in range(state.num_players())


@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_every_promise(name):
    rng = random.Random(7)
    for _ in range(2):
        state = GAMES[name]()
        play_random(state, rng, check_decision)
        if state.is_terminal():
            returns = state.returns()
            assert len(returns) == state.num_players()
            assert abs(sum(returns)) < 1e-9, "zero-sum"
            outcome = state.outcome()
            assert outcome is not None and state.current_player() == bg.TERMINAL
            if outcome["winner_team"] is not None:
                for seat, r in enumerate(returns):
                    won = state.team_of(seat) == outcome["winner_team"]
                    assert (r > 0) == won
            assert state.legal_actions() == [] and state.chance_outcomes() == []


@pytest.mark.parametrize("name", GAMES)
def test_observations_have_their_shape_from_every_seat(name):
    state = GAMES[name]()
    rng = random.Random(3)
    play_random(state, rng, lambda s: None, limit=30)
    shape = state.observation_shape()
    views = []
    for seat in range(state.num_players()):
        obs = bg.observation(state, seat)
        assert obs.shape == shape and obs.dtype == np.float32
        assert np.isfinite(obs).all()
        assert obs.tolist() == np.array(state.observation_tensor(seat), dtype=np.float32).reshape(shape).tolist()
        views.append(obs)
    assert any(not np.array_equal(views[0], v) for v in views[1:]), "seats see different views"
    with pytest.raises(ValueError):
        state.observation_tensor(state.num_players())


@pytest.mark.parametrize("name", GAMES)
def test_copies_are_independent_and_pickle_round_trips(name):
    state = GAMES[name]()
    rng = random.Random(5)
    play_random(state, rng, lambda s: None, limit=12)
    twin = state.copy()
    assert type(twin) is type(state) and twin == state and twin.key() == state.key()
    assert copy.deepcopy(state) == state
    back = pickle.loads(pickle.dumps(state))
    assert type(back) is type(state)
    assert back.setup() == state.setup() and back.key() == state.key()
    if not twin.is_terminal():
        a = (sample_chance(twin, rng) if twin.is_chance_node() else twin.legal_actions()[0])
        twin.apply_action(a)
        assert twin != state


@pytest.mark.parametrize("name", GAMES)
def test_illegal_input_raises_and_changes_nothing(name):
    state = GAMES[name]()
    rng = random.Random(11)
    play_random(state, rng, lambda s: None, limit=6)
    before = state.setup()
    n = max(state.num_distinct_actions(), state.max_chance_outcomes())
    with pytest.raises(bg.BoardgamesError):
        state.apply_action(n)
    with pytest.raises(ValueError):
        state.apply_action(-1)
    if not state.is_chance_node():
        illegal = next(a for a in range(n) if a not in set(state.legal_actions()))
        with pytest.raises(bg.IllegalMoveError):
            state.apply_action(illegal)
        assert isinstance(state.action_to_string(illegal), str)
    with pytest.raises(bg.BoardgamesError):
        state.play("not a move at all")
    assert state.setup() == before
    with pytest.raises(bg.SetupError):
        type(state).from_setup("nonsense")


def test_chance_outcomes_of_backgammon_are_the_21_rolls():
    s = bg.Backgammon()
    outcomes = s.chance_outcomes()
    assert s.is_chance_node() and s.current_player() == bg.CHANCE
    assert len(outcomes) == 21 and s.max_chance_outcomes() == 21
    # Doubles 1/36, the others 2/36 (the dice, by hand).
    probs = dict((s.action_to_string(a), p) for a, p in outcomes)
    assert probs["66"] == pytest.approx(1 / 36) and probs["31"] == pytest.approx(2 / 36)
    s.play("31")
    assert s.current_player() == 0
    s.play("8/5 6/5")
    assert s.is_chance_node()


def test_opening_plays_match_gnu_backgammon():
    # The opening corpus from GNU Backgammon (crates/boardgames-core/tests/data/backgammon,
    # provenance in its README): every roll's distinct plays, in gnubg's notation.
    path = ROOT / "crates/boardgames-core/tests/data/backgammon/opening.jsonl.gz"
    import gzip

    cases = [json.loads(line) for line in gzip.open(path, "rt") if line.strip()]
    assert len(cases) == 21
    for case in cases:
        s = bg.Backgammon()
        d = case["input"]["dice"]
        s.play(f"{d[0]}{d[1]}")
        actions = s.legal_actions()
        assert len(actions) == case["count"], case["id"]
        from_notation = sorted(s.string_to_action(r["play"]) for r in case["results"])
        assert from_notation == actions, case["id"]


def test_backgammon_play_actions_follow_the_documented_encoding():
    s = bg.Backgammon()
    s.play("31")
    # 8/5 6/5: the 3 from point 8 (high die), the 1 from point 6 (low die): 8 * 26 + 6.
    assert s.string_to_action("8/5 6/5") == 8 * 26 + 6
    d = bg.Backgammon()
    d.play("66")
    # 24/18(2) 13/7(2): sources {24, 24, 13, 13}, ranked ascending 13, 13, 24, 24.
    from math import comb
    a = [13, 13, 24, 24]
    rank = sum(comb(a[i] + i, i + 1) for i in range(4))
    assert d.string_to_action("24/18(2) 13/7(2)") == 676 + rank


def test_abalone_actions_follow_the_documented_encoding():
    s = bg.Abalone()
    # A1..A5 are cells 0..4, B1 is 5, C3 is 11 + 0 = 11 (row C starts at C1).
    # In-line C3-D3 moves... use the generator's own notation for one in-line and check the index.
    for text in s.legal_moves():
        a = s.string_to_action(text)
        desc_ok = a < 1098 or a < 2562
        assert desc_ok
    assert len(s.legal_actions()) == 44  # perft(1) of the standard layout


def test_perft_matches_the_reference_counts():
    table = json.loads((ROOT / "crates/boardgames-core/tests/data/abalone/perft.json").read_text())
    ref = {int(d): n for d, n in table["standard"]["ref"].items()}
    s = bg.Abalone()
    for depth in (1, 2, 3):
        assert s.perft(depth) == ref[depth]
    # Pente with the tournament rule, by hand (crates/boardgames-core/tests/all/pente_rules.rs):
    # K10, then 360 points, then 336 outside the centre square less the one taken.
    p = bg.Pente()
    assert [p.perft(d) for d in (1, 2, 3)] == [1, 360, 24 * 336 + 336 * 335]
    # Backgammon: the 21 opening rolls have 447 distinct plays in all (the opening corpus).
    assert bg.Backgammon().perft(1) == 447


def test_engines_answer_bestmove():
    p = bg.Pente()
    assert p.bestmove(level=1) == "K10"
    a = bg.Abalone()
    assert a.bestmove(level=1) in a.legal_moves()
    b = bg.Backgammon()
    b.play("31")
    assert b.bestmove() == "8/5 6/5"
    m = bg.Abalone(3)
    assert m.bestmove(level=1) in m.legal_moves()
    with pytest.raises(bg.IllegalMoveError):
        bg.Backgammon().bestmove()
    # One rule for budgets: what an engine cannot honour is refused, saying why.
    with pytest.raises(bg.BoardgamesError, match="no level 3"):
        b.bestmove(level=3)
    match = bg.BackgammonMatch()
    match.play("31")
    assert match.bestmove(level=1) == "8/5 6/5"
    with pytest.raises(bg.BoardgamesError, match="cannot be limited by time"):
        match.bestmove(millis=100)
    assert p.bestmove(millis=50) in p.legal_moves()


def test_batch_steps_games_and_restarts_them():
    proto = bg.Backgammon()
    batch = bg.Batch(proto, 8, seed=1)
    assert len(batch) == 8
    finished = 0
    for _ in range(400):
        masks = bg.batch_masks(batch)
        actions = batch.random_actions()
        assert all(masks[i, a] == 1 for i, a in enumerate(actions))
        obs = bg.batch_observations(batch)
        assert obs.shape == (8, 210)
        done, returns = bg.batch_step(batch, actions)
        finished += int(done.sum())
        assert np.allclose(returns.sum(axis=1), 0.0)
        assert (returns[~done] == 0).all()
    assert finished > 0
    with pytest.raises(ValueError):
        batch.step([0])


def test_batch_is_the_same_on_one_or_two_threads():
    def run(threads):
        batch = bg.Batch(bg.Abalone(3), 6, seed=9, threads=threads)
        trace = []
        for _ in range(50):
            actions = batch.random_actions()
            trace.append(tuple(actions))
            batch.step(actions)
        return trace

    assert run(1) == run(2)


def test_random_games_count_every_game():
    r = bg.random_games(bg.Pente(), 40, seed=3, threads=2)
    assert r["games"] == 40 and sum(r["wins"]) + r["draws"] == 40 and r["plies"] > 40 * 9
    one = bg.random_games(bg.Backgammon(), 10, seed=3)
    assert one == bg.random_games(bg.Backgammon(), 10, seed=3)
    # A finished prototype has no games to play, as Batch says too.
    over = bg.Pente()
    over.random_playout(1)
    with pytest.raises(bg.BoardgamesError, match="over"):
        bg.random_games(over, 5, seed=1)


def test_constructors_refuse_bad_options():
    with pytest.raises(ValueError):
        bg.Abalone(5)
    with pytest.raises(ValueError):
        bg.Abalone(3, layout="standard")
    with pytest.raises(ValueError):
        bg.Abalone(layout="no such layout")
    with pytest.raises(ValueError, match=r"expected four_players or four_players_rows\)"):
        bg.Abalone(4, layout="hexagon")
    with pytest.raises(ValueError, match="layout six_players is for 6 players, not 4"):
        bg.Abalone(4, layout="six_players")
    assert "belgian_daisy" in bg.Abalone.layouts(2)
    assert bg.Abalone.layouts(4) == ["four_players", "four_players_rows"]
    assert bg.make("abalone", players=6).num_players() == 6
    with pytest.raises(bg.BoardgamesError):
        bg.make("chess")


def test_actions_at_a_chance_node_are_its_outcomes():
    m = bg.BackgammonMatch()
    assert m.is_chance_node()
    with pytest.raises(bg.IllegalMoveError, match="not an outcome of this chance node"):
        m.apply_action(100)
    assert "not an outcome of this chance node" in m.action_to_string(24430)
    assert m.is_chance_node() and m == bg.BackgammonMatch()


def test_gnubg_ids_and_xgid():
    m = bg.BackgammonMatch(length=7)
    pid, mid = m.position_id(), m.match_id()
    again = bg.BackgammonMatch.from_ids(pid, mid)
    assert again.position_id() == pid and again.match_id() == mid
    b = bg.Backgammon.from_ids("4HPwATDgc/ABMA", "cAkAAAAAAAAA")
    assert b.position_id() == "4HPwATDgc/ABMA"


def test_records_read_replay_and_write_back():
    games = ROOT / "examples/games"
    # A real pente.org game: X wins by five at ply 39 with 8 captured stones each (the
    # README's replay command prints the same).
    [rec] = bg.read_records((games / "pente-org-50000000005101.txt").read_text(), bg.Pente())
    assert rec.result == "1-0" and len(rec.steps) == 39
    assert ("Site", "Pente.org") in rec.tags
    positions = rec.replay()
    assert len(positions) == 40 and positions[0] == rec.start()
    assert positions[-1].outcome() == {"winner_team": 0, "points": 1, "scores": [8, 8]}
    for fmt in rec.formats():
        [again] = bg.read_records(rec.write(fmt), bg.Pente(), format=fmt)
        assert again.steps == rec.steps, fmt
    # The record names its variant (Pente): read for Keryo-Pente it still gives Pente
    # states, which pickle back to themselves.
    [named] = bg.read_records((games / "pente-org-50000000005101.txt").read_text(), bg.KeryoPente())
    fifth = named.replay()[5]
    assert type(fifth) is bg.Pente and fifth.game_name == "pente"
    assert pickle.loads(pickle.dumps(fifth)) == fifth
    # The 2015 world championship final (AbaPro text): 115 moves from the Belgian daisy.
    [aba] = bg.read_records((games / "abalone-awc2015-final.txt").read_text(), bg.Abalone())
    assert ("Layout", "belgian_daisy") in aba.tags and len(aba.replay()) == len(aba.steps) + 1
    [back] = bg.read_records(aba.write("apgn"), bg.Abalone(), format="apgn")
    assert back.steps == aba.steps
    # A backgammon bear-off, dice and plays.
    [bear] = bg.read_records((games / "backgammon-bear-off.txt").read_text(), bg.Backgammon())
    assert bear.steps == ["31", "2/off 2/1", "21", "1/off(2)"]
    assert bear.replay()[-1].outcome()["winner_team"] == 1
    # Written from its start (an XGID) and read back.
    [again] = bg.read_records(bear.write("turns"), bg.Backgammon())
    assert again.steps == bear.steps and again.start() == bear.start()


def test_records_refuse_what_they_cannot_read():
    with pytest.raises(bg.BoardgamesError):
        bg.read_records("1. K10 Z99", bg.Pente(), format="movelist")
    with pytest.raises(bg.BoardgamesError):
        bg.read_records("whatever", bg.Pente(), format="no such format")
    [rec] = bg.read_records("1. K10 K10", bg.Pente(), format="movelist")
    with pytest.raises(bg.IllegalMoveError, match="K10"):
        rec.replay()
    assert len(rec.replay(strict=False)) == 2


def test_a_seat_without_a_move_ends_the_game():
    # Six-player Abalone can leave a seat without a legal move (docs/abalone.md, rule M13):
    # the bindings end the game there as a move limit would (more ejected marbles win).
    s = bg.Abalone(players=6)
    s.random_playout(119)
    assert s.is_terminal()
    out = s.outcome()
    team_ejected = [0, 0]
    # Scores are the marbles each seat ejected; teams alternate seats.
    for seat, n in enumerate(out["scores"]):
        team_ejected[s.team_of(seat)] += n
    assert out["winner_team"] == max(range(2), key=lambda t: team_ejected[t])
    assert team_ejected[out["winner_team"]] > team_ejected[1 - out["winner_team"]]


def test_a_match_is_worth_one_to_its_winner():
    m = bg.BackgammonMatch(length=3)
    m.random_playout(4)
    assert m.is_terminal() and sorted(m.returns()) == [-1.0, 1.0]


def test_match_files_give_every_decision_of_real_matches():
    import gzip
    import re

    path = ROOT / "crates/boardgames-core/tests/data/backgammon/match-files/live/25p-match-2008-12-29.txt.gz"
    text = gzip.open(path, "rt").read()
    [m] = bg.read_match_file(text)
    assert m["length"] == 25
    # The file's own "Wins N point(s)" lines, in order.
    wins = [int(n) for n in re.findall(r"Wins (\d+) point", text)]
    assert [g["points"] for g in m["games"]] == wins
    decisions = 0
    for g in m["games"]:
        for state, action in g["decisions"]:
            assert isinstance(state, bg.BackgammonMatch) and not state.is_terminal()
            assert state.string_to_action(action) in state.legal_actions()
            # The state in its match: the score before the game, the length, the Crawford
            # game (XGID fields 5-6 the scores, 7 Crawford, 8 the length).
            assert sorted(state.score()) == sorted(g["score"])
            xgid = state.xgid()
            if xgid is not None:
                fields = xgid.split(":")
                assert int(fields[8]) == 25
                assert sorted(map(int, fields[5:7])) == sorted(g["score"])
                assert int(fields[7]) == int(g["crawford"])
            decisions += 1
    assert decisions > 1000
    with pytest.raises(bg.BoardgamesError):
        bg.read_match_file("this is not a match file")


@pytest.mark.parametrize(
    "call",
    [
        lambda: bg.Pente().apply_action(-1),
        lambda: bg.Pente().apply_action(2**32),
        lambda: bg.Pente().apply_action(2**70),
        lambda: bg.Pente().action_to_string(-5),
        lambda: bg.Pente().observation_tensor(2),
        lambda: bg.Pente().team_of(-1),
        lambda: bg.Abalone(players=5),
        lambda: bg.Abalone(players=-1),
        lambda: bg.Abalone(players=3, layout="standard"),
        lambda: bg.Abalone(layout="six_players"),
        lambda: bg.Abalone(layout="x"),
        lambda: bg.Abalone.layouts(5),
        lambda: bg.Abalone.from_setup("5/6/7/8/9/8/7/6/5 b 0-0", players=5),
        lambda: bg.BackgammonMatch(length=-1),
        lambda: bg.BackgammonMatch(length=70000),
        lambda: bg.BackgammonMatch(beavers=300),
        lambda: bg.BackgammonMatch(length=5, jacoby=True),
        lambda: bg.BackgammonMatch(holland=True),
        lambda: bg.Batch(bg.Pente(), 0, seed=1),
        lambda: bg.Batch(bg.Pente(), 10**12, seed=1),
        lambda: bg.Batch(bg.Pente(), 2, seed=-1),
        lambda: bg.Batch(bg.Pente(), 2, seed=1, threads=1000),
        lambda: bg.random_games(bg.Pente(), -1, seed=1),
        lambda: bg.Pente().random_playout(-3),
        lambda: bg.Pente().perft(-1),
        lambda: bg.Pente().bestmove(level=99),
        lambda: bg.read_records("", bg.Pente()),
    ],
)
def test_every_refusal_is_a_boardgames_error(call):
    with pytest.raises(bg.BoardgamesError):
        call()


def test_error_messages_stay_short():
    # docs/python.md: the message is cut to 400 characters, its length noted at the end.
    with pytest.raises(bg.NotationError) as e:
        bg.Pente().string_to_action("K" * 10**6)
    message = str(e.value)
    assert len(message) == 400
    assert message.endswith(" characters)")
    with pytest.raises(bg.BoardgamesError) as e:
        bg.Pente().play("K" + "1" * 100000)
    assert len(str(e.value)) == 400


def test_a_refused_batch_step_changes_no_game():
    b = bg.Batch(bg.Pente(), 3, seed=1)
    before = b.current_players()
    masks = bg.batch_masks(b)
    with pytest.raises(bg.IllegalMoveError, match="game 1"):
        b.step([180, 0, 180])
    assert b.current_players() == before
    assert (bg.batch_masks(b) == masks).all()
    with pytest.raises(TypeError):
        bg.batch_step(b, [180.5, 180, 180])


def test_from_setup_keeps_to_its_game():
    keryo = bg.KeryoPente()
    keryo.play("K10")
    with pytest.raises(bg.SetupError, match="KeryoPente"):
        bg.Pente.from_setup(keryo.setup())
    assert type(bg.KeryoPente.from_setup(keryo.setup())) is bg.KeryoPente


def test_a_side_without_marbles_ends_the_game_at_once():
    # White has no marble and none was ejected: no legal move at the start.
    s = bg.Abalone.from_setup("5/6/7/8/9/8/7/6/bbbbb w 0-0")
    assert s.is_terminal() and s.legal_actions() == []


def test_match_options_of_money_play_only_and_of_match_play_only():
    money = bg.BackgammonMatch(jacoby=True, beavers=2, raccoons=True, auto_doubles=1)
    assert money.setup() != bg.BackgammonMatch().setup()
    assert bg.BackgammonMatch(length=7, holland=True).setup() != bg.BackgammonMatch(length=7).setup()
    # A raccoon is the second redouble of an exchange: with one beaver there is none.
    with pytest.raises(bg.BoardgamesError, match="raccoons need beavers=2 or more"):
        bg.BackgammonMatch(beavers=1, raccoons=True)


def test_random_step_is_step_of_random_actions():
    # The same seed: random_step() draws what random_actions() draws and applies it.
    a = bg.Batch(bg.Backgammon(), 4, seed=5)
    b = bg.Batch(bg.Backgammon(), 4, seed=5)
    for _ in range(300):
        da, ra = a.random_step()
        db, rb = b.step(b.random_actions())
        assert (da, ra) == (db, rb)
        assert bg.batch_observations(a).tolist() == bg.batch_observations(b).tolist()


def test_an_invalid_setup_is_explained_for_its_own_player_count():
    # Without `players`, a setup no count reads gets the problems of the count its board's
    # colours give, not a two-player complaint about the colours.
    six = bg.Abalone(players=6).setup() + " ejected=1-0-0-0-0-0"
    with pytest.raises(bg.SetupError, match="team Black\\+Red\\+Yellow ejected 1"):
        bg.Abalone.from_setup(six)
    # Letters in either case: the first row upper-case, the others not.
    first, rest = six.split("/", 1)
    with pytest.raises(bg.SetupError, match="team Black\\+Red\\+Yellow ejected 1"):
        bg.Abalone.from_setup(first.upper() + "/" + rest)
    with pytest.raises(bg.SetupError, match="ply 99999"):
        bg.Abalone.from_setup(bg.Abalone(players=3).setup() + " ply=99999")


def test_reading_another_games_text_is_refused():
    # A token that is no move of the game is refused when reading, naming record and step.
    pente = "1. K10 L9 2. N10 M10 3. K12 1-0\n"
    for game in (bg.Abalone(), bg.Abalone(players=3), bg.Backgammon()):
        with pytest.raises(bg.NotationError, match="record 1, step 1"):
            bg.read_records(pente, game)
    with pytest.raises(bg.NotationError):
        bg.read_records("\x00" * 100, bg.Abalone())
    with pytest.raises(bg.NotationError):
        bg.read_records('{"variant":"pente","moves":["K10",', bg.Backgammon())
    # The game's own text still reads.
    [record] = bg.read_records("1.a1b2 i5h5 *\n", bg.Abalone())
    assert record.steps == ["a1b2", "i5h5"]


def test_garbage_text_raises_library_errors_and_changes_nothing():
    # Mutated setups, notations and records from a seeded generator: each call either works
    # or raises a BoardgamesError; a refused call leaves the state as it was.
    rng = random.Random(2026)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCIJKST0123456789/ -=*().,:;'\"\\n\\t\\x00é😀"
    for name, make in GAMES.items():
        state = make()
        play_random(state, rng, lambda s: None, limit=10)
        base = state.setup()
        cls = type(state)
        for _ in range(300):
            text = list(base)
            for _ in range(rng.randint(1, 4)):
                i = rng.randrange(len(text) + 1)
                op = rng.random()
                if op < 0.4 and text:
                    text[min(i, len(text) - 1)] = rng.choice(alphabet)
                elif op < 0.7:
                    text.insert(i, rng.choice(alphabet))
                elif text:
                    del text[min(i, len(text) - 1)]
            mutated = "".join(text)
            try:
                other = cls.from_setup(mutated) if name[:7] != "abalone" else bg.Abalone.from_setup(mutated)
            except bg.BoardgamesError:
                pass
            else:
                assert other.setup() == type(other).from_setup(other.setup()).setup()
            junk = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
            for call in (state.play, state.string_to_action):
                before = state.setup()
                try:
                    call(junk)
                except bg.BoardgamesError:
                    assert state.setup() == before
            try:
                bg.read_records(junk, state)
            except bg.BoardgamesError:
                pass


def test_play_takes_notation_or_an_action():
    a = bg.Pente()
    b = bg.Pente()
    a.play("K10")
    b.play(180)  # K10: row 9 * 19 + column 9
    assert a == b
    with pytest.raises(bg.IllegalMoveError):
        b.play(180)


def test_bestmove_within_a_budget_of_nodes_or_time():
    p = bg.Pente()
    p.play("K10")
    assert p.bestmove(nodes=2000) in p.legal_moves()
    assert p.bestmove(millis=20) in p.legal_moves()
    m = bg.Abalone(4)
    assert m.bestmove(nodes=200) in m.legal_moves()
    with pytest.raises(bg.BoardgamesError):
        p.bestmove(nodes=0)
