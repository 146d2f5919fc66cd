//! The money game or match with the doubling cube as a [`Game`]: [`Match`].
//!
//! Turns, as the trait sees them:
//!
//! * **The opening throw** is a chance node: 30 ordered outcomes, X's die and O's die, each
//!   `1/30` (equal dice are thrown again, so they are not outcomes); the side with the higher
//!   die starts and plays both numbers.
//! * **Before a roll**, a side that may double (cube centred or its own, not the Crawford
//!   game, cube below [`MAX_CUBE`](crate::backgammon::MAX_CUBE)) decides: [`MatchAction::Roll`], [`MatchAction::Double`],
//!   or a resignation. A side that may not double does not decide: its roll is the next chance
//!   node.
//! * **A roll** is a chance node: the 21 distinct rolls, `1/36` for doubles, `2/36` for the
//!   others. A roll that cannot be played is passed as part of the throw: the other side is
//!   then on roll.
//! * **A double offered**: the other side takes or drops, or, with beavers (money play),
//!   beavers: takes and redoubles at once, keeping the cube; the doubler then takes, drops or
//!   (with raccoons) redoubles again, up to the rules' limit. **A resignation offered**: the
//!   other side accepts or rejects.
//! * **Dice rolled**: the side plays (every distinct play, as [`Backgammon`] generates them)
//!   or resigns.
//! * The end of a game scores its points; in a match the next game starts with the opening
//!   throw (after the Crawford game is decided), until a side reaches the match length. A
//!   money session is one game.
//! * With automatic doubles (money play), an opening throw of equal dice is an outcome too
//!   (`1/36` each, the others `1/36` as well): it turns the cube, centred, and the opening
//!   throw comes again; past the rules' limit equal dice are only thrown again.
//! * Under the Holland rule (match play), after the Crawford game the trailer may not double
//!   before both sides have played two rolls of the game.
//!
//! The state is exactly what the rules need: the rules, the score, the Crawford flag, the
//! current game's position (board, side on roll, dice, cube value), the cube's owner and
//! the phase; with the optional rules also the redoubles of the exchange under way, the
//! automatic doubles of the game and (under the Holland rule) the rolls each side played. Nothing of earlier games is kept (a new game starts from the standard position),
//! and nothing of who plays the sides.

use core::fmt;

use arrayvec::ArrayVec;

use super::error::{MatchError, NoDouble};
use crate::backgammon::board::Side;
use crate::backgammon::dice::Dice;
use crate::backgammon::error::{NotationError, SetupError};
use crate::backgammon::ids::{GameState, MatchId};
use crate::backgammon::movegen::{TurnSink, MAX_PLAYS};
use crate::backgammon::notation::PlayNotation;
use crate::backgammon::play::Play;
use crate::backgammon::position::{Backgammon, WinKind};
use crate::backgammon::session::action::{ActionText, MatchAction, Throw, ThrowText};
use crate::backgammon::session::cube::{doubled, EndOfGame, Ending, MatchRules, MAX_SCORE};
use crate::backgammon::session::setup::{MatchSetup, SetupOptions};
use crate::game::{ChanceList, Game, GameResult, Outcome, Probability, Seat, Team, Turn};

/// The most decisions a side may have at once: every play of a roll ([`MAX_PLAYS`]) and the
/// three resignations.
pub const MAX_ACTIONS: usize = MAX_PLAYS + 3;

/// The legal decisions of a [`Match`] on the stack.
pub type ActionList = ArrayVec<MatchAction, MAX_ACTIONS>;

/// Where a session stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A game is about to start: the opening throw decides who moves first (chance).
    Opening,
    /// The side on roll is before its roll: it decides to roll or double when it may double,
    /// otherwise chance throws its dice.
    ToRoll,
    /// The side on roll decided to roll without doubling: chance throws its dice.
    Rolling,
    /// The side on roll doubled: the other side takes or drops.
    DoubleOffered,
    /// A side offered to resign: the other side accepts or rejects.
    ResignationOffered {
        /// What is resigned: a single game, a gammon or a backgammon (times the cube).
        kind: WinKind,
        /// The side resigning.
        by: Side,
        /// Offered before the opening throw (a rejection returns there).
        at_opening: bool,
    },
    /// The dice are rolled: the side on roll plays.
    ToPlay,
    /// The session is over: the last game ended this way.
    Over(Ending),
}

