//! Backgammon (the checker game) and the money game or match with the cube: full-turn plays
//! as one action each, 24,427 play actions (and 10 cube and resignation actions for the
//! match); observation vectors of 210 (checker game) and 220 (match) values.
//!
//! A source is written `0` for "no step", `1..=24` for the mover's points and `25` for the
//! bar (the mover's own numbering, as in the notation).
//!
//! * A play of a non-double roll, actions `0..676`: `high * 26 + low`, the source of the
//!   step that uses the higher die and of the step that uses the lower (`0` when that die is
//!   not played; `0` is the pass). The steps are those of the play as the library lists it:
//!   when one checker moves with both dice and both orders give the same position, the
//!   action is that of the order the move generator keeps (`legal_actions` lists it).
//!   Where a bear-off could use either die, the higher source takes the higher die.
//! * A play of doubles, actions `676..24427`: `676 + r`, where `r` ranks the multiset of the
//!   four sources (each `0..=25`, `0` for a step not played) in the combinatorial number
//!   system: with the sources sorted ascending `a1 <= a2 <= a3 <= a4`,
//!   `r = C(a1, 1) + C(a2 + 1, 2) + C(a3 + 2, 3) + C(a4 + 3, 4)`. Each distinct result has
//!   exactly one multiset, so this is exact.
//! * The match adds `24427 + k` for roll, double, take, drop, beaver, resign single, resign
//!   gammon, resign backgammon, accept, reject (`k = 0..10`).
//!
//! Chance outcomes: a roll of `high`-`low` is `high * (high - 1) / 2 + low - 1` (`0..21`); the
//! match's opening throw (X's die `x`, O's `o`) is `21 + (x - 1) * 6 + (o - 1)` (`21..57`).

use boardgames_core::backgammon::{
    Backgammon, Board, Dice, Match, MatchAction, Phase, Play, Side, Throw, WinKind,
};
use boardgames_core::{Game, Seat, Turn};
use rand::{Rng, RngCore};

use super::{Encoding, RuleValue};

/// Play actions of non-double rolls: two sources of 26 values.
const PAIRS: u32 = 26 * 26;
/// Play actions of doubles: multisets of four sources of 26 values, `C(29, 4)`.
const MULTISETS: u32 = 23_751;
/// All play actions.
pub const PLAYS: u32 = PAIRS + MULTISETS;
/// The match's words after the plays, in action order.
const WORDS: [MatchAction; 10] = [
    MatchAction::Roll,
    MatchAction::Double,
    MatchAction::Take,
    MatchAction::Drop,
    MatchAction::Beaver,
    MatchAction::Resign(WinKind::Single),
    MatchAction::Resign(WinKind::Gammon),
    MatchAction::Resign(WinKind::Backgammon),
    MatchAction::Accept,
    MatchAction::Reject,
];
/// The match's action space: the plays and the ten words.
pub const MATCH_ACTIONS: u32 = PLAYS + WORDS.len() as u32;
/// Observation values of the checker game.
const BOARD_VALUES: usize = 210;
/// Observation values the match adds.
const MATCH_VALUES: usize = 10;

/// `C(n, k)` for the small numbers of the rank.
const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r = 1u32;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Whether a step from `from` to `to` can have used die `d`.
fn uses(from: u8, to: u8, d: u8) -> bool {
    if to > 0 {
        from - to == d
    } else {
        d >= from
    }
}

/// The action of `play` under `dice`.
pub fn play_action(play: &Play, dice: Dice) -> u32 {
    let mut from = [0u8; 4];
    let mut to = [0u8; 4];
    let mut n = 0;
    for step in play.steps().take(4) {
        from[n] = step.from;
        to[n] = step.to;
        n += 1;
    }
    if dice.is_double() {
        let mut a = from;
        a.sort_unstable();
        let r = (0..4)
            .map(|i| choose(u32::from(a[i]) + i as u32, i as u32 + 1))
            .sum::<u32>();
        return PAIRS + r;
    }
    let (h, l) = (dice.high(), dice.low());
    let (high, low) = match n {
        0 => (0, 0),
        1 => {
            if to[0] > 0 && from[0] - to[0] == l || to[0] == 0 && from[0] == l {
                (0, from[0])
            } else {
                (from[0], 0)
            }
        }
        _ => {
            if uses(from[0], to[0], h) && uses(from[1], to[1], l) {
                (from[0], from[1])
            } else {
                (from[1], from[0])
            }
        }
    };
    u32::from(high) * 26 + u32::from(low)
}

