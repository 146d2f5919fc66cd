//! The replay of a match file: each game's record through [`record::replay`](crate::record::replay),
//! what the text says beside the steps checked against it (a `Wins` line, a resignation, a
//! cube value), and each game's place in the match (its score, its Crawford flag, no game
//! after the end of the match). A refusal is worded by [`explain`](super::explain) in the
//! text's own terms: the game, the move line and why.

use core::fmt;

use crate::backgammon::record::{Action, ActionKind, GameRecord, Wins};
use crate::backgammon::{EndOfGame, Ending, Match, MatchAction, Phase, Play, Side};
use crate::record::{replay, Applied, Record, Step, StepError, Trace};

use super::explain::{explain, kind_of, Ended};
use super::read::passes;
use super::refusal::{Refusal, WorthOf, WrittenPlayError};
use super::{notes, write};

/// Why a match file is not a legal match: which game, which move line, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ReplayError {
    /// The game's number (`Game N`).
    pub game: u32,
    /// The move line as match text numbers it, from 1 (0 for the game's score line).
    pub move_number: usize,
    /// The refused action's index among the game's actions; their count when the problem is
    /// the result (or its absence).
    pub action: usize,
    /// Why.
    pub reason: Refusal,
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

/// One action of a game as match text writes it, with what the replay made of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenAction {
    /// The action as written, by player 0 (the left column) or 1.
    pub action: Action,
    /// Its move line, from 1: a line holds an action of the first player then one of the
    /// second; a resignation shares the line before.
    pub move_number: usize,
    /// The index of the record's step it begins at.
    pub first_step: usize,
    /// For a roll replayed: the legal play it resolved to (the pass for a roll that cannot be
    /// played) and the gnubg Position ID after it, seen from the side then on roll.
    pub played: Option<(Play, String)>,
}

/// One game of a match file replayed.
#[derive(Debug)]
pub struct GameReplay {
    /// The game's number (`Game N`).
    pub number: u32,
    /// The players as the game's score line names them, the left column first.
    pub players: [String; 2],
    /// The score its score line states, the left column first.
    pub score: [u32; 2],
    /// Whether the game is marked as the Crawford game.
    pub crawford: bool,
    /// Its actions as written, each with its move line and play.
    pub actions: Vec<WrittenAction>,
    /// The steps applied, up to the first refused one: every state in its match (its length,
    /// the score before the game, the Crawford game as marked).
    pub trace: Trace<Match>,
    /// The `Wins` line, if the text has one.
    pub wins: Option<Wins>,
    /// How the game ended by the rules (a `Wins` line of an unfinished game read as the
    /// loser's resignation), and the cube value then.
    pub end: Option<(EndOfGame, u32)>,
    /// The first action the rules refuse, or the result's problem: the replay stops there.
    pub problem: Option<ReplayError>,
    /// What the replay read from the text beyond its steps (a resignation behind a `Wins`
    /// line, a forced play left out).
    pub notes: Vec<String>,
}

impl GameReplay {
    /// Every decision of the game up to its first problem, in order: the index of its action,
    /// the session just before it and the decision (a play, `roll` for not doubling where a
    /// double was allowed, `double`, `beaver`, `take`, `drop`).
    pub fn decisions(&self) -> impl Iterator<Item = (usize, &Match, MatchAction)> + '_ {
        let upto = self.problem.as_ref().map_or(usize::MAX, |p| p.action);
        self.trace
            .steps()
            .enumerate()
            .filter_map(move |(i, (before, applied, _))| match applied {
                Applied::Move(
                    a @ (MatchAction::Play(_)
                    | MatchAction::Roll
                    | MatchAction::Double
                    | MatchAction::Beaver
                    | MatchAction::Take
                    | MatchAction::Drop),
                ) => Some((self.action_at(i), before, a)),
                _ => None,
            })
            .filter(move |&(i, ..)| i < upto)
    }

    /// The index of the action step `step` belongs to.
    fn action_at(&self, step: usize) -> usize {
        self.actions
            .iter()
            .rposition(|a| a.first_step <= step)
            .unwrap_or(0)
    }

    /// The checker plays replayed (the pass counted for a roll that cannot be played).
    #[must_use]
    pub fn plies(&self) -> usize {
        let upto = self.problem.as_ref().map_or(usize::MAX, |p| p.action);
        self.actions
            .iter()
            .take(upto)
            .filter(|a| a.played.is_some())
            .count()
    }
}

