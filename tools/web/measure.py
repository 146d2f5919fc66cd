#!/usr/bin/env python3
"""Measures a running boardgames-web server (docs/web.md, "Measurements"): the latency of a
move and of a hint at the default level (the median of N requests each), then the server's
resident memory (VmRSS of /proc/PID/status) after GAMES games created and played a few moves
each. Standard library only.

    python3 tools/web/measure.py --url http://127.0.0.1:8765 --pid PID [--requests 20] [--games 1000]

With --requests 0 only the games are made (the memory of the games alone, without what the
engines' searches keep).
"""

import argparse
import json
import statistics
import time
import urllib.request


def call(url, method="GET", body=None):
    """The JSON answer of a request and the seconds it took."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    start = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        text = response.read()
    return json.loads(text) if text else None, time.perf_counter() - start


def new_game(url, game):
    state, _ = call(url + "/api/games", "POST", {"game": game, "seats": ["human", "human"]})
    return state


def move_latency(url, n):
    """Pente moves, each the first legal move, in games of people: the median in ms."""
    times = []
    state = new_game(url, "pente")
    while len(times) < n:
        if state["turn"]["kind"] != "seat":
            state = new_game(url, "pente")
        move = state["legal_moves"][0]
        state, seconds = call(url + "/api/games/%s/moves" % state["id"], "POST", {"move": move})
        times.append(seconds * 1000)
    return statistics.median(times), max(times)


def hint_latency(url, game, n):
    """Hints at the default level, each in a new game after one move (backgammon: at its first
    play): the median and the longest, in ms."""
    times = []
    for _ in range(n):
        state = new_game(url, game)
        if game == "pente":
            state, _ = call(url + "/api/games/%s/moves" % state["id"], "POST", {"move": "K10"})
        _, seconds = call(url + "/api/games/%s/hint" % state["id"])
        times.append(seconds * 1000)
    return statistics.median(times), max(times)


def resident_kb(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def fill(url, games):
    """GAMES games of each kind in turn, three moves played in each."""
    kinds = ["pente", "abalone", "backgammon"]
    for i in range(games):
        state = new_game(url, kinds[i % 3])
        for _ in range(3):
            if state["turn"]["kind"] != "seat":
                break
            move = state["legal_moves"][0]
            state, _ = call(url + "/api/games/%s/moves" % state["id"], "POST", {"move": move})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    print("VmRSS at start: %d kB" % resident_kb(args.pid))
    if args.requests == 0:
        fill(args.url, args.games)
        print("%d games created, 3 moves each" % args.games)
        print("VmRSS after: %d kB" % resident_kb(args.pid))
        return
    median, longest = move_latency(args.url, args.requests)
    print("move (Pente): median %.2f ms, longest %.2f ms, %d requests" % (median, longest, args.requests))
    for game in ["pente", "abalone", "backgammon"]:
        median, longest = hint_latency(args.url, game, args.requests)
        print("hint (%s, default level): median %.0f ms, longest %.0f ms, %d requests"
              % (game, median, longest, args.requests))
    start = time.perf_counter()
    fill(args.url, args.games)
    print("%d games created, 3 moves each, in %.1f s" % (args.games, time.perf_counter() - start))
    print("VmRSS after: %d kB" % resident_kb(args.pid))


if __name__ == "__main__":
    main()
