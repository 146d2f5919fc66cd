//! Replay of a recorded game against the rules: every play resolved against the position
//! and its dice, every cube action and the result checked against the match state. The rules
//! are [`Match`]'s (a session of the one recorded game); this module adds the record's words
//! for what they refuse, and reads what a record leaves implicit (a resignation behind a
//! `Wins` line, a forced play left out).

use core::fmt;

use super::model::{Action, ActionKind, GameRecord, MatchRecord};
use crate::backgammon::{
    Backgammon, Dice, Ending, Match, MatchAction, Phase, Play, PlayNotation, Side, Throw, WinKind,
};
use crate::Game;

/// How a game ended by the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum EndKind {
    /// The last checker borne off: a single game, a gammon or a backgammon.
    Borne(WinKind),
    /// A double dropped.
    Drop,
    /// A resignation of 1 (single), 2 (gammon) or 3 (backgammon) times the cube.
    Resign(u8),
}

/// The end of a replayed game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameEnd {
    /// The winner, 0 or 1.
    pub winner: u8,
    /// Points the game is worth by the rules (not capped at the match length).
    pub points: u32,
    /// How it ended.
    pub kind: EndKind,
    /// The cube value at the end.
    pub cube: u32,
}

/// The first action the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IllegalAction {
    /// Its index among the game's actions, from 0; the number of actions when the problem
    /// is the result (or its absence).
    pub action: usize,
    /// Why.
    pub reason: String,
}

/// What replaying one game did.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameReplay {
    /// Checker plays applied, a roll that could not be played counting as one (its play is
    /// the pass).
    pub plies: usize,
    /// Every checker play applied, in order: the index of its action and the legal play it
    /// resolved to.
    pub plays: Vec<(usize, Play)>,
    /// The gnubg Position ID after every checker play, in order, seen from the opponent
    /// (who is then on roll).
    pub pid_after: Vec<String>,
    /// The first refused action; the replay stops there.
    pub first_illegal: Option<IllegalAction>,
    /// How the game ended, if it did.
    pub end: Option<GameEnd>,
    /// What the replay had to infer (a resignation from a `Wins` line, a forced play the
    /// record left out, ...).
    pub notes: Vec<String>,
    /// Every decision the players made, in order: the index of its action, the session
    /// just before it (this game alone: no score, the Crawford game as the record marks it)
    /// and the decision (a play, `roll` for not doubling when a double was allowed,
    /// `double`, `take`, `drop`).
    pub decisions: Vec<(usize, Match, MatchAction)>,
}

/// Why a record is not a legal match: which game, which move line, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ReplayError {
    /// The game's number (`Game N`).
    pub game: u32,
    /// The move line as match text numbers it, from 1 (0 for the game's score line).
    pub move_number: usize,
    /// The refused action's index among the game's actions (see [`IllegalAction`]).
    pub action: usize,
    /// Why.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.move_number == 0 {
            write!(f, "game {}: {}", self.game, self.reason)
        } else {
            write!(
                f,
                "game {}, move {}: {}",
                self.game, self.move_number, self.reason
            )
        }
    }
}

/// The side of player 0 (first named) or 1: gnubg's player numbers.
#[must_use]
pub fn side_of(player: u8) -> Side {
    Side::from_gnubg_player(player)
}

fn is_no_play(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t == "????" || t.eq_ignore_ascii_case("cannot move")
}

