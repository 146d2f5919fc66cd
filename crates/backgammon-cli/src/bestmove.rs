//! `bestmove --jsonl`: the engine's decision for each input position, a stable contract
//! for other programs (arenas, bots, GUIs) that drive the engine through pipes.
//!
//! Input, one JSON object a line: `{"id": any, "position_id": gnubg Position ID,
//! "match_id": gnubg Match ID}` (or `"xgid"` instead of the two), with gnubg's meaning of the
//! Match ID: the dice rolled, a checker play is wanted; no dice, the side on roll decides
//! whether to double; a double offered, the side doubled takes or drops; a resignation
//! offered, the other side accepts or rejects it. Output, one line each, flushed at once,
//! with exactly these fields in this order: `{"id", "action": "play" | "double" |
//! "no_double" | "take" | "drop" | "accept" | "reject", "play": the play in gnubg notation
//! (`""` for another action, or when no play is legal), "position_id_after": the Position ID
//! after the play with the other side on roll (the input's for another action), "equity":
//! the cubeful equity of the decision for the side deciding, normalised to the cube (in a
//! match, equivalent to money), to 4 places, "time_ms"}`. A line may also give `"depth"`
//! (0 to 3 plies), which replaces the level (as `--depth` does); `"movetime_ms"` and
//! `"nodes"` are refused: the engine looks ahead in plies. A line that is not such an object,
//! or a position with no decision, gives `line N: reason` on standard error and no output
//! line; the next line is still served, and the exit status is then 1. The lines are read
//! and served by the kit's [`boardgames_cli::bestmove::serve`], as every game's are.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::time::Instant;

use boardgames_ai::backgammon::{BackgammonEngine, CubeContext, MatchPlayer};
use boardgames_ai::registry::{match_level, Strength};
use boardgames_ai::Budget;
use boardgames_cli::bestmove::{serve, Answer, Request, Shape};
use boardgames_cli::Exit;
use boardgames_core::backgammon::position_id;
use boardgames_core::backgammon::{Match, MatchAction, Phase};
use boardgames_core::player::Player;
use serde::Serialize;
use serde_json::Value;

/// One output line.
#[derive(Serialize)]
pub struct BestmoveLine {
    /// The input's `id`, or null.
    pub id: Value,
    /// The decision.
    pub action: &'static str,
    /// The play, `""` for a cube action or when nothing can be played.
    pub play: String,
    /// The Position ID after the play, the other side on roll.
    pub position_id_after: String,
    /// The cubeful equity of the decision for the side deciding, normalised.
    pub equity: f64,
    /// Milliseconds spent.
    pub time_ms: u64,
}

/// The mode: the engine's player at the options' strength, made once (the bear-off
/// database with it), and the level of the options, which a line's depth replaces.
struct Mode {
    player: RefCell<MatchPlayer>,
    level: u8,
}

/// The requests' shape: gnubg IDs or an XGID, depths of 0 to 3 plies.
const SHAPE: Shape = Shape {
    fields: &["position_id", "match_id", "xgid"],
    described: "\"position_id\" and \"match_id\", or \"xgid\"",
    depths: 0..=3,
};

/// The session of one request.
fn session_of(r: &Request<'_>) -> Result<Match, String> {
    if let Some(x) = r.text("xgid") {
        if r.field("position_id").is_some() || r.field("match_id").is_some() {
            return Err("both \"xgid\" and gnubg IDs: give one of them".to_owned());
        }
        return Match::from_xgid(&x).map_err(|e| e.to_string());
    }
    let pid = r
        .text("position_id")
        .ok_or("no \"position_id\" (or \"xgid\") string")?;
    let mid = r.text("match_id").ok_or("no \"match_id\" string")?;
    Match::from_ids(&pid, &mid).map_err(|e| e.to_string())
}

/// The level of `budget` (a depth) in place of `level`, by the registry's rule.
fn level_of(level: u8, budget: Budget) -> Result<u8, String> {
    match_level(&Strength {
        level: Some(level),
        budget,
    })
    .map_err(|e| e.to_string())
}

