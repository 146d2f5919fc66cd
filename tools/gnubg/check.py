#!/usr/bin/env python3
"""Checks gnubg-bestmove against backgammon-cli: positions from backgammon-cli's selfplay
records and from random games (money and match, Crawford and post-Crawford, cube decisions,
doubles offered, resignations), every answer checked against the contract and every play
against `backgammon-cli moves`; backgammon-cli's own `bestmove --jsonl` answers the same
lines for comparison.

    python3 tools/gnubg/check.py --cli /tmp/backgammon-cli [--plies 0] [--random 300]

Plain Python 3 (not gnubg's); nothing is written outside --out (default: a temp folder).
"""

import argparse
import base64
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
START = "4HPwATDgc/ABMA"
FIELDS = ["id", "action", "play", "position_id_after", "equity", "time_ms"]


# --- gnubg IDs (written from gnubg's documented layouts) -------------------------------

def match_id(fmove, turn, dice=None, cube=1, owner=-1, crawford=0, matchto=0,
             score=(0, 0), doubled=0, resigned=0, jacoby=False, gamestate=1):
    d = sorted(dice, reverse=True) if dice else (0, 0)
    bits = (cube.bit_length() - 1) | ((3 if owner == -1 else owner) << 4)
    bits |= fmove << 6 | crawford << 7 | gamestate << 8 | turn << 11 | doubled << 12
    bits |= resigned << 13 | d[0] << 15 | d[1] << 18 | matchto << 21
    bits |= score[0] << 36 | score[1] << 51 | (0 if jacoby else 1) << 66
    return base64.b64encode(bits.to_bytes(9, "little")).decode()


def board(position_id):
    """The two halves of a Position ID: the side not on roll, then the side on roll, each
    24 points from its own side then the bar."""
    bits = int.from_bytes(base64.b64decode(position_id + "=="), "little")
    halves, i = [], 0
    for _ in range(2):
        points = []
        for _ in range(25):
            n = 0
            while bits >> i & 1:
                n += 1
                i += 1
            i += 1
            points.append(n)
        halves.append(points)
    return halves


def checkers(position_id):
    """Checkers on the board of each half of a Position ID (side on roll second)."""
    return [sum(half) for half in board(position_id)]


def xgid(position_id, mid):
    """The XGID of the same position (X is gnubg's player 1); None for a resignation."""
    bits = int.from_bytes(base64.b64decode(mid), "little")
    f = lambda start, width: bits >> start & ((1 << width) - 1)
    if f(13, 2):
        return None
    fmove, matchto, score = f(6, 1), f(21, 15), (f(36, 15), f(51, 15))
    off, on = board(position_id)
    x, o = (on, off) if fmove == 1 else (off, on)
    chars = ["-"] * 26
    if o[24]:
        chars[0] = chr(96 + o[24])
    if x[24]:
        chars[25] = chr(64 + x[24])
    for i in range(1, 25):
        if x[i - 1]:
            chars[i] = chr(64 + x[i - 1])
        if o[24 - i]:
            chars[i] = chr(96 + o[24 - i])
    owner = f(4, 2)
    dice = "D" if f(12, 1) else "%d%d" % (f(15, 3), f(18, 3))
    rules = f(7, 1) if matchto else 1 - f(66, 1)
    return "XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:10" % (
        "".join(chars), f(0, 4), {1: 1, 0: -1, 3: 0}[owner], 1 if fmove else -1, dice,
        score[1], score[0], rules, matchto)


# --- backgammon-cli --------------------------------------------------------------------

def legal(cli, pid, mid):
    """{result Position ID: play} of the roll in `mid`."""
    out = subprocess.run([cli, "moves", "--position-id", pid, "--match-id", mid],
                         capture_output=True, text=True, check=True).stdout
    results = {}
    for line in out.splitlines():
        play, _, after = line.rpartition(" ")
        results[after.strip()] = play.strip()
    return results