/// Resolves a play as a record writes it against a position with its dice rolled: any
/// equivalent spelling of a legal play (gnubg's, step by step, `25`/`0` for bar/off, `*`
/// marks missing). No play written (empty, `Cannot Move`) is the pass, legal only when no
/// die can be played.
///
/// # Errors
/// Why the text is not a legal play here.
pub fn resolve_written(pos: &Backgammon, text: &str) -> Result<Play, String> {
    let Some(dice) = pos.dice() else {
        return Err("the dice have not been rolled".into());
    };
    let legal = pos.plays(dice);
    let t = text.trim();
    if t.to_ascii_lowercase().starts_with("illegal play") {
        return Err("the record gives a board instead of a play ('Illegal play')".into());
    }
    if is_no_play(t) {
        return match legal.as_slice() {
            [only] if only.is_pass() => Ok(*only),
            _ => Err(format!(
                "no play written with {dice} although legal plays exist ({})",
                some_plays(&legal)
            )),
        };
    }
    let notation: PlayNotation = t.parse().map_err(|e| format!("{e}"))?;
    notation.resolve(&legal, dice).map_err(|e| e.to_string())
}

fn some_plays(legal: &[Play]) -> String {
    let mut s: Vec<String> = legal.iter().take(5).map(Play::to_string).collect();
    if legal.len() > 5 {
        s.push("...".into());
    }
    s.join(", ")
}

fn who(p: u8) -> String {
    format!("player {}", p + 1)
}

/// One recorded game replayed through the rules of [`Match`]: a session of that one game
/// ([`Match::one_game`]), driven by the record's actions, with the record's own words for
/// what the rules refuse.
struct Engine<'a> {
    game: &'a GameRecord,
    length: u32,
    /// The game may stop unfinished without a result (the last game of a match file: a match
    /// in progress).
    open_end: bool,
    m: Match,
    out: GameReplay,
}

/// The record's player (0 or 1) of a side.
fn player_of(side: Side) -> u8 {
    side.gnubg_player()
}

