//! The doubling cube and match play over a [`Backgammon`] game: offer, take, drop, cube
//! ownership and value, money games with an optional Jacoby rule, matches to N points with
//! the Crawford rule, resignations, and the gnubg Match ID of it all.
//!
//! This layer is an API of its own rather than a [`Game`]: the checker game
//! (rolls as chance nodes, plays as moves) stays the [`Backgammon`] type that generic
//! algorithms run on, and a [`Match`] holds one at a time and adds the decisions around it.
//! Every method checks that its action is allowed now and leaves the match unchanged with an
//! [`IllegalPlay::Action`] error otherwise. [`Match::apply`] takes any [`MatchAction`], which
//! parses from text (`double`, `take`, `drop`, `resign gammon`, `accept`, `reject`, `roll 31`,
//! or a play), for frontends.
//!
//! Rules (standard, as `docs/rules/backgammon.md` states them): a player may double
//! before rolling when the cube is centred or theirs, never in the Crawford game; the
//! opponent takes (the cube value doubles and the taker owns it) or drops (losing the current
//! value). A game is worth the cube value times 1, 2 (gammon) or 3 (backgammon); in money
//! play with the Jacoby rule gammons and backgammons count single while the cube was never
//! turned. A resignation offers 1, 2 or 3 times the cube; accepted, it ends the game with
//! those points. In a match to N the game after a player first reaches N - 1 is the Crawford
//! game; the match ends when a player reaches N.

use core::fmt;
use core::str::FromStr;

use super::board::Side;
use super::dice::Dice;
use super::error::IllegalPlay;
use super::ids::{GameState, MatchId};
use super::notation::PlayNotation;
use super::play::Play;
use super::position::{Backgammon, WinKind};
use crate::game::Game;

/// The highest cube value (gnubg's limit: 2^15).
pub const MAX_CUBE: u16 = 1 << 15;

/// The rules of a session: money or a match to N points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchRules {
    /// Points to win the match, `1..=32767`; 0 = a money game (one game).
    pub length: u16,
    /// Money play only: gammons count only after the cube was turned.
    pub jacoby: bool,
}

impl MatchRules {
    /// A money game, with or without the Jacoby rule.
    pub const fn money(jacoby: bool) -> MatchRules {
        MatchRules { length: 0, jacoby }
    }

    /// A match to `length` points (Crawford rule on, Jacoby off).
    pub const fn to_points(length: u16) -> MatchRules {
        MatchRules {
            length,
            jacoby: false,
        }
    }
}

/// Where the session stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A game is about to start: the opening roll decides who moves first.
    Opening,
    /// `Match::position().side()` is to roll, and may double first when allowed.
    ToRoll,
    /// The side on roll doubled; the other side must take or drop.
    DoubleOffered,
    /// The side to play offered to resign for this many times the cube; the other side must
    /// accept or reject.
    ResignationOffered(WinKind),
    /// The dice are rolled: the side on roll plays.
    ToPlay,
    /// The match (or money game) is over.
    Over,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// The winner.
    pub winner: Side,
    /// Points won: cube value times the size of the win (after the Jacoby rule). Not capped
    /// at the match length; the score may pass it.
    pub points: u32,
    /// How: the size of the win when played out or resigned, `None` when a double was dropped.
    pub kind: Option<WinKind>,
    /// Whether it ended by an accepted resignation.
    pub resigned: bool,
}

/// One decision or event of the session, as frontends enter it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatchAction {
    /// The opening roll: X's die and O's die (different numbers; equal ones are thrown again).
    Opening(u8, u8),
    /// A roll of the side on roll.
    Roll(Dice),
    /// A checker play.
    Play(Play),
    /// Offer a double.
    Double,
    /// Take the double.
    Take,
    /// Drop the double (lose the current cube value).
    Drop,
    /// Offer to resign a single game, gammon or backgammon.
    Resign(WinKind),
    /// Accept the resignation.
    Accept,
    /// Reject the resignation.
    Reject,
}

/// A money game or a match, with the cube and the score around the current game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    rules: MatchRules,
    game: Backgammon,
    cube_owner: Option<Side>,
    score: [u16; 2],
    crawford_game: bool,
    crawford_done: bool,
    phase: Phase,
    last: Option<GameEnd>,
    ended: Option<GameState>,
}

fn refuse<T>(why: impl Into<String>) -> Result<T, IllegalPlay> {
    Err(IllegalPlay::Action(why.into()))
}