/// A match (or money session) of a match file replayed: its games in order and the first
/// problem of the whole match.
#[derive(Debug)]
pub struct MatchReplay {
    /// Points to win the match; 0 for money play.
    pub length: u32,
    /// The match's header tags.
    pub tags: Vec<(String, String)>,
    /// Its games, each replayed.
    pub games: Vec<GameReplay>,
    /// For each game, the problem with its place in the match, if any: its score is not the
    /// one the games before make, it follows the end of the match, or its Crawford flag is
    /// wrong.
    pub places: Vec<Option<ReplayError>>,
}

impl MatchReplay {
    /// The first problem of the match, in the order a reader meets them: a game's place
    /// before its moves, a game before the next.
    #[must_use]
    pub fn first_problem(&self) -> Option<&ReplayError> {
        self.games
            .iter()
            .zip(&self.places)
            .find_map(|(g, place)| place.as_ref().or(g.problem.as_ref()))
    }
}

/// The matches of records read from a match file ([`MatchText`](super::MatchText),
/// [`MatchJson`](super::MatchJson): one record a game), each replayed. A record with a `match`
/// note starts a match. With `last_unfinished`, the last game of each may stop without a
/// result (a match in progress); otherwise every game must have ended.
#[must_use]
pub fn replay_matches(records: &[Record<Match>], last_unfinished: bool) -> Vec<MatchReplay> {
    let mut blocks: Vec<&[Record<Match>]> = Vec::new();
    let mut from = 0;
    for i in 1..=records.len() {
        let starts = records
            .get(i)
            .is_none_or(|r| r.notes_at(0).any(|n| n.name == notes::MATCH));
        if starts {
            blocks.push(&records[from..i]);
            from = i;
        }
    }
    blocks
        .into_iter()
        .filter(|b| !b.is_empty())
        .map(|b| replay_match(b, last_unfinished))
        .collect()
}

/// One match's records replayed (see [`replay_matches`]).
fn replay_match(records: &[Record<Match>], last_unfinished: bool) -> MatchReplay {
    let first = &records[0];
    let length = first
        .notes_at(0)
        .find(|n| n.name == notes::MATCH)
        .and_then(|n| n.value.parse().ok())
        .unwrap_or(u32::from(first.start.rules().length));
    let last = records.len() - 1;
    let games: Vec<GameReplay> = records
        .iter()
        .enumerate()
        .map(|(i, r)| replay_game(r, length, last_unfinished && i == last))
        .collect();
    let places = places(&games, length, &first.tags);
    MatchReplay {
        length,
        tags: first.tags.clone(),
        games,
        places,
    }
}

/// The problem with each game's place in the match (see [`MatchReplay::places`]).
fn places(games: &[GameReplay], n: u32, tags: &[(String, String)]) -> Vec<Option<ReplayError>> {
    let crawford_rule = n > 0
        && !tags
            .iter()
            .any(|(t, v)| t == "Crawford" && v.trim().eq_ignore_ascii_case("off"));
    let mut expect: Option<[u32; 2]> = None;
    let mut crawford_done = false;
    let mut out = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        let at_score = |reason: Refusal| {
            Some(ReplayError {
                game: g.number,
                move_number: 0,
                action: 0,
                reason,
            })
        };
        // The Crawford game: the first in which exactly one player needs one point (unless
        // the record starts there with a double: it was played before).
        let at_point = |s: u32| n > 0 && s.checked_add(1) == Some(n);
        let (a, b) = (at_point(g.score[0]), at_point(g.score[1]));
        let doubled = g
            .actions
            .iter()
            .any(|w| matches!(w.action.kind, ActionKind::Double { .. }));
        let should = crawford_rule && a != b && !crawford_done && !(i == 0 && doubled);
        crawford_done |= a || b;
        // A score line at or past the match length starts no game either.
        let past = |s: &[u32; 2]| n > 0 && s.iter().any(|&x| x >= n);
        let problem = match expect {
            _ if past(&g.score) => at_score(Refusal::AfterMatch),
            Some(s) if past(&s) => at_score(Refusal::AfterMatch),
            Some(s) if s != g.score => at_score(Refusal::Score {
                stated: g.score,
                expected: s,
            }),
            _ if should != g.crawford => at_score(if g.crawford {
                Refusal::NotCrawford
            } else {
                Refusal::UnmarkedCrawford
            }),
            _ => None,
        };
        out.push(problem);
        if let Some(w) = g.wins {
            let mut s = g.score;
            let i = usize::from(w.winner.min(1));
            s[i] = s[i].saturating_add(w.points);
            expect = Some(s);
        }
    }
    out
}