impl Engine<'_> {
    /// Makes the decision `action` of action `i` in the session, keeping it in
    /// [`GameReplay::decisions`] when the session accepts it.
    fn decide(
        &mut self,
        i: usize,
        action: MatchAction,
    ) -> Result<(), crate::backgammon::MatchError> {
        let before = self.m.clone();
        self.m.play(action)?;
        self.out.decisions.push((i, before, action));
        Ok(())
    }

    fn end(&mut self, winner: u8, points: u32, kind: EndKind) {
        self.out.end = Some(GameEnd {
            winner,
            points,
            kind,
            cube: u32::from(self.m.cube_value()),
        });
    }

    /// The player on roll (the doubler while a double is offered), once the game started.
    fn on_roll(&self) -> u8 {
        player_of(self.m.side_on_roll())
    }

    /// The side that made the offer waiting for its answer (the doubler, or the side that
    /// beavered last).
    fn offered(&self) -> Option<u8> {
        (self.m.phase() == Phase::DoubleOffered).then(|| player_of(self.m.answering_side().other()))
    }

    /// Records the end of the game the session reached, if it did.
    fn end_by_rules(&mut self) {
        if let Some(e) = self.m.end_of_game() {
            let kind = match e.ending {
                Ending::BorneOff(k) => EndKind::Borne(k),
                Ending::Dropped => EndKind::Drop,
                Ending::Resigned { kind, .. } => EndKind::Resign(kind.multiplier() as u8),
            };
            self.end(player_of(e.winner), e.points, kind);
        }
    }

    /// Player `p` resigns `value` times the cube and the other player accepts: through the
    /// session where its rules let a side resign, else (a double waiting for its answer) as
    /// the record says.
    fn resign(&mut self, p: u8, value: u8) {
        let kind = match value {
            1 => WinKind::Single,
            2 => WinKind::Gammon,
            _ => WinKind::Backgammon,
        };
        let by = side_of(p);
        let accepted = self
            .m
            .offer_resignation(by, kind)
            .and_then(|()| self.m.play(MatchAction::Accept));
        match accepted {
            Ok(()) => self.end_by_rules(),
            Err(_) => {
                let points = u32::from(value).saturating_mul(u32::from(self.m.cube_value()));
                self.end(1 - p, points, EndKind::Resign(value));
            }
        }
    }

    fn step(&mut self, i: usize, a: &Action) -> Result<(), String> {
        let p = a.player;
        if p > 1 {
            return Err(format!("player {p} does not exist (0 or 1)"));
        }
        if let Some(e) = self.out.end {
            return Err(format!(
                "the game is already over ({} won {} points)",
                who(e.winner),
                e.points
            ));
        }
        // A roll without a play waits for a resignation.
        if self.m.phase() == Phase::ToPlay && !matches!(a.kind, ActionKind::Resign { .. }) {
            return Err(format!("{} rolled without playing", who(self.on_roll())));
        }
        match &a.kind {
            ActionKind::Roll { dice, play } => self.roll(i, p, *dice, play),
            ActionKind::Double { cube } => {
                if self.m.phase() == Phase::Opening {
                    return Err("a double before the opening roll".into());
                }
                if self.offered().is_some() {
                    return Err("a double while a double is pending".into());
                }
                if self.on_roll() != p {
                    return Err(format!(
                        "{} doubles but {} is on roll",
                        who(p),
                        who(self.on_roll())
                    ));
                }
                if self.m.is_crawford() {
                    return Err("a double in the Crawford game".into());
                }
                if self.m.cube_owner() == Some(side_of(1 - p)) {
                    return Err(format!("{} doubles but the opponent owns the cube", who(p)));
                }
                let now = u32::from(self.m.cube_value());
                if Some(*cube) != now.checked_mul(2) {
                    return Err(format!("Doubles => {cube} but the cube is at {now}"));
                }
                self.decide(i, MatchAction::Double)
                    .map_err(|e| format!("Doubles => {cube}: {e}"))
            }
            ActionKind::Beaver { cube } => {
                if self.offered() != Some(1 - p) {
                    return Err(format!(
                        "{} beavers but no double is offered to them",
                        who(p)
                    ));
                }
                let now = u32::from(self.m.cube_value());
                if Some(*cube) != now.checked_mul(4) {
                    return Err(format!(
                        "Beavers => {cube} but the cube is at {now} with a double offered"
                    ));
                }
                self.decide(i, MatchAction::Beaver)
                    .map_err(|e| format!("Beavers => {cube}: {e}"))
            }
            ActionKind::Take => {
                if self.offered() != Some(1 - p) {
                    return Err(format!("{} takes but no double is offered to them", who(p)));
                }
                self.decide(i, MatchAction::Take).map_err(|e| e.to_string())
            }
            ActionKind::Drop => {
                if self.offered() != Some(1 - p) {
                    return Err(format!("{} drops but no double is offered to them", who(p)));
                }
                self.decide(i, MatchAction::Drop)
                    .map_err(|e| e.to_string())?;
                self.end_by_rules();
                Ok(())
            }
            ActionKind::Resign { value } => {
                if !(1..=3).contains(value) {
                    return Err(format!("a resignation of {value} times the cube (1 to 3)"));
                }
                self.resign(p, *value);
                Ok(())
            }
        }
    }

    fn roll(&mut self, i: usize, p: u8, dice: [u8; 2], play: &str) -> Result<(), String> {
        let Ok(d) = Dice::new(dice[0], dice[1]) else {
            return Err(format!("{}{} is not a roll", dice[0], dice[1]));
        };
        if self.offered().is_some() {
            return Err(format!("{} rolls while a double is pending", who(p)));
        }
        let throw = if self.m.phase() == Phase::Opening {
            if d.is_double() {
                return Err(format!(
                    "an opening roll of {d}: equal dice are thrown again"
                ));
            }
            // The player who starts has the higher die.
            match side_of(p) {
                Side::X => Throw::Opening {
                    x: d.high(),
                    o: d.low(),
                },
                Side::O => Throw::Opening {
                    x: d.low(),
                    o: d.high(),
                },
            }
        } else if self.on_roll() != p {
            return Err(format!(
                "{} rolls but {} is on roll",
                who(p),
                who(self.on_roll())
            ));
        } else {
            Throw::Roll(d)
        };
        // The position with the dice, as the player sees it before playing.
        let mut pos = match throw {
            Throw::Opening { .. } => Backgammon::new().with_side(side_of(p)),
            Throw::Roll(_) => *self.m.position(),
        };
        pos.set_dice(Some(d));
        let legal = pos.plays(d);
        let chosen = if is_no_play(play) && !(legal.len() == 1 && legal[0].is_pass()) {
            if legal.len() == 1 && play.trim().is_empty() {
                self.out.notes.push(format!(
                    "action {i}: no play written; the only legal one, {}, is played",
                    legal[0]
                ));
                Some(legal[0])
            } else {
                // The game ends in a resignation right after the roll (by either player):
                // only then may the roll go unplayed.
                let next = self.game.actions.get(i + 1);
                let resigns = match next {
                    Some(n) => matches!(n.kind, ActionKind::Resign { .. }),
                    None => self.game.wins.is_some(),
                };
                if !resigns {
                    return Err(format!(
                        "{} rolls {d} without a play although legal plays exist ({})",
                        who(p),
                        some_plays(&legal)
                    ));
                }
                self.out.notes.push(format!(
                    "action {i}: {} rolled {d}; the game ends there",
                    who(p)
                ));
                None
            }
        } else {
            Some(resolve_written(&pos, play)?)
        };
        if self.m.can_double() {
            // The player rolls without doubling.
            self.decide(i, MatchAction::Roll)
                .map_err(|e| e.to_string())?;
        }
        // A roll that cannot be played is passed with the throw.
        self.m.apply_chance(throw).map_err(|e| e.to_string())?;
        let Some(chosen) = chosen else {
            return Ok(());
        };
        if self.m.phase() == Phase::ToPlay {
            self.decide(i, MatchAction::Play(chosen))
                .map_err(|e| e.to_string())?;
        }
        self.out.plies += 1;
        self.out.plays.push((i, chosen));
        self.out.pid_after.push(self.m.position_id());
        self.end_by_rules();
        Ok(())
    }

    /// Checks the `Wins` line against the end by the rules, or infers a resignation.
    fn finish(&mut self) -> Result<(), String> {
        let g = self.game;
        let need = |w: u8| {
            self.length
                .saturating_sub(g.score[usize::from(w.min(1))])
                .max(1)
        };
        let Some(w) = g.wins else {
            return match self.out.end {
                Some(_) => Ok(()),
                None if self.open_end => Ok(()),
                None => Err("the game is not finished: no result".into()),
            };
        };
        if w.winner > 1 {
            return Err(format!("player {} wins: no such player", w.winner));
        }
        if let Some(e) = self.out.end {
            if e.winner != w.winner {
                return Err(format!(
                    "the record says {} wins, but {} won by the rules",
                    who(w.winner),
                    who(e.winner)
                ));
            }
            // Servers cap the points at what the match needed, or at the match length.
            let capped = self.length > 0
                && (w.points == e.points.min(need(w.winner))
                    || w.points == e.points.min(self.length));
            if w.points != e.points && !capped {
                return Err(format!(
                    "the record says {} wins {} points; the game is worth {} ({})",
                    who(w.winner),
                    w.points,
                    e.points,
                    describe(e.kind, e.cube)
                ));
            }
            return Ok(());
        }
        if self.offered().is_some() {
            return Err("the game ends with a double neither taken nor dropped".into());
        }
        // A resignation by the loser, inferred from the Wins line.
        let cube = u32::from(self.m.cube_value());
        let need_w = need(w.winner);
        let ends_match = self.length > 0 && w.points >= need_w;
        let value = if w.points > cube.saturating_mul(3) {
            if !ends_match {
                return Err(format!(
                    "Wins {} points by resignation, more than a backgammon with the cube at \
                     {cube}",
                    w.points
                ));
            }
            self.out.notes.push(format!(
                "Wins {} points: more than a backgammon with the cube at {cube}; taken as the \
                 resignation of a backgammon",
                w.points
            ));
            3
        } else {
            // The smallest resignation worth the points written; a smaller number than it is
            // worth only when capped at what the match needed or at its length.
            let k = (1..=3u8)
                .find(|&k| u32::from(k).saturating_mul(cube) >= w.points)
                .unwrap_or(3);
            let capped = self.length > 0 && (w.points == need_w || w.points == self.length);
            if u32::from(k).saturating_mul(cube) != w.points && !capped {
                return Err(format!(
                    "Wins {} points by resignation, but a resignation is worth 1, 2 or 3 times \
                     the cube ({cube})",
                    w.points
                ));
            }
            k
        };
        self.out.notes.push(format!(
            "{} resigned ({} times the cube), as the Wins line of an unfinished game says",
            who(1 - w.winner),
            value
        ));
        self.resign(1 - w.winner, value);
        Ok(())
    }
}

