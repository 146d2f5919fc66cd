"""Rollout labels of backgammon positions for training, spread over a Ray cluster.

The Python twin of the Rust example ``label_backgammon``, for runs that outgrow one
machine: the positions of ``--games`` games of self-play at 0 plies (a play of
``--explore`` share chosen at random, ``boardgames.backgammon_training_positions``), each
rolled out ``--trials`` times (the first roll stratified over the 36), cut after
``--truncate`` plies and evaluated there (``boardgames.backgammon_rollouts``). The
positions are split into chunks of ``--chunk``, each chunk a Ray task that asks
``--threads`` CPUs and tells the native function the number of its first position: the
rollout of position ``i`` is seeded by ``--seed`` and ``i`` alone, so the labels are the
same however the work is split, and the file is the one ``label_backgammon`` writes with
the same options, byte for byte. ``--weights FILE`` (a ``Networks`` or network file) plays
the self-play and the rollouts with those networks instead of the shipped ones.

Output (``--out``, appended to): one JSON line a position, ``{"equity_error",
"lose_backgammon", "lose_gammon", "position_id", "trials", "truncate", "win",
"win_backgammon", "win_gammon"}`` (the keys sorted, as the Rust example writes them): the
gnubg Position ID seen from the side on roll, the rollout's chances of that side, the
standard error of its cubeless equity and the settings. The driver gathers the chunks in
order and writes each as soon as it and those before it are done, so a run stopped at any
point goes on where it stopped when started again with the same options: the lines already
in ``--out`` are skipped (checked against the positions: a file of other options is
refused; a last line cut short is written again).

On one machine (a local Ray runtime of ``--workers`` CPUs)::

    python examples/python/ray_rollouts.py --games 2000 --trials 144 --truncate 10 \\
        --seed 1 --workers 2 --out backgammon-labels.jsonl

On a Ray cluster: install the package ``boardgames`` (and Ray) on every machine, start the
head (``ray start --head``) and each worker (``ray start --address=HEAD:6379``), and run the
driver on a machine of the cluster with ``--address auto`` (or ``--address HEAD:6379``, or
``--address ray://HEAD:10001`` through Ray Client from elsewhere); it calls
``ray.init(address=...)`` and the tasks go wherever the cluster has CPUs::

    python examples/python/ray_rollouts.py --address auto --games 20000 --trials 144 \\
        --truncate 10 --chunk 200 --threads 1 --out backgammon-labels.jsonl

The file is written by the driver: ``--out`` is a path on the driver's machine.
``fit_backgammon`` (Rust) trains the networks on it.

``main(argv)`` runs it and returns a summary dict. Without ``--address`` it starts a local
runtime of ``--workers`` CPUs unless Ray is already initialised (then it uses that one and
leaves it running).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any, Dict, List, Optional, Sequence

try:
    import ray
except ModuleNotFoundError:
    sys.exit("ray_rollouts.py needs Ray: pip install 'ray[default]'")

#: The keys of a line, in the order written (sorted, as serde_json writes a map).
KEYS = (
    "equity_error",
    "lose_backgammon",
    "lose_gammon",
    "position_id",
    "trials",
    "truncate",
    "win",
    "win_backgammon",
    "win_gammon",
)


def json_number(x: float) -> str:
    """The text of a number as the Rust example's JSON writer (serde_json) writes it: an
    integer as it is; a float with its shortest round-trip digits, fixed-point from 1e-5 to
    below 1e16 with at least one decimal (``0.00001``, ``1.0``), else scientific with an
    exponent not padded (``1.5e-7``, ``1e+16``); not finite: ``null``."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"not a number: {x!r}")
    if isinstance(x, int):
        return str(x)
    if not math.isfinite(x):
        return "null"
    text = repr(float(x))  # the shortest digits that read back as x
    sign = "-" if text.startswith("-") else ""
    mantissa, _, exponent = text.lstrip("-").partition("e")
    whole, _, fraction = mantissa.partition(".")
    all_digits = whole + fraction
    digits = all_digits.lstrip("0").rstrip("0")
    if not digits:
        return sign + "0.0"
    leading_zeros = len(all_digits) - len(all_digits.lstrip("0"))
    # The power of ten of the first significant digit.
    power = len(whole) + (int(exponent) if exponent else 0) - leading_zeros - 1
    if -5 <= power <= 15:
        if len(digits) - 1 <= power:
            return sign + digits + "0" * (power + 1 - len(digits)) + ".0"
        if power >= 0:
            return sign + digits[: power + 1] + "." + digits[power + 1 :]
        return sign + "0." + "0" * (-power - 1) + digits
    head = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{head}e{'+' if power > 0 else ''}{power}"


def json_line(label: Dict[str, Any]) -> str:
    """One line of the output file (without its newline) for a label of
    ``boardgames.backgammon_rollouts``: the keys sorted, no spaces."""
    parts = []
    for key in KEYS:
        value = label[key]
        text = json.dumps(value) if isinstance(value, str) else json_number(value)
        parts.append(f'"{key}":{text}')
    return "{" + ",".join(parts) + "}"


