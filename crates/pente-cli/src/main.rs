//! `pente-cli`: play, replay and analyse Pente and Keryo-Pente games in the terminal.
//!
//! A thin layer over the `boardgames-cli` kit: the options of the game (variant, tournament
//! rule) and Pente's hooks ([`pente::PenteCli`]); every subcommand is the kit's.

mod pente;

use std::process::ExitCode;

use boardgames_cli::args::{for_game, hide_global, GameHelp};
use boardgames_cli::shell::{self, ProgramCommand};
use boardgames_core::pente::{Setup, SetupError, Variant};
use clap::{CommandFactory, FromArgMatches, Parser};

use crate::pente::PenteCli;

const ABOUT: &str = "Play, replay and analyse Pente and Keryo-Pente games \
(pente.org coordinates: columns A..T without I, rows 1..19 from the bottom, centre K10).";

const AFTER_HELP: &str = "\
Examples:
  pente-cli replay examples/games/pente-org-50000000005101.txt
  pente-cli play --vs computer --seed 7
  pente-cli --variant keryo perft --depth 2 K10 L9
  pente-cli replay --jsonl examples/jsonl/pente-games.jsonl > reports.jsonl

Exit status: 0 success; 1 a move of the input is illegal (replay), or some --jsonl lines are
bad; 2 the input cannot be read or parsed, or the command line is wrong.";

