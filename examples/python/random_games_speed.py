"""Whole random games per second from Python: the library against OpenSpiel's C++ games,
both driven by the same loop, one call per decision and per chance outcome
(``legal_actions()`` / ``chance_outcomes()`` / ``apply_action()``), and the library's batch API.

    python examples/python/random_games_speed.py --game backgammon --seconds 10

Prints one line per measure: games, seconds, games per second, actions per game.
"""

from __future__ import annotations

import argparse
import random
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
                outcomes = s.chance_outcomes()
                r = rand()
                for action, p in outcomes:
                    r -= p
                    if r <= 0.0:
                        break
                s.apply_action(action)
            else:
                s.apply_action(choice(s.legal_actions()))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def report(name: str, games: int, actions: int, elapsed: float) -> dict:
    row = {
        "measure": name,
        "games": games,
        "seconds": round(elapsed, 2),
        "games_per_second": round(games / elapsed, 1),
        "actions_per_game": round(actions / max(games, 1), 1),
    }
    print(row)
    return row


def main(argv=None) -> list:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="backgammon",
                        choices=["backgammon", "abalone", "pente"])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=256, help="games in the batch")
    parser.add_argument("--threads", type=int, default=1, help="threads of the batch")
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args(argv)

    import boardgames

    rows = []
    factory = {"backgammon": boardgames.Backgammon, "abalone": boardgames.Abalone,
               "pente": boardgames.Pente}[args.game]
    rows.append(report(f"boardgames {args.game}, Python loop", *loop(factory, args.seconds, args.seed)))

    # The batch API: random legal actions chosen and applied inside Rust, one call each per
    # step of the whole batch.
    batch = boardgames.Batch(factory(), args.batch, args.seed, args.threads)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        done, _ = batch.step(batch.random_actions())
        games += done.count(1)
        steps += len(done)
    rows.append(report(f"boardgames {args.game}, Batch of {args.batch}, {args.threads} thread(s)", games, steps,
                       time.perf_counter() - start))

    if not args.no_openspiel:
        import pyspiel
        name = {"backgammon": "backgammon", "abalone": "checkers", "pente": "gomoku"}[args.game]
        try:
            game = pyspiel.load_game(name)
        except Exception as e:  # the nearest game may be missing from a build
            print(f"OpenSpiel {name}: {e}")
        else:
            rows.append(report(f"OpenSpiel {name}, Python loop",
                               *loop(game.new_initial_state, args.seconds, args.seed)))
    return rows


if __name__ == "__main__":
    main()
