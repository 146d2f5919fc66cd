//! Backgammon case sets. A case is a position (with the side on roll) and a roll; the measure
//! is every distinct position the roll leads to (full turns).
//!
//! * `corpus_21_rolls`: 3,063 positions, every one with all 21 rolls (64,323 cases, 2 in 7
//!   doubles), shuffled: the 1,563 handed reference positions (`random_A`, `opening`, `edge`)
//!   and 1,500 distinct positions spread evenly over the 1,428 real matches (`real`).
//! * `real`: every distinct (position, side on roll, roll) met in the real matches, with the
//!   roll actually thrown (57,969 cases, about 1 in 6 doubles), shuffled.
//! * `handed`: the 1,563 handed positions with their own rolls, shuffled: a small set, kept
//!   only as a second figure (a branch predictor learns much of it).
//!
//! The same sets are written as text for other programs by the `backgammon_cases` program
//! ([`write_case`] gives the line format), and timed by the `backgammon_turns` program.

use std::collections::HashSet;

use boardgames_core::backgammon::{self as movegen, TurnSink};
use boardgames_core::backgammon::{Backgammon, Board, Dice, Setup, Side};

use crate::{read_jsonl_gz, shuffled};

/// A position with the side on roll, and the roll to play.
pub type Case = (Backgammon, Dice);

/// The number of real-match positions taken into `corpus_21_rolls`.
pub const REAL_IN_CORPUS: usize = 1_500;

/// A named case set.
pub struct CaseSet {
    /// The set's name in the benches and the timing programs.
    pub name: &'static str,
    /// The cases, in the order they are timed.
    pub cases: Vec<Case>,
}

/// Writes every result of a case as a board into a buffer reused across calls
/// ([`movegen::MAX_PLAYS`] boards, allocated once): no allocation per call.
struct Boards<'a> {
    pos: &'a Backgammon,
    out: &'a mut [Board],
    len: usize,
}

impl TurnSink for Boards<'_> {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn push(&mut self, mover: u128, opponent: u128, _hits: u32, _steps: &[(u8, u8)]) {
        self.out[self.len] = movegen::board_of(self.pos.side(), mover, opponent);
        self.len += 1;
    }
}

/// The measure of the benches: every distinct result of every case written as a board
/// into `buf` (at least [`movegen::MAX_PLAYS`] long); the number of results.
#[inline]
pub fn full_turns(cases: &[Case], buf: &mut [Board]) -> usize {
    let mut total = 0;
    for (pos, dice) in cases {
        let mut sink = Boards {
            pos,
            out: buf,
            len: 0,
        };
        pos.generate(*dice, &mut sink);
        total += std::hint::black_box(sink.len);
    }
    total
}

/// The handed reference positions with their own dice (`random_A`, `opening`, `edge`: 1,563),
/// in file order.
#[must_use]
pub fn handed() -> Vec<Case> {
    let mut out = Vec::new();
    for name in ["random_A", "opening", "edge"] {
        for rec in read_jsonl_gz(&format!("backgammon/{name}.jsonl.gz")) {
            let setup: Setup = serde_json::from_value(rec["input"].clone()).expect("position");
            let pos = setup.into_position().expect("valid position");
            let dice = pos.dice().expect("dice");
            out.push((pos, dice));
        }
    }
    out
}

/// Every distinct (position, side on roll, roll) of a checker play in the real matches, in
/// file order (57,969 cases; a play's position comes from its Position ID).
#[must_use]
pub fn real() -> Vec<Case> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for game in read_jsonl_gz("backgammon/real.jsonl.gz") {
        for a in game["actions"].as_array().expect("actions") {
            let (Some("move"), Some(pid), Some(dice)) = (
                a["type"].as_str(),
                a["pid_before"].as_str(),
                a["dice"].as_array(),
            ) else {
                continue;
            };
            let side = Side::from_gnubg_player(a["player"].as_u64().unwrap_or(0) as u8);
            let die = |i: usize| dice[i].as_u64().unwrap_or(0) as u8;
            let dice = Dice::new(die(0), die(1)).expect("dice");
            let pos = Backgammon::from_position_id(pid, side).expect("Position ID");
            if seen.insert((*pos.board(), side, dice)) {
                out.push((pos, dice));
            }
        }
    }
    out
}

/// The distinct positions (with the side on roll) of [`real`], in file order (56,610).
#[must_use]
pub fn real_positions() -> Vec<Backgammon> {
    let mut seen = HashSet::new();
    real()
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| seen.insert((*p.board(), p.side())))
        .collect()
}

/// Every position of `positions` with each of the 21 rolls.
#[must_use]
pub fn with_all_rolls(positions: &[Backgammon]) -> Vec<Case> {
    positions
        .iter()
        .flat_map(|p| Dice::all().map(move |d| (*p, d)))
        .collect()
}