/// The move line (from 1) of each action as match text lays the game out.
fn move_numbers(actions: &[Action]) -> Vec<usize> {
    let mut out = Vec::with_capacity(actions.len());
    let (mut line, mut right_filled) = (0usize, true);
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

/// Game `record` of a match to `length` points replayed; `last`: the match's last game,
/// which may stop unfinished.
fn replay_game(record: &Record<Match>, length: u32, last: bool) -> GameReplay {
    let note = |name: &str| {
        record
            .notes_at(0)
            .find(|n| n.name == name)
            .map(|n| n.value.clone())
    };
    let (written, starts) = write::written_game(record);
    let GameRecord {
        number,
        players,
        score,
        crawford,
        actions,
        ..
    } = written;
    // The Wins line as written (the writer's would come from the end by the rules too).
    let wins = record
        .notes_at(record.steps.len())
        .find(|n| n.name == notes::WINS)
        .and_then(|n| n.value.split_once(' '))
        .map(|(w, p)| Wins {
            winner: w.parse().unwrap_or(0),
            points: p.parse().unwrap_or(0),
        });
    let numbers = move_numbers(&actions);
    let actions = actions
        .into_iter()
        .zip(starts)
        .zip(numbers)
        .map(|((action, first_step), move_number)| WrittenAction {
            action,
            move_number,
            first_step,
            played: None,
        })
        .collect();
    let mut g = GameReplay {
        number: note(notes::GAME)
            .and_then(|v| v.parse().ok())
            .unwrap_or(number),
        players,
        score,
        crawford,
        actions,
        trace: replay(record),
        wins,
        end: None,
        problem: None,
        notes: Vec::new(),
    };
    Game {
        g: &mut g,
        record,
        length,
        open_end: last,
    }
    .run();
    g
}

/// One game's replay under way.
struct Game<'a> {
    g: &'a mut GameReplay,
    record: &'a Record<Match>,
    length: u32,
    open_end: bool,
}