def from_selfplay(cli, seed, match, jacoby, work):
    """Decisions before each action of a selfplay session, from its replay."""
    args = [cli, "selfplay", "--seed", str(seed)]
    args += ["--match", str(match)] if match else (["--jacoby"] if jacoby else [])
    record = os.path.join(work, "selfplay-%d-%d.txt" % (seed, match))
    with open(record, "w") as f:
        subprocess.run(args, stdout=f, check=True)
    text = subprocess.run([cli, "replay", record], capture_output=True, text=True).stdout
    side = {"O": 0, "X": 1}
    lines, crawford_done, crawford = [], False, 0
    pid = START
    score, cube, owner = (0, 0), 1, -1
    tag = "selfplay-%s%d-seed%d" % ("match" if match else "money", match, seed)
    for row in text.splitlines():
        m = re.match(r"Game (\d+): O (\d+) - X (\d+)", row)
        if m:
            score = (int(m.group(2)), int(m.group(3)))
            pid, cube, owner = START, 1, -1
            away = [match - s for s in score] if match else [0, 0]
            crawford = 1 if match and 1 in away and not crawford_done else 0
            if crawford:
                crawford_done = True
            game = int(m.group(1))
            first = True
            continue
        m = re.match(r"\s*(\d+)\) ([OX]): (\d)(\d): (.*)  \[(.+)\]$", row)
        if m:
            who, dice = side[m.group(2)], (int(m.group(3)), int(m.group(4)))
            ctx = dict(cube=cube, owner=owner, crawford=crawford, matchto=match,
                       score=score, jacoby=jacoby and not match)
            if not first:
                lines.append({"id": "%s g%d m%s %s cube" % (tag, game, m.group(1), m.group(2)),
                              "position_id": pid, "match_id": match_id(who, who, **ctx)})
            lines.append({"id": "%s g%d m%s %s %d%d" % (tag, game, m.group(1), m.group(2),
                                                        dice[0], dice[1]),
                          "position_id": pid, "match_id": match_id(who, who, dice, **ctx)})
            pid, first = m.group(6), False
            continue
        m = re.match(r"\s*(\d+)\) ([OX]): doubles => (\d+)", row)
        if m:
            who = side[m.group(2)]
            ctx = dict(cube=cube, owner=owner, crawford=crawford, matchto=match,
                       score=score, jacoby=jacoby and not match)
            lines.append({"id": "%s g%d m%s %s doubled" % (tag, game, m.group(1), m.group(2)),
                          "position_id": pid,
                          "match_id": match_id(who, 1 - who, doubled=1, **ctx)})
            cube, owner = int(m.group(3)), 1 - who
    return lines


def random_games(cli, count, rng):
    """`count` decisions from random games, each in a random money or match context."""
    lines = []
    while len(lines) < count:
        ctx = random_context(rng)
        pid, fmove, steps = START, rng.randrange(2), rng.randrange(4, 60)
        ok = True
        for _ in range(steps):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            results = legal(cli, pid, match_id(fmove, fmove, dice, **ctx))
            nxt = rng.choice(sorted(results))
            if min(checkers(nxt)) == 0:
                ok = False
                break
            pid, fmove = nxt, 1 - fmove
        if not ok:
            continue
        n = len(lines)
        kind = rng.choice(["play", "play", "play", "cube", "double", "resign"])
        tag = "random-%d %s %s" % (n, kind, ctx_name(ctx))
        if kind == "play":
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            lines.append({"id": tag, "position_id": pid,
                          "match_id": match_id(fmove, fmove, dice, **ctx)})
        elif kind == "cube":
            lines.append({"id": tag, "position_id": pid,
                          "match_id": match_id(fmove, fmove, **ctx)})
        elif kind == "double":
            if ctx["crawford"] or ctx["owner"] == 1 - fmove:
                continue
            lines.append({"id": tag, "position_id": pid,
                          "match_id": match_id(fmove, 1 - fmove, doubled=1, **ctx)})
        else:
            lines.append({"id": tag, "position_id": pid,
                          "match_id": match_id(fmove, 1 - fmove, resigned=rng.randint(1, 3),
                                               **ctx)})
    return lines


