//! XGID, eXtreme Gammon's one-line position and match state.
//!
//! `XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10`, ten fields separated by `:`:
//!
//! 1. 26 characters: slot 0 = O's bar, slots 1..=24 = points 1..=24 in X's numbering,
//!    slot 25 = X's bar; `-` empty, `A`..`O` = 1..15 checkers of X, `a`..`o` of O.
//! 2. log2 of the cube value; 3. cube owner: `1` X, `-1` O, `0` centred;
//! 4. turn: `1` X, `-1` O; 5. dice: `00` to roll, `D` a double offered (by the side on
//!    turn, the cube as it stood before the double: gnubg's `SetXGID` gives the decision to
//!    the other side), `B` beaver, `R` resignation offered, or the two dice (`52`);
//! 6. X's score; 7. O's score; 8. in a match 1 = Crawford game, in money play 1 = Jacoby,
//!    2 = beaver, 3 = both; 9. match length (0 = money); 10. the highest cube (log2).
//!
//! Here X is XG's bottom player (uppercase), the neutral format's X; the position is always
//! written from X's side whoever is on turn.
//!
//! Reading refuses the fields that no state of the rules has ([`Xgid::problems`]): the
//! beaver flag in a match, a score at the match length, the Crawford game at a score where
//! not exactly one side needs one point or with a turned cube or a double, a cube owned at
//! 1, centred above 1 in a match or above the highest cube, a double the doubler may not
//! offer, a beaver where beavers are not allowed.

use core::fmt;
use core::str::FromStr;

use super::error::MatchProblem;
use crate::backgammon::board::{Board, Side, BAR, CHECKERS};
use crate::backgammon::dice::Dice;
use crate::backgammon::error::{IdError, SetupError, SetupProblem, SyntaxProblem};
use crate::backgammon::ids::{GameState, MatchId};
use crate::backgammon::session::cube::{doubled, MatchRules};
use crate::backgammon::session::setup::{MatchSetup, SetupOptions};
use crate::problems::Joined;

const KIND: &str = "XGID";

/// What the dice field of an XGID says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum XgidDice {
    /// `00`: the player on turn is to roll (or double).
    ToRoll,
    /// The dice rolled.
    Rolled(Dice),
    /// `D`: the player on turn has doubled; the other side takes or drops.
    DoubleOffered,
    /// `B`: a beaver.
    Beaver,
    /// `R`: a resignation has been offered.
    Resign,
}

/// Every field of an XGID (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xgid {
    /// The checkers.
    pub board: Board,
    /// log2 of the cube value, `0..=15`.
    pub cube_log2: u8,
    /// The cube owner, `None` = centred.
    pub cube_owner: Option<Side>,
    /// The player on turn (with a double offered, the doubler).
    pub turn: Side,
    /// The dice field.
    pub dice: XgidDice,
    /// Scores indexed by [`Side::index`].
    pub score: [u16; 2],
    /// Field 8: the Crawford flag in a match, the Jacoby (1) / beaver (2) flags in money play.
    pub rules: u8,
    /// The match length, 0 = money.
    pub match_length: u16,
    /// log2 of the highest cube allowed (XG writes 10 by default).
    pub max_cube_log2: u8,
}

impl Xgid {
    /// An XGID with default match fields: centred 1-cube, money, score 0-0, max cube 10.
    #[must_use]
    pub fn money(board: Board, turn: Side, dice: XgidDice) -> Xgid {
        Xgid {
            board,
            cube_log2: 0,
            cube_owner: None,
            turn,
            dice,
            score: [0, 0],
            rules: 0,
            match_length: 0,
            max_cube_log2: 10,
        }
    }

    /// Every rule the match fields break, in this order: the beaver flag (field 8 at 2 or
    /// 3) in a match, a score at or past the match length, the Crawford flag where not
    /// exactly one side needs one point or with a turned cube, a cube owned at 1, a centred
    /// cube above 1 in a match (automatic doubles are money play's), a cube above the highest
    /// cube (field 10), a double (`D`) the side on turn may not offer (the Crawford game, the
    /// cube the other side's, the cube at the highest value), a beaver (`B`) outside money
    /// play with the beaver flag. Empty for a state of the rules.
    #[must_use]
    pub fn problems(&self) -> Vec<MatchProblem> {
        let mut problems = Vec::new();
        let rules = MatchRules::to_points(self.match_length);
        let in_match = !rules.is_money();
        let crawford = in_match && self.rules == 1;
        if in_match && self.rules > 1 {
            problems.push(MatchProblem::MoneyRuleInMatch { rules: self.rules });
        }
        if rules.is_match_over(self.score) {
            problems.push(MatchProblem::MatchWon);
        }
        let cube = 1u16 << self.cube_log2.min(15);
        if crawford {
            let away = self.score.iter().filter(|&&s| rules.one_away(s)).count();
            if away != 1 {
                problems.push(MatchProblem::CrawfordScore);
            }
            if cube != 1 || self.cube_owner.is_some() {
                problems.push(MatchProblem::CrawfordCube);
            }
        }
        match self.cube_owner {
            Some(owner) if cube == 1 => problems.push(MatchProblem::CubeOwnedAtOne { owner }),
            None if cube > 1 && in_match => {
                problems.push(MatchProblem::CentredCubeInMatch { value: cube });
            }
            _ => {}
        }
        if self.cube_log2 > self.max_cube_log2 {
            problems.push(MatchProblem::CubeAboveLimit {
                log2: self.cube_log2,
                max_log2: self.max_cube_log2,
            });
        }
        match self.dice {
            XgidDice::DoubleOffered => {
                let at_limit = self.cube_log2 >= self.max_cube_log2 || doubled(cube).is_none();
                if crawford || self.cube_owner == Some(self.turn.other()) || at_limit {
                    problems.push(MatchProblem::MayNotDouble(self.turn));
                }
            }
            XgidDice::Beaver if in_match || self.rules & 2 == 0 => {
                problems.push(MatchProblem::BeaverNotAllowed);
            }
            _ => {}
        }
        problems
    }
}

