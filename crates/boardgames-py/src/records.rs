//! Game records from Python: read every format the library has for a game, replay them, and
//! write them back, through the core's record pipeline (`boardgames_core::record`).

use boardgames_ai::registry::Engines;
use boardgames_core::abalone::record::{AbaPro, AbaloneJson, Apgn};
use boardgames_core::abalone::Position;
use boardgames_core::backgammon::record::{replay_matches, MatchText, Turns};
use boardgames_core::backgammon::{Backgammon, Match};
use boardgames_core::pente::record::{PenteJson, PenteMoveList, PenteOrg};
use boardgames_core::pente::{Pente, Variant};
use boardgames_core::record::{self, Format, Record};
use boardgames_core::Game;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::dynamic::{DynState, Failure, Typed};
use crate::encode::Encoding;
use crate::errors::to_py;
use crate::state::{wrap, State};

/// A record format of game `G` behind an object-safe interface.
pub trait DynFormat<G: Game>: Send + Sync {
    /// The format's name (`pgn`, `apgn`, `json`, ...).
    fn name(&self) -> &'static str;
    /// Whether `text` looks like this format.
    fn detect(&self, text: &str) -> bool;
    /// Every record in `text`.
    fn read(&self, text: &str) -> Result<Vec<Record<G>>, String>;
    /// The records as text.
    fn write(&self, records: &[Record<G>]) -> Result<String, String>;
}

impl<G: Game, F: Format<G> + Send + Sync> DynFormat<G> for F {
    fn name(&self) -> &'static str {
        Format::name(self)
    }
    fn detect(&self, text: &str) -> bool {
        Format::detect(self, text)
    }
    fn read(&self, text: &str) -> Result<Vec<Record<G>>, String> {
        Format::read(self, text).map_err(|e| e.to_string())
    }
    fn write(&self, records: &[Record<G>]) -> Result<String, String> {
        Format::write(self, records).map_err(|e| e.to_string())
    }
}

/// A game's record formats, most specific first (detection tries them in this order; the
/// last one is the fallback).
pub trait Recorded: Encoding + Engines {
    /// The formats, reading positions that do not name their start from `default`.
    fn formats(default: &Self) -> Vec<Box<dyn DynFormat<Self>>>;

