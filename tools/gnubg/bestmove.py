# The `bestmove --jsonl` contract of backgammon-cli, answered by GNU Backgammon.
#
# Runs inside gnubg's embedded Python (`gnubg -t -q -r -p bestmove.py`); start it through
# the `gnubg-bestmove` wrapper next to this file, which passes the settings in the
# environment and hands over the real standard output as a separate file descriptor (gnubg
# writes its banner and messages to its own standard output, which the wrapper discards).
#
# Input, one JSON object a line: {"id": any, "position_id": gnubg Position ID, "match_id":
# gnubg Match ID} or {"id", "xgid"}. Output, one line each, flushed at once:
# {"id", "action", "play", "position_id_after", "equity", "time_ms"} (see README.md).
#
# Environment (set by the wrapper):
#   GNUBG_BESTMOVE_FD       file descriptor of the answers (default 1)
#   GNUBG_BESTMOVE_PLIES    gnubg's plies, 0 = the neural net alone (default 0)
#   GNUBG_BESTMOVE_CUBEFUL  1 = cubeful checker play (default), 0 = cubeless
#   GNUBG_BESTMOVE_NOISE    evaluation noise, gnubg's deterministic kind (default 0.0)

import base64
import binascii
import json
import os
import sys
import time

import gnubg


class Bad(Exception):
    """A line that gets no answer: the reason goes to standard error."""


# --- settings -------------------------------------------------------------------------

def _setting(name, default, convert):
    text = os.environ.get(name, "")
    if text == "":
        return default
    try:
        return convert(text)
    except ValueError:
        sys.stderr.write("gnubg-bestmove: bad %s=%r\n" % (name, text))
        sys.exit(2)


PLIES = _setting("GNUBG_BESTMOVE_PLIES", 0, int)
CUBEFUL = _setting("GNUBG_BESTMOVE_CUBEFUL", 1, int) != 0
NOISE = _setting("GNUBG_BESTMOVE_NOISE", 0.0, float)
OUT_FD = _setting("GNUBG_BESTMOVE_FD", 1, int)

if not 0 <= PLIES <= 4:
    sys.stderr.write("gnubg-bestmove: plies must be 0 to 4, not %d\n" % PLIES)
    sys.exit(2)
if NOISE < 0:
    sys.stderr.write("gnubg-bestmove: noise must be at least 0\n")
    sys.exit(2)

# gnubg's evaluation context: (cubeful, plies, deterministic noise, pruning nets, noise).
# Checker plays follow --cubeless; cube decisions are always cubeful (gnubg's cfevaluate
# computes cubeful equities whatever the flag says).
EC_PLAY = gnubg.evalcontext(1 if CUBEFUL else 0, PLIES, 1, 1, float(NOISE))
EC_CUBE = gnubg.evalcontext(1, PLIES, 1, 1, float(NOISE))

# The same settings in gnubg's own state, for `hint` (checker plays); both players human,
# so that gnubg never moves by itself; no beavers (the contract has no beaver action).
for _command in ("set player 0 human", "set player 1 human", "set beavers 0",
                 "set evaluation chequerplay evaluation plies %d" % PLIES,
                 "set evaluation chequerplay evaluation cubeful %s" % ("on" if CUBEFUL else "off"),
                 "set evaluation chequerplay evaluation prune on",
                 "set evaluation chequerplay evaluation deterministic on",
                 "set evaluation chequerplay evaluation noise %.6f" % NOISE):
    gnubg.command(_command)

# The longest match gnubg's match equity tables cover (its MAXSCORE).
MAXSCORE = 64

# Cube decisions (gnubg's `cubedecision` enum, the numbers cfevaluate returns).
DOUBLE_TAKE, DOUBLE_PASS, NODOUBLE_TAKE, TOOGOOD_TAKE, TOOGOOD_PASS = 0, 1, 2, 3, 4
DOUBLE_BEAVER, NODOUBLE_BEAVER, REDOUBLE_TAKE, REDOUBLE_PASS, NO_REDOUBLE_TAKE = 5, 6, 7, 8, 9
TOOGOODRE_TAKE, TOOGOODRE_PASS, NO_REDOUBLE_BEAVER = 10, 11, 12
NODOUBLE_DEADCUBE, NO_REDOUBLE_DEADCUBE, NOT_AVAILABLE = 13, 14, 15
OPTIONAL_DOUBLE_TAKE, OPTIONAL_REDOUBLE_TAKE, OPTIONAL_DOUBLE_BEAVER = 16, 17, 18
OPTIONAL_DOUBLE_PASS, OPTIONAL_REDOUBLE_PASS = 19, 20