fn describe(kind: EndKind, cube: u32) -> String {
    let what = match kind {
        EndKind::Borne(WinKind::Single) => "a single game".to_string(),
        EndKind::Borne(WinKind::Gammon) => "a gammon".to_string(),
        EndKind::Borne(WinKind::Backgammon) => "a backgammon".to_string(),
        EndKind::Drop => "a dropped double".to_string(),
        EndKind::Resign(v) => format!("a resignation of {v}"),
    };
    format!("{what} with the cube at {cube}")
}

/// The session `game` (a replay's session of one game, without the match around it: see
/// [`replay_game`]) with the match's state: `length` (0 money, `jacoby` its rule), the score
/// before the game by gnubg's player numbers ([`GameRecord::score`]), the Crawford game as
/// recorded. `None` when the state is not one a session can be in (the record's own
/// problem: a score or length beyond 32767, a score past the length).
#[must_use]
pub fn in_match(
    game: &Match,
    length: u32,
    score: [u32; 2],
    crawford: bool,
    jacoby: bool,
) -> Option<Match> {
    let mut setup = game.to_setup();
    let id = &mut setup.match_id;
    id.match_length = u16::try_from(length).ok()?;
    for player in 0..2u8 {
        let side = Side::from_gnubg_player(player);
        id.score[side.index()] = u16::try_from(score[usize::from(player)]).ok()?;
    }
    id.crawford = crawford && length > 0;
    id.jacoby = jacoby && length == 0;
    setup.into_match().ok()
}