    /// The bindings' game name of a position read from a record, where the record may name
    /// another game than the one it was read for (`name`); default: `name`.
    fn name_of(_pos: &Self, name: &'static str) -> &'static str {
        name
    }
}

impl Recorded for Pente {
    /// A record names its variant (pente.org's `Game` tag, the JSON record's `variant`):
    /// its positions are that variant's.
    fn name_of(pos: &Pente, _name: &'static str) -> &'static str {
        match pos.variant() {
            Variant::KeryoPente => "keryo_pente",
            _ => "pente",
        }
    }

    fn formats(default: &Pente) -> Vec<Box<dyn DynFormat<Pente>>> {
        vec![
            Box::new(PenteJson),
            Box::new(PenteOrg { default: *default }),
            Box::new(PenteMoveList { default: *default }),
        ]
    }
}

impl<const SEATS: usize> Recorded for Position<SEATS>
where
    Position<SEATS>: Engines,
{
    /// APGN and the JSON record are two-player formats.
    fn formats(default: &Self) -> Vec<Box<dyn DynFormat<Self>>> {
        let plain: Box<dyn DynFormat<Self>> = Box::new(AbaPro {
            default: *default,
            chosen: None,
        });
        if SEATS == 2 {
            vec![Box::new(AbaloneJson), Box::new(Apgn), plain]
        } else {
            vec![plain]
        }
    }
}

impl Recorded for Backgammon {
    fn formats(default: &Backgammon) -> Vec<Box<dyn DynFormat<Backgammon>>> {
        vec![Box::new(Turns { default: *default })]
    }
}

impl Recorded for Match {
    /// Match files are read by `read_match_file`, which replays a match's games together.
    fn formats(_default: &Match) -> Vec<Box<dyn DynFormat<Match>>> {
        Vec::new()
    }
}

/// A record of any game.
pub trait DynRecord: Send + Sync {
    /// Tags in order.
    fn tags(&self) -> Vec<(String, String)>;
    /// The steps as written (moves, and chance outcomes such as `31`).
    fn steps(&self) -> Vec<String>;
    /// The recorded result, if any.
    fn result(&self) -> Option<String>;
    /// The start position.
    fn start(&self) -> Box<dyn DynState>;
    /// The positions from the start through every step, and the first illegal step.
    fn replay(&self) -> (Vec<Box<dyn DynState>>, Option<String>);
    /// The record in `format`.
    fn write(&self, format: &str) -> Result<String, Failure>;
    /// The names of the game's formats.
    fn format_names(&self) -> Vec<&'static str>;
}

/// A record of game `G` under the bindings' game name.
pub struct TypedRecord<G: Game> {
    record: Record<G>,
    name: &'static str,
}

impl<G: Recorded> DynRecord for TypedRecord<G>
where
    Typed<G>: DynState,
    Record<G>: Send + Sync,
{
    fn tags(&self) -> Vec<(String, String)> {
        self.record.tags.clone()
    }

    fn steps(&self) -> Vec<String> {
        self.record.steps.iter().map(ToString::to_string).collect()
    }

    fn result(&self) -> Option<String> {
        self.record.result.map(|r| r.to_string())
    }

    fn start(&self) -> Box<dyn DynState> {
        let start = &self.record.start;
        Box::new(Typed::new(start.clone(), G::name_of(start, self.name)))
    }

    fn replay(&self) -> (Vec<Box<dyn DynState>>, Option<String>) {
        let trace = record::replay(&self.record);
        let positions = trace
            .positions
            .into_iter()
            .map(|p| {
                let name = G::name_of(&p, self.name);
                Box::new(Typed::new(p, name)) as Box<dyn DynState>
            })
            .collect();
        let illegal = trace.illegal.map(|i| {
            format!(
                "step {} (ply {}) {:?}: {}",
                i.index + 1,
                i.ply,
                i.written,
                i.error.reason()
            )
        });
        (positions, illegal)
    }

    fn write(&self, format: &str) -> Result<String, Failure> {
        let formats = G::formats(&self.record.start);
        let f = formats
            .iter()
            .find(|f| f.name() == format)
            .ok_or_else(|| unknown_format(format, &formats))?;
        f.write(std::slice::from_ref(&self.record))
            .map_err(Failure::Value)
    }

    fn format_names(&self) -> Vec<&'static str> {
        G::formats(&self.record.start)
            .iter()
            .map(|f| f.name())
            .collect()
    }
}

fn unknown_format<G: Game>(format: &str, formats: &[Box<dyn DynFormat<G>>]) -> Failure {
    let names: Vec<&str> = formats.iter().map(|f| f.name()).collect();
    Failure::Value(format!(
        "no record format {format:?}; formats: {}",
        names.join(", ")
    ))
}

/// Reads every record of `text` in `format` (detected when `None`), with `default` as the
/// start where the format names none.
fn read_typed<G: Recorded>(
    default: &G,
    name: &'static str,
    text: &str,
    format: Option<&str>,
) -> Result<Vec<Box<dyn DynRecord>>, Failure>
where
    Typed<G>: DynState,
    Record<G>: Send + Sync,
{
    let formats = G::formats(default);
    if formats.is_empty() {
        return Err(Failure::Value(format!("{name} has no record formats here")));
    }
    let f = match format {
        Some(name) => formats
            .iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| unknown_format(name, &formats))?,
        None => formats
            .iter()
            .find(|f| f.detect(text))
            .unwrap_or(&formats[formats.len() - 1]),
    };
    let records = f.read(text).map_err(Failure::Notation)?;
    // A format may keep a token it cannot read as notation for the replay to refuse at its
    // ply (the command-line replay reports it so); here reading refuses it.
    for (r, record) in records.iter().enumerate() {
        for (k, step) in record.steps.iter().enumerate() {
            if let record::Step::Written(written) = step {
                return Err(Failure::Notation(format!(
                    "record {}, step {}: {written:?} is not {name} notation ({} format)",
                    r + 1,
                    k + 1,
                    f.name()
                )));
            }
        }
    }
    Ok(records
        .into_iter()
        .map(|record| Box::new(TypedRecord { record, name }) as Box<dyn DynRecord>)
        .collect())
}

/// Reads the records of the game of `default`.
fn read_any(
    default: &dyn DynState,
    text: &str,
    format: Option<&str>,
) -> Result<Vec<Box<dyn DynRecord>>, Failure> {
    let any = default.as_any();
    let name = default.game_name();
    macro_rules! try_game {
        ($($t:ty),*) => {$(
            if let Some(d) = any.downcast_ref::<Typed<$t>>() {
                return read_typed(&d.pos, name, text, format);
            }
        )*};
    }
    try_game!(
        Pente,
        Position<2>,
        Position<3>,
        Position<4>,
        Position<6>,
        Backgammon,
        Match
    );
    Err(Failure::Value(format!("{name} has no record formats here")))
}

/// A game record: start position, tags, steps as written and the recorded result.
///
/// From `boardgames.read_records(text, game)`; `replay()` gives the positions, `write(format)`
/// the text in one of `formats()`.
#[pyclass(module = "boardgames._core")]
pub struct GameRecord {
    inner: Box<dyn DynRecord>,
}

