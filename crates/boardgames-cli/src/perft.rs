//! `perft`: the number of leaf nodes of the game tree N plies deep.
//!
//! Output contract: the count alone on the last line of standard output. With `--divide`, one
//! line `<move> <count>` per legal move (or per chance outcome at a chance node) comes first.
//! The time and speed (nodes per second) go to standard error. Chance nodes are counted as
//! [`boardgames_core::search::perft`] documents: each distinct outcome is a branch and uses no
//! ply.

use std::io::{self, Write};
use std::time::Instant;

use boardgames_core::{search, Game, Turn};

use crate::args::PerftArgs;
use crate::frontend::GameCli;
use crate::{position_after, Exit};

/// Runs `perft` after the move list of `args`, as described in the module docs.
///
/// # Errors
/// Only errors writing `out` or `err`; a bad move list is reported on `err` with
/// [`Exit::BadInput`].
pub fn perft<C: GameCli>(
    cli: &C,
    args: &PerftArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    let pos = match position_after(cli, &args.moves) {
        Ok(p) => p,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(Exit::BadInput);
        }
    };
    let timer = Instant::now();
    let total = if args.divide && args.depth > 0 {
        let rows = divide(&pos, args.depth);
        for (step, count) in &rows {
            writeln!(out, "{step} {count}")?;
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        search::perft(&pos, args.depth)
    };
    let seconds = timer.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    let rate = if seconds > 0.0 {
        format!("{:.0}", total as f64 / seconds)
    } else {
        "-".to_owned()
    };
    writeln!(
        err,
        "perft depth {}: {total} nodes in {seconds:.3} s ({rate} nodes/s)",
        args.depth
    )?;
    Ok(Exit::Success)
}

/// perft split by the first step: each legal move (or chance outcome) with its count.
fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    match pos.turn() {
        Turn::Chance => pos
            .chance_outcomes()
            .iter()
            .map(|&(outcome, _)| {
                let mut child = pos.clone();
                let count = match child.apply_chance(outcome) {
                    Ok(()) => search::perft(&child, depth),
                    Err(_) => 0,
                };
                (outcome.to_string(), count)
            })
            .collect(),
        _ => search::perft_divide(pos, depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect(),
    }
}