# As gnubg's own player acts on a recommendation: it doubles on a proper double, and on an
# optional one (no double and double both best) only at 0-ply; it takes unless the
# recommendation says pass.
DOUBLES = {DOUBLE_TAKE, REDOUBLE_TAKE, DOUBLE_PASS, REDOUBLE_PASS, DOUBLE_BEAVER}
OPTIONAL = {OPTIONAL_DOUBLE_TAKE, OPTIONAL_REDOUBLE_TAKE, OPTIONAL_DOUBLE_BEAVER,
            OPTIONAL_DOUBLE_PASS, OPTIONAL_REDOUBLE_PASS}
DROPS = {DOUBLE_PASS, TOOGOOD_PASS, REDOUBLE_PASS, TOOGOODRE_PASS,
         OPTIONAL_DOUBLE_PASS, OPTIONAL_REDOUBLE_PASS}


# --- reading the position ------------------------------------------------------------

class State:
    """A position as gnubg's match state holds it: the board from the side on roll
    (`fmove`: board[1] its checkers, board[0] the other side's, each 24 points from its own
    side then the bar), the side to decide (`turn`), dice, cube and score."""

    __slots__ = ("board", "fmove", "turn", "dice", "doubled", "resigned", "cube", "owner",
                 "crawford", "matchto", "score", "jacoby", "gamestate", "position_id")


def _b64(text, length, what):
    if not isinstance(text, str) or len(text) != length:
        raise Bad("%s %r: not %d characters" % (what, text, length))
    try:
        return base64.b64decode(text + "=" * (-length % 4), validate=True)
    except (binascii.Error, ValueError):
        raise Bad("%s %r: not base64" % (what, text))


def read_match_id(text, st):
    """Decodes a gnubg Match ID into `st` (the bit layout of gnubg's manual)."""
    raw = _b64(text, 12, "Match ID")
    bits = int.from_bytes(raw, "little")

    def field(start, width):
        return (bits >> start) & ((1 << width) - 1)

    st.cube = 1 << field(0, 4)
    owner = field(4, 2)
    st.owner = owner if owner in (0, 1) else -1
    st.fmove = field(6, 1)
    st.crawford = field(7, 1)
    st.gamestate = field(8, 3)
    st.turn = field(11, 1)
    st.doubled = field(12, 1)
    st.resigned = field(13, 2)
    dice = (field(15, 3), field(18, 3))
    st.matchto = field(21, 15)
    st.score = (field(36, 15), field(51, 15))
    st.jacoby = 1 - field(66, 1)
    if dice[0] > 6 or dice[1] > 6:
        raise Bad("Match ID %r: a die above 6" % text)
    if (dice[0] == 0) != (dice[1] == 0):
        raise Bad("Match ID %r: one die rolled, not the other" % text)
    st.dice = dice if dice[0] else None
    if owner == 2:
        raise Bad("Match ID %r: the cube's owner is 2" % text)


def read_position_id(text, st):
    _b64(text, 14, "Position ID")
    try:
        st.board = gnubg.positionfromid(text)
    except ValueError:
        raise Bad("Position ID %r: does not decode" % text)
    st.position_id = text