/// A money game or a match to N points with the doubling cube: the whole session as one
/// [`Game`], its cube actions and resignations as moves ([`MatchAction`]), its throws of the
/// dice as chance nodes ([`Throw`]); see the module docs for the turns.
///
/// It holds the rules ([`MatchRules`]), the current game's position (a [`Backgammon`]: the
/// board, the side on roll, the dice once rolled, the cube value), the cube's owner, the
/// score, whether this is the Crawford game, where the session stands ([`Phase`]: the
/// opening throw, before a roll, a double or resignation offered, the dice to play, over)
/// and the counts the optional rules need (beavers made in the exchange, automatic doubles
/// made, rolls played under the Holland rule). The decisions are the trait's moves, so that
/// every generic algorithm, the conformance kit and the command-line kit drive the session
/// as they drive any game, and the rules (opening throw, when a double is allowed, the
/// automatic pass of a roll that cannot be played, Crawford, Jacoby, the next game) live
/// here once. The checker game [`Backgammon`] is what perft and the corpora use.
///
/// A random playout ([`search::random_playout`](crate::search::random_playout)) of a `Match`
/// picks uniformly among *all* legal decisions: before its roll a side that may double
/// chooses alike among rolling, doubling and the three resignations, and with the dice
/// rolled among its plays and the three resignations; the side offered a double takes or
/// drops alike. A game of such a playout is therefore short and no model of play. Random checker play with the cube left alone is a
/// playout of the checker game [`Backgammon`].
///
/// Seat 0 is [`Side::X`], seat 1 [`Side::O`]. The setup ([`MatchSetup`]) is a gnubg Position
/// ID and Match ID (`PositionID:MatchID`), with one extra word for the one state the two IDs
/// cannot express; every reachable state round-trips through it.
///
/// ```
/// use boardgames_core::backgammon::{Match, MatchAction, MatchRules, Phase, Throw};
/// use boardgames_core::{Game, Turn};
///
/// let mut m = Match::new(MatchRules::to_points(5));
/// m.apply_chance(m.parse_chance("31")?)?; // the opening throw: X 3, O 1
/// m.play(m.parse_move("8/5 6/5")?)?;
/// // O may double before its roll: a decision.
/// assert_eq!(m.turn(), Turn::Seat(boardgames_core::Seat(1)));
/// m.play(MatchAction::Double)?;
/// m.play(m.parse_move("take")?)?;
/// assert_eq!((m.cube_value(), m.phase()), (2, Phase::ToRoll));
/// assert_eq!(m.turn(), Turn::Chance); // X owns the cube: O's roll follows
/// assert_eq!(m.to_setup().to_string(), "sGfwATDgc/ABMA:EQGgAAAAAAAE");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    pub(super) rules: MatchRules,
    pub(super) game: Backgammon,
    pub(super) cube_owner: Option<Side>,
    pub(super) score: [u16; 2],
    pub(super) crawford: bool,
    pub(super) phase: Phase,
    /// Beavers and raccoons made since the double offered (0 without one).
    pub(super) redoubles: u8,
    /// Automatic doubles made in this game.
    pub(super) auto_doubled: u8,
    /// Rolls each side played this game, up to 2, under the Holland rule only.
    pub(super) rolls: [u8; 2],
}

/// Finds whether a roll's only result is the pass.
#[derive(Default)]
struct PassCheck {
    results: usize,
    pass: bool,
}

impl TurnSink for PassCheck {
    fn clear(&mut self) {
        *self = PassCheck::default();
    }
    fn push(&mut self, _mover: u128, _opponent: u128, _hits: u32, steps: &[(u8, u8)]) {
        self.results += 1;
        self.pass = steps.is_empty();
    }
}

/// Collects the plays of a roll as decisions.
struct PlaySink<'a>(&'a mut ActionList);

impl TurnSink for PlaySink<'_> {
    fn clear(&mut self) {
        self.0.clear();
    }
    fn push(&mut self, _mover: u128, _opponent: u128, hits: u32, steps: &[(u8, u8)]) {
        self.0
            .push(MatchAction::Play(Play::from_steps(steps, hits)));
    }
}

fn seat_of(side: Side) -> Seat {
    Seat(side as u8)
}

impl Match {
    /// A new session at 0-0, waiting for the opening throw. The rules are kept
    /// [normalised](MatchRules::normalised): the length at most 32767, the Jacoby rule only in
    /// money play.
    #[must_use]
    pub fn new(rules: MatchRules) -> Match {
        Match {
            rules: rules.normalised(),
            game: Backgammon::new(),
            cube_owner: None,
            score: [0, 0],
            crawford: false,
            phase: Phase::Opening,
            redoubles: 0,
            auto_doubled: 0,
            rolls: [0, 0],
        }
    }

    /// One game on its own, as the record replay checks a recorded game: no score (the
    /// replay checks the score by its own reading of the record), the cube's value played
    /// for without the Jacoby rule, and the Crawford game as the record marks it, whatever
    /// the score. The session ends with the game. With `beavers` (a money game whose record
    /// has them), beavers and raccoons are allowed up to the cube's limit; `auto_doubles`
    /// automatic doubles (a money game's record) turned the cube, centred, before the opening
    /// throw.
    pub(crate) fn one_game(crawford: bool, jacoby: bool, beavers: bool, auto_doubles: u8) -> Match {
        let mut rules = MatchRules::money(jacoby).with_auto_doubles(auto_doubles);
        if beavers {
            rules = rules.with_beavers(15, true);
        }
        let mut m = Match {
            crawford,
            auto_doubled: auto_doubles,
            ..Match::new(rules)
        };
        m.game.set_cube_value(1 << auto_doubles.min(15));
        m
    }

    /// The session described by a gnubg Position ID and Match ID (see [`MatchSetup`]).
    ///
    /// # Errors
    /// [`SetupError`] listing every problem: an ID that does not decode, or IDs describing
    /// no state of a session.
    pub fn from_ids(position_id: &str, match_id: &str) -> Result<Match, SetupError> {
        Match::from_text(&format!("{position_id}:{match_id}"))
    }