/// Rounded to 4 places.
fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// The decision at `m` of `player`: the action, the play, the Position ID after, the
/// equity.
///
/// # Errors
/// A position with no decision to make (the opening roll, the session over).
pub fn decide(
    m: &Match,
    player: &mut MatchPlayer,
) -> Result<(&'static str, String, String, f64), String> {
    let engine: BackgammonEngine<'static> = *player.engine();
    let pos = m.position();
    let side = pos.side();
    let here = pos.position_id();
    let ctx = CubeContext::of(m);
    match m.phase() {
        Phase::ToPlay => {
            let ranked = engine.rank_plays(m);
            Ok(match ranked.first() {
                Some(best) => (
                    "play",
                    // The contract writes no play as "", not gnubg's "pass".
                    if best.play.is_pass() {
                        String::new()
                    } else {
                        best.play.to_string()
                    },
                    position_id(&best.after, side.other()),
                    best.value,
                ),
                None => (
                    "play",
                    String::new(),
                    position_id(pos.board(), side.other()),
                    ctx.normalised(engine.value_for(m, side)),
                ),
            })
        }
        Phase::ToRoll | Phase::Rolling => {
            let d = engine.cube_decision(m);
            if m.can_double() && d.action.doubles() {
                Ok(("double", String::new(), here, ctx.normalised(d.best())))
            } else {
                Ok((
                    "no_double",
                    String::new(),
                    here,
                    ctx.normalised(d.no_double),
                ))
            }
        }
        Phase::DoubleOffered => {
            let d = engine.cube_decision(m);
            // The taker's equity is the doubler's, negated (normalised values are).
            Ok(if d.takes() {
                ("take", String::new(), here, -ctx.normalised(d.double_take))
            } else {
                ("drop", String::new(), here, -ctx.normalised(d.double_drop))
            })
        }
        Phase::ResignationOffered { kind, by, .. } => {
            let me = by.other();
            let mine = if side == me { ctx } else { ctx.flipped() };
            let given = BackgammonEngine::end_value(m, me, i64::from(m.value(kind)));
            let on = engine.value_for(m, me);
            Ok(match player.choose(m) {
                Some(MatchAction::Accept) => {
                    ("accept", String::new(), here, mine.normalised(given))
                }
                _ => ("reject", String::new(), here, mine.normalised(on)),
            })
        }
        Phase::Opening => Err("no decision: the opening roll comes first".to_owned()),
        Phase::Over(_) => Err("no decision: the session is over".to_owned()),
    }
}

impl Answer for Mode {
    type Line = BestmoveLine;

    fn shape(&self) -> Shape {
        SHAPE
    }

    fn answer(&self, request: Request<'_>) -> Result<BestmoveLine, String> {
        let m = session_of(&request)?;
        // A line's depth is another level for this line alone.
        let mut other = match request.budget {
            Some(budget) => Some(level_of(self.level, budget)?),
            None => None,
        }
        .filter(|&n| n != self.level)
        .map(MatchPlayer::new);
        let start = Instant::now();
        let (action, play, after, equity) = match other.as_mut() {
            Some(player) => decide(&m, player)?,
            None => decide(&m, &mut self.player.borrow_mut())?,
        };
        Ok(BestmoveLine {
            id: request.id,
            action,
            play,
            position_id_after: after,
            equity: round4(equity),
            time_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        })
    }
}

/// Runs `bestmove` over the lines of `path` at `level`, or at `depth` plies when given
/// (see the module docs).
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn bestmove(
    path: &Path,
    level: u8,
    depth: Option<u32>,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let level = match depth {
        Some(d) => match level_of(level, Budget::depth(d)) {
            Ok(n) => n,
            Err(e) => {
                writeln!(err, "error: {e}")?;
                return Ok(Exit::BadInput);
            }
        },
        None => level,
    };
    let mode = Mode {
        player: RefCell::new(MatchPlayer::new(level)),
        level,
    };
    serve(&mode, path, stdin, out, err)
}