def read_xgid(text, st):
    """An XGID as eXtreme Gammon writes it: `XGID=` (optional), the 26 characters of the
    board, then cube (log 2), cube position, turn, dice, the two scores, Crawford/Jacoby,
    match length and the maximum cube (ignored). X (capitals) is gnubg's player 1."""
    if not isinstance(text, str):
        raise Bad("\"xgid\" is not a string")
    body = text.strip()
    if body.startswith("XGID="):
        body = body[5:]
    parts = body.split(":")
    if len(parts) != 10 or len(parts[0]) != 26:
        raise Bad("XGID %r: not 26 board characters and 9 fields" % text)
    x_side, o_side = [0] * 25, [0] * 25
    for i, ch in enumerate(parts[0]):
        if ch == "-":
            continue
        if "A" <= ch <= "O":
            n, mine = ord(ch) - ord("A") + 1, True
        elif "a" <= ch <= "o":
            n, mine = ord(ch) - ord("a") + 1, False
        else:
            raise Bad("XGID %r: board character %r" % (text, ch))
        # Index i is X's point i (0 O's bar, 25 X's bar), O's point 25 - i.
        if mine:
            if i == 0:
                raise Bad("XGID %r: X checkers on O's bar" % text)
            x_side[i - 1] += n
        else:
            if i == 25:
                raise Bad("XGID %r: O checkers on X's bar" % text)
            o_side[24 - i] += n
    try:
        cube_log, cube_pos, turn = int(parts[1]), int(parts[2]), int(parts[3])
        score_x, score_o = int(parts[5]), int(parts[6])
        rules, matchto = int(parts[7]), int(parts[8])
    except ValueError:
        raise Bad("XGID %r: a field is not a number" % text)
    if turn not in (1, -1) or cube_pos not in (1, 0, -1) or not 0 <= cube_log <= 15:
        raise Bad("XGID %r: turn, cube position or cube out of range" % text)
    if matchto < 0 or score_x < 0 or score_o < 0 or rules not in (0, 1, 2, 3):
        raise Bad("XGID %r: score, match length or rules out of range" % text)
    st.fmove = 1 if turn == 1 else 0
    st.board = (o_side, x_side) if st.fmove == 1 else (x_side, o_side)
    st.cube = 1 << cube_log
    st.owner = {1: 1, 0: -1, -1: 0}[cube_pos]
    st.matchto = matchto
    st.score = (score_o, score_x)
    st.crawford = 1 if matchto > 0 and rules == 1 else 0
    if matchto == 0 and rules >= 2:
        raise Bad("XGID %r: beavers are not supported" % text)
    st.jacoby = 1 if matchto == 0 and rules in (1, 3) else 0
    st.gamestate = 1
    st.resigned = 0
    dice = parts[4]
    if dice == "D":
        st.doubled, st.turn, st.dice = 1, 1 - st.fmove, None
    elif len(dice) == 2 and dice.isdigit():
        d = (int(dice[0]), int(dice[1]))
        if (d[0] == 0) != (d[1] == 0) or d[0] > 6 or d[1] > 6:
            raise Bad("XGID %r: dice %r" % (text, dice))
        st.doubled, st.turn, st.dice = 0, st.fmove, (d if d[0] else None)
    else:
        raise Bad("XGID %r: dice %r (beavers and raccoons are not supported)" % (text, dice))
    st.position_id = gnubg.positionid(st.board)


def check(st):
    """What gnubg would not set up, or a position with no decision."""
    ours, theirs = st.board[1], st.board[0]
    for side in (ours, theirs):
        if any(n < 0 for n in side) or sum(side) > 15:
            raise Bad("more than 15 checkers of a side")
    for i in range(24):
        if ours[i] and theirs[23 - i]:
            raise Bad("both sides on point %d" % (i + 1))
    if st.matchto == 0 and st.crawford:
        raise Bad("a Crawford game in money play")
    if st.matchto and max(st.score) >= st.matchto:
        raise Bad("no decision: the match is over")
    if st.matchto > MAXSCORE:
        raise Bad("a %d-point match: gnubg plays matches up to %d points" % (st.matchto, MAXSCORE))
    if st.gamestate in (2, 3, 4):
        raise Bad("no decision: the game is over")
    if st.gamestate == 0 and not st.resigned:
        raise Bad("no decision: the opening roll comes first")
    if st.gamestate > 4:
        raise Bad("game state %d is none of gnubg's" % st.gamestate)
    if sum(ours) == 0 or sum(theirs) == 0:
        raise Bad("no decision: the game is over")
    if st.doubled and st.resigned:
        raise Bad("a double and a resignation at once")
    if st.doubled:
        if st.dice:
            raise Bad("a double offered after the dice were rolled")
        if st.turn == st.fmove:
            raise Bad("a double to answer by the doubler (beavers are not supported)")
        if st.crawford or st.owner == 1 - st.fmove:
            raise Bad("a double offered by a side that cannot double")
    elif not st.resigned and st.turn != st.fmove:
        raise Bad("the side to decide (turn) is not the side on roll")