/// Replays one game of a match to `match_length` points (0 = money) against the rules.
/// The game's `crawford` flag decides whether doubling is allowed.
#[must_use]
pub fn replay_game(game: &GameRecord, match_length: u32) -> GameReplay {
    replay_game_with(game, match_length, false)
}

/// [`replay_game`], in money play with the Jacoby rule when `jacoby` (gammons and
/// backgammons count single while the cube is centred: [`MatchRecord::jacoby_rule`]).
#[must_use]
pub fn replay_game_with(game: &GameRecord, match_length: u32, jacoby: bool) -> GameReplay {
    replay_game_in(game, match_length, jacoby, false)
}

/// [`replay_game_with`] of a match file's game; the last game (`last`) may stop unfinished
/// without a result, as in a match still in progress (a session saved before its end).
#[must_use]
pub fn replay_game_in(
    game: &GameRecord,
    match_length: u32,
    jacoby: bool,
    last: bool,
) -> GameReplay {
    let mut e = Engine {
        game,
        length: match_length,
        open_end: last,
        m: Match::one_game(
            game.crawford,
            jacoby && match_length == 0,
            match_length == 0
                && game
                    .actions
                    .iter()
                    .any(|a| matches!(a.kind, ActionKind::Beaver { .. })),
            // Automatic doubles before the first roll (money play).
            if match_length == 0 {
                game.auto_doubles.min(15) as u8
            } else {
                0
            },
        ),
        out: GameReplay::default(),
    };
    for (i, a) in game.actions.iter().enumerate() {
        if let Err(reason) = e.step(i, a) {
            e.out.first_illegal = Some(IllegalAction { action: i, reason });
            return e.out;
        }
    }
    if let Err(reason) = e.finish() {
        e.out.first_illegal = Some(IllegalAction {
            action: game.actions.len(),
            reason,
        });
    }
    e.out
}

