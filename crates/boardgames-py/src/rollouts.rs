//! Training data for the backgammon networks: positions of exploring self-play and their
//! truncated rollouts (`boardgames_ai::backgammon::{sample_positions, label_positions}`),
//! for Python drivers that spread the rollouts over processes or machines.
//!
//! A position travels as its gnubg Position ID, seen from the side on roll; the labels of
//! the `i`-th position of the whole list depend only on the seed and `i`, so that any split
//! of the list into calls (each told the number of its first position) gives the same
//! labels, and the same labels as the `label_backgammon` example.

use boardgames_ai::backgammon::{
    label_positions, points_won, sample_positions, BearoffDatabase, Evaluator, Networks,
    RolloutResult, RolloutSettings,
};
use boardgames_core::backgammon::{board_from_position_id, position_id, Board, Side};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::dynamic::Failure;
use crate::errors::{int_arg, to_py, value_error};

/// Positions labelled per thread between two looks for Ctrl-C.
const ROUND_PER_THREAD: usize = 4;

/// The most threads a call may ask for.
const MAX_THREADS: i128 = 256;

/// The networks of a `Networks` or network file's bytes; `None` for the shipped networks.
fn read_weights(weights: Option<&[u8]>) -> PyResult<Option<Networks>> {
    weights
        .map(|bytes| {
            Networks::from_bytes(bytes)
                .map_err(|e| value_error(format!("weights ({} bytes): {e}", bytes.len())))
        })
        .transpose()
}

/// The Position IDs of the positions for training: every position before a roll of `games`
/// games of self-play at 0 plies by the networks of `weights` (a `Networks` or network
/// file's bytes; the shipped networks when `None`), each play chosen uniformly among the
/// distinct results with chance `explore`, dice and choices drawn from `seed`. Finished
/// positions are left out. Each ID is seen from the side on roll. Runs without the GIL.
///
/// `backgammon_training_positions(games, explore, seed, weights=None) -> list[str]`
#[pyfunction]
#[pyo3(signature = (games, explore, seed, weights = None))]
pub fn backgammon_training_positions(
    py: Python<'_>,
    games: i128,
    explore: f64,
    seed: i128,
    weights: Option<&[u8]>,
) -> PyResult<Vec<String>> {
    let games: u32 = int_arg("games", games, 0, i128::from(u32::MAX))?;
    let seed: u64 = int_arg("seed", seed, 0, i128::from(u64::MAX))?;
    if !(0.0..=1.0).contains(&explore) {
        return Err(value_error(format!(
            "explore {explore} is not a chance in 0..=1"
        )));
    }
    let owned = read_weights(weights)?;
    let nets: &Networks = match &owned {
        Some(nets) => nets,
        None => Networks::shipped(),
    };
    Ok(py.detach(|| {
        sample_positions(nets, games, explore, seed)
            .iter()
            .map(|(board, side)| position_id(board, *side))
            .collect()
    }))
}

/// The board of the Position ID at `index` of the list (position number `number`), the
/// side on roll as X; a `NotationError` for text that is no Position ID, a `SetupError` for
/// a game already over.
fn decode(index: usize, number: usize, id: &str) -> PyResult<Board> {
    let board = board_from_position_id(id, Side::X).map_err(|e| {
        to_py(Failure::Notation(format!(
            "position_ids[{index}] (position {number}): bad Position ID {id:?}: {}",
            e.what
        )))
    })?;
    if let Some((winner, _)) = points_won(&board) {
        let who = if winner == Side::X {
            "on roll"
        } else {
            "not on roll"
        };
        return Err(to_py(Failure::Setup(format!(
            "position_ids[{index}] (position {number}) {id:?}: the game is over (the side \
             {who} has borne off every checker)"
        ))));
    }
    Ok(board)
}

