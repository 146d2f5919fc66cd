//! The setup of a money game or match: a gnubg Position ID and Match ID, the checks that turn
//! them into a [`Match`], and their text form `PositionID:MatchID`.
//!
//! The two IDs carry the board, the side on roll and its dice, the cube value and owner, the
//! score, the match length, the Crawford game, the Jacoby rule, and a double or resignation
//! waiting for an answer. What is beyond them follows as more words, each only when it is not
//! the default, in this order: `rolling` (the side on roll chose to roll without doubling and
//! the dice are not thrown yet); the optional rules `beavers=N`, `raccoons`,
//! `auto-doubles=N`, `holland`; and the state they need, `redoubles=N` (beavers and
//! raccoons made since the double offered), `auto-doubled=N` (automatic doubles made this
//! game), `rolls=A-B` (rolls X and O played this game, up to 2, under the Holland rule).
//!
//! Where gnubg leaves a field free, this crate writes it as [`Match::match_id`] says and reads
//! it the same way, so that every state of a session round-trips; other programs' IDs are read
//! leniently where a field does not matter (the board, dice and cube before the opening
//! throw) and refused where the IDs contradict the rules.

use core::fmt;
use core::str::FromStr;

use super::error::MatchProblem;
use crate::backgammon::board::{Board, Side};
use crate::backgammon::error::{SetupError, SetupProblem, SyntaxProblem};
use crate::backgammon::ids::{self, GameState, MatchId};
use crate::backgammon::position::{Backgammon, WinKind};
use crate::backgammon::session::cube::{doubled, Ending, MatchRules, MAX_CUBE, MAX_SCORE};
use crate::backgammon::session::game::{Match, Phase};

/// A money game or match as plain data: the board of a Position ID, the fields of a Match ID
/// and whether the side on roll chose to roll. Possibly impossible; [`Match`]'s
/// [`Game::from_setup`](crate::Game::from_setup) checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchSetup {
    /// The checkers; the Position ID is written from `match_id.dice_owner`'s side.
    pub board: Board,
    /// The Match ID's fields.
    pub match_id: MatchId,
    /// The side on roll, which could double, chose to roll; the dice are not thrown yet.
    /// Written as a third field, `:rolling`.
    pub rolling: bool,
    /// The optional rules and the state they need (all default: none).
    pub options: SetupOptions,
}

/// What a setup says beyond the two IDs about the optional rules of the cube
/// ([`MatchRules`]) and the state they need; the default is none of them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SetupOptions {
    /// [`MatchRules::beavers`]; the word `beavers=N`.
    pub beavers: u8,
    /// [`MatchRules::raccoons`]; the word `raccoons`.
    pub raccoons: bool,
    /// [`MatchRules::auto_doubles`]; the word `auto-doubles=N`.
    pub auto_doubles: u8,
    /// [`MatchRules::holland`]; the word `holland`.
    pub holland: bool,
    /// Beavers and raccoons made since the double offered; the word `redoubles=N`.
    pub redoubles: u8,
    /// Automatic doubles made this game; the word `auto-doubled=N`.
    pub auto_doubled: u8,
    /// Rolls X and O played this game, up to 2 each, under the Holland rule; the word
    /// `rolls=A-B`.
    pub rolls: [u8; 2],
}

impl SetupOptions {
    /// The words of the options that are not the default, in their order.
    fn words(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.beavers > 0 {
            out.push(format!("beavers={}", self.beavers));
        }
        if self.raccoons {
            out.push("raccoons".to_owned());
        }
        if self.auto_doubles > 0 {
            out.push(format!("auto-doubles={}", self.auto_doubles));
        }
        if self.holland {
            out.push("holland".to_owned());
        }
        if self.redoubles > 0 {
            out.push(format!("redoubles={}", self.redoubles));
        }
        if self.auto_doubled > 0 {
            out.push(format!("auto-doubled={}", self.auto_doubled));
        }
        if self.rolls != [0, 0] {
            out.push(format!("rolls={}-{}", self.rolls[0], self.rolls[1]));
        }
        out
    }