/// Describes a play action in words.
fn describe_play(action: u32) -> String {
    let name = |s: u32| match s {
        0 => "none".to_owned(),
        25 => "bar".to_owned(),
        p => p.to_string(),
    };
    if action < PAIRS {
        return format!(
            "non-double roll: high die from {}, low die from {}",
            name(action / 26),
            name(action % 26)
        );
    }
    // Unrank the multiset: the largest a4 first.
    let mut r = action - PAIRS;
    let mut sources = [0u32; 4];
    for i in (0..4u32).rev() {
        let mut v = 0;
        while choose(v + 1 + i, i + 1) <= r {
            v += 1;
        }
        r -= choose(v + i, i + 1);
        sources[i as usize] = v;
    }
    let list: Vec<String> = sources.iter().rev().map(|&s| name(s)).collect();
    format!("doubles: steps from {}", list.join(", "))
}

/// The index of a roll, `0..21`.
fn dice_action(dice: Dice) -> u32 {
    let (h, l) = (u32::from(dice.high()), u32::from(dice.low()));
    h * (h - 1) / 2 + l - 1
}

/// TD-Gammon's four units for a count of checkers.
fn units(count: u8, out: &mut [f32]) {
    let c = f32::from(count);
    out[0] = if count >= 1 { 1.0 } else { 0.0 };
    out[1] = if count >= 2 { 1.0 } else { 0.0 };
    out[2] = if count >= 3 { 1.0 } else { 0.0 };
    out[3] = if count > 3 { (c - 3.0) / 2.0 } else { 0.0 };
}

/// The checker game's 210 values from `side`'s view: for each of its points 1..24, its own
/// checkers then the opponent's on the same point (four units each, 192 values); the bars
/// (/ 2) and the borne-off checkers (/ 15), own first; who is on roll (own, other); the dice
/// as two one-hot groups of six (high, low; zero before the roll).
fn observe_board(
    board: &Board,
    on_roll: Option<Side>,
    dice: Option<Dice>,
    side: Side,
    out: &mut [f32],
) {
    let other = side.other();
    for p in 1..=24usize {
        units(board.count(side, p), &mut out[(p - 1) * 8..]);
        units(board.count(other, 25 - p), &mut out[(p - 1) * 8 + 4..]);
    }
    out[192] = f32::from(board.bar(side)) / 2.0;
    out[193] = f32::from(board.bar(other)) / 2.0;
    out[194] = f32::from(board.off(side)) / 15.0;
    out[195] = f32::from(board.off(other)) / 15.0;
    out[196] = if on_roll == Some(side) { 1.0 } else { 0.0 };
    out[197] = if on_roll == Some(other) { 1.0 } else { 0.0 };
    if let Some(d) = dice {
        out[198 + usize::from(d.high()) - 1] = 1.0;
        out[204 + usize::from(d.low()) - 1] = 1.0;
    }
}

/// The side of a seat: seat 0 is X, seat 1 is O.
fn side_of(seat: Seat) -> Side {
    if seat.0 == 0 {
        Side::X
    } else {
        Side::O
    }
}

impl Encoding for Backgammon {
    const RANDOM_FROM_LIST: bool = true;

    /// Two dice thrown: one of 36 equally likely ordered pairs.
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Dice> {
        if self.turn() != Turn::Chance {
            return None;
        }
        let r = rng.random_range(0..36u8);
        Dice::new(r / 6 + 1, r % 6 + 1).ok()
    }

    fn action_count(&self) -> usize {
        PLAYS as usize
    }

    fn chance_count(&self) -> usize {
        21
    }