    /// The session described by an XGID (see [`Xgid::to_match_setup`](crate::backgammon::Xgid::to_match_setup)).
    ///
    /// # Errors
    /// [`SetupError`] listing every problem: a text that is no XGID, fields that break the
    /// rules, or a state the match game does not start from (a beaver or resignation pending).
    pub fn from_xgid(text: &str) -> Result<Match, SetupError> {
        text.parse::<crate::backgammon::Xgid>()?
            .to_match_setup()?
            .into_match()
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> MatchRules {
        self.rules
    }

    /// The current game's position: the board, the side on roll, the dice once rolled and
    /// the cube value. At the opening throw, the standard start.
    #[must_use]
    pub const fn position(&self) -> &Backgammon {
        &self.game
    }

    /// Where the session stands.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The scores, indexed by [`Side::index`]; they stop at 32767.
    #[must_use]
    pub const fn score(&self) -> [u16; 2] {
        self.score
    }

    /// The cube value, `1..=32768`.
    #[must_use]
    pub const fn cube_value(&self) -> u16 {
        self.game.cube_value()
    }

    /// The cube's owner, `None` = centred.
    #[must_use]
    pub const fn cube_owner(&self) -> Option<Side> {
        self.cube_owner
    }

    /// Beavers and raccoons made since the double now offered: 0 when none (or no double is
    /// offered); odd when the doubler is to answer a beaver.
    #[must_use]
    pub const fn redoubles(&self) -> u8 {
        self.redoubles
    }

    /// Automatic doubles made in the current game (or before its opening throw).
    #[must_use]
    pub const fn auto_doubles_made(&self) -> u8 {
        self.auto_doubled
    }

    /// Rolls each side has played in the current game, counted up to 2, under the Holland
    /// rule (`[0, 0]` without it); indexed by [`Side::index`].
    #[must_use]
    pub const fn rolls_played(&self) -> [u8; 2] {
        self.rolls
    }

    /// The side to answer the double offered: the side doubled, or after a beaver the
    /// doubler, after a raccoon the side doubled again.
    #[must_use]
    pub const fn answering_side(&self) -> Side {
        if self.redoubles % 2 == 1 {
            self.game.side()
        } else {
            self.game.side().other()
        }
    }

    /// Why a beaver (or raccoon) is not allowed now, `None` when it is (a double is offered,
    /// the rules allow another redouble, the cube has room).
    #[must_use]
    pub fn beaver_refusal(&self) -> Option<NoDouble> {
        if self.phase != Phase::DoubleOffered {
            Some(NoDouble::NoBeaver("no double is offered"))
        } else if self.rules.redouble_limit() == 0 {
            Some(NoDouble::NoBeaver("the rules have no beavers"))
        } else if self.redoubles >= self.rules.redouble_limit() {
            Some(NoDouble::NoBeaver(if self.rules.raccoons {
                "no more redoubles in this exchange"
            } else {
                "the rules have no raccoons"
            }))
        } else if doubled(self.cube_value()).and_then(doubled).is_none() {
            Some(NoDouble::CubeAtMaximum)
        } else {
            None
        }
    }

    /// Whether the current game (or the one about to start) is the Crawford game: nobody
    /// doubles.
    #[must_use]
    pub const fn is_crawford(&self) -> bool {
        self.crawford
    }

    /// The side on roll: to roll, or to play once rolled (the doubler while a double is
    /// offered).
    #[must_use]
    pub const fn side_on_roll(&self) -> Side {
        self.game.side()
    }

    /// Why the side on roll may not double, as the cube and the Crawford rule stand (`None`:
    /// it may, if it is before its roll).
    #[must_use]
    pub fn double_refusal(&self) -> Option<NoDouble> {
        if self.crawford {
            Some(NoDouble::Crawford)
        } else if let Some(owner) = self.cube_owner.filter(|&o| o != self.game.side()) {
            Some(NoDouble::CubeOwned(owner))
        } else if doubled(self.cube_value()).is_none() {
            Some(NoDouble::CubeAtMaximum)
        } else if self.holland_applies() {
            Some(NoDouble::Holland)
        } else {
            None
        }
    }

    /// Whether the Holland rule keeps the side on roll from doubling: a match under the rule,
    /// after the Crawford game, the side on roll behind, and a side with fewer than two rolls
    /// played this game.
    fn holland_applies(&self) -> bool {
        let side = self.game.side();
        self.rules.holland
            && self.rules.crawford_played(self.score, self.crawford)
            && self.score[side.index()] < self.score[side.other().index()]
            && self.rolls.iter().any(|&r| r < 2)
    }

    /// Whether the side on roll may double now: before its roll, cube centred or its own,
    /// not the Crawford game, cube below the maximum. It then decides to roll or to double.
    #[must_use]
    pub fn can_double(&self) -> bool {
        self.phase == Phase::ToRoll && self.double_refusal().is_none()
    }

    /// What a win of `kind` is worth in the current game: the cube value times 1, 2 or 3, a
    /// single game under the Jacoby rule while the cube was never turned.
    #[must_use]
    pub fn value(&self, kind: WinKind) -> u32 {
        self.rules
            .value(kind, self.cube_value(), self.cube_owner.is_some())
    }

    fn winner_of(&self, ending: Ending) -> Side {
        match ending {
            Ending::BorneOff(_) => self.game.win().map_or(self.game.side().other(), |(w, _)| w),
            Ending::Dropped => self.game.side(),
            Ending::Resigned { by, .. } => by.other(),
        }
    }

    fn points_of(&self, ending: Ending) -> u32 {
        match ending {
            Ending::BorneOff(kind) | Ending::Resigned { kind, .. } => self.value(kind),
            Ending::Dropped => u32::from(self.cube_value()),
        }
    }

    fn end_of(&self, ending: Ending) -> EndOfGame {
        EndOfGame {
            winner: self.winner_of(ending),
            points: self.points_of(ending),
            ending,
        }
    }

    /// How the last game ended, once the session is over.
    #[must_use]
    pub fn end_of_game(&self) -> Option<EndOfGame> {
        match self.phase {
            Phase::Over(e) => Some(self.end_of(e)),
            _ => None,
        }
    }

    /// The end of the game that `action` brings, when it is legal here and ends the game: a
    /// drop, an accepted resignation, the play bearing off the last checker.
    #[must_use]
    pub fn ending_of(&self, action: MatchAction) -> Option<EndOfGame> {
        match (action, self.phase) {
            (MatchAction::Drop, Phase::DoubleOffered) => Some(EndOfGame {
                // The side that made the last offer: the doubler, or the side that beavered.
                winner: self.answering_side().other(),
                points: u32::from(self.cube_value()),
                ending: Ending::Dropped,
            }),
            (MatchAction::Accept, Phase::ResignationOffered { kind, by, .. }) => {
                Some(self.end_of(Ending::Resigned { kind, by }))
            }
            (MatchAction::Play(p), Phase::ToPlay) if self.is_legal(action) => {
                let (winner, kind) = self.game.after(&p).win()?;
                Some(EndOfGame {
                    winner,
                    points: self.value(kind),
                    ending: Ending::BorneOff(kind),
                })
            }
            _ => None,
        }
    }

    /// The winner of the session once it is over: the game's winner in money play, the side
    /// that reached the match length in a match.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        let end = self.end_of_game()?;
        if self.rules.is_money() {
            Some(end.winner)
        } else {
            Side::BOTH
                .into_iter()
                .find(|s| self.score[s.index()] >= self.rules.length)
        }
    }