    /// Reads one word into these options; `false` when it is none of theirs.
    fn read(&mut self, word: &str) -> bool {
        let lower = word.to_ascii_lowercase();
        let Some((key, value)) = lower.split_once('=') else {
            match lower.as_str() {
                "raccoons" => self.raccoons = true,
                "holland" => self.holland = true,
                _ => return false,
            }
            return true;
        };
        if key == "rolls" {
            let Some((Ok(a), Ok(b))) = value.split_once('-').map(|(a, b)| (a.parse(), b.parse()))
            else {
                return false;
            };
            self.rolls = [a, b];
            return true;
        }
        let field = match key {
            "beavers" => &mut self.beavers,
            "auto-doubles" => &mut self.auto_doubles,
            "redoubles" => &mut self.redoubles,
            "auto-doubled" => &mut self.auto_doubled,
            _ => return false,
        };
        match value.parse() {
            Ok(n) => {
                *field = n;
                true
            }
            Err(_) => false,
        }
    }
}

impl MatchSetup {
    /// The gnubg Position ID of the board, from the dice owner's side.
    #[must_use]
    pub fn position_id(&self) -> String {
        ids::position_id(&self.board, self.match_id.dice_owner)
    }

    /// Checks the setup and builds the session.
    ///
    /// The fields are read as [`Match::match_id`] writes them. Before the opening throw (game
    /// state 0) only the rules, the score, the Crawford game and a resignation offered are
    /// read; the game starts from the standard position with the cube at 1. When a game is
    /// over (states 2 to 4), the dice owner is the side on roll at its end (the doubler of a
    /// dropped double), the turn of a resigned game is the side that resigned and the
    /// resignation field the value resigned (1 to 3); dice are ignored.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem: an invalid board, a score or length beyond 32767,
    /// a score that ended the match while a game is played, a match not over at a finished
    /// game (or over before it), a Crawford game outside a match, at a score where not
    /// exactly one side needs one point, or with a turned cube, a cube owned at 1 or centred
    /// above 1 in a match, a double (offered or dropped) that the rules do not allow, the
    /// turn of the wrong side, dice where none belong, a resignation value at a game ended
    /// otherwise, a finished game with no winner, a decision to roll where no double was
    /// possible. `docs/backgammon.md` ("What the IDs may not say") lists every rule.
    pub fn into_match(self) -> Result<Match, SetupError> {
        let mut problems = self.board.problems();
        let rules = self.rules(&mut problems);
        self.check_sizes(rules, &mut problems);
        self.check_cube_and_crawford(rules, &mut problems);
        let (game, cube_owner, phase) = match self.match_id.state {
            GameState::NoGame => self.before_opening(&mut problems),
            GameState::Playing => self.in_play(&mut problems),
            GameState::Over | GameState::Resigned | GameState::Dropped => {
                self.game_over(rules, &mut problems)
            }
        };
        if self.rolling && phase != Phase::Rolling {
            problems.push(MatchProblem::RollingNotAtRoll.into());
        }
        let (m, o) = (&self.match_id, &self.options);
        let session = Match {
            rules,
            game,
            cube_owner,
            score: m.score,
            crawford: m.crawford && !rules.is_money(),
            phase,
            redoubles: o.redoubles,
            auto_doubled: o.auto_doubled,
            rolls: o.rolls,
        };
        if phase == Phase::Rolling && session.double_refusal().is_some() {
            problems.push(MatchProblem::RollingWithoutChoice(m.dice_owner).into());
        }
        if let Some(end) = session.end_of_game() {
            self.check_final_score(rules, end.winner, end.points, &mut problems);
        }
        if problems.is_empty() {
            Ok(session)
        } else {
            Err(SetupError::new(problems))
        }
    }
}

/// The checks of [`MatchSetup::into_match`], by concern, each adding what it finds wrong to
/// `problems` in the order the error lists them.
impl MatchSetup {
    /// The cube's value, from its logarithm (capped at 2^15).
    fn cube(&self) -> u16 {
        1u16 << self.match_id.cube_log2.min(15)
    }

    /// The resignation offered or made: its kind from the field's value 1 to 3.
    fn resigned_kind(&self) -> Option<WinKind> {
        match self.match_id.resignation {
            1 => Some(WinKind::Single),
            2 => Some(WinKind::Gammon),
            3 => Some(WinKind::Backgammon),
            _ => None,
        }
    }

    /// The rules as normalised for the match or money game, with the options that do not
    /// belong to it, beavers and rolls beyond the rules.
    fn rules(&self, problems: &mut Vec<SetupProblem>) -> MatchRules {
        let (m, o) = (&self.match_id, &self.options);
        let written = MatchRules {
            length: m.match_length,
            jacoby: m.jacoby && m.match_length == 0,
            beavers: o.beavers,
            raccoons: o.raccoons,
            auto_doubles: o.auto_doubles,
            holland: o.holland,
        };
        for name in written.misplaced() {
            problems.push(if m.match_length > 0 {
                MatchProblem::OnlyInMoney(name).into()
            } else {
                MatchProblem::OnlyInMatch(name).into()
            });
        }
        let rules = written.normalised();
        let redouble_limit = if m.double_offered {
            rules.redouble_limit()
        } else {
            0
        };
        if o.redoubles > redouble_limit {
            problems.push(
                MatchProblem::Redoubles {
                    redoubles: o.redoubles,
                    limit: redouble_limit,
                }
                .into(),
            );
        }
        if o.rolls.iter().any(|&r| r > 2) || (o.rolls != [0, 0] && !rules.holland) {
            problems.push(MatchProblem::Rolls(o.rolls).into());
        }
        rules
    }

