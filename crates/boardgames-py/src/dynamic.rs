//! One object-safe view of every game, so that the Python classes are written once: a
//! [`Typed`] holds a position of any [`Encoding`] game and answers [`DynState`] for it.

use std::any::Any;

use boardgames_ai::registry::Engines;
use boardgames_core::record::replay::{resolve_text, Applied};
use boardgames_core::search;
use boardgames_core::{GameResult, Outcome, Seat, Turn};
use rand::{Rng, RngCore};

use crate::encode::{Encoding, RuleValue};
use crate::players::Limit;

/// OpenSpiel's id of the chance player.
pub const CHANCE: i64 = -1;
/// OpenSpiel's id of the terminal "player".
pub const TERMINAL: i64 = -4;

/// What went wrong in a call, turned into the Python exception of the same name.
#[derive(Debug)]
pub enum Failure {
    /// Text that is not a move, outcome or position of the game.
    Notation(String),
    /// A move, outcome or action that is not legal here.
    Illegal(String),
    /// A position that is not valid.
    Setup(String),
    /// Anything else the caller got wrong (an argument out of range).
    Value(String),
}

/// Every game behind one object-safe interface.
pub trait DynState: Send + Sync {
    /// The game's name in the bindings (`pente`, `abalone`, ...).
    fn game_name(&self) -> &'static str;
    /// A copy of the state.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// The state as `Any`, for game-specific methods and equality.
    fn as_any(&self) -> &dyn Any;
    /// Equality with another state of any game.
    fn equals(&self, other: &dyn DynState) -> bool;
    /// Seats, teams, and the team of a seat.
    fn seats(&self) -> usize;
    /// The number of teams.
    fn teams(&self) -> usize;
    /// The team of `seat`.
    fn team_of(&self, seat: usize) -> usize;
    /// The seat to move, [`CHANCE`] or [`TERMINAL`].
    fn current_player(&self) -> i64;
    /// The size of the action space.
    fn action_count(&self) -> usize;
    /// The size of the chance-outcome index space.
    fn chance_count(&self) -> usize;
    /// The legal actions, ascending.
    fn legal_actions(&mut self) -> &[u32];
    /// The chance outcomes as `(action, probability)`, ascending.
    fn chance_outcomes(&self) -> Vec<(u32, f64)>;
    /// Whether `action` could be applied here (`apply_action` would succeed).
    fn validate(&mut self, action: u32) -> Result<(), Failure>;
    /// Applies a decision or chance action.
    fn apply_action(&mut self, action: u32) -> Result<(), Failure>;
    /// The notation of an action here.
    fn action_to_string(&mut self, action: u32) -> Result<String, Failure>;
    /// The action of a move or outcome written in notation.
    fn string_to_action(&mut self, text: &str) -> Result<u32, Failure>;
    /// The legal moves in notation, in the order of their actions.
    fn legal_moves(&mut self) -> Vec<String>;
    /// Plays a move or, at a chance node, an outcome written in notation.
    fn play_text(&mut self, text: &str) -> Result<(), Failure>;
    /// The outcome, when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// What a win worth `points` (the outcome's points) is worth in the returns.
    fn points_value(&self, points: u32) -> f64;
    /// The observation tensor's shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// Writes the observation of `seat` into `out` (resized and zeroed here).
    fn observe(&self, seat: usize, out: &mut Vec<f32>);
    /// The position string (the game's setup).
    fn setup(&self) -> String;
    /// The options of the rules (see [`Encoding::rules`]).
    fn rules(&self) -> Vec<(&'static str, RuleValue)>;
    /// The board diagram.
    fn diagram(&self) -> String;
    /// The position key.
    fn key(&self) -> u64;
    /// perft from here.
    fn perft(&self, depth: u32) -> u64;
    /// Plays uniformly random moves and outcomes to the end; returns the plies played.
    fn random_playout(&mut self, rng: &mut dyn RngCore, max_plies: u64) -> u64;
    /// A uniformly random legal action, or `None` at chance and terminal nodes.
    fn random_action(&mut self, rng: &mut dyn RngCore) -> Option<u32>;
    /// Samples and applies a chance outcome; false when not at a chance node.
    fn sample_chance(&mut self, rng: &mut dyn RngCore) -> bool;
    /// The move an engine chooses, in notation.
    fn bestmove(&self, limit: Limit) -> Result<String, Failure>;
}

/// The per-seat returns of an outcome: the winning team's seats get the points, the other
/// seats share the loss equally, so the returns sum to zero; a draw is all zeros.
pub fn returns_of(state: &dyn DynState, outcome: Option<&Outcome>) -> Vec<f64> {
    let seats = state.seats();
    let mut r = vec![0.0; seats];
    let Some(Outcome {
        result: GameResult::Win { winner, points },
        ..
    }) = outcome
    else {
        return r;
    };
    let winners = (0..seats)
        .filter(|&s| state.team_of(s) == usize::from(winner.0))
        .count();
    let losers = seats - winners;
    if winners == 0 || losers == 0 {
        return r;
    }
    let p = state.points_value(*points);
    for (s, value) in r.iter_mut().enumerate() {
        *value = if state.team_of(s) == usize::from(winner.0) {
            p
        } else {
            -p * winners as f64 / losers as f64
        };
    }
    r
}

/// A position of a game with its legal moves and their actions, cached until it changes.
pub struct Typed<G: Encoding> {
    /// The position.
    pub pos: G,
    /// The legal actions ascending, each with its move; valid while `cached`.
    moves: Vec<(u32, G::Move)>,
    actions: Vec<u32>,
    cached: bool,
    /// The generator's list, allocated once per state (a backgammon list is 52 KB, too
    /// big to move around on the stack).
    list: Option<Box<G::MoveList>>,
    /// The move `random_action` chose, with its action, until the position changes.
    pending: Option<(u32, G::Move)>,
    name: &'static str,
}

impl<G: Encoding> Typed<G> {
    /// Wraps a position under the bindings' game name.
    pub fn new(mut pos: G, name: &'static str) -> Typed<G> {
        pos.adjudicate_stuck();
        Typed {
            pos,
            moves: Vec::new(),
            actions: Vec::new(),
            cached: false,
            list: None,
            pending: None,
            name,
        }
    }