def state_of(obj):
    if not isinstance(obj, dict):
        raise Bad("not a JSON object")
    st = State()
    if "xgid" in obj:
        if "position_id" in obj or "match_id" in obj:
            raise Bad("both \"xgid\" and gnubg IDs: give one of them")
        read_xgid(obj["xgid"], st)
    else:
        pid, mid = obj.get("position_id"), obj.get("match_id")
        if not isinstance(pid, str):
            raise Bad("no \"position_id\" (or \"xgid\") string")
        if not isinstance(mid, str):
            raise Bad("no \"match_id\" string")
        read_match_id(mid, st)
        read_position_id(pid, st)
    check(st)
    return st


# --- gnubg's evaluations ---------------------------------------------------------------

def cubeinfo(st, fmove, cube=None):
    """gnubg's cube information for `fmove` on roll (no beavers; the Jacoby rule as the
    IDs say, in money play)."""
    try:
        ci = gnubg.cubeinfo(cube or st.cube, st.owner, fmove, st.matchto,
                            tuple(st.score), st.crawford, 0)
    except Exception as e:
        raise Bad("gnubg rejects the cube and score: %s" % str(e).strip())
    ci["jacoby"] = st.jacoby if st.matchto == 0 else 0
    ci["beavers"] = 0
    return gnubg.calcgammonprice(ci)


def apply_play(board, move):
    """The board after `move` (findbestmove's tuple: from, to pairs, points 1-24 from the
    side on roll, 25 the bar, 0 off), turned for the other side on roll."""
    mine, theirs = list(board[1]), list(board[0])
    for k in range(0, len(move), 2):
        src, dst = move[k], move[k + 1]
        mine[src - 1] -= 1
        if dst > 0:
            mine[dst - 1] += 1
            if theirs[24 - dst] == 1:
                theirs[24 - dst] = 0
                theirs[24] += 1
    # The side that played is now board[0], not on roll.
    return (mine, theirs)


def value_before_roll(board, ci):
    """The equity of the side on roll before its roll, its cube options included (cubeful,
    normalised to the cube), and gnubg's cube evaluation."""
    cf = gnubg.cfevaluate(board, ci, EC_CUBE)
    return cf[0], cf


def match_id(st, fmove, dice):
    """The Match ID of `fmove` on roll with `dice` rolled, `st`'s cube and score (gnubg's
    layout), for setting gnubg's own match state."""
    hi, lo = max(dice), min(dice)
    bits = (st.cube.bit_length() - 1) | ((3 if st.owner == -1 else st.owner) << 4)
    bits |= fmove << 6 | st.crawford << 7 | 1 << 8 | fmove << 11
    bits |= hi << 15 | lo << 18 | st.matchto << 21
    bits |= st.score[0] << 36 | st.score[1] << 51 | (1 - st.jacoby) << 66
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


def hint_play(st, fmove, board, dice):
    """gnubg's hint at the position: (play, board after, equity, plies it was scored at), or
    None when gnubg did not set up the position asked.

    One evaluation call: gnubg 1.07 waits at least 10 ms for each (it polls its worker
    threads every 10 ms), so this is half the time of findbestmove and an evaluation."""
    pid, mid = gnubg.positionid(board), match_id(st, fmove, dice)
    gnubg.command("set matchid " + mid)
    gnubg.command("set board " + pid)
    hint = gnubg.hint(1)
    if not hint or hint.get("gnubgid") != pid + ":" + mid:
        return None
    moves = hint.get("hint") or []
    if not moves:
        return "", (list(board[1]), list(board[0])), None, 0
    best = moves[0]
    if best.get("type") != "eval" or "move" not in best:
        return None
    move = [n for pair in gnubg.parsemove(best["move"]) for n in pair]
    return best["move"], apply_play(board, move), best["equity"], best["context"]["plies"]


def best_play(st, fmove, board, dice):
    """gnubg's play for `dice`: (play, Position ID after, equity for the player)."""
    ci_other = cubeinfo(st, 1 - fmove)
    hinted = hint_play(st, fmove, board, dice)
    if hinted is None:
        # gnubg's state did not take the IDs: its functions, without the match state.
        ci = cubeinfo(st, fmove)
        move = gnubg.findbestmove(board, ci, EC_PLAY, tuple(dice))
        if move:
            hinted = (gnubg.movetupletostring(move, board), apply_play(board, move), None, 0)
        else:
            hinted = ("", (list(board[1]), list(board[0])), None, 0)
    play, after, equity, plies = hinted
    if equity is None or plies < PLIES:
        # The play was not scored at the plies asked (no play, or the only candidate left
        # by gnubg's move filter): the other side's equity on roll after it.
        if CUBEFUL:
            equity = -value_before_roll(after, ci_other)[0]
        else:
            equity = -gnubg.evaluate(after, ci_other, EC_PLAY)[5]
    return play, gnubg.positionid(after), equity