    /// The length, score, cube and resignation beyond their fields' range, and automatic
    /// doubles beyond the rules or the cube.
    fn check_sizes(&self, rules: MatchRules, problems: &mut Vec<SetupProblem>) {
        let (m, o) = (&self.match_id, &self.options);
        if m.match_length > MAX_SCORE {
            let length = m.match_length;
            problems.push(
                MatchProblem::Length {
                    length,
                    max: MAX_SCORE,
                }
                .into(),
            );
        }
        if m.score.iter().any(|&s| s > MAX_SCORE) {
            let score = m.score;
            problems.push(
                MatchProblem::Score {
                    score,
                    max: MAX_SCORE,
                }
                .into(),
            );
        }
        if m.cube_log2 > 15 {
            let log2 = m.cube_log2;
            problems.push(
                MatchProblem::Cube {
                    log2,
                    max: MAX_CUBE,
                }
                .into(),
            );
        }
        if m.resignation > 3 {
            problems.push(MatchProblem::Resignation(m.resignation).into());
        }
        let cube = self.cube();
        let auto_cube_ok = if m.state == GameState::NoGame {
            u32::from(cube) == 1u32 << o.auto_doubled.min(15)
        } else {
            m.cube_owner.is_some() || u32::from(cube) >= 1u32 << o.auto_doubled.min(15)
        };
        if o.auto_doubled > rules.auto_doubles || !auto_cube_ok {
            let (made, limit) = (o.auto_doubled, rules.auto_doubles);
            problems.push(MatchProblem::AutoDoubles { made, limit, cube }.into());
        }
    }

    /// The Crawford game, a match already won, a double and a resignation at once, the
    /// cube's owner at its value, a resignation at a game ended otherwise.
    fn check_cube_and_crawford(&self, rules: MatchRules, problems: &mut Vec<SetupProblem>) {
        let m = &self.match_id;
        let cube = self.cube();
        let playing = matches!(m.state, GameState::NoGame | GameState::Playing);
        if rules.is_money() && m.crawford {
            problems.push(MatchProblem::CrawfordInMoney.into());
        }
        if playing && rules.is_match_over(m.score) {
            problems.push(MatchProblem::MatchWon.into());
        }
        if m.crawford && !rules.is_money() {
            let away = m.score.iter().filter(|&&s| rules.one_away(s)).count();
            if rules.length < 2 || (playing && away != 1) {
                problems.push(MatchProblem::CrawfordScore.into());
            }
            if m.state != GameState::NoGame && (cube != 1 || m.cube_owner.is_some()) {
                problems.push(MatchProblem::CrawfordCube.into());
            }
        }
        if m.double_offered && m.resignation > 0 {
            problems.push(MatchProblem::DoubleAndResignation.into());
        }
        // Before the opening throw the cube is read only after automatic doubles (the game
        // starts with it at 1 otherwise).
        if m.state != GameState::NoGame {
            match m.cube_owner {
                Some(owner) if cube == 1 => {
                    problems.push(MatchProblem::CubeOwnedAtOne { owner }.into());
                }
                None if cube > 1 && !rules.is_money() => {
                    problems.push(MatchProblem::CentredCubeInMatch { value: cube }.into());
                }
                _ => {}
            }
        }
        if matches!(m.state, GameState::Over | GameState::Dropped) && m.resignation != 0 {
            let resignation = m.resignation;
            problems.push(MatchProblem::ResignationAfterGame { resignation }.into());
        }
    }

    /// Before the opening throw: the standard position with the cube after automatic doubles,
    /// centred; the opening throw next, or a resignation offered.
    fn before_opening(
        &self,
        problems: &mut Vec<SetupProblem>,
    ) -> (Backgammon, Option<Side>, Phase) {
        let m = &self.match_id;
        if m.double_offered {
            problems.push(MatchProblem::DoubleAtOpening.into());
        }
        let mut game = Backgammon::new();
        game.set_cube_value(1 << self.options.auto_doubled.min(15));
        let phase = match self.resigned_kind() {
            Some(kind) => Phase::ResignationOffered {
                kind,
                by: m.turn.other(),
                at_opening: true,
            },
            None => Phase::Opening,
        };
        (game, None, phase)
    }