/// The move line (from 1) of each action as match text lays the game out: a line holds an
/// action of the first player then one of the second; resignations share the line before.
#[must_use]
pub fn move_numbers(actions: &[Action]) -> Vec<usize> {
    let mut out = Vec::with_capacity(actions.len());
    let mut line = 0usize;
    let mut right_filled = true;
    for a in actions {
        if matches!(a.kind, ActionKind::Resign { .. }) {
            out.push(line.max(1));
            continue;
        }
        if a.player == 0 || right_filled {
            line += 1;
            right_filled = false;
        }
        if a.player != 0 {
            right_filled = true;
        }
        out.push(line);
    }
    out
}

/// Every game of a match replayed (see [`replay_game_in`]: the last may be unfinished).
#[must_use]
pub fn replay_match(rec: &MatchRecord) -> Vec<GameReplay> {
    let last = rec.games.len().saturating_sub(1);
    rec.games
        .iter()
        .enumerate()
        .map(|(i, g)| replay_game_in(g, rec.match_length, rec.jacoby_rule(), i == last))
        .collect()
}

impl MatchRecord {
    /// Replays every game and checks the match around them: each game's score is the
    /// previous one's plus the points it gave, no game follows the end of the match, and the
    /// Crawford game is the first with one player needing one point. Every game but the last
    /// must have ended; the last may stop unfinished (a match in progress).
    ///
    /// # Errors
    /// [`ReplayError`] for the first problem: the game, the move line and the reason.
    pub fn check(&self) -> Result<Vec<GameReplay>, ReplayError> {
        let n = self.match_length;
        let mut out = Vec::with_capacity(self.games.len());
        let mut expect: Option<[u32; 2]> = None;
        let mut marked = self.clone();
        marked.mark_crawford();
        for (gi, g) in self.games.iter().enumerate() {
            let at_line = |action: usize, reason: String| {
                let nums = move_numbers(&g.actions);
                let move_number = nums.get(action).or(nums.last()).copied().unwrap_or(0);
                ReplayError {
                    game: g.number,
                    move_number,
                    action,
                    reason,
                }
            };
            if let Some(s) = expect {
                if n > 0 && s.iter().any(|&x| x >= n) {
                    return Err(ReplayError {
                        game: g.number,
                        move_number: 0,
                        action: 0,
                        reason: "a game after the end of the match".into(),
                    });
                }
                if s != g.score {
                    return Err(ReplayError {
                        game: g.number,
                        move_number: 0,
                        action: 0,
                        reason: format!(
                            "the score is {}-{}, but the games before make it {}-{}",
                            g.score[0], g.score[1], s[0], s[1]
                        ),
                    });
                }
            }
            if marked.games[gi].crawford != g.crawford {
                return Err(ReplayError {
                    game: g.number,
                    move_number: 0,
                    action: 0,
                    reason: if g.crawford {
                        "marked as the Crawford game, which it is not".into()
                    } else {
                        "this is the Crawford game, but it is not marked".into()
                    },
                });
            }
            let last = gi + 1 == self.games.len();
            let r = replay_game_in(g, n, self.jacoby_rule(), last);
            if let Some(bad) = &r.first_illegal {
                return Err(at_line(bad.action, bad.reason.clone()));
            }
            if let Some(w) = g.wins {
                let mut s = g.score;
                let i = usize::from(w.winner.min(1));
                s[i] = s[i].saturating_add(w.points);
                expect = Some(s);
            }
            out.push(r);
        }
        Ok(out)
    }
}
