"""Rollout labels of backgammon positions: `backgammon_training_positions` and
`backgammon_rollouts`."""

import base64
import math
import pathlib
import threading
import time

import pytest

import boardgames as bg

WEIGHTS = pathlib.Path(__file__).resolve().parents[2] / "boardgames-ai" / "weights" / "backgammon.bgns"
CHANCES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
FIELDS = ("position_id", *CHANCES, "equity_error", "trials", "truncate")


def position_id(on_roll, other):
    """The gnubg Position ID of a board given as {slot: checkers} per side, each in its own
    numbering (1..24 the points, 25 the bar; the rest borne off)."""
    bits = []
    for side in (other, on_roll):
        for slot in range(1, 26):
            bits += [1] * side.get(slot, 0) + [0]
    key = bytearray(10)
    for b, bit in enumerate(bits):
        key[b // 8] |= bit << (b % 8)
    return base64.b64encode(bytes(key)).decode()[:14]


@pytest.fixture(scope="module")
def positions():
    return bg.backgammon_training_positions(1, 0.2, 3)


def test_the_position_id_helper_knows_the_start():
    start = {6: 5, 8: 3, 13: 5, 24: 2}
    assert position_id(start, start) == bg.Backgammon().position_id() == "4HPwATDgc/ABMA"


@pytest.mark.parametrize(
    "other,gammon,backgammon",
    [
        ({6: 5}, 0.0, 0.0),  # ten of the other side's checkers off: a single game
        ({6: 15}, 1.0, 0.0),  # none off: a gammon
        ({6: 14, 20: 1}, 1.0, 1.0),  # none off, one in the winner's home board: a backgammon
    ],
)
def test_the_last_checker_on_the_one_point_wins(other, gammon, backgammon):
    pid = position_id({1: 1}, other)
    [label] = bg.backgammon_rollouts([pid], 0, 7, 3, 1)
    assert label == {
        "position_id": pid,
        "win": 1.0,
        "win_gammon": gammon,
        "win_backgammon": backgammon,
        "lose_gammon": 0.0,
        "lose_backgammon": 0.0,
        "equity_error": 0.0,
        "trials": 7,
        "truncate": 3,
    }


def test_labels_are_chances(positions):
    ids = positions[:20]
    labels = bg.backgammon_rollouts(ids, 0, 6, 2, 5, threads=2)
    assert [label["position_id"] for label in labels] == ids
    for label in labels:
        assert tuple(label) == FIELDS
        for key in CHANCES:
            assert 0.0 <= label[key] <= 1.0, (key, label)
        assert 0.0 <= label["equity_error"] < 3.0
        assert label["equity_error"] == round(label["equity_error"], 5)
        assert (label["trials"], label["truncate"]) == (6, 2)
    # Not all the same: they are rollouts of different positions.
    assert len({label["win"] for label in labels}) > 10


def test_training_positions_are_seeded(positions):
    assert len(positions) > 20
    assert all(isinstance(p, str) and len(p) == 14 for p in positions)
    assert bg.backgammon_training_positions(1, 0.2, 3) == positions
    assert bg.backgammon_training_positions(1, 0.2, 4) != positions
    assert bg.backgammon_training_positions(0, 0.2, 3) == []
    # Every play at random, then none: the second game differs.
    assert bg.backgammon_training_positions(1, 1.0, 3) != bg.backgammon_training_positions(1, 0.0, 3)


def test_the_same_labels_whatever_the_split(positions):
    ids = positions[:14]
    whole = bg.backgammon_rollouts(ids, 0, 5, 3, 11)
    assert bg.backgammon_rollouts(ids, 0, 5, 3, 11, threads=3) == whole
    parts = (
        bg.backgammon_rollouts(ids[:1], 0, 5, 3, 11)
        + bg.backgammon_rollouts(ids[1:6], 1, 5, 3, 11, threads=2)
        + bg.backgammon_rollouts(ids[6:], 6, 5, 3, 11, threads=4)
    )
    assert parts == whole
    # Each label is seeded by the position's number and the seed.
    assert bg.backgammon_rollouts(ids[6:], 0, 5, 3, 11) != whole[6:]
    assert bg.backgammon_rollouts(ids, 0, 5, 3, 12) != whole
    # A position labelled twice under two numbers: the same position, other dice.
    twice = bg.backgammon_rollouts([ids[3], ids[3]], 0, 5, 3, 11)
    assert twice[0]["position_id"] == twice[1]["position_id"] and twice[0] != twice[1]


def test_weights_are_the_networks_to_play(positions):
    shipped = WEIGHTS.read_bytes()
    assert bg.backgammon_training_positions(1, 0.2, 3, shipped) == positions
    ids = positions[:4]
    assert bg.backgammon_rollouts(ids, 2, 4, 2, 1, weights=shipped) == bg.backgammon_rollouts(ids, 2, 4, 2, 1)


def test_bad_input_raises_typed_errors_that_say_where():
    good = "4HPwATDgc/ABMA"
    with pytest.raises(bg.NotationError, match=r"position_ids\[1\] \(position 11\).*'?xyz"):
        bg.backgammon_rollouts([good, "xyz", good], 10, 4, 2, 1)
    with pytest.raises(bg.NotationError, match=r"position_ids\[0\]"):
        bg.backgammon_rollouts(["4HPwATDgc/AB!A"], 0, 4, 2, 1)
    over = position_id({}, {6: 3})  # the side on roll has borne off every checker
    with pytest.raises(bg.SetupError, match=r"position_ids\[2\] \(position 2\).*over"):
        bg.backgammon_rollouts([good, good, over], 0, 4, 2, 1)
    call = dict(position_ids=[good], first=0, trials=4, truncate=2, seed=1)
    for change, words in [
        (dict(trials=0), "trials 0"),
        (dict(truncate=-1), "truncate -1"),
        (dict(first=-1), "first -1"),
        (dict(first=2**64), "first"),
        (dict(seed=-1), "seed -1"),
        (dict(seed=2**64), "seed"),
        (dict(threads=0), "threads 0"),
        (dict(threads=257), "threads 257"),
        (dict(weights=b"not a network"), "weights"),
        (dict(weights=WEIGHTS.read_bytes()[:-1]), "weights"),
    ]:
        with pytest.raises(bg.BoardgamesError, match=words):
            bg.backgammon_rollouts(**{**call, **change})
    for games, explore, seed, words in [
        (1, 1.5, 1, "explore"),
        (1, -0.1, 1, "explore"),
        (1, math.nan, 1, "explore"),
        (-1, 0.1, 1, "games -1"),
        (2**32, 0.1, 1, "games"),
        (1, 0.1, -1, "seed -1"),
    ]:
        with pytest.raises(bg.BoardgamesError, match=words):
            bg.backgammon_training_positions(games, explore, seed)
    with pytest.raises(bg.BoardgamesError, match="weights"):
        bg.backgammon_training_positions(1, 0.1, 1, b"BGNS")
    # The errors are ValueErrors; what is no list of strings is a TypeError.
    assert issubclass(bg.NotationError, ValueError)
    with pytest.raises(TypeError):
        bg.backgammon_rollouts(good, 0, 4, 2, 1)
    with pytest.raises(TypeError):
        bg.backgammon_rollouts([good, 3], 0, 4, 2, 1)


def test_rollouts_release_the_gil(positions):
    """While a thread runs rollouts, this one keeps running: no long gap between its steps."""
    ids = positions[:24]
    bg.backgammon_rollouts(ids[:1], 0, 1, 1, 1)  # the databases built before the timing
    result = {}

    def work():
        started = time.perf_counter()
        result["labels"] = bg.backgammon_rollouts(ids, 0, 72, 6, 1)
        result["seconds"] = time.perf_counter() - started

    worker = threading.Thread(target=work)
    last = time.perf_counter()
    longest = 0.0
    worker.start()
    while worker.is_alive():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    worker.join()
    assert len(result["labels"]) == len(ids)
    assert longest < max(0.1, result["seconds"] / 2), (longest, result["seconds"])