def label_chunk(
    position_ids: List[str],
    first: int,
    trials: int,
    truncate: int,
    seed: int,
    threads: int,
    weights: Optional[bytes],
) -> List[str]:
    """The output lines of positions ``first``, ``first + 1``, ... (a Ray task)."""
    import boardgames

    labels = boardgames.backgammon_rollouts(position_ids, first, trials, truncate, seed, threads, weights)
    return [json_line(label) for label in labels]


def labelled(path: str, position_ids: List[str]) -> int:
    """The positions already in ``path`` (0 when it does not exist), each line checked
    against its position; a last line without its newline (a write cut short) is cut off
    the file."""
    if not os.path.exists(path):
        return 0
    done = 0
    keep = 0  # bytes of whole lines
    with open(path, "rb") as f:
        for number, raw in enumerate(f):
            if not raw.endswith(b"\n"):
                break
            try:
                found = json.loads(raw)["position_id"]
            except (ValueError, KeyError, TypeError) as e:
                raise SystemExit(f"{path}: line {number + 1} is not a label: {e}") from None
            if number >= len(position_ids) or found != position_ids[number]:
                expected = (
                    f"this run's is {position_ids[number]}"
                    if number < len(position_ids)
                    else f"this run has {len(position_ids)} positions"
                )
                raise SystemExit(
                    f"{path}: line {number + 1} is position {found}, {expected}: "
                    "a file of other --games, --explore, --seed or --weights"
                )
            done += 1
            keep += len(raw)
    if keep != os.path.getsize(path):
        with open(path, "r+b") as f:
            f.truncate(keep)
    return done


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100, help="games of self-play that give the positions")
    p.add_argument("--explore", type=float, default=0.1, help="share of the self-play's plays chosen at random")
    p.add_argument("--seed", type=int, default=1, help="seed of the self-play and of the rollouts")
    p.add_argument("--trials", type=int, default=144, help="games of each rollout")
    p.add_argument("--truncate", type=int, default=10, help="plies before a rollout's game is cut (0: none)")
    p.add_argument("--chunk", type=int, default=100, help="positions a task")
    p.add_argument("--threads", type=int, default=1, help="threads (and CPUs asked) of a task")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="CPUs of a local Ray runtime")
    p.add_argument("--address", default=None, help="the Ray cluster to join (auto, HOST:PORT, ray://HOST:PORT)")
    p.add_argument("--weights", default=None, help="a Networks or network file (default: the shipped networks)")
    p.add_argument("--out", default="backgammon-labels.jsonl", help="the JSON lines file, appended to")
    p.add_argument("--quiet", action="store_true", help="print nothing")
    args = p.parse_args(argv)
    for name in ("chunk", "threads", "workers"):
        if getattr(args, name) < 1:
            p.error(f"--{name} must be at least 1")
    return args


def main(argv: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    """Labels the positions not yet in ``--out`` and returns ``{"positions", "before",
    "labelled", "tasks", "seconds", "out"}``."""
    import boardgames

    args = parse_args(argv)
    weights = None
    if args.weights is not None:
        with open(args.weights, "rb") as f:
            weights = f.read()
    # Fail early, in the driver, on bad options (no position: no rollout).
    boardgames.backgammon_rollouts([], 0, args.trials, args.truncate, args.seed, args.threads, weights)
    position_ids = boardgames.backgammon_training_positions(args.games, args.explore, args.seed, weights)
    before = labelled(args.out, position_ids)
    say = (lambda *a: None) if args.quiet else (lambda *a: print(*a, file=sys.stderr, flush=True))

    started_here = not ray.is_initialized()
    if started_here:
        if args.address is None:
            ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=args.address)
    module = sys.modules[__name__]
    if __name__ != "__main__":
        # Ship this module's code with the tasks: the workers may not be able to import it.
        ray.cloudpickle.register_pickle_by_value(module)
    refs = []
    started = time.perf_counter()
    try:
        task = ray.remote(num_cpus=args.threads)(label_chunk)
        shared_weights = None if weights is None else ray.put(weights)
        starts = range(before, len(position_ids), args.chunk)
        refs = [
            task.remote(
                position_ids[s : s + args.chunk], s, args.trials, args.truncate, args.seed, args.threads, shared_weights
            )
            for s in starts
        ]
        say(f"{len(position_ids)} positions, {before} labelled before, {len(refs)} tasks of up to {args.chunk}")
        done = before
        shown = started
        with open(args.out, "a", encoding="utf-8", newline="\n") as out:
            for k, ref in enumerate(refs):
                lines = ray.get(ref)
                out.write("".join(line + "\n" for line in lines))
                out.flush()
                refs[k] = None  # done: nothing to cancel
                done += len(lines)
                now = time.perf_counter()
                if now - shown >= 5 or k == len(refs) - 1:
                    say(f"{done}/{len(position_ids)} positions, {now - started:.0f} s")
                    shown = now
    finally:
        for ref in refs:
            if ref is not None:
                ray.cancel(ref)
        if __name__ != "__main__":
            ray.cloudpickle.unregister_pickle_by_value(module)
        if started_here:
            ray.shutdown()
    seconds = time.perf_counter() - started
    say(f"{len(position_ids)} positions labelled ({before} before this run) in {seconds:.1f} s")
    return {
        "positions": len(position_ids),
        "before": before,
        "labelled": len(position_ids) - before,
        "tasks": len(refs),
        "seconds": seconds,
        "out": args.out,
    }


if __name__ == "__main__":
    main(sys.argv[1:])