    fn fill(&mut self) {
        if self.cached {
            return;
        }
        self.moves.clear();
        self.actions.clear();
        if matches!(self.pos.turn(), Turn::Seat(_)) {
            let list = self.list.get_or_insert_with(Box::default);
            self.pos.legal_moves(list);
            let pos = &self.pos;
            self.moves
                .extend(list.iter().map(|&m| (pos.action_of(m), m)));
            self.moves.sort_unstable_by_key(|&(a, _)| a);
            self.actions.extend(self.moves.iter().map(|&(a, _)| a));
        }
        self.cached = true;
    }

    fn changed(&mut self) {
        self.cached = false;
        self.pending = None;
        self.pos.adjudicate_stuck();
    }

    fn chance_of(&self, action: u32) -> Option<G::Chance> {
        self.pos
            .chance_outcomes()
            .iter()
            .map(|&(c, _)| c)
            .find(|&c| self.pos.chance_action(c) == action)
    }

    fn move_of(&mut self, action: u32) -> Option<G::Move> {
        if let Some((a, m)) = self.pending {
            if a == action {
                return Some(m);
            }
        }
        self.fill();
        self.moves
            .binary_search_by_key(&action, |&(a, _)| a)
            .ok()
            .map(|i| self.moves[i].1)
    }

