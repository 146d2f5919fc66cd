"""The Ray rollout driver (examples/python/ray_rollouts.py) on a local Ray runtime of two
CPUs: its file is the one a single process writes, however split and however often stopped."""

import subprocess
import sys

import pytest
from conftest import EXAMPLES, example_module

import ray  # installed by test.sh: a missing framework fails, never skips

import boardgames as bg

EXAMPLE = EXAMPLES / "ray_rollouts.py"
# Small: 2 games (about 120 positions), 8 trials, cut after 3 plies.
OPTIONS = ["--games", "2", "--explore", "0.1", "--seed", "1", "--trials", "8", "--truncate", "3"]


@pytest.fixture(scope="module")
def driver():
    yield from example_module("ray_rollouts")


@pytest.fixture(scope="module")
def single(driver):
    """The file of OPTIONS labelled in one process, by one call."""
    ids = bg.backgammon_training_positions(2, 0.1, 1)
    labels = bg.backgammon_rollouts(ids, 0, 8, 3, 1)
    return "".join(driver.json_line(label) + "\n" for label in labels)


def test_json_numbers_are_written_as_the_rust_example_writes_them(driver):
    # serde_json's text of each value (shortest digits; fixed from 1e-5 to below 1e16).
    cases = [
        (0, "0"),
        (144, "144"),
        (0.0, "0.0"),
        (-0.0, "-0.0"),
        (1.0, "1.0"),
        (0.1, "0.1"),
        (0.06793, "0.06793"),
        (0.5558303594589233, "0.5558303594589233"),
        (1e-5, "0.00001"),
        (0.00003214267053408548, "0.00003214267053408548"),
        (9.99999e-6, "9.99999e-6"),
        (1e-6, "1e-6"),
        (1.6633919130981667e-06, "1.6633919130981667e-6"),
        (5e-324, "5e-324"),
        (1e15, "1000000000000000.0"),
        (9999999999999998.0, "9999999999999998.0"),
        (1e16, "1e+16"),
        (1.2345678901234568e17, "1.2345678901234568e+17"),
        (float("nan"), "null"),
        (float("inf"), "null"),
    ]
    for value, text in cases:
        assert driver.json_number(value) == text, value
    line = driver.json_line(
        {
            "position_id": "4HPwATDgc/ABMA",
            "win": 0.5,
            "win_gammon": 0.125,
            "win_backgammon": 1e-7,
            "lose_gammon": 0.0,
            "lose_backgammon": 0.00001,
            "equity_error": 0.02811,
            "trials": 8,
            "truncate": 3,
        }
    )
    assert line == (
        '{"equity_error":0.02811,"lose_backgammon":0.00001,"lose_gammon":0.0,'
        '"position_id":"4HPwATDgc/ABMA","trials":8,"truncate":3,"win":0.5,'
        '"win_backgammon":1e-7,"win_gammon":0.125}'
    )


def test_the_ray_file_is_the_single_process_file(driver, local_ray, single, tmp_path):
    out = tmp_path / "labels.jsonl"
    summary = driver.main([*OPTIONS, "--chunk", "9", "--workers", "2", "--out", str(out), "--quiet"])
    assert out.read_text() == single
    lines = single.count("\n")
    assert summary["positions"] == lines > 50
    assert (summary["before"], summary["labelled"]) == (0, lines)
    assert summary["tasks"] == -(-lines // 9)
    # Nothing left to do: the file stays as it is.
    again = driver.main([*OPTIONS, "--out", str(out), "--quiet"])
    assert (again["before"], again["labelled"], again["tasks"]) == (lines, 0, 0)
    assert out.read_text() == single


def test_a_stopped_run_goes_on_where_it_stopped(driver, local_ray, single, tmp_path):
    out = tmp_path / "labels.jsonl"
    lines = single.splitlines(keepends=True)
    # 40 lines written, and the 41st cut short by the stop.
    out.write_text("".join(lines[:40]) + lines[40][:25])
    summary = driver.main([*OPTIONS, "--chunk", "16", "--threads", "2", "--out", str(out), "--quiet"])
    assert summary["before"] == 40
    assert out.read_text() == single


def test_a_file_of_other_options_is_refused(driver, single, tmp_path):
    out = tmp_path / "labels.jsonl"
    out.write_text(single)
    with pytest.raises(SystemExit, match="line 1 is position"):
        driver.main([*OPTIONS, "--seed", "2", "--out", str(out), "--quiet"])
    assert out.read_text() == single


def test_bad_options_fail_before_any_task(driver, tmp_path):
    out = tmp_path / "labels.jsonl"
    with pytest.raises(bg.BoardgamesError, match="trials 0"):
        driver.main([*OPTIONS, "--trials", "0", "--out", str(out)])
    weights = tmp_path / "weights.bgnn"
    weights.write_bytes(b"BGNN")
    with pytest.raises(bg.BoardgamesError, match="weights"):
        driver.main([*OPTIONS, "--weights", str(weights), "--out", str(out)])
    with pytest.raises(SystemExit):
        driver.main([*OPTIONS, "--chunk", "0", "--out", str(out)])
    assert not out.exists()


def test_the_script_joins_a_running_cluster_by_its_address(local_ray, single, tmp_path):
    """Run as a script with --address: it joins the runtime this process started, as it
    would join a cluster, and writes the same file."""
    out = tmp_path / "labels.jsonl"
    address = ray.get_runtime_context().gcs_address
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), *OPTIONS, "--chunk", "32", "--address", address, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert out.read_text() == single
    assert "positions labelled (0 before this run)" in run.stderr