#[pymethods]
impl GameRecord {
    /// The tags, in order, as `(name, value)` pairs.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.inner.tags()
    }

    /// The steps as written: moves, and chance outcomes (dice) where the format has them.
    #[getter]
    fn steps(&self) -> Vec<String> {
        self.inner.steps()
    }

    /// The recorded result (`1-0`, `0-1`, `1/2-1/2`, `*`), or `None`.
    #[getter]
    fn result(&self) -> Option<String> {
        self.inner.result()
    }

    /// The start position.
    fn start(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap(py, self.inner.start())
    }

    /// The positions from the start through every step.
    ///
    /// With `strict` (the default) an illegal step raises `IllegalMoveError` naming it (its
    /// index, ply and text); otherwise the positions up to it are returned.
    #[pyo3(signature = (strict = true))]
    fn replay(&self, py: Python<'_>, strict: bool) -> PyResult<Vec<Py<PyAny>>> {
        let (positions, illegal) = self.inner.replay();
        if let (true, Some(reason)) = (strict, illegal) {
            return Err(to_py(Failure::Illegal(reason)));
        }
        positions.into_iter().map(|p| wrap(py, p)).collect()
    }

    /// The record written in `format` (one of `formats()`).
    fn write(&self, format: &str) -> PyResult<String> {
        self.inner.write(format).map_err(to_py)
    }

    /// The names of the game's record formats.
    fn formats(&self) -> Vec<&'static str> {
        self.inner.format_names()
    }

    fn __repr__(&self) -> String {
        format!("<GameRecord, {} steps>", self.inner.steps().len())
    }
}

/// Every record in `text`, for the game of `game` (a state whose game, options and start
/// are the default for records that name none), in `format` (detected when `None`).
///
/// Formats: Pente `json`, `pgn` (pente.org), `movelist`; Abalone `json`, `apgn`, `abapro`;
/// backgammon `turns` (one turn a line).
#[pyfunction]
#[pyo3(signature = (text, game, format = None))]
pub fn read_records(
    text: &str,
    game: PyRef<'_, State>,
    format: Option<&str>,
) -> PyResult<Vec<GameRecord>> {
    let records = read_any(&*game.inner, text, format).map_err(to_py)?;
    if records.is_empty() {
        return Err(to_py(Failure::Notation("no record in the text".to_owned())));
    }
    Ok(records
        .into_iter()
        .map(|inner| GameRecord { inner })
        .collect())
}

/// Every match of a match file (the Jellyfish-style text GNU Backgammon exports, `.mat`),
/// each game replayed through the match game.
///
/// Returns a list of dicts, one a match: `{"tags": [(name, value)], "length": int (0 for
/// money), "games": [...]}`, and for each game `{"number", "players", "score", "crawford",
/// "winner", "points", "decisions", "illegal"}`, where `decisions` lists every decision of
/// the game as `(BackgammonMatch state before it, action in notation)`, each state in its
/// match (the length, the score before the game, the Crawford game): the training data of
/// real matches. `illegal` names the first action that is not legal (the decisions stop
/// there), or is `None`.
#[pyfunction]
pub fn read_match_file<'py>(py: Python<'py>, text: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let records =
        Format::read(&MatchText, text).map_err(|e| to_py(Failure::Notation(e.to_string())))?;
    let matches = replay_matches(&records, true);
    let mut out = Vec::with_capacity(matches.len());
    for rec in &matches {
        let d = PyDict::new(py);
        d.set_item("tags", rec.tags.clone())?;
        d.set_item("length", rec.length)?;
        let mut games = Vec::with_capacity(rec.games.len());
        for game in &rec.games {
            let g = PyDict::new(py);
            g.set_item("number", game.number)?;
            g.set_item("players", game.players.to_vec())?;
            g.set_item("score", game.score.to_vec())?;
            g.set_item("crawford", game.crawford)?;
            g.set_item("winner", game.wins.map(|w| w.winner))?;
            g.set_item("points", game.wins.map(|w| w.points))?;
            let mut decisions = Vec::new();
            // Each state is in its match: the length, the score before the game, the
            // Crawford game as recorded.
            for (_, state, action) in game.decisions() {
                let text = state.notation(action).to_string();
                decisions.push((
                    wrap(py, Box::new(Typed::new(state.clone(), "backgammon_match")))?,
                    text,
                ));
            }
            g.set_item("decisions", decisions)?;
            g.set_item(
                "illegal",
                game.problem
                    .as_ref()
                    .map(|i| format!("action {}: {}", i.action + 1, i.reason)),
            )?;
            games.push(g);
        }
        d.set_item("games", games)?;
        out.push(d);
    }
    Ok(out)
}