/// The 3,063 positions of `corpus_21_rolls`: the handed ones, then [`REAL_IN_CORPUS`] real
/// ones taken at even steps through [`real_positions`].
#[must_use]
pub fn corpus_positions() -> Vec<Backgammon> {
    let mut out: Vec<Backgammon> = handed().into_iter().map(|(p, _)| p).collect();
    let real = real_positions();
    out.extend((0..REAL_IN_CORPUS).map(|i| real[i * real.len() / REAL_IN_CORPUS]));
    out
}

/// The sets timed by the bench, the headline first; `_doubles` and `_non_doubles` are the
/// parts of the set before them.
#[must_use]
pub fn sets() -> Vec<CaseSet> {
    let corpus = shuffled(with_all_rolls(&corpus_positions()), 4);
    let part = |doubles: bool| -> Vec<Case> {
        corpus
            .iter()
            .copied()
            .filter(|(_, d)| d.is_double() == doubles)
            .collect()
    };
    vec![
        CaseSet {
            name: "corpus_21_rolls_doubles",
            cases: part(true),
        },
        CaseSet {
            name: "corpus_21_rolls_non_doubles",
            cases: part(false),
        },
        CaseSet {
            name: "corpus_21_rolls",
            cases: corpus,
        },
        CaseSet {
            name: "real",
            cases: shuffled(real(), 7),
        },
        CaseSet {
            name: "handed_small",
            cases: shuffled(handed(), 1),
        },
    ]
}

/// One case as a text line of 28 integers: `p0 .. p25 d1 d2`. The side on roll is "x"
/// (positive counts) and moves from its 24-point down; `p[1..=24]` are its points, `p[25]`
/// its bar, `p[0]` the opponent's bar (negative); the opponent's checkers are negative on
/// the points they stand on, in x's numbering. Checkers not listed are borne off. The dice
/// follow, the higher first.
#[must_use]
pub fn write_case((pos, dice): &Case) -> String {
    let me = pos.board().counts(pos.side());
    let opp = pos.board().counts(pos.side().other());
    let mut p = [0i32; 26];
    for i in 1..=25 {
        p[i] += i32::from(me[i]);
        // The opponent's slot j is the mover's point 25 - j; its bar (slot 25) is p[0].
        p[25 - i] -= i32::from(opp[i]);
    }
    let mut line: Vec<String> = p.iter().map(i32::to_string).collect();
    line.push(dice.high().to_string());
    line.push(dice.low().to_string());
    line.join(" ")
}

/// Reads a line written by [`write_case`] back into a case (the mover is X).
///
/// # Errors
/// A message naming what is wrong with the line: not 28 whole numbers, checkers on the
/// wrong bar, more than 15 checkers a side, a die outside 1 to 6, or a board the rules
/// refuse (a point shared by both sides).
pub fn read_case(line: &str) -> Result<Case, String> {
    let n: Vec<i32> = line
        .split_whitespace()
        .map(|w| w.parse().map_err(|e| format!("{w:?}: {e}")))
        .collect::<Result<_, _>>()?;
    if n.len() != 28 {
        return Err(format!("{} numbers, 28 expected", n.len()));
    }
    if n[0] > 0 || n[25] < 0 {
        return Err("p0 is the opponent's bar (0 or less), p25 the mover's (0 or more)".into());
    }
    let mine: i32 = n[..26].iter().filter(|&&c| c > 0).sum();
    let theirs: i32 = -n[..26].iter().filter(|&&c| c < 0).sum::<i32>();
    if mine > 15 || theirs > 15 {
        return Err(format!(
            "{mine} and {theirs} checkers; each side has at most 15"
        ));
    }
    let die = |x: i32| u8::try_from(x).ok().filter(|d| (1..=6).contains(d));
    let (Some(d1), Some(d2)) = (die(n[26]), die(n[27])) else {
        return Err(format!("dice {} {}: each die is 1 to 6", n[26], n[27]));
    };
    let mut board = Board::EMPTY;
    for (i, &c) in n[..26].iter().enumerate() {
        let count = c.unsigned_abs() as u8;
        if c > 0 {
            board.set_count(Side::X, i, count);
        } else if c < 0 {
            board.set_count(Side::O, 25 - i, count);
        }
    }
    board.set_count(Side::X, 0, (15 - mine) as u8);
    board.set_count(Side::O, 0, (15 - theirs) as u8);
    let dice = Dice::new(d1, d2).map_err(|e| e.to_string())?;
    let pos = Backgammon::from_parts(board, Side::X, Some(dice), 1).map_err(|e| e.to_string())?;
    Ok((pos, dice))
}
