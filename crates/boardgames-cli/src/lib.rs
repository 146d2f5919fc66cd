//! # boardgames-cli
//!
//! The terminal frontend kit of the `boardgames` crates, generic over
//! [`boardgames_core::Game`]: every game's program (`pente-cli`, ...) is a thin layer of clap
//! options over it. The kit knows no game's rules; a game plugs in through [`GameCli`]: its
//! start position, its record formats ([`boardgames_core::record::Format`]), its `--jsonl`
//! modes and how it is shown.
//!
//! What the kit gives every game:
//!
//! * [`repl::play`]: the interactive loop (moves typed in the game's notation, `help`, `moves`,
//!   `undo`, `board`, `record`, `save`, `quit`, the game's own commands; computer seats played
//!   by [`GameCli::computer`] players; chance drawn or typed; clocks for timed games; the
//!   record kept in a file with `--record`, [`save`]).
//! * [`replay::replay`]: the records of a file step by step, or `--jsonl` batch reports.
//! * [`perft::perft`], [`moves::moves`], [`selfplay::selfplay`], [`convert::convert`].
//! * [`KitCommand`] and the other clap argument structs, and [`run`] to dispatch them.
//!
//! A program's `main` is then a few lines:
//!
//! ```no_run
//! # use boardgames_cli::{GameCli, KitCommand, Formats, RecordFormat, jsonl::NoLines};
//! # use boardgames_core::pente::{Pente, record::{PenteOrg, RecordError}};
//! # struct MyGame;
//! # impl GameCli for MyGame {
//! #     type Game = Pente;
//! #     type RecordError = RecordError;
//! #     type ReplayLines = NoLines;
//! #     type MovesLines = NoLines;
//! #     fn start(&self) -> Pente { Pente::default() }
//! #     fn formats(&self) -> Formats<'_, Self> { vec![RecordFormat::new(PenteOrg::new(self.start()))] }
//! #     fn replay_lines(&self) -> Option<NoLines> { None }
//! #     fn moves_lines(&self) -> Option<NoLines> { None }
//! # }
//! use clap::Parser;
//!
//! #[derive(Parser)]
//! struct Cli {
//!     #[command(subcommand)]
//!     command: KitCommand,
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     let cli = Cli::parse();
//!     boardgames_cli::run(&MyGame, &cli.command).into()
//! }
//! ```
//!
//! Exit codes ([`Exit`]): 0 success, 1 the input was read but a move in it is illegal (or
//! some `--jsonl` lines are bad, or `play` from a script refused some of its lines), 2 the
//! input could not be read or parsed.

pub mod arena;
pub mod args;
pub mod bestmove;
pub mod common;
pub mod convert;
pub mod editor;
pub mod frontend;
pub mod input;
pub mod jsonl;
pub mod moves;
pub mod perft;
pub mod pipe;
pub mod repl;
pub mod replay;
pub mod save;
pub mod selfplay;
pub mod shell;

use std::io::{self, BufRead, Write};

pub use args::{
    parse_duration, ArenaArgs, BestmoveArgs, ChanceArgs, ColorChoice, ComputerSeat, ConvertArgs,
    KitCommand, MovesArgs, Opponent, PerftArgs, PlayArgs, PlayerSpec, ReplayArgs, SelfplayArgs,
};
pub use common::Exit;
pub use frontend::{
    format_for, format_named, CommandHelp, CommandOutput, FormatOf, Formats, GameCli, MoveListing,
    Plain, Presentation, RecordFormat, View,
};
pub use input::position_after;
pub use repl::{PlayConfig, SeatError};

/// Runs one of the kit's subcommands on the process's standard streams.
///
/// A closed output pipe (`| head`) ends the command quietly.
pub fn run<C: GameCli>(cli: &C, command: &KitCommand) -> Exit {
    if let KitCommand::Play(args) = command {
        // Standard input not locked: a timed game reads it on a second thread.
        return with_output(|out, err| play(cli, args, out, err));
    }
    run_reading(cli, command, &mut io::stdin().lock())
}