def random_context(rng):
    if rng.random() < 0.4:
        cube = rng.choice([1, 1, 2, 4])
        return dict(cube=cube, owner=-1 if cube == 1 else rng.randrange(2), crawford=0,
                    matchto=0, score=(0, 0), jacoby=rng.random() < 0.5)
    n = rng.choice([3, 5, 7, 11])
    kind = rng.choice(["free", "free", "crawford", "post"])
    if kind == "free":
        score = (rng.randrange(n - 1), rng.randrange(n - 1))
    else:
        other = rng.randrange(n - 1) if kind == "crawford" else rng.randrange(n)
        other = min(other, n - 1)
        score = (n - 1, other) if rng.random() < 0.5 else (other, n - 1)
        if kind == "crawford" and score[0] == score[1]:
            score = (n - 1, 0)
    crawford = 1 if kind == "crawford" else 0
    cube = 1 if crawford else rng.choice([1, 1, 2, 4])
    return dict(cube=cube, owner=-1 if cube == 1 else rng.randrange(2), crawford=crawford,
                matchto=n, score=score, jacoby=False)


def ctx_name(ctx):
    if not ctx["matchto"]:
        return "money%s cube %d" % (" jacoby" if ctx["jacoby"] else "", ctx["cube"])
    return "match %d score %d-%d%s cube %d" % (
        ctx["matchto"], ctx["score"][0], ctx["score"][1],
        " crawford" if ctx["crawford"] else "", ctx["cube"])


# --- running and checking --------------------------------------------------------------

def run(command, lines):
    data = "".join(json.dumps(line) + "\n" for line in lines)
    start = time.perf_counter()
    proc = subprocess.run(command, input=data, capture_output=True, text=True)
    return proc, time.perf_counter() - start