    /// A game being played: the board, dice and cube of the IDs; a double or a resignation
    /// waiting for its answer, else the side on roll to roll or to play its dice.
    fn in_play(&self, problems: &mut Vec<SetupProblem>) -> (Backgammon, Option<Side>, Phase) {
        let m = &self.match_id;
        let side = m.dice_owner;
        if self.won().is_some() {
            problems.push(MatchProblem::BorneOffInPlay.into());
        }
        let mut game = Backgammon::from_parts(self.board, side, m.dice, 1)
            .unwrap_or_else(|_| Backgammon::new());
        game.set_cube_value(self.cube());
        let phase = if m.double_offered {
            self.check_double_offered(problems);
            Phase::DoubleOffered
        } else if let Some(kind) = self.resigned_kind() {
            Phase::ResignationOffered {
                kind,
                by: m.turn.other(),
                at_opening: false,
            }
        } else {
            if m.turn != side {
                let (turn, on_roll) = (m.turn, side);
                problems.push(MatchProblem::Turn { turn, on_roll }.into());
            }
            if m.dice.is_some() {
                Phase::ToPlay
            } else if self.rolling {
                Phase::Rolling
            } else {
                Phase::ToRoll
            }
        };
        (game, m.cube_owner, phase)
    }

    /// A double offered in play: before the roll, answered by the side doubled (the doubler
    /// after a beaver), by a side that could double.
    fn check_double_offered(&self, problems: &mut Vec<SetupProblem>) {
        let (m, o) = (&self.match_id, &self.options);
        let side = m.dice_owner;
        let (cube, owner) = (self.cube(), m.cube_owner);
        if m.dice.is_some() {
            problems.push(MatchProblem::DoubleAfterRoll.into());
        }
        // After a beaver the doubler answers; after a raccoon the side doubled.
        let answering = if o.redoubles % 2 == 1 {
            side
        } else {
            side.other()
        };
        if m.turn != answering {
            problems.push(MatchProblem::DoublerAnswers.into());
        }
        if o.redoubles > 0 {
            // The side first doubled keeps the cube through the redoubles.
            if owner != Some(side.other()) || doubled(cube).is_none() {
                problems.push(MatchProblem::MayNotDouble(answering.other()).into());
            }
        } else if m.crawford || owner == Some(side.other()) || cube >= MAX_CUBE {
            problems.push(MatchProblem::MayNotDouble(side).into());
        }
    }

    /// A finished game: its final board and cube, and how it ended (borne off, resigned or a
    /// double dropped), which must agree with the board.
    fn game_over(
        &self,
        rules: MatchRules,
        problems: &mut Vec<SetupProblem>,
    ) -> (Backgammon, Option<Side>, Phase) {
        let m = &self.match_id;
        let side = m.dice_owner;
        let (cube, owner) = (self.cube(), m.cube_owner);
        if m.double_offered {
            problems.push(MatchProblem::DoubleAfterGame.into());
        }
        // A dropped double was a double the doubler (the dice owner) could offer; with
        // beavers a dropped raccoon leaves the cube with the other side.
        if m.state == GameState::Dropped
            && ((m.crawford && !rules.is_money())
                || (owner == Some(side.other()) && rules.redouble_limit() < 2)
                || doubled(cube).is_none())
        {
            problems.push(MatchProblem::MayNotDouble(side).into());
        }
        let mut game =
            Backgammon::from_parts(self.board, side, None, 1).unwrap_or_else(|_| Backgammon::new());
        game.set_cube_value(cube);
        let ending = match (m.state, self.won(), self.resigned_kind()) {
            (GameState::Over, Some((_, kind)), _) => Some(Ending::BorneOff(kind)),
            (GameState::Over, None, _) => {
                problems.push(MatchProblem::NotBorneOff.into());
                None
            }
            (_, Some(_), _) => {
                problems.push(MatchProblem::BorneOffAtDrop.into());
                None
            }
            (GameState::Resigned, None, Some(kind)) => Some(Ending::Resigned { kind, by: m.turn }),
            (GameState::Resigned, None, None) => {
                problems.push(MatchProblem::NoResignedValue.into());
                None
            }
            _ => Some(Ending::Dropped),
        };
        (game, owner, Phase::Over(ending.unwrap_or(Ending::Dropped)))
    }