    /// The legal step an action stands for here: a move, or a chance outcome at a chance
    /// node.
    fn resolve_action(&mut self, action: u32) -> Result<Applied<G>, Failure> {
        self.check_action(action)?;
        let step = match self.pos.turn() {
            Turn::Seat(_) => self.move_of(action).map(Applied::Move),
            Turn::Chance => {
                return self.chance_of(action).map(Applied::Chance).ok_or_else(|| {
                    Failure::Illegal(format!(
                        "action {action} is not an outcome of this chance node (see \
                         chance_outcomes())"
                    ))
                })
            }
            Turn::Over => return Err(Failure::Illegal("the game is over".to_owned())),
        };
        step.ok_or_else(|| {
            Failure::Illegal(format!(
                "action {action} ({}) is not legal here",
                self.pos.describe_action(action)
            ))
        })
    }

    /// The legal step written as `text` here (the record pipeline's reading of a step).
    fn resolve_text(&self, text: &str) -> Result<Applied<G>, Failure> {
        resolve_text(&self.pos, text).map_err(|e| {
            if e.is_notation() {
                Failure::Notation(e.reason())
            } else {
                Failure::Illegal(e.reason())
            }
        })
    }

    /// Applies a step resolved against this position (so legal) and drops the caches.
    fn apply(&mut self, step: Applied<G>) {
        match step {
            Applied::Move(m) => self.pos.play_unchecked(m),
            Applied::Chance(c) => {
                let applied = self.pos.apply_chance(c);
                debug_assert!(applied.is_ok(), "a resolved outcome is one of this node's");
            }
        }
        self.changed();
    }

    /// A uniformly random legal move, or `None` when no seat can move.
    fn random_move(&mut self, rng: &mut dyn RngCore) -> Option<G::Move> {
        if !matches!(self.pos.turn(), Turn::Seat(_)) {
            return None;
        }
        if G::RANDOM_FROM_LIST {
            let list = self.list.get_or_insert_with(Box::default);
            self.pos.legal_moves(list);
            let n = list.len();
            (n > 0).then(|| list[rng.random_range(0..n)])
        } else {
            let n = self.pos.count_legal_moves();
            (n > 0)
                .then(|| self.pos.nth_legal_move(rng.random_range(0..n)))
                .flatten()
        }
    }

    fn check_action(&self, action: u32) -> Result<(), Failure> {
        let limit = self.pos.action_count().max(self.pos.chance_count());
        if (action as usize) < limit {
            Ok(())
        } else {
            Err(Failure::Value(format!(
                "action {action} is out of range 0..{limit}"
            )))
        }
    }
}

fn turn_id(turn: Turn) -> i64 {
    match turn {
        Turn::Seat(s) => i64::from(s.0),
        Turn::Chance => CHANCE,
        Turn::Over => TERMINAL,
    }
}

impl<G: Encoding + Engines> DynState for Typed<G>
where
    G::MoveList: Send + Sync,
{
    fn game_name(&self) -> &'static str {
        self.name
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(Typed::new(self.pos.clone(), self.name))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn equals(&self, other: &dyn DynState) -> bool {
        other
            .as_any()
            .downcast_ref::<Typed<G>>()
            .is_some_and(|o| o.name == self.name && o.pos == self.pos)
    }

    fn seats(&self) -> usize {
        self.pos.seat_count()
    }

    fn teams(&self) -> usize {
        self.pos.team_count()
    }

    fn team_of(&self, seat: usize) -> usize {
        u8::try_from(seat).map_or(0, |s| usize::from(self.pos.team_of(Seat(s)).0))
    }

    fn current_player(&self) -> i64 {
        turn_id(self.pos.turn())
    }

    fn action_count(&self) -> usize {
        self.pos.action_count()
    }

    fn chance_count(&self) -> usize {
        self.pos.chance_count()
    }

    fn legal_actions(&mut self) -> &[u32] {
        self.fill();
        &self.actions
    }

    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        let mut list: Vec<(u32, f64)> = self
            .pos
            .chance_outcomes()
            .iter()
            .map(|&(c, p)| (self.pos.chance_action(c), p.as_f64()))
            .collect();
        list.sort_unstable_by_key(|&(a, _)| a);
        list
    }

