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
use serde::Serialize;
use serde_json::Value;

use crate::args::BestmoveArgs;
use crate::common::Exit;
use crate::frontend::GameCli;
use crate::input;
use crate::jsonl::{json_lines, Report};

mod request;

pub use request::{Request, Shape};

/// What answers `bestmove` requests: a game's engine behind the contract of its program.
/// The kit's games answer with [`BestmoveLine`]; a game with a contract of its own (the
/// backgammon match's decisions) implements it with its own line, and [`serve`] reads the
/// lines, runs it and writes the answers for both.
pub trait Answer {
    /// One output line, its fields in declaration order.
    type Line: Serialize;

    /// The requests' shape: the fields that give the position and the depths the engine
    /// can search.
    fn shape(&self) -> Shape;

    /// The answer to one request.
    ///
    /// # Errors
    /// Why the request has no answer (a bad position, a finished game, a budget the engine
    /// cannot honour), in words for `line N: reason`.
    fn answer(&self, request: Request<'_>) -> Result<Self::Line, String>;
}

/// The `--jsonl` mode of an [`Answer`]: each line read once into a [`Request`], then
/// answered.
struct Serving<'a, A: Answer> {
    answer: &'a A,
    shape: Shape,
}

impl<A: Answer> Report for Serving<'_, A> {
    type Output = A::Line;
    type Error = String;

    fn report(&self, line: &str) -> Result<A::Line, String> {
        self.answer.answer(Request::read_shaped(line, &self.shape)?)
    }
}

/// Serves the requests of `path` (a file, or `-` for `stdin`) with `answer`: one output line
/// each, flushed at once; a refused line gives `line N: reason` on `err`, no output line, and
/// the exit status [`Exit::Failure`] (see [`json_lines`]).
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn serve<A: Answer>(
    answer: &A,
    path: &std::path::Path,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let mode = Serving {
        answer,
        shape: answer.shape(),
    };
    input::with_lines(path, stdin, err, |lines, err| {
        json_lines(&mode, lines, out, err)
    })
}

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

impl<C: GameCli> Answer for Mode<'_, C> {
    type Line = BestmoveLine;

    fn shape(&self) -> Shape {
        Shape::POSITION
    }

    fn answer(&self, request: Request<'_>) -> Result<BestmoveLine, String> {
        let position = request.field("position").ok_or("no \"position\" field")?;
        let pos = self.cli.position_of(position)?;
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
    serve(&mode, &args.jsonl, stdin, out, err)
}