    /// Who has borne off all checkers on the board, and how (the side on roll's view).
    fn won(&self) -> Option<(Side, WinKind)> {
        Backgammon::from_parts(self.board, self.match_id.dice_owner, None, 1)
            .ok()
            .and_then(|p| p.win())
    }

    /// At a finished game, the score with the points `winner` won: enough for a money game;
    /// in a match, the match won by this game and not before, with the Crawford game at the
    /// score where it was due.
    fn check_final_score(
        &self,
        rules: MatchRules,
        winner: Side,
        points: u32,
        problems: &mut Vec<SetupProblem>,
    ) {
        let m = &self.match_id;
        let [w, l] = [winner, winner.other()].map(|s| m.score[s.index()]);
        let (length, score) = (rules.length, w);
        if rules.is_money() {
            if u32::from(w) < points.min(u32::from(MAX_SCORE)) {
                problems.push(
                    MatchProblem::MoneyScore {
                        winner,
                        points,
                        score,
                    }
                    .into(),
                );
            }
        } else if w < rules.length || l >= rules.length {
            problems.push(MatchProblem::MatchNotWon { winner, length }.into());
        } else if u32::from(w) < points.min(u32::from(MAX_SCORE)) {
            problems.push(
                MatchProblem::ScoreBelowPoints {
                    winner,
                    points,
                    score,
                }
                .into(),
            );
        } else if w < MAX_SCORE {
            // The score before the game (a score of 32767 may be capped: not known).
            let before = u32::from(w) - points;
            if before >= u32::from(rules.length) {
                let problem = MatchProblem::MatchOverBefore {
                    winner,
                    score,
                    points,
                    length,
                };
                problems.push(problem.into());
            } else if m.crawford
                && !problems.contains(&MatchProblem::CrawfordScore.into())
                && [before, u32::from(l)]
                    .iter()
                    .filter(|&&s| s + 1 == u32::from(rules.length))
                    .count()
                    != 1
            {
                problems.push(MatchProblem::CrawfordScore.into());
            }
        }
    }
}

impl fmt::Display for MatchSetup {
    /// `PositionID:MatchID`, then `:rolling` when the side on roll chose to roll, then the
    /// options' words (see the module docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.position_id(), self.match_id.encode())?;
        if self.rolling {
            f.write_str(":rolling")?;
        }
        for word in self.options.words() {
            write!(f, ":{word}")?;
        }
        Ok(())
    }
}

impl FromStr for MatchSetup {
    type Err = SetupError;

    /// Reads `PositionID:MatchID` (gnubg's "gnubg ID"), optionally followed by `:rolling`
    /// and the options' words (see the module docs), in any case. Spaces around the fields
    /// are ignored.
    ///
    /// # Errors
    /// [`SetupError`] with every ID that does not decode, or a malformed text.
    fn from_str(s: &str) -> Result<MatchSetup, SetupError> {
        let fields: Vec<&str> = s.trim().split(':').map(str::trim).collect();
        let bad = || -> SetupError {
            SyntaxProblem::Expected {
                text: s.to_owned(),
                expected: "a gnubg ID, PositionID:MatchID (optionally :rolling, then options \
                           such as :beavers=1)",
            }
            .into()
        };
        let [pid, mid, rest @ ..] = fields.as_slice() else {
            return Err(bad());
        };
        let (pid, mid) = (*pid, *mid);
        let rolling = rest
            .first()
            .is_some_and(|r| r.eq_ignore_ascii_case("rolling"));
        let mut options = SetupOptions::default();
        for word in &rest[usize::from(rolling)..] {
            if !options.read(word) {
                return Err(bad());
            }
        }
        let mut problems: Vec<SetupProblem> = Vec::new();
        let match_id = MatchId::decode(mid).map_err(|e| problems.push(SyntaxProblem::Id(e).into()));
        let side = match_id.map_or(Side::X, |m| m.dice_owner);
        let board = ids::board_from_position_id(pid, side)
            .map_err(|e| problems.push(SyntaxProblem::Id(e).into()));
        match (board, match_id) {
            (Ok(board), Ok(match_id)) => Ok(MatchSetup {
                board,
                match_id,
                rolling,
                options,
            }),
            _ => Err(SetupError::new(problems)),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Match {
    /// The setup text, `PositionID:MatchID`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use crate::Game;
        s.collect_str(&self.to_setup())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Match {
    /// Reads the setup text and checks it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::Game;
        let text = String::deserialize(d)?;
        Match::from_text(&text).map_err(serde::de::Error::custom)
    }
}