    /// What the rules expect now, in words (for errors).
    fn expected(&self) -> &'static str {
        match self.phase {
            Phase::Opening => "the opening throw is due",
            Phase::ToRoll if self.can_double() => "the side on roll rolls or doubles",
            Phase::ToRoll | Phase::Rolling => "the dice of the side on roll are to be thrown",
            Phase::DoubleOffered if self.beaver_refusal().is_none() => {
                "a double is offered: take, drop or beaver"
            }
            Phase::DoubleOffered => "a double is offered: take or drop",
            Phase::ResignationOffered { .. } => "a resignation is offered: accept or reject",
            Phase::ToPlay => "the side on roll plays its dice",
            Phase::Over(_) => "the session is over",
        }
    }

    fn not_now(&self, action: MatchAction) -> MatchError {
        if matches!(self.phase, Phase::Over(_)) {
            return MatchError::Over;
        }
        MatchError::NotNow {
            action: action.to_string(),
            now: self.expected(),
        }
    }

    /// Checks a decision other than a play.
    fn check(&self, action: MatchAction) -> Result<(), MatchError> {
        let ok = match action {
            MatchAction::Roll => self.can_double(),
            MatchAction::Double => {
                if self.phase == Phase::ToRoll {
                    if let Some(why) = self.double_refusal() {
                        return Err(MatchError::NoDouble(why));
                    }
                    true
                } else if matches!(self.phase, Phase::Rolling | Phase::ToPlay) {
                    return Err(MatchError::NoDouble(NoDouble::NotBeforeRoll));
                } else {
                    false
                }
            }
            MatchAction::Take => {
                if self.phase == Phase::DoubleOffered && doubled(self.cube_value()).is_none() {
                    return Err(MatchError::NoDouble(NoDouble::CubeAtMaximum));
                }
                self.phase == Phase::DoubleOffered
            }
            MatchAction::Drop => self.phase == Phase::DoubleOffered,
            MatchAction::Beaver => {
                if self.phase == Phase::DoubleOffered {
                    if let Some(why) = self.beaver_refusal() {
                        return Err(MatchError::NoDouble(why));
                    }
                    true
                } else {
                    false
                }
            }
            MatchAction::Accept | MatchAction::Reject => {
                matches!(self.phase, Phase::ResignationOffered { .. })
            }
            MatchAction::Resign(_) => self.phase == Phase::ToPlay || self.can_double(),
            MatchAction::Play(_) => self.phase == Phase::ToPlay,
        };
        if ok {
            Ok(())
        } else {
            Err(self.not_now(action))
        }
    }

    /// Ends the current game: scores it, then ends the session or sets up the next game.
    fn finish(&mut self, ending: Ending) {
        let end = self.end_of(ending);
        let before = self.score;
        let i = end.winner.index();
        let total = u32::from(before[i]).saturating_add(end.points);
        self.score[i] = total.min(u32::from(MAX_SCORE)) as u16;
        self.game.set_dice(None);
        self.redoubles = 0;
        if self.rules.is_money() || self.rules.is_match_over(self.score) {
            self.phase = Phase::Over(ending);
        } else {
            self.crawford = self
                .rules
                .next_is_crawford(before, self.crawford, self.score);
            self.game = Backgammon::new();
            self.cube_owner = None;
            self.phase = Phase::Opening;
            self.auto_doubled = 0;
            self.rolls = [0, 0];
        }
    }

    /// Applies a checked decision.
    fn apply(&mut self, action: MatchAction) {
        match action {
            MatchAction::Roll => self.phase = Phase::Rolling,
            MatchAction::Double => self.phase = Phase::DoubleOffered,
            MatchAction::Take => {
                // A take past the maximum is refused by `check`; unchecked, it does nothing.
                // After beavers too the cube goes to the side first doubled.
                if let Some(v) = doubled(self.cube_value()) {
                    self.game.set_cube_value(v);
                    self.cube_owner = Some(self.game.side().other());
                    self.phase = Phase::ToRoll;
                    self.redoubles = 0;
                }
            }
            MatchAction::Beaver => {
                // The take, the cube kept by the side first doubled, and a redouble offered.
                if let Some(v) = doubled(self.cube_value()) {
                    self.game.set_cube_value(v);
                    self.cube_owner = Some(self.game.side().other());
                    self.redoubles = self.redoubles.saturating_add(1);
                }
            }
            MatchAction::Drop => {
                // The side that made the last offer wins; it is the side on roll at the end
                // (as the Match ID of a dropped game says).
                if self.redoubles % 2 == 1 {
                    self.game = self.game.with_side(self.game.side().other());
                }
                self.finish(Ending::Dropped);
            }
            MatchAction::Resign(kind) => {
                self.phase = Phase::ResignationOffered {
                    kind,
                    by: self.game.side(),
                    at_opening: false,
                }
            }
            MatchAction::Accept => {
                if let Phase::ResignationOffered { kind, by, .. } = self.phase {
                    self.finish(Ending::Resigned { kind, by });
                }
            }
            MatchAction::Reject => {
                if let Phase::ResignationOffered { at_opening, .. } = self.phase {
                    self.phase = if at_opening {
                        Phase::Opening
                    } else if self.game.dice().is_some() {
                        Phase::ToPlay
                    } else {
                        Phase::ToRoll
                    };
                }
            }
            MatchAction::Play(p) => self.after_play(self.game.after(&p)),
        }
    }

    /// Continues after the side on roll played, `after` being the position then.
    fn after_play(&mut self, after: Backgammon) {
        self.game = after;
        match after.win() {
            Some((_, kind)) => self.finish(Ending::BorneOff(kind)),
            None => self.phase = Phase::ToRoll,
        }
    }

    /// Counts a roll of `side` for the Holland rule.
    fn count_roll(&mut self, side: Side) {
        if self.rules.holland {
            let r = &mut self.rolls[side.index()];
            *r = (*r + 1).min(2);
        }
    }

    /// The side on roll throws `dice`; a roll that cannot be played is passed at once.
    fn roll(&mut self, dice: Dice) {
        self.count_roll(self.game.side());
        self.game.set_dice(Some(dice));
        let mut check = PassCheck::default();
        self.game.generate(dice, &mut check);
        if check.results == 1 && check.pass {
            self.game = self.game.after(&Play::PASS);
            self.phase = Phase::ToRoll;
        } else {
            self.phase = Phase::ToPlay;
        }
    }

    /// Whether equal dice at the opening throw now double the cube: money play with
    /// automatic doubles, fewer made this game than the rules allow, room on the cube.
    fn auto_double_due(&self) -> bool {
        self.phase == Phase::Opening
            && self.auto_doubled < self.rules.auto_doubles
            && doubled(self.cube_value()).is_some()
    }

    /// `by` offers to resign `kind` (times the cube): at any time of a game, before its
    /// opening throw too, when no double or resignation is waiting for an answer; the other
    /// side then accepts or rejects.
    ///
    /// Where the side on roll decides (before a roll it may double, dice rolled), the same
    /// offer is the move [`MatchAction::Resign`]. This method also takes the offers the
    /// trait's turns leave no room for: a side resigning while chance is to throw, or while
    /// the other side is to act. A rejection returns to where the game stood (a side that had
    /// chosen to roll decides again).
    ///
    /// # Errors
    /// [`MatchError::Over`] after the session, [`MatchError::NotNow`] while a decision is
    /// pending; the session is then unchanged.
    pub fn offer_resignation(&mut self, by: Side, kind: WinKind) -> Result<(), MatchError> {
        let at_opening = match self.phase {
            Phase::Opening => true,
            Phase::ToRoll | Phase::Rolling | Phase::ToPlay => false,
            _ => return Err(self.not_now(MatchAction::Resign(kind))),
        };
        self.phase = Phase::ResignationOffered {
            kind,
            by,
            at_opening,
        };
        Ok(())
    }

    /// The gnubg Match ID of the session. Where gnubg leaves a field free, this session fills
    /// it so that the IDs say everything: at the opening throw (state "no game") X is the
    /// dice owner and the turn; a resignation offered before the opening throw keeps the state
    /// "no game"; once a game is over, the dice owner and the turn are the side on roll at its
    /// end (the loser of a game borne off, the doubler of a dropped double), except after a
    /// resignation, where the turn is the side that resigned and the resignation field keeps
    /// the value resigned.
    #[must_use]
    pub fn match_id(&self) -> MatchId {
        let side = self.game.side();
        let (state, turn) = match self.phase {
            Phase::Opening => (GameState::NoGame, side),
            Phase::ResignationOffered { by, at_opening, .. } => (
                if at_opening {
                    GameState::NoGame
                } else {
                    GameState::Playing
                },
                by.other(),
            ),
            Phase::DoubleOffered => (GameState::Playing, self.answering_side()),
            Phase::ToRoll | Phase::Rolling | Phase::ToPlay => (GameState::Playing, side),
            Phase::Over(Ending::BorneOff(_)) => (GameState::Over, side),
            Phase::Over(Ending::Dropped) => (GameState::Dropped, side),
            Phase::Over(Ending::Resigned { by, .. }) => (GameState::Resigned, by),
        };
        let resignation = match self.phase {
            Phase::ResignationOffered { kind, .. } | Phase::Over(Ending::Resigned { kind, .. }) => {
                kind.multiplier() as u8
            }
            _ => 0,
        };
        MatchId {
            cube_log2: self.cube_value().trailing_zeros() as u8,
            cube_owner: self.cube_owner,
            dice_owner: side,
            crawford: self.crawford,
            state,
            turn,
            double_offered: self.phase == Phase::DoubleOffered,
            resignation,
            dice: self.game.dice(),
            match_length: self.rules.length,
            score: self.score,
            jacoby: self.rules.jacoby,
        }
    }

    /// The XGID of the session where XGID can say it: a game under way, the side on roll to
    /// roll (or double) or to play its dice, or a double offered before any beaver (`D`);
    /// field 8 the Crawford flag in a match, in money play the Jacoby rule (1) and beavers
    /// (2). `None` before the opening throw, once the session is over, with a resignation
    /// offered, after a beaver (XGID keeps neither the count of redoubles nor who answers),
    /// or in a match under the Holland rule (XGID has no field for it: read back, the match
    /// would let the trailer double at once after the Crawford game).
    ///
    /// ```
    /// use boardgames_core::backgammon::{Match, MatchRules, Throw};
    /// use boardgames_core::Game;
    ///
    /// let mut m = Match::new(MatchRules::money(true).with_beavers(1, false));
    /// m.apply_chance(Throw::Opening { x: 3, o: 1 })?;
    /// let x = m.xgid().expect("a game under way");
    /// assert_eq!(x.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10");
    /// assert_eq!(Match::from_xgid(&x.to_string())?, m);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn xgid(&self) -> Option<crate::backgammon::Xgid> {
        use crate::backgammon::XgidDice;
        let side = self.game.side();
        if self.rules.holland {
            return None;
        }
        let dice = match self.phase {
            Phase::ToRoll => XgidDice::ToRoll,
            Phase::ToPlay => XgidDice::Rolled(self.game.dice()?),
            Phase::DoubleOffered if self.redoubles == 0 => XgidDice::DoubleOffered,
            _ => return None,
        };
        let mut x = crate::backgammon::Xgid::money(*self.game.board(), side, dice);
        x.cube_log2 = self.cube_value().trailing_zeros() as u8;
        x.cube_owner = self.cube_owner;
        x.score = self.score;
        x.match_length = self.rules.length;
        x.rules = if self.rules.is_money() {
            u8::from(self.rules.jacoby) | (u8::from(self.rules.beavers > 0) << 1)
        } else {
            u8::from(self.crawford)
        };
        // XG's highest cube is 2^10 unless the cube (or the double offered) is higher.
        let offered = u8::from(dice == XgidDice::DoubleOffered);
        x.max_cube_log2 = x.max_cube_log2.max(x.cube_log2 + offered);
        Some(x)
    }

    /// The gnubg Position ID of the current game, seen from the side on roll.
    #[must_use]
    pub fn position_id(&self) -> String {
        self.game.position_id()
    }

    /// The score line: `match to 5: X 2 - O 1 (Crawford game)`, `money game (Jacoby rule):
    /// X 0 - O 0`.
    fn score_line(&self) -> String {
        let [x, o] = self.score;
        let mut s = if self.rules.is_money() {
            let jacoby = if self.rules.jacoby {
                " (Jacoby rule)"
            } else {
                ""
            };
            format!("money game{jacoby}: X {x} - O {o}")
        } else {
            format!("match to {}: X {x} - O {o}", self.rules.length)
        };
        if self.crawford {
            s.push_str(" (Crawford game)");
        }
        s
    }

    fn phase_line(&self) -> String {
        let side = self.game.side();
        let other = side.other();
        match self.phase {
            Phase::Opening => "the opening throw: each side throws one die".into(),
            Phase::ToRoll if self.can_double() => format!("{side} to roll or double"),
            Phase::ToRoll | Phase::Rolling => format!("{side} to roll"),
            Phase::DoubleOffered if self.redoubles > 0 => {
                let answer = self.answering_side();
                format!(
                    "{} redoubles (the cube to {}, kept by {other}): {answer} to take or drop{}",
                    answer.other(),
                    u32::from(self.cube_value()) * 2,
                    if self.beaver_refusal().is_none() {
                        ", or redouble again"
                    } else {
                        ""
                    }
                )
            }
            Phase::DoubleOffered => format!(
                "{side} doubles: {other} to take or drop{}",
                if self.beaver_refusal().is_none() {
                    ", or beaver"
                } else {
                    ""
                }
            ),
            Phase::ResignationOffered { kind, by, .. } => format!(
                "{by} offers to resign {} (worth {}): {} to accept or reject",
                match kind {
                    WinKind::Single => "a single game",
                    WinKind::Gammon => "a gammon",
                    WinKind::Backgammon => "a backgammon",
                },
                self.value(kind),
                by.other()
            ),
            Phase::ToPlay => match self.game.dice() {
                Some(d) => format!("{side} to play {d}"),
                None => format!("{side} to play"),
            },
            Phase::Over(e) => {
                let end = self.end_of(e);
                format!("over: {} wins, worth {}", end.winner, end.points)
            }
        }
    }
}