impl Match {
    /// A new session at 0-0, waiting for the opening roll.
    pub fn new(rules: MatchRules) -> Match {
        Match {
            rules,
            game: Backgammon::new(),
            cube_owner: None,
            score: [0, 0],
            crawford_game: false,
            crawford_done: false,
            phase: Phase::Opening,
            last: None,
            ended: None,
        }
    }

    /// The rules.
    pub const fn rules(&self) -> MatchRules {
        self.rules
    }

    /// The current game's position (its cube value is the cube's).
    pub const fn position(&self) -> &Backgammon {
        &self.game
    }

    /// Where the session stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The scores, indexed by [`Side::index`].
    pub const fn score(&self) -> [u16; 2] {
        self.score
    }

    /// The cube value, 1..=32768.
    pub const fn cube_value(&self) -> u16 {
        self.game.cube_value()
    }

    /// The cube owner, `None` = centred.
    pub const fn cube_owner(&self) -> Option<Side> {
        self.cube_owner
    }

    /// Whether the current game is the Crawford game (no doubling).
    pub const fn is_crawford(&self) -> bool {
        self.crawford_game
    }

    /// How the last finished game ended.
    pub const fn last_game(&self) -> Option<GameEnd> {
        self.last
    }

    /// The winner of the session once it is over: the game's winner in money play, the side
    /// that reached the match length in a match.
    pub fn winner(&self) -> Option<Side> {
        if self.phase != Phase::Over {
            return None;
        }
        if self.rules.length == 0 {
            self.last.map(|e| e.winner)
        } else {
            Side::BOTH
                .into_iter()
                .find(|s| self.score[s.index()] >= self.rules.length)
        }
    }

    /// Whether the side on roll may double now: before rolling, cube centred or its own,
    /// not the Crawford game, cube below the maximum.
    pub fn can_double(&self) -> bool {
        let side = self.game.side();
        self.phase == Phase::ToRoll
            && !self.crawford_game
            && self.cube_owner != Some(side.other())
            && self.cube_value() < MAX_CUBE
    }

    /// The opening roll: X throws `x_die`, O throws `o_die`; the higher starts and plays both
    /// numbers.
    ///
    /// # Errors
    /// Not at the opening, a die outside 1-6, or equal dice (throw again).
    pub fn opening(&mut self, x_die: u8, o_die: u8) -> Result<(), IllegalPlay> {
        if self.phase != Phase::Opening {
            return refuse("the opening roll only starts a game");
        }
        let Some(dice) = Dice::new(x_die, o_die) else {
            return refuse(format!("dice {x_die}-{o_die}: each die is 1 to 6"));
        };
        if dice.is_double() {
            return refuse("equal opening dice are thrown again");
        }
        let first = if x_die > o_die { Side::X } else { Side::O };
        let mut game = Backgammon::new().with_side(first);
        game.set_dice(Some(dice));
        self.game = game;
        self.phase = Phase::ToPlay;
        Ok(())
    }

    /// Offers a double.
    ///
    /// # Errors
    /// When [`Match::can_double`] is false.
    pub fn double(&mut self) -> Result<(), IllegalPlay> {
        if !self.can_double() {
            return refuse(if self.crawford_game {
                "no doubling in the Crawford game".to_string()
            } else {
                format!("{} may not double now", self.game.side())
            });
        }
        self.phase = Phase::DoubleOffered;
        Ok(())
    }

    /// Takes the double: the cube value doubles and the taker owns it; the doubler rolls.
    ///
    /// # Errors
    /// When no double is offered.
    pub fn take(&mut self) -> Result<(), IllegalPlay> {
        if self.phase != Phase::DoubleOffered {
            return refuse("no double to take");
        }
        let v = self.cube_value();
        self.game.set_cube_value(v * 2);
        self.cube_owner = Some(self.game.side().other());
        self.phase = Phase::ToRoll;
        Ok(())
    }

    /// Drops the double: the doubler wins the current cube value.
    ///
    /// # Errors
    /// When no double is offered.
    pub fn drop_double(&mut self) -> Result<(), IllegalPlay> {
        if self.phase != Phase::DoubleOffered {
            return refuse("no double to drop");
        }
        let points = u32::from(self.cube_value());
        self.end_game(GameEnd {
            winner: self.game.side(),
            points,
            kind: None,
            resigned: false,
        });
        self.ended = Some(GameState::Dropped);
        Ok(())
    }