    fn action_of(&self, mv: Play) -> u32 {
        self.dice().map_or(0, |d| play_action(&mv, d))
    }

    fn chance_action(&self, outcome: Dice) -> u32 {
        dice_action(outcome)
    }

    fn describe_action(&self, action: u32) -> String {
        if action < PLAYS {
            describe_play(action)
        } else {
            format!("action {action}")
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![BOARD_VALUES]
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let on_roll = (!self.is_over()).then(|| self.side());
        observe_board(self.board(), on_roll, self.dice(), side_of(seat), out);
    }
}

impl Encoding for Match {
    const RANDOM_FROM_LIST: bool = true;

    fn action_count(&self) -> usize {
        MATCH_ACTIONS as usize
    }

    fn chance_count(&self) -> usize {
        57
    }

    fn action_of(&self, mv: MatchAction) -> u32 {
        match mv {
            MatchAction::Play(play) => self.position().dice().map_or(0, |d| play_action(&play, d)),
            word => PLAYS + WORDS.iter().position(|&w| w == word).unwrap_or(0) as u32,
        }
    }

    /// A match (length > 0) is worth 1 to its winner, whatever the last game's points; a
    /// money game is worth the points won.
    fn points_value(&self, points: u32) -> f64 {
        if self.rules().length > 0 {
            1.0
        } else {
            f64::from(points)
        }
    }

    fn chance_action(&self, outcome: Throw) -> u32 {
        match outcome {
            Throw::Roll(d) => dice_action(d),
            Throw::Opening { x, o } => 21 + u32::from(x - 1) * 6 + u32::from(o - 1),
        }
    }

    fn describe_action(&self, action: u32) -> String {
        if action < PLAYS {
            describe_play(action)
        } else {
            WORDS
                .get((action - PLAYS) as usize)
                .map_or_else(|| format!("action {action}"), ToString::to_string)
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![BOARD_VALUES + MATCH_VALUES]
    }

    /// The match length (0 for money play) and the options of
    /// [`MatchRules`](boardgames_core::backgammon::MatchRules).
    fn rules(&self) -> Vec<(&'static str, RuleValue)> {
        let r = Match::rules(self);
        vec![
            ("length", RuleValue::Count(u64::from(r.length))),
            ("jacoby", RuleValue::Flag(r.jacoby)),
            ("beavers", RuleValue::Count(u64::from(r.beavers))),
            ("raccoons", RuleValue::Flag(r.raccoons)),
            ("auto_doubles", RuleValue::Count(u64::from(r.auto_doubles))),
            ("holland", RuleValue::Flag(r.holland)),
        ]
    }

    /// The checker game's 210 values, then: log2 of the cube / 6; who owns the cube (the
    /// observer, the opponent, centred); the scores (observer's, opponent's) / the match
    /// length (0 in a money game); the Crawford game; a double offered; a resignation
    /// offered; the match length / 64.
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let side = side_of(seat);
        let pos = self.position();
        let over = self.outcome().is_some();
        let on_roll = (!over).then(|| self.side_on_roll());
        observe_board(pos.board(), on_roll, pos.dice(), side, out);
        let extra = &mut out[BOARD_VALUES..];
        extra[0] = f32::from(self.cube_value().max(1)).log2() / 6.0;
        match self.cube_owner() {
            Some(owner) if owner == side => extra[1] = 1.0,
            Some(_) => extra[2] = 1.0,
            None => extra[3] = 1.0,
        }
        let length = self.rules().length;
        if length > 0 {
            let score = self.score();
            extra[4] = f32::from(score[side.index()]) / f32::from(length);
            extra[5] = f32::from(score[side.other().index()]) / f32::from(length);
        }
        extra[6] = if self.is_crawford() { 1.0 } else { 0.0 };
        extra[7] = if matches!(self.phase(), Phase::DoubleOffered) {
            1.0
        } else {
            0.0
        };
        extra[8] = if matches!(self.phase(), Phase::ResignationOffered { .. }) {
            1.0
        } else {
            0.0
        };
        extra[9] = f32::from(length.min(64)) / 64.0;
    }
}