/// One label as the `label_backgammon` example writes it: the Position ID, the chances of
/// the side on roll, the standard error of the cubeless equity rounded to 5 decimals, the
/// trials and the truncation.
fn label_dict<'py>(
    py: Python<'py>,
    board: &Board,
    r: &RolloutResult,
    truncate: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let c = &r.chances;
    d.set_item("position_id", position_id(board, Side::X))?;
    d.set_item("win", f64::from(c.win))?;
    d.set_item("win_gammon", f64::from(c.win_gammon))?;
    d.set_item("win_backgammon", f64::from(c.win_backgammon))?;
    d.set_item("lose_gammon", f64::from(c.lose_gammon))?;
    d.set_item("lose_backgammon", f64::from(c.lose_backgammon))?;
    d.set_item("equity_error", (r.equity_error * 1e5).round() / 1e5)?;
    d.set_item("trials", r.trials)?;
    d.set_item("truncate", truncate)?;
    Ok(d)
}

/// Labels the positions of `position_ids` (gnubg Position IDs, each seen from the side on
/// roll) by truncated rollouts: `trials` games each (the first roll stratified over the 36),
/// cut after `truncate` plies (0: played to the end) and evaluated there, played by the
/// networks of `weights` (the shipped ones when `None`), on `threads` threads without the
/// GIL. The positions are numbers `first`, `first + 1`, ... of a list labelled in parts:
/// the rollout of number `i` is seeded by `seed` and `i` alone, so the labels do not depend
/// on the split nor on the threads. One dict a position, in order, with the fields of a
/// line of the `label_backgammon` example: `position_id`, the chances `win`, `win_gammon`,
/// `win_backgammon`, `lose_gammon`, `lose_backgammon` of the side on roll, `equity_error`
/// (the standard error of the cubeless equity, rounded to 5 decimals), `trials`,
/// `truncate`.
///
/// Every ID is read before any rollout: one that does not decode raises `NotationError`,
/// a finished game `SetupError`, each naming its index. Can be interrupted (Ctrl-C) between
/// rounds of a few positions a thread.
///
/// `backgammon_rollouts(position_ids, first, trials, truncate, seed, threads=1,
/// weights=None) -> list[dict]`
#[pyfunction]
#[pyo3(signature = (position_ids, first, trials, truncate, seed, threads = 1, weights = None))]
#[allow(clippy::too_many_arguments)]
pub fn backgammon_rollouts<'py>(
    py: Python<'py>,
    position_ids: Vec<String>,
    first: i128,
    trials: i128,
    truncate: i128,
    seed: i128,
    threads: i128,
    weights: Option<&[u8]>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let count = position_ids.len();
    let last_first = i128::try_from(usize::MAX - count).unwrap_or(i128::MAX);
    let first: usize = int_arg("first", first, 0, last_first)?;
    let trials: u32 = int_arg("trials", trials, 1, i128::from(u32::MAX))?;
    let truncate: u32 = int_arg("truncate", truncate, 0, i128::from(u32::MAX))?;
    let seed: u64 = int_arg("seed", seed, 0, i128::from(u64::MAX))?;
    let threads: usize = int_arg("threads", threads, 1, MAX_THREADS)?;
    let positions: Vec<(Board, Side)> = position_ids
        .iter()
        .enumerate()
        .map(|(i, id)| decode(i, first + i, id).map(|board| (board, Side::X)))
        .collect::<PyResult<_>>()?;
    let owned = read_weights(weights)?;
    let eval = match &owned {
        Some(nets) => Evaluator::new(nets, BearoffDatabase::get()),
        None => Evaluator::shipped(),
    };
    let settings = RolloutSettings {
        trials,
        truncate,
        seed,
    };
    let round = threads * ROUND_PER_THREAD;
    let mut out = Vec::with_capacity(count);
    for (k, part) in positions.chunks(round).enumerate() {
        let from = first + k * round;
        let labels = py.detach(|| label_positions(&eval, part, from, &settings, threads));
        if labels.len() != part.len() {
            return Err(value_error(format!(
                "the rollouts of positions {from}..{} stopped short",
                from + part.len()
            )));
        }
        for ((board, _), r) in part.iter().zip(&labels) {
            out.push(label_dict(py, board, r, truncate)?);
        }
        py.check_signals()?;
    }
    Ok(out)
}