    /// Rolls the dice for the side on roll (without doubling).
    ///
    /// # Errors
    /// When the side on roll is not about to roll.
    pub fn roll(&mut self, dice: Dice) -> Result<(), IllegalPlay> {
        if self.phase != Phase::ToRoll {
            return refuse("not the time to roll");
        }
        self.game.apply_chance(dice)?;
        self.phase = Phase::ToPlay;
        Ok(())
    }

    /// Plays the rolled dice.
    ///
    /// # Errors
    /// When no play is expected, or the play is not legal (see [`Backgammon`]).
    pub fn play(&mut self, play: Play) -> Result<(), IllegalPlay> {
        if self.phase != Phase::ToPlay {
            return refuse("no roll to play");
        }
        self.game.play(play)?;
        if let Some((winner, kind)) = self.game.win() {
            let points = self.points_for(kind);
            self.end_game(GameEnd {
                winner,
                points,
                kind: Some(kind),
                resigned: false,
            });
            self.ended = Some(GameState::Over);
        } else {
            self.phase = Phase::ToRoll;
        }
        Ok(())
    }

    /// The side to play (or to roll) offers to resign, giving `kind` times the cube.
    ///
    /// # Errors
    /// When no game is in progress or a decision is pending.
    pub fn resign(&mut self, kind: WinKind) -> Result<(), IllegalPlay> {
        if !matches!(self.phase, Phase::ToRoll | Phase::ToPlay) {
            return refuse("a resignation is offered on one's own turn during a game");
        }
        self.phase = Phase::ResignationOffered(kind);
        Ok(())
    }

    /// Accepts the offered resignation: the opponent of the resigning side wins.
    ///
    /// # Errors
    /// When no resignation is offered.
    pub fn accept(&mut self) -> Result<(), IllegalPlay> {
        let Phase::ResignationOffered(kind) = self.phase else {
            return refuse("no resignation to accept");
        };
        let points = self.points_for(kind);
        self.end_game(GameEnd {
            winner: self.game.side().other(),
            points,
            kind: Some(kind),
            resigned: true,
        });
        self.ended = Some(GameState::Resigned);
        Ok(())
    }

    /// Rejects the offered resignation: play goes on where it stopped.
    ///
    /// # Errors
    /// When no resignation is offered.
    pub fn reject(&mut self) -> Result<(), IllegalPlay> {
        if !matches!(self.phase, Phase::ResignationOffered(_)) {
            return refuse("no resignation to reject");
        }
        self.phase = if self.game.dice().is_some() {
            Phase::ToPlay
        } else {
            Phase::ToRoll
        };
        Ok(())
    }

    /// Applies any action.
    ///
    /// # Errors
    /// The error of the corresponding method; the match is then unchanged.
    pub fn apply(&mut self, action: MatchAction) -> Result<(), IllegalPlay> {
        match action {
            MatchAction::Opening(x, o) => self.opening(x, o),
            MatchAction::Roll(d) => self.roll(d),
            MatchAction::Play(p) => self.play(p),
            MatchAction::Double => self.double(),
            MatchAction::Take => self.take(),
            MatchAction::Drop => self.drop_double(),
            MatchAction::Resign(k) => self.resign(k),
            MatchAction::Accept => self.accept(),
            MatchAction::Reject => self.reject(),
        }
    }

    /// Parses and applies an action written as text (see [`MatchAction`]'s `FromStr`); a play
    /// is resolved against the current position.
    ///
    /// # Errors
    /// Bad text or an action not allowed now; the match is then unchanged.
    pub fn apply_text(&mut self, text: &str) -> Result<(), IllegalPlay> {
        let parsed: ActionText = text.parse().map_err(|e: String| IllegalPlay::Action(e))?;
        let action = match parsed {
            ActionText::Action(a) => a,
            ActionText::Play(n) => MatchAction::Play(self.game.resolve(&n)?),
        };
        self.apply(action)
    }

    /// Points for a win of `kind`: the multiplier (single with the Jacoby rule while the cube
    /// is centred at 1 in money play) times the cube value.
    fn points_for(&self, kind: WinKind) -> u32 {
        let mult = if self.rules.length == 0
            && self.rules.jacoby
            && self.cube_owner.is_none()
            && self.cube_value() == 1
        {
            1
        } else {
            kind.multiplier()
        };
        mult * u32::from(self.cube_value())
    }

