"""Self-play games in parallel with Ray, and a summary of their results.

Every game is a Ray task that builds its own state from the game name and options, plays
it to the end with its own seed and returns the result; the driver gathers the results and
prints wins per team, draws and the average length::

    python examples/python/ray_selfplay.py --game abalone --players 3 --games 100 --workers 2
    python examples/python/ray_selfplay.py --game pente --mode engine --engine-level 1 --games 4

Modes: ``random`` (every seat plays uniformly random legal moves; the whole game is played
inside the native library with ``State.random_playout``), ``engine`` (every seat plays the
native engine's ``bestmove``), ``mixed`` (team 0's seats play the engine, the others
random).  Dice are drawn from a generator seeded by the game's seed, so a run is
reproducible: game ``i`` uses seed ``--seed + i``.  A game stopped by ``--max-plies``
counts as unfinished.

``main(argv)`` runs it and returns the summary as a dict; it starts a local Ray runtime
with ``--workers`` CPUs unless Ray is already initialised (then it uses that one and leaves
it running).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any, Dict, List, Optional, Sequence

try:
    import ray
except ModuleNotFoundError:
    sys.exit("ray_selfplay.py needs Ray: pip install 'ray[default]'")

GAMES = ("pente", "keryo_pente", "abalone", "backgammon", "backgammon_match")


def build_state(game: str, players: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Any:
    """The native initial state of ``game``."""
    import boardgames

    options = dict(options or {})
    if game == "abalone":
        return boardgames.Abalone(players=players or 2, layout=options.get("layout") or None)
    if players not in (None, 2):
        raise ValueError(f"{game} is played by 2 players")
    classes = {
        "pente": boardgames.Pente,
        "keryo_pente": boardgames.KeryoPente,
        "backgammon": boardgames.Backgammon,
        "backgammon_match": boardgames.BackgammonMatch,
    }
    if game not in classes:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return classes[game](**options)


def play_game(
    game: str,
    seed: int,
    players: Optional[int] = None,
    options: Optional[Dict[str, Any]] = None,
    mode: str = "random",
    engine_level: Optional[int] = None,
    max_plies: Optional[int] = None,
) -> Dict[str, Any]:
    """Plays one game from its initial state with ``seed``; returns its result."""
    state = build_state(game, players, options)
    started = time.perf_counter()
    if mode == "random" and max_plies is None:
        plies = int(state.random_playout(seed))
    else:
        rng = random.Random(seed)
        engine_seats = {
            s
            for s in range(state.num_players())
            if mode == "engine" or (mode == "mixed" and state.team_of(s) == 0)
        }
        plies = 0
        while not state.is_terminal() and (max_plies is None or plies < max_plies):
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights=weights)[0])
                continue
            legal = state.legal_actions()
            if not legal:  # a seat without a legal move
                break
            if state.current_player() in engine_seats:
                state.play(state.bestmove(level=engine_level))
            else:
                state.apply_action(rng.choice(legal))
            plies += 1
    outcome = state.outcome() if state.is_terminal() else None
    return {
        "seed": seed,
        "plies": plies,
        "finished": outcome is not None,
        "winner_team": None if outcome is None else outcome["winner_team"],
        "points": 0 if outcome is None else int(outcome["points"]),
        "returns": list(state.returns()),
        "seconds": time.perf_counter() - started,
    }


def summarize(game: str, results: List[Dict[str, Any]], teams: int) -> Dict[str, Any]:
    """Wins per team, draws, unfinished games and average length of ``results``."""
    wins = [0] * teams
    draws = 0
    unfinished = 0
    for r in results:
        if not r["finished"]:
            unfinished += 1
        elif r["winner_team"] is None:
            draws += 1
        else:
            wins[r["winner_team"]] += 1
    n = len(results)
    return {
        "game": game,
        "games": n,
        "teams": teams,
        "wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "average_plies": sum(r["plies"] for r in results) / n if n else 0.0,
        "average_points": sum(r["points"] for r in results) / n if n else 0.0,
        "results": results,
    }


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", choices=GAMES, default="abalone")
    p.add_argument("--players", type=int, default=None, help="Abalone: 2, 3, 4 or 6")
    p.add_argument("--layout", default=None, help="Abalone: a layout name")
    p.add_argument("--length", type=int, default=None, help="backgammon_match: points (0 = money game)")
    p.add_argument("--games", type=int, default=8, help="games to play")
    p.add_argument("--workers", type=int, default=2, help="CPUs of the local Ray runtime")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (game i uses seed + i)")
    p.add_argument("--mode", choices=("random", "engine", "mixed"), default="random")
    p.add_argument("--engine-level", type=int, default=None, help="engine level (default: the engine's)")
    p.add_argument("--max-plies", type=int, default=None, help="stop a game unfinished after this many plies")
    p.add_argument("--quiet", action="store_true", help="print nothing")
    return p.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    """Runs the games and returns the summary (see ``summarize``)."""
    args = parse_args(argv)
    options: Dict[str, Any] = {}
    if args.layout:
        options["layout"] = args.layout
    if args.length is not None:
        options["length"] = args.length
    # Fail early, in the driver, on bad options.
    prototype = build_state(args.game, args.players, options)
    teams = int(prototype.num_teams())

    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
    module = sys.modules[__name__]
    if __name__ != "__main__":
        # Ship this module's code with the tasks: the workers may not be able to import it.
        ray.cloudpickle.register_pickle_by_value(module)
    try:
        task = ray.remote(num_cpus=1)(play_game)
        started = time.perf_counter()
        refs = [
            task.remote(args.game, args.seed + i, args.players, options, args.mode, args.engine_level, args.max_plies)
            for i in range(args.games)
        ]
        results = ray.get(refs)
        elapsed = time.perf_counter() - started
    finally:
        if __name__ != "__main__":
            ray.cloudpickle.unregister_pickle_by_value(module)
        if started_here:
            ray.shutdown()

    summary = summarize(args.game, results, teams)
    summary["seconds"] = elapsed
    if not args.quiet:
        print(f"{summary['games']} {args.game} games ({args.mode}), {args.workers} workers, {elapsed:.1f} s")
        for team, wins in enumerate(summary["wins"]):
            print(f"  team {team}: {wins} wins")
        print(f"  draws: {summary['draws']}, unfinished: {summary['unfinished']}")
        print(f"  average length: {summary['average_plies']:.1f} plies, average points: {summary['average_points']:.2f}")
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