    fn validate(&mut self, action: u32) -> Result<(), Failure> {
        self.resolve_action(action).map(|_| ())
    }

    fn apply_action(&mut self, action: u32) -> Result<(), Failure> {
        let step = self.resolve_action(action)?;
        self.apply(step);
        Ok(())
    }

    fn action_to_string(&mut self, action: u32) -> Result<String, Failure> {
        self.check_action(action)?;
        match self.pos.turn() {
            Turn::Chance => Ok(self.chance_of(action).map_or_else(
                || format!("action {action}: not an outcome of this chance node"),
                |c| self.pos.chance_notation(c).to_string(),
            )),
            _ => Ok(self.move_of(action).map_or_else(
                || self.pos.describe_action(action),
                |m| self.pos.notation(m).to_string(),
            )),
        }
    }

    fn string_to_action(&mut self, text: &str) -> Result<u32, Failure> {
        Ok(match self.resolve_text(text)? {
            Applied::Move(m) => self.pos.action_of(m),
            Applied::Chance(c) => self.pos.chance_action(c),
        })
    }

    fn legal_moves(&mut self) -> Vec<String> {
        self.fill();
        self.moves
            .iter()
            .map(|&(_, m)| self.pos.notation(m).to_string())
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<(), Failure> {
        let step = self.resolve_text(text)?;
        self.apply(step);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn points_value(&self, points: u32) -> f64 {
        self.pos.points_value(points)
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.pos.observation_shape()
    }

    fn observe(&self, seat: usize, out: &mut Vec<f32>) {
        let len = self.pos.observation_shape().iter().product();
        out.clear();
        out.resize(len, 0.0);
        self.pos.observe(Seat(u8::try_from(seat).unwrap_or(0)), out);
    }

    fn setup(&self) -> String {
        self.pos.to_setup().to_string()
    }

    fn rules(&self) -> Vec<(&'static str, RuleValue)> {
        self.pos.rules()
    }

    fn diagram(&self) -> String {
        self.pos.to_string()
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn perft(&self, depth: u32) -> u64 {
        search::perft(&self.pos, depth)
    }

    fn random_playout(&mut self, rng: &mut dyn RngCore, max_plies: u64) -> u64 {
        let mut plies = 0;
        while plies < max_plies {
            match self.pos.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    if !self.sample_chance(rng) {
                        break;
                    }
                }
                Turn::Seat(_) => {
                    let Some(mv) = self.random_move(rng) else {
                        break;
                    };
                    self.apply(Applied::Move(mv));
                    plies += 1;
                }
            }
        }
        plies
    }

    fn random_action(&mut self, rng: &mut dyn RngCore) -> Option<u32> {
        let mv = self.random_move(rng)?;
        let action = self.pos.action_of(mv);
        self.pending = Some((action, mv));
        Some(action)
    }

    fn sample_chance(&mut self, rng: &mut dyn RngCore) -> bool {
        if self.pos.turn() != Turn::Chance {
            return false;
        }
        let ok = self
            .pos
            .sample_chance(rng)
            .is_some_and(|c| self.pos.apply_chance(c).is_ok());
        self.changed();
        ok
    }

    fn bestmove(&self, limit: Limit) -> Result<String, Failure> {
        if !matches!(self.pos.turn(), Turn::Seat(_)) {
            return Err(Failure::Illegal("no seat is to move".to_owned()));
        }
        let mut player = G::player(limit.strength()).map_err(|e| Failure::Value(e.to_string()))?;
        let mv = player
            .choose(&self.pos)
            .ok_or_else(|| Failure::Illegal("the engine found no move".to_owned()))?;
        Ok(self.pos.notation(mv).to_string())
    }
}