    fn end_game(&mut self, end: GameEnd) {
        let i = end.winner.index();
        self.score[i] = self.score[i].saturating_add(end.points.min(u32::from(u16::MAX)) as u16);
        self.last = Some(end);
        let n = self.rules.length;
        if n == 0 || self.score.iter().any(|&s| s >= n) {
            self.phase = Phase::Over;
            return;
        }
        if self.crawford_game {
            self.crawford_game = false;
            self.crawford_done = true;
        } else if !self.crawford_done && self.score.iter().any(|&s| s + 1 == n) {
            self.crawford_game = true;
        }
        self.phase = Phase::Opening;
        self.cube_owner = None;
        self.game.set_cube_value(1);
    }

    /// The session described by a gnubg Position ID and Match ID (the player on roll of the
    /// Match ID is the one whose view the Position ID takes). The Crawford game of the Match
    /// ID is kept; in a match where a player is one point away outside the Crawford game, the
    /// Crawford game is taken as played.
    ///
    /// # Errors
    /// [`IdError`](super::IdError) when either ID does not decode, the scores do not fit the
    /// match length, or the cube value exceeds the maximum.
    pub fn from_ids(position_id: &str, match_id: &str) -> Result<Match, super::IdError> {
        let m = MatchId::decode(match_id)?;
        let bad = |what: &str| super::IdError::new("Match ID", match_id, what);
        let mut game = Backgammon::from_position_id(position_id, m.dice_owner)?;
        if m.match_length > 0
            && m.score.iter().any(|&s| s >= m.match_length)
            && m.state == GameState::Playing
        {
            return Err(bad(
                "a score reaches the match length while a game is played",
            ));
        }
        game.set_cube_value(1u16 << m.cube_log2.min(15));
        let rolled = m.dice.is_some();
        game.set_dice(m.dice);
        let phase = match m.state {
            GameState::NoGame => Phase::Opening,
            GameState::Over | GameState::Resigned | GameState::Dropped => Phase::Over,
            GameState::Playing if m.double_offered => Phase::DoubleOffered,
            GameState::Playing if m.resignation > 0 => {
                Phase::ResignationOffered(match m.resignation {
                    1 => WinKind::Single,
                    2 => WinKind::Gammon,
                    _ => WinKind::Backgammon,
                })
            }
            GameState::Playing if rolled => Phase::ToPlay,
            GameState::Playing => Phase::ToRoll,
        };
        let one_away = m.match_length > 0 && m.score.iter().any(|&s| s + 1 == m.match_length);
        Ok(Match {
            rules: MatchRules {
                length: m.match_length,
                jacoby: m.jacoby,
            },
            game,
            cube_owner: m.cube_owner,
            score: m.score,
            crawford_game: m.crawford,
            crawford_done: one_away && !m.crawford,
            phase,
            last: None,
            ended: match m.state {
                GameState::Over | GameState::Resigned | GameState::Dropped => Some(m.state),
                _ => None,
            },
        })
    }

    /// Whether chance acts next: the opening roll ([`Match::opening`]) or the roll of the side
    /// on roll once it has decided not to double ([`Match::roll`]).
    pub fn needs_roll(&self) -> bool {
        matches!(self.phase, Phase::Opening | Phase::ToRoll)
    }

    /// The decisions open now (rolls are not listed: see [`Match::needs_roll`]): before a
    /// roll the double when allowed and the resignations; a double offered: take or drop; a
    /// resignation offered: accept or reject; dice rolled: every legal play and the
    /// resignations.
    pub fn decisions(&self) -> Vec<MatchAction> {
        let resigns =
            [WinKind::Single, WinKind::Gammon, WinKind::Backgammon].map(MatchAction::Resign);
        match self.phase {
            Phase::Opening | Phase::Over => Vec::new(),
            Phase::ToRoll => {
                let mut v = Vec::new();
                if self.can_double() {
                    v.push(MatchAction::Double);
                }
                v.extend(resigns);
                v
            }
            Phase::DoubleOffered => vec![MatchAction::Take, MatchAction::Drop],
            Phase::ResignationOffered(_) => vec![MatchAction::Accept, MatchAction::Reject],
            Phase::ToPlay => {
                let mut v: Vec<MatchAction> = match self.game.dice() {
                    Some(d) => self
                        .game
                        .plays(d)
                        .iter()
                        .map(|&p| MatchAction::Play(p))
                        .collect(),
                    None => Vec::new(),
                };
                v.extend(resigns);
                v
            }
        }
    }