const REPLAY_HELP: &str = "\
Input (FILE, or - for standard input):
  * a pente.org game file: `[Name \"value\"]` header tags, then the move list as pente.org
    writes it, `1. K10 L9 2. N10 M10 ... 1-0` (move numbers and the result are optional; `#`
    starts a comment). The `Game` tag (Pente, Keryo-Pente) sets the variant and `Rated` (Y, N)
    the tournament rule; without them --variant and --no-tournament-rule apply; or
  * one JSON record {\"id\", \"variant\", \"tournament_rule\", \"moves\": [\"K10\", ...], \"result\"},
    which carries its own variant and rule.
Output: each move (ply, player, point, the stones it captured), then the final board and the
result. The first illegal move stops the replay: its ply and reason go to standard error and
the exit status is 1.

Batch interface (--jsonl), a stable contract for other tools:
  input: one JSON record per line, as above (other fields are ignored; blank lines skipped);
  output: for each record, in input order, one line of JSON with exactly these fields in this
  order:
    {\"id\": string or null, \"variant\": \"pente\" | \"keryo-pente\", \"tournament_rule\": bool,
     \"n_moves\": moves in the record,
     \"caps\": [[by player 1, by player 2], ...] stones captured after each applied ply,
     \"removed\": {\"<ply>\": [points emptied at that ply, sorted], ...} (capturing plies only),
     \"result\": {\"winner\": 1 | 2 | 0, \"ply\": k, \"reason\": \"five\" | \"captures\" |
                \"five+captures\" | \"draw-board-full\"} or null,
     \"illegal\": {\"ply\": k, \"move\": as written, \"why\": reason} or null}
  (the replay stops at the first illegal move). A line that is not a record gives
  `line N: reason` on standard error and no output line; the others are still processed, and
  the exit status is then 1.";

const PERFT_HELP: &str = "\
Output contract: the count alone on the last line of standard output (with --divide, the lines
`<move> <count>` come before it); the time and nodes per second go to standard error.
Example: `pente-cli perft --depth 2` prints 360 (the first stone must go on K10, then 360
points are free).";

const BESTMOVE_HELP: &str = "\
The engine (alpha-beta, boardgames-ai) over JSON lines, a stable contract for other programs:
  input: one JSON object per line, {\"id\": any, \"position\": {\"variant\": \"pente\" |
    \"keryo-pente\", \"tournament_rule\": bool, \"moves\": [\"K10\", ...]} (the record form of
    the reference data's games.jsonl) or the JSON form of a position, {\"variant\",
    \"tournament_rule\", \"ply\", \"captures\": [by player 1, by player 2], \"player1\": [points],
    \"player2\": [points]} (docs/pente.md; what arena sends an external engine), optional
    \"movetime_ms\", \"depth\", \"nodes\" (whole numbers from 1, the depth at most 64; any of
    them replaces the level's budget)}; each line carries its rules (no \"variant\": Pente), so
    --variant, --no-tournament-rule and --position do not apply;
  output: for each line, in input order and flushed at once, one line of JSON with exactly
  these fields in this order:
    {\"id\", \"move\": the move in pente.org notation, \"score\": for the side to move
     (1000000 - n: a forced win in n plies; its negative, a forced loss), \"depth\": plies
     searched, \"nodes\", \"time_ms\", \"pv\": the principal variation}
  A line that is not such an object, or a finished game, gives `line N: reason` on standard
  error and no output line; the next line is still served, and the exit status is then 1.
  Blank lines are skipped.
Levels (--level, default 4): 1 depth 1; 2 depth 2; 3 depth 4; 4 depth 6; 5 depth 8
(no clock: a level plays the same on every machine). --movetime, --depth and --nodes
replace the level's budget.";

/// Pente and Keryo-Pente in the terminal.
#[derive(Debug, Parser)]
#[command(name = "pente-cli", version, about = ABOUT, after_help = AFTER_HELP)]
struct Cli {
    /// The ruleset: pente, or keryo (also keryo-pente): captures of two or three stones, and
    /// 15 captured stones win instead of 10.
    #[arg(long, global = true, default_value = "pente", value_parser = parse_variant)]
    variant: Variant,
    /// Play without the tournament rule (player 1's second stone may then go inside the 5x5
    /// square around K10). JSON records carry their own rule.
    #[arg(long, global = true)]
    no_tournament_rule: bool,
    /// Start from this position instead of the empty board: the position string of
    /// docs/pente.md (`pente tournament 0 0-0 19/19/.../19`), which sets the variant and the
    /// rule too.
    #[arg(long, global = true, value_name = "POSITION", conflicts_with_all = ["variant", "no_tournament_rule"])]
    position: Option<String>,
    #[command(subcommand)]
    command: ProgramCommand,
}

fn parse_variant(text: &str) -> Result<Variant, String> {
    text.parse()
        .map_err(|e: boardgames_core::pente::SetupError| {
            let problems: Vec<String> = e.problems().iter().map(ToString::to_string).collect();
            problems.join("; ")
        })
}

fn main() -> ExitCode {
    let command = Cli::command()
        .mut_subcommand("replay", |c| c.after_help(REPLAY_HELP))
        .mut_subcommand("perft", |c| c.after_help(PERFT_HELP))
        .mut_subcommand("bestmove", |c| c.after_help(BESTMOVE_HELP));
    let command = help_for_pente(command);
    let cli = match Cli::from_arg_matches(&command.clone().get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let position = match cli.position.as_deref().map(str::parse::<Setup>) {
        None => None,
        Some(Ok(setup)) => match setup.into_position() {
            Ok(pos) => Some(pos),
            Err(e) => bad_position(&command, &e),
        },
        Some(Err(e)) => bad_position(&command, &e),
    };
    let game = PenteCli {
        variant: cli.variant,
        tournament_rule: !cli.no_tournament_rule,
        position,
    };
    match &cli.command {
        ProgramCommand::Game(c) => boardgames_cli::run(&game, c),
        ProgramCommand::Shell(c) => shell::run(c, command),
    }
    .into()
}

/// The help of every subcommand with what applies to Pente only: the kit's options as the
/// game has them, and no rules options on `bestmove`, whose lines carry their own.
fn help_for_pente(command: clap::Command) -> clap::Command {
    let pente = PenteCli {
        variant: Variant::Pente,
        tournament_rule: true,
        position: None,
    };
    let command = for_game(command, &GameHelp::of(&pente));
    ["variant", "no_tournament_rule", "position"]
        .into_iter()
        .fold(command, |command, arg| {
            hide_global(command, arg, |sub| sub != "bestmove")
        })
}

/// `--position` that is no position: clap's usage error (exit status 2).
fn bad_position(command: &clap::Command, e: &SetupError) -> ! {
    let problems: Vec<String> = e.problems().iter().map(ToString::to_string).collect();
    command
        .clone()
        .error(
            clap::error::ErrorKind::InvalidValue,
            format!("--position: {}", problems.join("; ")),
        )
        .exit()
}