fn slot_char(n: u8, upper: bool) -> char {
    if n == 0 {
        '-'
    } else {
        let c = (b'a' + n.min(15) - 1) as char;
        if upper {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }
}

impl fmt::Display for Xgid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("XGID=")?;
        let b = &self.board;
        write!(f, "{}", slot_char(b.bar(Side::O), false))?;
        for p in 1..=24usize {
            let x = b.count(Side::X, p);
            let o = b.count(Side::O, 25 - p);
            let c = if x > 0 {
                slot_char(x, true)
            } else {
                slot_char(o, false)
            };
            write!(f, "{c}")?;
        }
        write!(f, "{}", slot_char(b.bar(Side::X), true))?;
        let side_num = |s: Side| if s == Side::X { 1 } else { -1 };
        let owner = self.cube_owner.map_or(0, side_num);
        let dice = match self.dice {
            XgidDice::ToRoll => "00".to_string(),
            XgidDice::Rolled(d) => d.to_string(),
            XgidDice::DoubleOffered => "D".into(),
            XgidDice::Beaver => "B".into(),
            XgidDice::Resign => "R".into(),
        };
        write!(
            f,
            ":{}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.cube_log2,
            owner,
            side_num(self.turn),
            dice,
            self.score[Side::X.index()],
            self.score[Side::O.index()],
            self.rules,
            self.match_length,
            self.max_cube_log2
        )
    }
}

impl Xgid {
    /// The session state the XGID describes, as a [`MatchSetup`] (gnubg's Position ID and
    /// Match ID fields): a game being played, the side on turn on roll with the dice rolled
    /// or to roll, or, with `D`, the doubler's double waiting for the other side's answer;
    /// field 8 is the Crawford flag in a match and in money play the Jacoby rule (1) and
    /// beavers (2: one beaver an exchange, [`MatchRules::beavers`] 1).
    ///
    /// ```
    /// use boardgames_core::backgammon::{Match, Side, Xgid};
    ///
    /// // The start, X to roll in a 5-point match at 2-1 for X.
    /// let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:1:0:5:10".parse()?;
    /// let m = x.to_match_setup()?.into_match()?;
    /// assert_eq!(m.rules().length, 5);
    /// assert_eq!(m.side_on_roll(), Side::X);
    /// assert_eq!(m.score()[Side::X.index()], 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MatchProblem::XgidPending`] for a beaver or a resignation pending (`B`, `R`).
    pub fn to_match_setup(&self) -> Result<MatchSetup, SetupError> {
        let (dice, double_offered) = match self.dice {
            XgidDice::ToRoll => (None, false),
            XgidDice::Rolled(d) => (Some(d), false),
            XgidDice::DoubleOffered => (None, true),
            XgidDice::Beaver => {
                return Err(SetupProblem::from(MatchProblem::XgidPending("a beaver")).into())
            }
            XgidDice::Resign => {
                return Err(SetupProblem::from(MatchProblem::XgidPending("a resignation")).into())
            }
        };
        let flag = self.rules & 1 == 1;
        let in_match = self.match_length > 0;
        let match_id = MatchId {
            cube_log2: self.cube_log2,
            cube_owner: self.cube_owner,
            dice_owner: self.turn,
            crawford: in_match && flag,
            state: GameState::Playing,
            turn: if double_offered {
                self.turn.other()
            } else {
                self.turn
            },
            double_offered,
            resignation: 0,
            dice,
            match_length: self.match_length,
            score: self.score,
            jacoby: !in_match && flag,
        };
        Ok(MatchSetup {
            board: self.board,
            match_id,
            rolling: false,
            options: SetupOptions {
                // The beaver flag: beavers allowed (one an exchange; XG has no raccoons).
                beavers: u8::from(!in_match && self.rules & 2 == 2),
                ..SetupOptions::default()
            },
        })
    }
}

impl FromStr for Xgid {
    type Err = SetupError;

