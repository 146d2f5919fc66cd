"""Whole random games per second from Python: the library against OpenSpiel's C++ games,
both driven by the same loop, one call per decision and per chance outcome
(``legal_actions()`` / ``chance_outcomes()`` / ``apply_action()``), and the library's batch API.

    python examples/python/random_games_speed.py --game backgammon --seconds 5 --rounds 3

Every measure runs once a round, the measures taking turns, so that a machine whose speed
drifts treats them alike; the medians over the rounds and their ratio to OpenSpiel's loop
are printed at the end (one line a measure).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def loop(state_factory, seconds: float, seed: int):
    """Plays random games until ``seconds`` pass; returns (games, actions, elapsed)."""
    rng = random.Random(seed)
    choice, rand = rng.choice, rng.random
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = state_factory()
        while not s.is_terminal():
            if s.is_chance_node():
                r = rand()
                for action, p in s.chance_outcomes():
                    r -= p
                    if r <= 0.0:
                        break
                s.apply_action(action)
            else:
                s.apply_action(choice(s.legal_actions()))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def batch_loop(boardgames, factory, seconds, seed, size, threads, fused):
    """Random games through a ``Batch``: ``random_step()`` when ``fused``, else
    ``step(random_actions())`` as a policy would drive it."""
    batch = boardgames.Batch(factory(), size, seed, threads)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        done, _ = batch.random_step() if fused else batch.step(batch.random_actions())
        games += done.count(1)
        steps += len(done)
    return games, steps, time.perf_counter() - start


def whole_games(boardgames, factory, seconds, seed, threads):
    """Whole random games inside Rust, ``random_games`` calls of 2,000 games."""
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        result = boardgames.random_games(factory(), 2000, seed + games, threads)
        games += result["games"]
        plies += result["plies"]
    return games, plies, time.perf_counter() - start


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="backgammon", choices=["backgammon", "abalone", "pente"])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds a measure a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=1024, help="games in the batch")
    parser.add_argument("--threads", type=int, default=2, help="threads of the multi-threaded rows")
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args(argv)
    for name in ("seconds", "rounds", "batch", "threads"):
        if getattr(args, name) <= 0:
            parser.error(f"--{name} must be positive")

    import boardgames

    factory = {"backgammon": boardgames.Backgammon, "abalone": boardgames.Abalone,
               "pente": boardgames.Pente}[args.game]
    t, sec, seed, n = args.threads, args.seconds, args.seed, args.batch
    measures = {
        "Python loop": lambda: loop(factory, sec, seed),
        "Batch, step(random_actions()), 1 thread": lambda: batch_loop(boardgames, factory, sec, seed, n, 1, False),
        "Batch, random_step(), 1 thread": lambda: batch_loop(boardgames, factory, sec, seed, n, 1, True),
        f"Batch, random_step(), {t} threads": lambda: batch_loop(boardgames, factory, sec, seed, n, t, True),
        "random_games, 1 thread": lambda: whole_games(boardgames, factory, sec, seed, 1),
        f"random_games, {t} threads": lambda: whole_games(boardgames, factory, sec, seed, t),
    }
    peer = None
    if not args.no_openspiel:
        import pyspiel
        name = {"backgammon": "backgammon", "abalone": "checkers", "pente": "gomoku"}[args.game]
        game = pyspiel.load_game(name)
        peer = f"OpenSpiel {name}, Python loop"
        measures[peer] = lambda: loop(game.new_initial_state, sec, seed)

    rates = {name: [] for name in measures}
    lengths = {name: [] for name in measures}
    for _ in range(args.rounds):
        for name, run in measures.items():
            games, actions, elapsed = run()
            rates[name].append(games / elapsed)
            lengths[name].append(actions / max(games, 1))
    summary = {}
    base = statistics.median(rates[peer]) if peer else None
    for name in measures:
        median = statistics.median(rates[name])
        row = {
            "games_per_second": round(median, 1),
            "rounds": [round(r) for r in rates[name]],
            "actions_per_game": round(statistics.median(lengths[name]), 1),
        }
        if base:
            row["ratio_to_openspiel"] = round(median / base, 1)
        summary[f"{args.game}: {name}"] = row
        print(f"{args.game}: {name}: {row}")
    return summary


if __name__ == "__main__":
    main()