def expected_actions(mid):
    bits = int.from_bytes(base64.b64decode(mid), "little")
    if bits >> 13 & 3:
        return {"accept", "reject"}
    if bits >> 12 & 1:
        return {"take", "drop"}
    if bits >> 15 & 7:
        return {"play"}
    return {"double", "no_double"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="backgammon-cli (a copy, not a moving build)")
    ap.add_argument("--adapter", default=os.path.join(HERE, "gnubg-bestmove"))
    ap.add_argument("--plies", default="0")
    ap.add_argument("--extra", default="", help="more adapter options, e.g. --fast-poll")
    ap.add_argument("--random", type=int, default=300, help="decisions from random games")
    ap.add_argument("--seeds", default="3,4,5", help="selfplay seeds (a 7-point match each)")
    ap.add_argument("--examples", default=None, help="a bestmove JSONL file to include")
    ap.add_argument("--out", default=None, help="folder for inputs and answers")
    a = ap.parse_args()
    work = a.out or tempfile.mkdtemp(prefix="gnubg-bestmove-check-")
    os.makedirs(work, exist_ok=True)
    rng = random.Random(1)

    lines = []
    if a.examples:
        with open(a.examples) as f:
            lines += [json.loads(x) for x in f if x.strip()]
    for seed in [int(s) for s in a.seeds.split(",") if s]:
        lines += from_selfplay(a.cli, seed, 7, False, work)
        lines += from_selfplay(a.cli, seed, 0, seed % 2 == 1, work)
    lines += random_games(a.cli, a.random, rng)
    # Every third position again as an XGID: the same answer is expected.
    source = {}
    for line in list(lines[::3]):
        if "match_id" in line:
            x = xgid(line["position_id"], line["match_id"])
            if x:
                lines.append({"id": line["id"] + " (xgid)", "xgid": x})
                source[line["id"] + " (xgid)"] = line["id"]
    with open(os.path.join(work, "input.jsonl"), "w") as f:
        f.writelines(json.dumps(x) + "\n" for x in lines)

    gnu, gnu_time = run([a.adapter, "--plies", a.plies] + a.extra.split(), lines)
    ours, _ = run([a.cli, "bestmove", "--jsonl", "-"], lines)
    for name, proc in (("gnubg", gnu), ("ours", ours)):
        with open(os.path.join(work, name + ".jsonl"), "w") as f:
            f.write(proc.stdout)
        with open(os.path.join(work, name + ".err"), "w") as f:
            f.write(proc.stderr)

    problems = []
    answers = gnu.stdout.splitlines()
    by_id = {}
    for text in answers:
        try:
            obj = json.loads(text)
        except ValueError:
            problems.append("not JSON: %r" % text)
            continue
        if list(obj) != FIELDS:
            problems.append("fields %s: %r" % (list(obj), text))
        by_id[obj.get("id")] = obj
    ours_by_id = {}
    for text in ours.stdout.splitlines():
        obj = json.loads(text)
        ours_by_id[obj["id"]] = obj

    counts = {"lines": len(lines), "answered": len(answers), "xgid lines": len(source),
              "xgid answer = ids answer": 0, "plays": 0, "passes": 0,
              "legal": 0, "same notation as backgammon-cli moves": 0,
              "same action as ours": 0, "same play as ours": 0, "same play, same id": 0}
    actions = {}
    for line in lines:
        got = by_id.get(line["id"])
        if got is None:
            problems.append("no answer: %s" % line["id"])
            continue
        if "xgid" in line:
            twin = by_id.get(source[line["id"]])
            if twin and [twin[k] for k in FIELDS[1:5]] == [got[k] for k in FIELDS[1:5]]:
                counts["xgid answer = ids answer"] += 1
            else:
                problems.append("%s: answer %s, with the IDs %s" % (line["id"], got, twin))
            mine = ours_by_id.get(line["id"])
            if mine and mine["action"] == got["action"]:
                counts["same action as ours"] += 1
            continue
        want = expected_actions(line["match_id"])
        actions[got["action"]] = actions.get(got["action"], 0) + 1
        if got["action"] not in want:
            problems.append("%s: action %s, expected %s" % (line["id"], got["action"], want))
        if not isinstance(got["equity"], (int, float)) or not isinstance(got["time_ms"], int):
            problems.append("%s: equity or time_ms not a number" % line["id"])
        if got["action"] == "play":
            counts["plays"] += 1
            results = legal(a.cli, line["position_id"], line["match_id"])
            after = got["position_id_after"]
            if after in results:
                counts["legal"] += 1
                listed = results[after]
                if listed == got["play"] or (listed == "pass" and got["play"] == ""):
                    counts["same notation as backgammon-cli moves"] += 1
                else:
                    problems.append("%s: play %r, backgammon-cli writes %r" %
                                    (line["id"], got["play"], listed))
            else:
                problems.append("%s: %r gives %s, not a legal result" %
                                (line["id"], got["play"], after))
            if got["play"] == "":
                counts["passes"] += 1
        elif got["position_id_after"] != line["position_id"]:
            problems.append("%s: position_id_after changed by a cube action" % line["id"])
        mine = ours_by_id.get(line["id"])
        if mine:
            if mine["action"] == got["action"]:
                counts["same action as ours"] += 1
            if got["action"] == "play" and mine["play"] == got["play"]:
                counts["same play as ours"] += 1
                if mine["position_id_after"] == got["position_id_after"]:
                    counts["same play, same id"] += 1
                else:
                    problems.append("%s: same play, different Position IDs" % line["id"])

    print("folder: %s" % work)
    for k, v in counts.items():
        print("%-40s %d" % (k, v))
    print("actions: %s" % ", ".join("%s %d" % kv for kv in sorted(actions.items())))
    print("gnubg-bestmove exit status %d, %d lines on standard error" %
          (gnu.returncode, len(gnu.stderr.splitlines())))
    print("gnubg-bestmove --plies %s %s: %.2f s for %d lines (%.1f lines/s, start included)" %
          (a.plies, a.extra, gnu_time, len(lines), len(lines) / gnu_time))
    for p in problems[:30]:
        print("PROBLEM", p)
    print("%d problems" % len(problems))
    return 1 if problems or gnu.returncode else 0


if __name__ == "__main__":
    sys.exit(main())
