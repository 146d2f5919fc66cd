//! Python bindings of the boardgames library: the package `boardgames`.
//!
//! Every game of `boardgames-core` as a Python class over one shared base (`State`), a fixed
//! action space and observation tensors for machine learning (`encode`), batches of games
//! stepped in Rust with the GIL released (`batch`), the engines of `boardgames-ai`
//! (`players`) and rollout labels of backgammon positions for training (`rollouts`). The
//! pure-Python part of the package (`python/boardgames/`) adds the OpenSpiel, PettingZoo and
//! Gymnasium adapters; `docs/python.md` is the user's guide.

mod batch;
mod dynamic;
mod encode;
mod errors;
mod players;
mod records;
mod rollouts;
mod state;

use pyo3::prelude::*;

/// The native module `boardgames._core`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("CHANCE", dynamic::CHANCE)?;
    m.add("TERMINAL", dynamic::TERMINAL)?;
    m.add("BoardgamesError", py.get_type::<errors::BoardgamesError>())?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("SetupError", py.get_type::<errors::SetupError>())?;
    m.add_class::<state::State>()?;
    m.add_class::<state::Pente>()?;
    m.add_class::<state::KeryoPente>()?;
    m.add_class::<state::Abalone>()?;
    m.add_class::<state::Backgammon>()?;
    m.add_class::<state::BackgammonMatch>()?;
    m.add_class::<batch::Batch>()?;
    m.add_class::<records::GameRecord>()?;
    m.add_function(wrap_pyfunction!(records::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_match_file, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_games, m)?)?;
    m.add_function(wrap_pyfunction!(
        rollouts::backgammon_training_positions,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(rollouts::backgammon_rollouts, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore, m)?)?;
    Ok(())
}
