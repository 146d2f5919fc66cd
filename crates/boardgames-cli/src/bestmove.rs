//! `bestmove --jsonl`: the engine's move for each input position, a stable contract for
//! other programs (arenas, GUIs, bots) that drive the engine through pipes.
//!
//! Input, one JSON object a line: `{"id": any, "position": <what the game's position_of
//! reads>, "movetime_ms": optional, "depth": optional, "nodes": optional}`; any of the three
//! given (a whole number from 1, the depth at most 64) replaces the whole budget. Output, one line
//! each, flushed at once, with exactly these fields in this order: `{"id", "move" (canonical
//! notation), "score" (for the side to move, in the evaluator's units; 1000000 - n a forced
//! win in n plies, its negative a forced loss), "depth", "nodes", "time_ms", "pv" (the
//! principal variation, canonical notation)}`. A line that is not such an object, a finished
//! game or a position with no move gives `line N: reason` on standard error, no output line,
//! and the next line is still served; the exit status is then 1.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use boardgames_ai::{Budget, Engine};
use boardgames_core::{Game, Turn};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

use crate::args::BestmoveArgs;
use crate::common::Exit;
use crate::frontend::GameCli;
use crate::input;
use crate::jsonl::{json_lines, Report};

/// One output line.
#[derive(Serialize)]
pub struct BestmoveLine {
    /// The input's `id`, or null.
    pub id: Value,
    /// The move, in canonical notation.
    #[serde(rename = "move")]
    pub best: String,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// The mode: the game's options and its engine (kept across lines).
struct Mode<'a, C: GameCli> {
    cli: &'a C,
    engine: RefCell<Box<dyn Engine<C::Game>>>,
    budget: Budget,
}

/// The budget of the options: theirs where any is given, else the level's.
fn budget_of(args: &BestmoveArgs, level: Budget) -> Budget {
    if args.movetime.is_none() && args.depth.is_none() && args.nodes.is_none() {
        return level;
    }
    Budget {
        depth: args.depth,
        nodes: args.nodes,
        time: args.movetime.map(Duration::from_millis),
    }
}

impl<C: GameCli> Mode<'_, C> {
    /// Why the engine found no move at `pos`: the game is over, no seat is to move (a
    /// chance outcome comes first), or the seat to move has no legal move (the rules may
    /// leave it to move all the same, as Abalone's do).
    fn no_move(&self, pos: &C::Game) -> String {
        match pos.turn() {
            Turn::Over => "no move: the game is over".to_owned(),
            Turn::Seat(seat) if pos.count_legal_moves() == 0 => format!(
                "no move: {} is to move and has no legal move",
                self.cli.seat_name(pos, seat)
            ),
            _ => "no move: no seat is to move".to_owned(),
        }
    }
}

/// One input line, read once: its id, the position's JSON text as written (handed to
/// [`GameCli::position_of`] without being parsed and written again), and the budget that
/// replaces the level's when any of its fields is given.
#[derive(Debug)]
pub struct Request<'a> {
    /// The `id`, or null.
    pub id: Value,
    /// The `position` field's JSON text.
    pub position: &'a str,
    /// The budget of `movetime_ms`, `depth` and `nodes`, when any is given.
    pub budget: Option<Budget>,
}

/// The fields of a line as serde reads them: the budget fields kept as JSON, so that a bad
/// one is named in the contract's words.
#[derive(Deserialize)]
struct Fields<'a> {
    #[serde(default)]
    id: Value,
    #[serde(borrow)]
    position: Option<&'a RawValue>,
    #[serde(default)]
    movetime_ms: Value,
    #[serde(default)]
    depth: Value,
    #[serde(default)]
    nodes: Value,
}

impl<'a> Request<'a> {
    /// Reads `line` (see the module docs).
    ///
    /// # Errors
    /// `not JSON: ...` (a line that is no JSON), `not a bestmove request ...` (JSON of
    /// another shape), `no "position" field`, or which budget field is not a whole number
    /// in its range.
    pub fn read(line: &'a str) -> Result<Request<'a>, String> {
        let f: Fields<'a> = serde_json::from_str(line).map_err(|e| {
            if e.is_data() {
                format!("not a bestmove request (a JSON object with a \"position\"): {e}")
            } else {
                format!("not JSON: {e}")
            }
        })?;
        let position = f.position.ok_or("no \"position\" field")?.get();
        // A budget field, when present, is a whole number from 1 to `max`.
        let number = |key: &str, v: &Value, max: u64| -> Result<Option<u64>, String> {
            match v {
                Value::Null => Ok(None),
                x => x
                    .as_u64()
                    .filter(|n| (1..=max).contains(n))
                    .map(Some)
                    .ok_or_else(|| format!("\"{key}\" must be a whole number from 1 to {max}")),
            }
        };
        let movetime = number("movetime_ms", &f.movetime_ms, u64::MAX)?;
        let depth = number("depth", &f.depth, 64)?;
        let nodes = number("nodes", &f.nodes, u64::MAX)?;
        let budget = (movetime.is_some() || depth.is_some() || nodes.is_some()).then(|| Budget {
            depth: depth.map(|d| d as u32),
            nodes,
            time: movetime.map(Duration::from_millis),
        });
        Ok(Request {
            id: f.id,
            position,
            budget,
        })
    }
}

impl<C: GameCli> Report for Mode<'_, C> {
    type Output = BestmoveLine;
    type Error = String;

    fn report(&self, line: &str) -> Result<BestmoveLine, String> {
        let request = Request::read(line)?;
        let pos = self.cli.position_of(request.position)?;
        let budget = request.budget.unwrap_or(self.budget);
        let found = self
            .engine
            .borrow_mut()
            .search(&pos, &budget)
            .ok_or_else(|| self.no_move(&pos))?;
        Ok(BestmoveLine {
            id: request.id,
            best: found.best.to_string(),
            score: found.score,
            depth: found.depth,
            nodes: found.nodes,
            time_ms: u64::try_from(found.time.as_millis()).unwrap_or(u64::MAX),
            pv: found.pv.iter().map(ToString::to_string).collect(),
        })
    }
}

/// Runs `bestmove` (see the module docs).
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn bestmove<C: GameCli>(
    cli: &C,
    args: &BestmoveArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let Some(engine) = cli.engine(args.level) else {
        writeln!(err, "error: this game has no engine")?;
        return Ok(Exit::BadInput);
    };
    let budget = budget_of(args, engine.budget());
    let mode = Mode {
        cli,
        engine: RefCell::new(engine),
        budget,
    };
    input::with_lines(&args.jsonl, stdin, err, |lines, err| {
        json_lines(&mode, lines, out, err)
    })
}
