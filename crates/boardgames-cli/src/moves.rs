//! `moves`: the legal moves after a move list.
//!
//! Output: [`GameCli::list_moves`] of the position; by default one line with the moves in the
//! game's notation, separated by spaces, in the order of [`legal_moves`](boardgames_core::Game::legal_moves); at a chance
//! node, the outcomes with their probabilities (`52 (2/36)`); an empty line when the game is
//! over. The count and the state of the game go to standard error.
//!
//! With `--jsonl FILE`: the game's [`GameCli::moves_lines`] report of each input line (see
//! [`crate::jsonl::json_lines`]).

use std::io::{self, BufRead, Write};

use crate::args::MovesArgs;
use crate::common::Exit;
use crate::frontend::GameCli;
use crate::input::{self, position_after};
use crate::jsonl;

/// Runs `moves` as described in the module docs.
///
/// # Errors
/// Only errors writing `out` or `err`; a bad move list is reported on `err` with
/// [`Exit::BadInput`].
pub fn moves<C: GameCli>(
    cli: &C,
    args: &MovesArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    if let Some(file) = &args.jsonl {
        let Some(mode) = cli.moves_lines() else {
            writeln!(err, "error: this game has no moves --jsonl mode")?;
            return Ok(Exit::BadInput);
        };
        return input::with_lines(file, stdin, err, |lines, err| {
            jsonl::json_lines(&mode, lines, out, err)
        });
    }
    let pos = match position_after(cli, &args.moves) {
        Ok(p) => p,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(Exit::BadInput);
        }
    };
    match cli.list_moves(&pos) {
        Ok(listing) => {
            for line in &listing.lines {
                writeln!(out, "{line}")?;
            }
            writeln!(err, "{}", listing.summary)?;
        }
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(Exit::BadInput);
        }
    }
    Ok(Exit::Success)
}