    /// Reads an XGID with or without the `XGID=` prefix (in any case).
    ///
    /// # Errors
    /// [`SetupError`]: a text that is no XGID as [`SyntaxProblem::Id`], or else every rule
    /// its fields break ([`Xgid::problems`]) as [`SetupProblem::Match`].
    fn from_str(text: &str) -> Result<Xgid, SetupError> {
        let x = Xgid::parse(text).map_err(SyntaxProblem::Id)?;
        let problems = x.problems();
        if problems.is_empty() {
            Ok(x)
        } else {
            Err(SetupError::new(
                problems.into_iter().map(SetupProblem::Match).collect(),
            ))
        }
    }
}

impl Xgid {
    /// Reads the fields of an XGID, without checking them against the rules.
    fn parse(text: &str) -> Result<Xgid, IdError> {
        let bad = |what: String| IdError::new(KIND, text, what);
        let t = text.trim();
        let t = match t.get(..5) {
            Some(prefix) if prefix.eq_ignore_ascii_case("XGID=") => &t[5..],
            _ => t,
        };
        let fields: Vec<&str> = t.split(':').collect();
        if fields.len() != 10 {
            return Err(bad(format!("{} fields, expected 10", fields.len())));
        }
        let pos: Vec<char> = fields[0].chars().collect();
        if pos.len() != 26 {
            return Err(bad(format!(
                "position field has {} characters, expected 26",
                pos.len()
            )));
        }
        let mut board = Board::EMPTY;
        for (i, &c) in pos.iter().enumerate() {
            let (side, n) = match c {
                '-' => continue,
                'A'..='O' => (Side::X, c as u8 - b'A' + 1),
                'a'..='o' => (Side::O, c as u8 - b'a' + 1),
                _ => return Err(bad(format!("position character {} ({c:?})", i + 1))),
            };
            let slot = match (i, side) {
                (0, Side::O) => BAR,
                (25, Side::X) => BAR,
                (0, Side::X) | (25, Side::O) => {
                    return Err(bad(format!(
                        "position character {}: the wrong side's bar",
                        i + 1
                    )))
                }
                (p, Side::X) => p,
                (p, Side::O) => 25 - p,
            };
            board.set_count(side, slot, n);
        }
        for side in Side::BOTH {
            let on = board.total(side);
            if on > u32::from(CHECKERS) {
                return Err(bad(format!("{side} has {on} checkers")));
            }
            board.set_count(side, 0, CHECKERS - on as u8);
        }
        let int = |i: usize, lo: i64, hi: i64| -> Result<i64, IdError> {
            let v: i64 = fields[i]
                .trim()
                .parse()
                .map_err(|_| bad(format!("field {} ({:?}) is not a number", i + 1, fields[i])))?;
            if v < lo || v > hi {
                return Err(bad(format!("field {} is {v}, expected {lo}..={hi}", i + 1)));
            }
            Ok(v)
        };
        let side = |v: i64| if v > 0 { Side::X } else { Side::O };
        let cube_log2 = int(1, 0, 15)? as u8;
        let owner = int(2, -1, 1)?;
        let turn = int(3, -1, 1)?;
        if turn == 0 {
            return Err(bad("field 4 (turn) must be 1 or -1".into()));
        }
        let dice = match fields[4].trim() {
            "00" | "0" => XgidDice::ToRoll,
            "D" => XgidDice::DoubleOffered,
            "B" => XgidDice::Beaver,
            "R" => XgidDice::Resign,
            d => XgidDice::Rolled(d.parse().map_err(|e| bad(format!("field 5: {e}")))?),
        };
        let mut score = [0u16; 2];
        score[Side::X.index()] = int(5, 0, 32767)? as u16;
        score[Side::O.index()] = int(6, 0, 32767)? as u16;
        let rules = int(7, 0, 3)? as u8;
        let match_length = int(8, 0, 32767)? as u16;
        let max_cube_log2 = int(9, 0, 15)? as u8;
        let problems = board.problems();
        if !problems.is_empty() {
            return Err(bad(Joined(&problems).to_string()));
        }
        Ok(Xgid {
            board,
            cube_log2,
            cube_owner: (owner != 0).then(|| side(owner)),
            turn: side(turn),
            dice,
            score,
            rules,
            match_length,
            max_cube_log2,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        // Hand-worked from the format: X's 2 on 24 = 'B' at slot 24, O's 2 on its 24 (X's 1)
        // = 'b' at slot 1, and so on.
        let text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
        let x: Xgid = text.parse().unwrap();
        assert_eq!(x.board, Board::standard());
        assert_eq!(x.to_string(), text);
        assert!("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0"
            .parse::<Xgid>()
            .is_err());
        assert!("XGID=-b----E-C---eE---c-e----BB:0:0:1:00:0:0:0:0:10"
            .parse::<Xgid>()
            .is_err());
        // The prefix may be left out or written in any case.
        for other in [
            &text[5..],
            "xgid=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        ] {
            assert_eq!(other.parse::<Xgid>().unwrap(), x, "{other}");
        }
        // A text too short for a prefix, or with a multi-byte character where it would end,
        // is an error, never a panic.
        assert!("XGI".parse::<Xgid>().is_err());
        assert!("XGID\u{e9}-b".parse::<Xgid>().is_err());
    }
}