impl fmt::Display for Match {
    /// The board diagram, then the score, the cube and what comes next.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        let owner = self
            .cube_owner
            .map_or_else(|| "centred".to_string(), |s| format!("owned by {s}"));
        writeln!(
            f,
            "{}; cube {} {owner}",
            self.score_line(),
            self.cube_value()
        )?;
        write!(f, "{}", self.phase_line())
    }
}

impl Game for Match {
    type Move = MatchAction;
    type MoveList = ActionList;
    type Notation = ActionText;
    type NotationError = NotationError;
    type IllegalMove = MatchError;
    type Setup = MatchSetup;
    type SetupError = SetupError;
    type Chance = Throw;
    type ChanceNotation = ThrowText;

    fn name(&self) -> &'static str {
        "Backgammon"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        let side = self.game.side();
        match self.phase {
            Phase::ToRoll if self.can_double() => Turn::Seat(seat_of(side)),
            Phase::Opening | Phase::ToRoll | Phase::Rolling => Turn::Chance,
            Phase::DoubleOffered => Turn::Seat(seat_of(self.answering_side())),
            Phase::ResignationOffered { by, .. } => Turn::Seat(seat_of(by.other())),
            Phase::ToPlay => Turn::Seat(seat_of(side)),
            Phase::Over(_) => Turn::Over,
        }
    }

    /// In this order: before a roll (when a double is possible) roll, double and the three
    /// resignations; a double offered: take, drop (and beaver where allowed); a resignation
    /// offered: accept, reject;
    /// dice rolled: every play of the roll, then the three resignations.
    fn legal_moves(&self, moves: &mut ActionList) {
        moves.clear();
        match self.phase {
            Phase::ToRoll if self.can_double() => {
                moves.push(MatchAction::Roll);
                moves.push(MatchAction::Double);
                moves.extend(MatchAction::RESIGNATIONS);
            }
            Phase::DoubleOffered => {
                moves.push(MatchAction::Take);
                moves.push(MatchAction::Drop);
                if self.beaver_refusal().is_none() {
                    moves.push(MatchAction::Beaver);
                }
            }
            Phase::ResignationOffered { .. } => {
                moves.push(MatchAction::Accept);
                moves.push(MatchAction::Reject);
            }
            Phase::ToPlay => {
                if let Some(d) = self.game.dice() {
                    self.game.generate(d, &mut PlaySink(moves));
                }
                moves.extend(MatchAction::RESIGNATIONS);
            }
            _ => {}
        }
    }

    fn count_legal_moves(&self) -> usize {
        match (self.phase, self.game.dice()) {
            (Phase::ToPlay, Some(d)) => self.game.count_plays(d) + 3,
            (Phase::ToRoll, _) if self.can_double() => 5,
            (Phase::DoubleOffered, _) => 2 + usize::from(self.beaver_refusal().is_none()),
            (Phase::ResignationOffered { .. }, _) => 2,
            _ => 0,
        }
    }

    fn nth_legal_move(&self, n: usize) -> Option<MatchAction> {
        match (self.phase, self.game.dice()) {
            (Phase::ToPlay, Some(d)) => match self.game.nth_play(d, n) {
                Some(p) => Some(MatchAction::Play(p)),
                None => MatchAction::RESIGNATIONS
                    .get(n.checked_sub(self.game.count_plays(d))?)
                    .copied(),
            },
            _ => self.moves().get(n).copied(),
        }
    }

    fn is_legal(&self, mv: MatchAction) -> bool {
        match mv {
            MatchAction::Play(p) => match (self.phase, self.game.dice()) {
                (Phase::ToPlay, Some(d)) => self.game.has_play(d, &p),
                _ => false,
            },
            other => self.check(other).is_ok(),
        }
    }

    fn play(&mut self, mv: MatchAction) -> Result<(), MatchError> {
        match mv {
            MatchAction::Play(p) => {
                self.check(mv)?;
                let mut after = self.game;
                after.play(p)?;
                self.after_play(after);
            }
            other => {
                self.check(other)?;
                self.apply(other);
            }
        }
        Ok(())
    }

    fn play_unchecked(&mut self, mv: MatchAction) {
        self.apply(mv);
    }

    fn resolve(&self, notation: &ActionText) -> Result<MatchAction, MatchError> {
        match notation {
            ActionText::Word(a) => self.check(*a).map(|()| *a),
            ActionText::Play(n) => {
                if self.phase != Phase::ToPlay {
                    return Err(match self.phase {
                        Phase::Over(_) => MatchError::Over,
                        _ => MatchError::NotNow {
                            action: n.to_string(),
                            now: self.expected(),
                        },
                    });
                }
                Ok(MatchAction::Play(self.game.resolve(n)?))
            }
        }
    }

    fn notation(&self, mv: MatchAction) -> ActionText {
        match mv {
            MatchAction::Play(p) => ActionText::Play(PlayNotation::of(&p)),
            other => ActionText::Word(other),
        }
    }

    /// At the opening: the 30 throws of two different dice, X's die from 1 to 6 then O's,
    /// `1/30` each; where an automatic double may follow, the 36 throws, `1/36` each, equal
    /// dice included. Before a roll: the 21 rolls as [`Dice::all`] orders them.
    fn chance_outcomes(&self) -> ChanceList<Throw> {
        let mut list = ChanceList::new();
        if self.turn() != Turn::Chance {
            return list;
        }
        if self.phase == Phase::Opening {
            let auto = self.auto_double_due();
            let p = if auto {
                Probability::new(1, 36)
            } else {
                Probability::new(1, 30)
            };
            for x in 1..=6u8 {
                for o in (1..=6u8).filter(|&o| o != x || auto) {
                    list.push((Throw::Opening { x, o }, p));
                }
            }
        } else {
            list.extend(Dice::all().map(|d| (Throw::Roll(d), d.probability())));
        }
        list
    }

    fn apply_chance(&mut self, outcome: Throw) -> Result<(), MatchError> {
        let throw = self.resolve_chance(&self.chance_notation(outcome))?;
        if throw != outcome {
            return Err(MatchError::NoThrow {
                throw: outcome.to_string(),
                now: self.expected(),
            });
        }
        match throw {
            Throw::Opening { x, o } if x == o => {
                // An automatic double (checked by `resolve_chance`): the cube turns, centred,
                // and the dice are thrown again.
                if let Some(v) = doubled(self.cube_value()) {
                    self.game.set_cube_value(v);
                    self.auto_doubled += 1;
                }
            }
            Throw::Opening { x, o } => {
                let first = if x > o { Side::X } else { Side::O };
                let cube = self.cube_value();
                self.game = Backgammon::new().with_side(first);
                self.game.set_cube_value(cube);
                self.cube_owner = None;
                if let Ok(d) = Dice::new(x, o) {
                    self.roll(d);
                }
            }
            Throw::Roll(d) => self.roll(d),
        }
        Ok(())
    }

    /// At the opening the two dice as written are X's and O's (`41`: X 4, O 1); before a
    /// roll they are the roll, in any order.
    fn resolve_chance(&self, notation: &ThrowText) -> Result<Throw, MatchError> {
        let ThrowText(a, b) = *notation;
        let bad = MatchError::BadDice {
            first: a,
            second: b,
        };
        match self.phase {
            Phase::Over(_) => Err(MatchError::Over),
            Phase::Opening if Dice::new(a, b).is_err() => Err(bad),
            Phase::Opening if a == b && !self.auto_double_due() => {
                Err(MatchError::EqualOpeningDice(a))
            }
            Phase::Opening => Ok(Throw::Opening { x: a, o: b }),
            _ if self.turn() != Turn::Chance => Err(MatchError::NoThrow {
                throw: notation.to_string(),
                now: self.expected(),
            }),
            _ => Dice::new(a, b).map(Throw::Roll).map_err(|_| bad),
        }
    }

    fn chance_notation(&self, outcome: Throw) -> ThrowText {
        match outcome {
            Throw::Opening { x, o } => ThrowText(x, o),
            Throw::Roll(d) => ThrowText(d.high(), d.low()),
        }
    }

    /// The session's winner; its points are those of the last game (the game in money
    /// play, the game that decided a match); the scores are the session's, per side.
    fn outcome(&self) -> Option<Outcome> {
        let end = self.end_of_game()?;
        let winner = self.winner()?;
        Some(Outcome {
            result: GameResult::Win {
                winner: Team(winner as u8),
                points: end.points.max(1),
            },
            scores: self.score.iter().map(|&s| u32::from(s)).collect(),
        })
    }

    fn from_setup(setup: MatchSetup) -> Result<Match, SetupError> {
        setup.into_match()
    }

    fn to_setup(&self) -> MatchSetup {
        MatchSetup {
            board: *self.game.board(),
            match_id: self.match_id(),
            rolling: self.phase == Phase::Rolling,
            options: SetupOptions {
                beavers: self.rules.beavers,
                raccoons: self.rules.raccoons,
                auto_doubles: self.rules.auto_doubles,
                holland: self.rules.holland,
                redoubles: self.redoubles,
                auto_doubled: self.auto_doubled,
                rolls: self.rolls,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::MAX_CUBE;

    #[test]
    fn opening_then_decisions() {
        let mut m = Match::new(MatchRules::money(true));
        assert_eq!(m.turn(), Turn::Chance);
        assert_eq!(m.chance_outcomes().len(), 30);
        m.apply_chance(Throw::Opening { x: 1, o: 6 }).unwrap();
        assert_eq!(m.side_on_roll(), Side::O);
        assert_eq!(m.position().dice(), Dice::new(6, 1).ok());
        assert_eq!(m.count_legal_moves(), m.moves().len());
        let last = m.count_legal_moves() - 1;
        assert_eq!(
            m.nth_legal_move(last),
            Some(MatchAction::Resign(WinKind::Backgammon))
        );
        assert!(m
            .apply_chance(Throw::Roll(Dice::new(3, 1).unwrap()))
            .is_err());
        assert!(m.play(MatchAction::Double).is_err());
    }

    /// A double offered with the cube at its maximum (2^15) can be no state of a session
    /// (the setup refuses it, `Double` is refused there); should one be built all the same,
    /// `take` is refused and leaves the session as it was, rather than doubling past 2^15.
    #[test]
    fn take_at_the_maximum_cube_is_refused() {
        let mut m = Match::new(MatchRules::money(false));
        m.game = Backgammon::new();
        m.game.set_cube_value(MAX_CUBE);
        m.phase = Phase::DoubleOffered;
        let before = m.clone();
        assert!(!m.is_legal(MatchAction::Take));
        assert_eq!(
            m.play(MatchAction::Take),
            Err(MatchError::NoDouble(NoDouble::CubeAtMaximum))
        );
        assert_eq!(m, before);
        m.play_unchecked(MatchAction::Take);
        assert_eq!(m, before);
        // The IDs of that state are refused: cube 2^15 (log2 15), X doubled, O to answer.
        let e = Match::from_ids("4HPwATDgc/ABMA", "fxEAAAAAAAAA").unwrap_err();
        assert!(e.to_string().contains("X may not double here"), "{e}");
        // The brief's example also has the doubler to answer it.
        assert!(Match::from_ids("4HPwATDgc/ABMA", "fxkAAAAAAAAA").is_err());
        // Redoubled up to 2^15 by play: a further double is refused.
        let mut m = Match::new(MatchRules::money(false));
        m.apply_chance(Throw::Opening { x: 3, o: 1 }).unwrap();
        m.play(m.parse_move("8/5 6/5").unwrap()).unwrap();
        for _ in 0..15 {
            m.play(MatchAction::Double).unwrap();
            m.play(MatchAction::Take).unwrap();
            // The taker now owns the cube and is to roll next turn; let the doubler's
            // roll pass by giving the turn back: the taker redoubles from its own turn.
            m.phase = Phase::ToRoll;
            m.game = m.game.with_side(m.game.side().other());
        }
        assert_eq!(m.cube_value(), MAX_CUBE);
        assert_eq!(
            m.play(MatchAction::Double),
            Err(MatchError::NoDouble(NoDouble::CubeAtMaximum))
        );
        assert_eq!(m.value(WinKind::Backgammon), 3 * 32768);
    }
}