    /// The gnubg Match ID of the session (bit 66 set in match play or without Jacoby).
    pub fn match_id(&self) -> MatchId {
        let side = self.game.side();
        let (turn, state) = match self.phase {
            Phase::Opening => (side, GameState::NoGame),
            Phase::DoubleOffered | Phase::ResignationOffered(_) => {
                (side.other(), GameState::Playing)
            }
            Phase::Over => (side, self.ended.unwrap_or(GameState::Over)),
            _ => (side, GameState::Playing),
        };
        MatchId {
            cube_log2: self.cube_value().trailing_zeros() as u8,
            cube_owner: self.cube_owner,
            dice_owner: side,
            crawford: self.crawford_game,
            state,
            turn,
            double_offered: self.phase == Phase::DoubleOffered,
            resignation: match self.phase {
                Phase::ResignationOffered(k) => k.multiplier() as u8,
                _ => 0,
            },
            dice: if matches!(self.phase, Phase::ToPlay | Phase::ResignationOffered(_)) {
                self.game.dice()
            } else {
                None
            },
            match_length: self.rules.length,
            score: self.score,
            jacoby: self.rules.length == 0 && self.rules.jacoby,
        }
    }
}

impl fmt::Display for Match {
    /// The board diagram, then the score, cube and what is expected next.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        if self.rules.length > 0 {
            write!(
                f,
                "match to {}: X {} - O {}",
                self.rules.length, self.score[0], self.score[1]
            )?;
            if self.crawford_game {
                write!(f, " (Crawford game)")?;
            }
        } else {
            write!(f, "money game")?;
            if self.rules.jacoby {
                write!(f, " (Jacoby)")?;
            }
        }
        let owner = self
            .cube_owner
            .map_or_else(|| "centred".to_string(), |s| format!("owned by {s}"));
        write!(f, "; cube {} {owner}; {:?}", self.cube_value(), self.phase)
    }
}

impl fmt::Display for MatchAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchAction::Opening(x, o) => write!(f, "opening {x}{o}"),
            MatchAction::Roll(d) => write!(f, "roll {d}"),
            MatchAction::Play(p) => write!(f, "{p}"),
            MatchAction::Double => f.write_str("double"),
            MatchAction::Take => f.write_str("take"),
            MatchAction::Drop => f.write_str("drop"),
            MatchAction::Resign(WinKind::Single) => f.write_str("resign single"),
            MatchAction::Resign(WinKind::Gammon) => f.write_str("resign gammon"),
            MatchAction::Resign(WinKind::Backgammon) => f.write_str("resign backgammon"),
            MatchAction::Accept => f.write_str("accept"),
            MatchAction::Reject => f.write_str("reject"),
        }
    }
}

/// An action as written: a decision, or play notation still to be resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionText {
    /// A decision or roll.
    Action(MatchAction),
    /// A checker play, to resolve against the position.
    Play(PlayNotation),
}

impl FromStr for ActionText {
    type Err = String;

    /// Reads `double`, `take`, `drop`, `resign [single|gammon|backgammon]`, `accept`,
    /// `reject`, `roll 31`, `opening 41` (X's die then O's), or play notation. Words in any
    /// case.
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim().to_ascii_lowercase();
        let mut words = t.split_whitespace();
        let first = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let action = match (first, rest.as_slice()) {
            ("double", []) => MatchAction::Double,
            ("take", []) => MatchAction::Take,
            ("drop", []) => MatchAction::Drop,
            ("accept", []) => MatchAction::Accept,
            ("reject", []) => MatchAction::Reject,
            ("resign", []) | ("resign", ["single"]) | ("resign", ["normal"]) => {
                MatchAction::Resign(WinKind::Single)
            }
            ("resign", ["gammon"]) => MatchAction::Resign(WinKind::Gammon),
            ("resign", ["backgammon"]) => MatchAction::Resign(WinKind::Backgammon),
            ("roll", [d]) => MatchAction::Roll(d.parse().map_err(|e| format!("{e}"))?),
            ("opening", [d]) => {
                let b = d.as_bytes();
                if b.len() != 2 || !b.iter().all(u8::is_ascii_digit) {
                    return Err(format!("{d:?}: write X's die then O's, like 41"));
                }
                MatchAction::Opening(b[0] - b'0', b[1] - b'0')
            }
            _ => {
                return s
                    .parse::<PlayNotation>()
                    .map(ActionText::Play)
                    .map_err(|e| e.to_string())
            }
        };
        Ok(ActionText::Action(action))
    }
}
