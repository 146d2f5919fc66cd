"""The Ray self-play example on a local Ray runtime with two workers."""

import pytest
from conftest import example_module

import ray  # installed by test.sh: a missing framework fails, never skips


@pytest.fixture(scope="module")
def selfplay():
    yield from example_module("ray_selfplay")


def check(summary, game, games, teams):
    assert summary["game"] == game
    assert summary["games"] == games == len(summary["results"])
    assert len(summary["wins"]) == teams
    assert sum(summary["wins"]) + summary["draws"] + summary["unfinished"] == games
    assert summary["average_plies"] > 0
    for r in summary["results"]:
        if not r["finished"]:
            assert r["winner_team"] is None and r["points"] == 0
        assert abs(sum(r["returns"])) < 1e-9


def test_main_starts_its_own_runtime(selfplay, capsys):
    # First in the module: no runtime is running yet, so main() starts and stops one.
    assert not ray.is_initialized()
    summary = selfplay.main(["--game", "backgammon_match", "--length", "3", "--games", "2", "--workers", "2"])
    check(summary, "backgammon_match", 2, 2)
    assert not ray.is_initialized()
    out = capsys.readouterr().out
    assert "team 0" in out and "average length" in out


def test_random_pente(selfplay, local_ray):
    argv = ["--game", "pente", "--games", "6", "--workers", "2", "--seed", "3", "--quiet"]
    summary = selfplay.main(argv)
    check(summary, "pente", 6, 2)
    assert summary["unfinished"] == 0
    # Same seeds, same games.
    again = selfplay.main(argv)
    assert [r["plies"] for r in again["results"]] == [r["plies"] for r in summary["results"]]
    assert again["wins"] == summary["wins"]


def test_random_abalone_three_players(selfplay, local_ray):
    summary = selfplay.main(["--game", "abalone", "--players", "3", "--games", "4", "--workers", "2", "--quiet"])
    check(summary, "abalone", 4, 3)


def test_engine_backgammon(selfplay, local_ray):
    summary = selfplay.main(
        ["--game", "backgammon", "--games", "2", "--workers", "2", "--mode", "engine", "--seed", "1", "--quiet"]
    )
    check(summary, "backgammon", 2, 2)
    assert summary["unfinished"] == 0 and summary["average_points"] >= 1




@pytest.mark.parametrize(
    "game,extra,teams",
    [
        ("pente", [], 2),
        ("keryo_pente", [], 2),
        ("abalone", ["--players", "2"], 2),
        ("abalone", ["--players", "3"], 3),
        ("abalone", ["--players", "4"], 2),
        ("abalone", ["--players", "6"], 2),
        ("backgammon", [], 2),
        ("backgammon_match", ["--length", "3"], 2),
    ],
)
def test_every_game_on_two_workers(selfplay, local_ray, game, extra, teams):
    summary = selfplay.main(["--game", game, *extra, "--games", "4", "--workers", "2", "--seed", "7", "--quiet"])
    check(summary, game, 4, teams)
    assert summary["unfinished"] == 0