def resignation_value(st, decider):
    """What accepting the resignation gives `decider`, normalised to the cube."""
    points = st.resigned
    if st.matchto == 0:
        if st.jacoby and st.owner == -1:
            points = 1  # gammons do not count before the cube is turned
        return float(points)
    ci = cubeinfo(st, decider)
    mwc = gnubg.eq2mwc(1.0, cubeinfo(st, decider, st.cube * points))
    return gnubg.mwc2eq(mwc, ci)


def decide(st):
    """(action, play, Position ID after, equity of the side deciding)."""
    here = st.position_id
    if st.resigned:
        decider = st.turn
        if st.dice:
            on_roll = best_play(st, st.fmove, st.board, st.dice)[2]
        else:
            on_roll = value_before_roll(st.board, cubeinfo(st, st.fmove))[0]
        play_on = on_roll if decider == st.fmove else -on_roll
        given = resignation_value(st, decider)
        # gnubg's player accepts when resigning gains the resigner nothing.
        if given > play_on - 1e-6:
            return "accept", "", here, given
        return "reject", "", here, play_on
    if st.doubled:
        cf = gnubg.cfevaluate(st.board, cubeinfo(st, st.fmove), EC_CUBE)
        _, _, take, drop, cd = cf[:5]
        if cd == NOT_AVAILABLE:
            raise Bad("a double offered by a side that cannot double")
        # The doubler's equities, negated for the side doubled.
        if cd in DROPS:
            return "drop", "", here, -drop
        return "take", "", here, -take
    if st.dice:
        return ("play",) + best_play(st, st.fmove, st.board, st.dice)
    ci = cubeinfo(st, st.fmove)
    optimal, cf = value_before_roll(st.board, ci)
    no_double, take, drop, cd = cf[1], cf[2], cf[3], cf[4]
    double = cd in DOUBLES
    if cd in OPTIONAL and PLIES == 0:
        # gnubg's player doubles an optional double at 0-ply unless the game is lost.
        double = gnubg.evaluate(st.board, ci, EC_CUBE)[0] > 0.001
    if double:
        return "double", "", here, min(take, drop)
    return "no_double", "", here, no_double


# --- the loop --------------------------------------------------------------------------

def _no_constant(name):
    raise ValueError("%s is not JSON" % name)


def answer(line):
    try:
        obj = json.loads(line, parse_constant=_no_constant)
    except ValueError as e:
        raise Bad("not JSON: %s" % e)
    st = state_of(obj)
    start = time.perf_counter()
    action, play, after, equity = decide(st)
    ms = int((time.perf_counter() - start) * 1000)
    equity = float(equity)
    if equity != equity or abs(equity) == float("inf"):
        raise Bad("gnubg gave no equity for this position")
    equity = round(equity, 4) + 0.0  # no "-0.0"
    return json.dumps({
        "id": obj.get("id"),
        "action": action,
        "play": play,
        "position_id_after": after,
        "equity": equity,
        "time_ms": ms,
    }, separators=(",", ":"), ensure_ascii=False)


def main():
    out = os.fdopen(OUT_FD, "wb", buffering=0)
    err = sys.stderr
    stdin = sys.stdin.buffer
    bad = 0
    number = 0
    while True:
        raw = stdin.readline()
        if not raw:
            break
        number += 1
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            err.write("line %d: not UTF-8 text\n" % number)
            err.flush()
            bad += 1
            continue
        if not line.strip():
            continue
        try:
            text = answer(line.strip())
        except Bad as e:
            err.write("line %d: %s\n" % (number, e))
            err.flush()
            bad += 1
            continue
        except Exception as e:  # gnubg refused the position: report it, keep serving
            err.write("line %d: gnubg: %s\n" % (number, str(e).strip() or type(e).__name__))
            err.flush()
            bad += 1
            continue
        try:
            out.write((text + "\n").encode("utf-8"))
        except BrokenPipeError:
            sys.exit(1)
    out.close()
    sys.exit(1 if bad else 0)


main()