impl Game<'_> {
    fn note_at(&self, step: usize, name: &str) -> Option<&str> {
        self.record
            .notes_at(step)
            .find(|n| n.name == name)
            .map(|n| n.value.as_str())
    }

    fn run(&mut self) {
        let refused = self.first_refused_step();
        self.attach_plays(refused);
        let upto = refused.unwrap_or(usize::MAX);
        // A resignation the text states where it could be no step ends the game there.
        let resigned = (0..=self.record.steps.len().min(upto))
            .find_map(|i| self.note_at(i, notes::RESIGN).map(|v| (i, v.to_owned())));
        let end_step = self.end_by_steps(upto);
        if let Some((at, value)) = resigned.filter(|(at, _)| end_step.is_none_or(|e| *at <= e)) {
            self.resign_note(at, &value);
            // The resignation's own action is the first at its step; any after it comes
            // after the end of the game.
            let own = self.g.actions.iter().position(|a| {
                a.first_step >= at && matches!(a.action.kind, ActionKind::Resign { .. })
            });
            if let Some(next) = own.map(|k| k + 1).filter(|&k| k < self.g.actions.len()) {
                return self.refuse(next);
            }
        }
        if let Some(step) = refused.filter(|&s| !self.stops_before_play(s)) {
            let a = self.action_at(step);
            return self.refuse(a);
        }
        if let Err(reason) = self.finish() {
            let action = self.g.actions.len();
            self.set_problem(action, reason);
        }
    }

    /// The first step the replay refused, or the first the text contradicts: a cube value
    /// as written that is not the session's (`Doubles => 4` with the cube at 1), a play
    /// written for a roll that cannot be played.
    fn first_refused_step(&self) -> Option<usize> {
        let cube = self
            .g
            .trace
            .steps()
            .enumerate()
            .find_map(|(i, (before, applied, after))| {
                let stated = match applied {
                    Applied::Move(MatchAction::Double) => u32::from(before.cube_value()) * 2,
                    Applied::Move(MatchAction::Beaver) => u32::from(before.cube_value()) * 4,
                    Applied::Chance(_) if after.phase() != Phase::ToPlay => {
                        let play = self.note_at(i, notes::PLAY)?;
                        return (!passes(play)).then_some(i);
                    }
                    _ => return None,
                };
                let note = self.note_at(i, notes::CUBE)?;
                (note != stated.to_string()).then_some(i)
            });
        let illegal = self.g.trace.illegal.as_ref().map(|i| i.index);
        match (cube, illegal) {
            (Some(c), Some(i)) => Some(c.min(i)),
            (c, i) => c.or(i),
        }
    }

    fn action_at(&self, step: usize) -> usize {
        self.g.action_at(step)
    }

    /// Whether the refused step `step` is the text stopping between a roll and its play: the
    /// last step, no play written, no result, in a game that may stop unfinished (a game in
    /// progress, saved with the dice rolled).
    fn stops_before_play(&self, step: usize) -> bool {
        let last = step + 1 == self.record.steps.len();
        let unplayed = matches!(&self.record.steps[step], Step::Written(t) if t.trim().is_empty());
        self.open_end
            && last
            && unplayed
            && self.g.wins.is_none()
            && self.last().phase() == Phase::ToPlay
    }

    /// Each roll replayed before step `upto` gets its play and the Position ID after it.
    fn attach_plays(&mut self, upto: Option<usize>) {
        let upto = upto.unwrap_or(usize::MAX);
        let steps: Vec<(usize, Option<Play>, String)> = self
            .g
            .trace
            .steps()
            .enumerate()
            .take_while(|(i, _)| *i < upto)
            .filter_map(|(i, (before, applied, after))| match applied {
                Applied::Move(MatchAction::Play(p)) => Some((i, Some(p), board_after(before, p))),
                // A roll that cannot be played is passed with the throw.
                Applied::Chance(_) if after.phase() != Phase::ToPlay && !at_opening(after) => {
                    Some((i, None, after.position_id()))
                }
                _ => None,
            })
            .collect();
        for (i, play, pid) in steps {
            let a = self.action_at(i);
            if let Some(w) = self.g.actions.get_mut(a) {
                w.played = Some((play.unwrap_or(Play::PASS), pid));
            }
        }
    }

    /// The end of the game reached by the steps before `upto`, with the cube then; the step
    /// that ended it.
    fn end_by_steps(&mut self, upto: usize) -> Option<usize> {
        let (i, end, cube) = self
            .g
            .trace
            .steps()
            .enumerate()
            .take_while(|(i, _)| *i < upto)
            .find_map(|(i, (before, applied, _))| match applied {
                Applied::Move(a) => before
                    .ending_of(a)
                    .map(|e| (i, e, u32::from(before.cube_value()))),
                Applied::Chance(_) => None,
            })?;
        self.g.end = Some((end, cube));
        Some(i)
    }

    /// The state before action `a`.
    fn before_action(&self, a: usize) -> &Match {
        let at = self.g.actions.get(a).map_or(usize::MAX, |w| w.first_step);
        let positions = &self.g.trace.positions;
        &positions[at.min(positions.len() - 1)]
    }

    /// Action `a` refused: the reason in the record's words.
    fn refuse(&mut self, a: usize) {
        let Some(w) = self.g.actions.get(a) else {
            return;
        };
        let resigns_next = match self.g.actions.get(a + 1) {
            Some(n) => matches!(n.action.kind, ActionKind::Resign { .. }),
            None => self.g.wins.is_some(),
        };
        let ended = self.g.end.map(|(e, _)| Ended {
            winner: e.winner.gnubg_player(),
            points: e.points,
        });
        let reason = explain(self.before_action(a), &w.action, resigns_next, ended)
            .err()
            .or_else(|| self.g.trace.illegal.as_ref().map(|i| by_rules(&i.error)));
        self.set_problem(a, reason.unwrap_or(Refusal::Refused));
    }

    fn set_problem(&mut self, action: usize, reason: Refusal) {
        let move_number = self
            .g
            .actions
            .get(action)
            .or(self.g.actions.last())
            .map_or(0, |w| w.move_number);
        self.g.problem = Some(ReplayError {
            game: self.g.number,
            move_number,
            action,
            reason,
        });
    }

    /// The state the game stopped in: after its last applied step.
    fn last(&self) -> &Match {
        self.g.trace.last()
    }

    /// Player `p` resigns `value` times the cube at step `at` and the other accepts: through
    /// the session where its rules let a side resign, else as the record says.
    fn resign_at(&mut self, m: &Match, p: u8, value: u8) {
        let kind = kind_of(value);
        let by = Side::from_gnubg_player(p);
        let mut offered = m.clone();
        let by_rules = offered
            .offer_resignation(by, kind)
            .ok()
            .and_then(|()| offered.ending_of(MatchAction::Accept));
        let end = by_rules.unwrap_or(EndOfGame {
            winner: by.other(),
            points: u32::from(value).saturating_mul(u32::from(m.cube_value())),
            ending: Ending::Resigned { kind, by },
        });
        self.g.end = Some((end, u32::from(m.cube_value())));
    }

    fn resign_note(&mut self, at: usize, value: &str) {
        let Some((p, v)) = value.split_once(' ') else {
            return;
        };
        let (p, v) = (p.parse().unwrap_or(0), v.parse().unwrap_or(1));
        let positions = &self.g.trace.positions;
        let m = positions[at.min(positions.len() - 1)].clone();
        self.resign_at(&m, p, v);
    }

    /// The side that made the offer waiting for its answer, as a player.
    fn offered(&self) -> bool {
        self.last().phase() == Phase::DoubleOffered
    }

    /// Checks the `Wins` line against the end by the rules, or reads it as a resignation.
    fn finish(&mut self) -> Result<(), Refusal> {
        let score = self.g.score;
        let length = self.length;
        let need = |w: u8| length.saturating_sub(score[usize::from(w.min(1))]).max(1);
        let Some(w) = self.g.wins else {
            return match self.g.end {
                Some(_) => Ok(()),
                None if self.open_end => Ok(()),
                None => Err(Refusal::NotFinished),
            };
        };
        if w.winner > 1 {
            return Err(Refusal::NoSuchWinner(w.winner));
        }
        if let Some((e, cube)) = self.g.end {
            let winner = e.winner.gnubg_player();
            if winner != w.winner {
                return Err(Refusal::WrongWinner {
                    written: w.winner,
                    by_rules: winner,
                });
            }
            // Servers cap the points at what the match needed, or at the match length.
            let capped = length > 0
                && (w.points == e.points.min(need(w.winner)) || w.points == e.points.min(length));
            if w.points != e.points && !capped {
                return Err(Refusal::WrongPoints {
                    winner: w.winner,
                    points: w.points,
                    worth: e.points,
                    how: WorthOf {
                        ending: e.ending,
                        cube,
                    },
                });
            }
            return Ok(());
        }
        if self.offered() {
            return Err(Refusal::DoubleUnanswered);
        }
        let value = self.resigned_value(w, need(w.winner))?;
        self.g.notes.push(format!(
            "{} resigned ({} times the cube), as the Wins line of an unfinished game says",
            who(1 - w.winner),
            value
        ));
        let m = self.last().clone();
        self.resign_at(&m, 1 - w.winner, value);
        Ok(())
    }

    /// The resignation (1 to 3 times the cube) a `Wins` line of an unfinished game stands for.
    fn resigned_value(&mut self, w: Wins, need: u32) -> Result<u8, Refusal> {
        let cube = u32::from(self.last().cube_value());
        let ends_match = self.length > 0 && w.points >= need;
        if w.points > cube.saturating_mul(3) {
            if !ends_match {
                return Err(Refusal::AboveBackgammon {
                    points: w.points,
                    cube,
                });
            }
            self.g.notes.push(format!(
                "Wins {} points: more than a backgammon with the cube at {cube}; taken as the \
                 resignation of a backgammon",
                w.points
            ));
            return Ok(3);
        }
        // The smallest resignation worth the points written; a smaller number than it is worth
        // only when capped at what the match needed or at its length.
        let k = (1..=3u8)
            .find(|&k| u32::from(k).saturating_mul(cube) >= w.points)
            .unwrap_or(3);
        let capped = self.length > 0 && (w.points == need || w.points == self.length);
        if u32::from(k).saturating_mul(cube) != w.points && !capped {
            return Err(Refusal::NoResignation {
                points: w.points,
                cube,
            });
        }
        Ok(k)
    }
}

/// The gnubg Position ID after `play` from `before`, seen from the side then on roll (in a
/// match, the board the game ended on rather than the next game's).
fn board_after(before: &Match, play: Play) -> String {
    before.position().after(&play).position_id()
}

/// Whether the state is before a game's opening throw (after an opening throw of equal
/// dice, which doubles the cube automatically in money play).
fn at_opening(m: &Match) -> bool {
    m.phase() == Phase::Opening
}

/// `player N`, from 1.
fn who(p: u8) -> String {
    format!("player {}", u16::from(p) + 1)
}

/// The session's reason for a step the replay refused, where the text's words give none.
fn by_rules(error: &StepError<Match>) -> Refusal {
    match error {
        StepError::Illegal(e) | StepError::IllegalChance(e) => e.clone().into(),
        StepError::Notation(e) => WrittenPlayError::from(e.clone()).into(),
        StepError::ChanceNotation(e) => Refusal::Dice(e.clone()),
    }
}