/// [`run`] with `stdin` read in place of the process's standard input where a command reads
/// it (a file named `-`): for a program that has read its standard input before (to choose
/// the game from a record, say). `play` still reads the process's standard input.
pub fn run_reading<C: GameCli>(cli: &C, command: &KitCommand, stdin: &mut dyn BufRead) -> Exit {
    with_output(|out, err| match command {
        KitCommand::Play(a) => play(cli, a, out, err),
        KitCommand::Replay(a) => replay::replay(cli, a, stdin, out, err),
        KitCommand::Moves(a) => moves::moves(cli, a, stdin, out, err),
        KitCommand::Perft(a) => perft_on_stderr(cli, a, out, err),
        KitCommand::Selfplay(a) => selfplay::selfplay(cli, a, out),
        KitCommand::Convert(a) => convert::convert(cli, a, stdin, out, err),
        KitCommand::Bestmove(a) => bestmove::bestmove(cli, a, stdin, out, err),
        KitCommand::Arena(a) => arena::arena(cli, a, stdin, out, err),
    })
}

/// Runs `command` with the process's standard output (buffered) and standard error, and
/// turns its result into the exit status ([`finish`]).
fn with_output(command: impl FnOnce(&mut dyn Write, &mut dyn Write) -> io::Result<Exit>) -> Exit {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    let mut err = stderr.lock();
    let result = command(&mut out, &mut err);
    finish(result.and_then(|exit| out.flush().map(|()| exit)), &mut err)
}

/// `play` on the process's standard input: at a terminal with line editing (untimed games),
/// from a script with its refused lines on `err` too ([`repl::play_script`]). `--record` to
/// a file that cannot be written is refused before the game.
///
/// # Errors
/// Only I/O errors of the standard streams.
fn play<C: GameCli>(
    cli: &C,
    args: &PlayArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    use std::io::IsTerminal;
    let start = cli.start();
    let chance = ChanceArgs {
        manual_dice: cli.manual_chance(),
    };
    let mut config = match PlayConfig::from_args(args, &chance, &start) {
        Ok(config) => config,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            return Ok(Exit::BadInput);
        }
    };
    config.time_limit = cli.time_limit();
    if let Some(path) = &config.record {
        if let Err(e) = save::start_recording(cli, path) {
            writeln!(err, "error: --record: {e}")?;
            return Ok(Exit::BadInput);
        }
    }
    let scripted = !io::stdin().is_terminal();
    // At a terminal, untimed games get line editing and history.
    let edited = config.time_limit.is_none() && !scripted && io::stdout().is_terminal();
    if let Some(mut editor) = edited
        .then(editor::TerminalEditor::new)
        .and_then(Result::ok)
    {
        return repl::play_edited(cli, &config, &mut editor, out).map(|()| Exit::Success);
    }
    let mut keyboard = io::BufReader::new(io::stdin());
    if scripted {
        repl::play_script(cli, &config, &mut keyboard, out, err)
    } else {
        repl::play(cli, &config, &mut keyboard, out).map(|()| Exit::Success)
    }
}

/// `perft` with its progress rewritten in place when standard error is a terminal.
///
/// # Errors
/// Only errors writing `out` or `err`.
pub fn perft_on_stderr<C: GameCli>(
    cli: &C,
    args: &PerftArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Exit> {
    use std::io::IsTerminal;
    let mut progress = perft::Progress {
        terminal: io::stderr().is_terminal(),
        ..perft::Progress::default()
    };
    if args.progress_after.is_finite() && args.progress_after >= 0.0 {
        progress.after = std::time::Duration::from_secs_f64(args.progress_after.min(1e9));
    }
    perft::perft_with_progress(cli, args, progress, out, err)
}

/// Turns the I/O result of a command into its exit status: a closed pipe is a quiet success,
/// other output errors are reported on `err`.
pub fn finish(result: io::Result<Exit>, err: &mut dyn Write) -> Exit {
    match result {
        Ok(exit) => exit,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            // Nothing more can be done if standard error is gone too.
            let _ = writeln!(err, "error: {e}");
            Exit::Failure
        }
    }
}

#[cfg(test)]
mod testgame;
#[cfg(test)]
mod tests;
