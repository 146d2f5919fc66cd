//! `abalone-cli`: play, replay and analyse Abalone games for 2, 3, 4 or 6 players in the
//! terminal.
//!
//! A thin layer over the `boardgames-cli` kit: the game's options (players, layout, start
//! position, move limit, time limit), Abalone's hooks ([`abalone::AbaloneCli`]) and the
//! `moves --jsonl` batch interface ([`report`]); the commands are the kit's.

mod abalone;
mod report;

use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use boardgames_ai::registry::Engines;
use boardgames_cli::args::PlayerSpec;
use boardgames_cli::args::ARENA_HELP;
use boardgames_cli::args::{for_game, hide_global, GameHelp};
use boardgames_cli::shell::{self, ProgramCommand};
use boardgames_cli::{parse_duration, Exit, KitCommand};
use boardgames_core::abalone::record::{layout_players, position_players, record_players};
use boardgames_core::abalone::{Layout, Position};
use clap::{CommandFactory, FromArgMatches, Parser};

use crate::abalone::{parse_position, AbaloneCli};

const ABOUT: &str = "Play, replay and analyse Abalone games for 2, 3, 4 or 6 players \
(cells A1..I9, A1 bottom left on Black's side; moves in Aba-Pro notation: in-line a1b2, \
broadside c3c5d4).";

const AFTER_HELP: &str = "\
Examples:
  abalone-cli play --vs computer --time-limit 10m
  abalone-cli --layout belgian-daisy play
  abalone-cli replay examples/games/abalone-awc2015-final.txt
  abalone-cli replay --quiet examples/games/abalone-migs-2016-first-games.apgn
  abalone-cli replay --game 3 examples/games/abalone-migs-2016-first-games.apgn
  abalone-cli replay --jsonl examples/jsonl/abalone-games.jsonl > reports.jsonl
  abalone-cli convert examples/games/abalone-migs-2016-first-games.apgn --to json > games.jsonl
  abalone-cli moves --jsonl examples/jsonl/abalone-positions.jsonl > results.jsonl
  abalone-cli --layout standard perft --depth 3
  abalone-cli --players 6 play --vs computer --seat 2
  abalone-cli --players 3 selfplay --seed 7

Players (--players): 2 (default; with --position, the number of its colours; replay and
convert of a plain Aba-Pro record: the number its Layout or Position header gives), 3
(each for themselves, 11 marbles each), 4 (two teams of two, partners opposite, 9 each) or
6 (two teams of three, seated alternately, 6 each). Seats
in turn order: Black (@), White (O), Red (X), Green (#), Yellow (+), Purple (*); with teams,
team 1 is Black, Red, Yellow and team 2 White, Green, Purple.

Layouts (--layout): with 2 players standard, belgian-daisy, german-daisy, dutch-daisy,
swiss-daisy (also written belgian_daisy, or just belgian); with 3 three-players, with 4
four-players (9 each, default) or four-players-rows (8 each), with 6 six-players. --position
takes the position string of docs/abalone.md (`wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b
0-0`; with more players one captured count per player) or a neutral JSON position.

Exit status: 0 success; 1 a move of the input is illegal (replay), or some --jsonl lines are
bad; 2 the input cannot be read or parsed, or the command line is wrong.";

const PLAY_HELP: &str = "\
At the prompt type a move in Aba-Pro notation:
  in-line (every single-marble move): the trailing marble and the cell it moves to, a1b2 moves
    the marbles in a row from A1 towards B2 (1 to 3 of them) and pushes what they can (sumito);
  broadside: both ends of the line of 2 or 3, then where the first end goes, c3c5d4.
Commands: moves, hint (the engine's move, score and line), undo, board, record, save FILE
(the record written to FILE, which replay reads), help, quit (end of input quits too).
With --record FILE the record is kept in FILE, rewritten after every move.
With --time-limit each side has that much time for the whole game; the clocks are shown after
every move, and when one runs out the game ends: more marbles ejected wins, equal is a draw.";

const REPLAY_HELP: &str = "\
Input (FILE, or - for standard input), recognised from the text:
  * an APGN file (PGN-like tags, Aba-Pro move text, one or several games), as the MiGs
    server's archive:
      [Event \"MIGS 24054\"]
      [Variant \"belgian\"]
      [Result \"1-0\"]

      1. a1b2 a5b5 2. b2c3 a4b4 ... 95. h5g4 1-0
    Every game is replayed in turn (--game N: only the Nth); either broadside spelling is
    read (c5c3d6 = c3c5d4). A malformed file is refused with its line and column.
  * a plain Aba-Pro record, e.g.
      [Layout \"belgian_daisy\"]
      1.a1b2 i5h5 2.a2b3 i6h6 ...
    Header lines: [Layout \"NAME\"] or [Position \"position string or JSON\"] (without one,
    --layout or --position, default standard), [MoveLimit \"N\"], and any [Name \"value\"]
    tag. `#` starts a comment. Move numbers (`12.`) and a result (1-0, 0-1, 1/2-1/2, *) are
    optional.
Output: each ply (number, side, move, what it did: in-line, broadside, sumito, ejection), then
the final board and the result. The first illegal move stops the game's replay: the game, the
move number, the side and the reason go to standard error and the exit status is 1.

Batch interface (--jsonl FILE, or - for standard input), a stable contract for other tools:
  input: one game per line as in the reference file real/games.jsonl:
    {\"id\": \"...\", \"layout\": \"belgian_daisy\", \"moves\": [\"a1b2\", \"i5h5\", ...], ...}
  (other fields ignored; blank lines skipped);
  output: for each line, in input order, one line of JSON with exactly these fields in this
  order, as in real/expected.jsonl:
    {\"id\", \"legal_plies\": plies replayed before the first illegal one,
     \"first_illegal\": null or {\"ply\", \"side\", \"token\", \"reason\"},
     \"captured\": {\"black\", \"white\"} (marbles of each colour pushed off),
     \"legal_move_counts\": legal moves at the start and after each legal ply,
     \"final_position\": the neutral JSON position after them}
  A line that is not a game gives `line N: reason` on standard error and no output line; the
  others are still processed, and the exit status is then 1.";

const CONVERT_HELP: &str = "\
Input (FILE, or - for standard input): an APGN file, a plain Aba-Pro record, or JSON lines
as real/games.jsonl (one game each). Output (--to): apgn, json (one line per game as
real/games.jsonl: id, layout, moves, result, players, termination, plies_in_header, and
every other tag as a field), or abapro (the plain Aba-Pro record, any number of players).
Converting to one format and back gives the same games.";

const MOVES_HELP: &str = "\
Without --jsonl: the legal moves of the start position (--layout or --position) after the
moves given, in one line; their count goes to standard error.

Batch interface (--jsonl FILE, or - for standard input), a stable contract for other tools:
  input: one JSON object per line, either a neutral position
    {\"black\":[\"A1\",...],\"white\":[...],\"turn\":\"black\",\"captured\":{\"black\":0,\"white\":0}}
  (optional \"ply\", \"move_limit\", \"timed_out\"), or {\"id\": ..., \"position\": <position>}
  (other fields ignored; blank lines skipped);
  output: for each line, in input order, one line of JSON with exactly these fields in this
  order:
    {\"id\": the input's id or null,
     \"legal_moves\": number of legal moves (distinct canonical encodings),
     \"results\": [every distinct position after one move: only black, captured, turn, white,
                 keys and cell lists sorted], sorted by canonical string (the JSON text with
                 sorted keys and no spaces),
     \"result_moves\": [[the canonical Aba-Pro moves giving results[i], sorted], ...]}
  `captured.X` counts X-coloured marbles pushed off. This is the format of the reference
  corpora. With --players 3, 4 or 6 the positions (input and results) also carry the lists
  and counts of red, green, yellow and purple and the \"ejected\" counts (docs/abalone.md).
  A line that is not a position gives `line N: reason` on standard error and no output line;
  the others are still processed, and the exit status is then 1.";

const BESTMOVE_HELP: &str = "\
The engine (boardgames-ai) over JSON lines, a stable contract for other programs: alpha-beta
with two players; with --players 3, 4 or 6, Monte Carlo tree search playing for the seat's
team.
  input: one JSON object per line, {\"id\": any, \"position\": <position>, optional
    \"movetime_ms\", \"depth\", \"nodes\"}, where the position is what `moves --jsonl` reads:
    {\"black\":[\"A1\",...],\"white\":[...],\"turn\":\"black\",\"captured\":{\"black\":0,\"white\":0}}
    (optional \"ply\", \"move_limit\", \"timed_out\"), or a position string of docs/abalone.md
    as a JSON string (\"wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0-0\"); --move-limit
    applies to it;
  output: for each line, in input order and flushed at once, one line of JSON with exactly
  these fields in this order:
    {\"id\", \"move\": the move in canonical Aba-Pro notation, \"score\": for the side to move
     (two players: in hundredths of a marble, 1000000 - n a forced win in n plies, its
     negative a forced loss; more players: the team's expected share of the win in
     thousandths, 0 to 1000), \"depth\": plies searched (the tree's depth with more
     players), \"nodes\" (tree iterations with more players), \"time_ms\", \"pv\": the
     principal variation}
  A line that is not such an object, or a finished game, gives `line N: reason` on standard
  error and no output line; the next line is still served, and the exit status is then 1.
  Blank lines are skipped.
Levels (--level, default 5; 4 with 3, 4 or 6 players): 1 depth 1 (takes an ejection, the
sixth first); 2 depth 2 (also guards against the opponent's next ejection); 3 30,000 nodes;
4 100,000 nodes; 5 300,000 nodes. With 3, 4 or 6 players: 1 1,000 tree iterations; 2
10,000; 3 100,000; 4 300,000; 5 1,000,000. No level has a clock: a level plays the same on
every machine. --movetime, --depth and --nodes replace the level's budget; with 3, 4 or 6
players --depth caps how deep the tree grows (10,000 iterations, or --nodes or --movetime).";

const ARENA_MOVE_LIMIT: &str = "\
Abalone has no repetition rule: two engines that cannot win may repeat positions without
end. Give --move-limit (e.g. 200) so that such a game is adjudicated on the marbles ejected.";

const PERFT_HELP: &str = "\
Output contract: the count alone on the last line of standard output (with --divide, the lines
`<move> <count>` come before it); the time and nodes per second go to standard error, with
progress there after each first move once the count has run a second.
Example: `abalone-cli perft --depth 2` prints 1936; `abalone-cli --layout belgian-daisy perft
--depth 3` prints 149322.";

/// Abalone for 2, 3, 4 or 6 players in the terminal.
#[derive(Debug, Parser)]
#[command(name = "abalone-cli", version, about = ABOUT, after_help = AFTER_HELP)]
struct Cli {
    /// The number of players: 2, 3, 4 or 6 [default: the number of colours of --position;
    /// for replay and convert, the number the record's Layout or Position header gives;
    /// else 2].
    #[arg(long, global = true, value_name = "N", value_parser = parse_players)]
    players: Option<usize>,
    /// The starting layout: with 2 players standard, belgian-daisy, german-daisy,
    /// dutch-daisy or swiss-daisy (default standard); with 3 three-players, with 4
    /// four-players (default) or four-players-rows, with 6 six-players.
    #[arg(long, global = true, value_name = "NAME")]
    layout: Option<String>,
    /// Start from this position instead of a layout: a position string or neutral JSON.
    #[arg(
        long,
        global = true,
        value_name = "POSITION",
        conflicts_with = "layout"
    )]
    position: Option<String>,
    /// End the game after N plies, adjudicated like a time-out: more marbles ejected wins,
    /// equal is a draw.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    move_limit: Option<u16>,
    /// With play: each side's time for the whole game, e.g. 10m, 90s, 1h, 1h30m.
    #[arg(long, global = true, value_name = "TIME", value_parser = parse_duration)]
    time_limit: Option<Duration>,
    #[command(subcommand)]
    command: ProgramCommand,
}

/// The move limit of `selfplay` with three or more players when none is given.
const SELFPLAY_MOVE_LIMIT: u16 = 10_000;

/// `--players`: 2, 3, 4 or 6.
fn parse_players(text: &str) -> Result<usize, String> {
    match text.trim() {
        "2" => Ok(2),
        "3" => Ok(3),
        "4" => Ok(4),
        "6" => Ok(6),
        _ => Err(format!(
            "{text:?}: Abalone is played by 2, 3, 4 or 6 players"
        )),
    }
}

fn main() -> ExitCode {
    let command = Cli::command()
        .mut_subcommand("play", |c| {
            c.about("Play in the terminal: against a friend, or against the computer (the engine at --level). Type `help` at the prompt for the commands")
                .after_help(PLAY_HELP)
        })
        .mut_subcommand("replay", |c| {
            c.about("Replay a game record (APGN, several games too, or plain Aba-Pro) move by move, then show the final board and the result; with --jsonl, a report line per game")
                .after_help(REPLAY_HELP)
        })
        .mut_subcommand("convert", |c| {
            c.about("Convert game records between APGN, the plain Aba-Pro record and JSON lines")
                .after_help(CONVERT_HELP)
        })
        .mut_subcommand("moves", |c| {
            c.about("List the legal moves; with --jsonl, every resulting position of each input position")
                .after_help(MOVES_HELP)
        })
        .mut_subcommand("perft", |c| {
            c.about("Count the leaf nodes of the game tree N plies deep (perft)")
                .after_help(PERFT_HELP)
        })
        .mut_subcommand("bestmove", |c| {
            c.about("The engine's move for each JSON position, a batch interface for other programs")
                .after_help(BESTMOVE_HELP)
        })
        .mut_subcommand("arena", |c| {
            c.after_help(format!("{ARENA_HELP}\n{ARENA_MOVE_LIMIT}"))
        });
    let mut command = help_for_abalone(command);
    let cli = match Cli::from_arg_matches(&command.get_matches_mut()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let kit = match &cli.command {
        ProgramCommand::Game(kit) => kit,
        ProgramCommand::Shell(c) => return shell::run(c, command).into(),
    };
    let input = match RecordInput::of(&cli, kit) {
        Ok(input) => input,
        Err(e) => {
            // Said as the kit says it; nothing more to do if standard error is gone.
            let _ = writeln!(io::stderr(), "error: cannot read -: {e}");
            return Exit::BadInput.into();
        }
    };
    let players = cli
        .players
        .or_else(|| cli.position.as_deref().and_then(position_players))
        .or_else(|| input.players())
        .unwrap_or(2);
    let exit = match players {
        3 => configure::<3>(&cli).map(|game| run(&game, kit, input)),
        4 => configure::<4>(&cli).map(|game| run(&game, kit, input)),
        6 => configure::<6>(&cli).map(|game| run(&game, kit, input)),
        _ => configure::<2>(&cli).map(|game| run(&game, kit, input)),
    };
    match exit {
        Ok(exit) => exit.into(),
        Err(message) => command
            .error(clap::error::ErrorKind::InvalidValue, message)
            .exit(),
    }
}

/// The help of every subcommand with what applies to Abalone only: the kit's options as the
/// game has them, `--time-limit` on `play` only, no start options on `bestmove` (its lines
/// carry their positions).
fn help_for_abalone(command: clap::Command) -> clap::Command {
    let command = for_game(command, &GameHelp::of(&AbaloneCli::<2>::default()));
    let command = hide_global(command, "time_limit", |sub| sub == "play");
    ["layout", "position"]
        .into_iter()
        .fold(command, |command, arg| {
            hide_global(command, arg, |sub| sub != "bestmove")
        })
}

/// The record file `replay` or `convert` reads, read beforehand when nothing else gives the
/// number of players: the game is chosen from its header.
enum RecordInput {
    /// Another command, or the players or start were given.
    None,
    /// A file, read again by the kit (its problems are the kit's to report); its text when
    /// it could be read as UTF-8.
    File(Option<String>),
    /// Standard input, read whole here and handed to the kit.
    Stdin(Vec<u8>),
}

impl RecordInput {
    /// The input of `kit` to read beforehand: that of `replay` (not `--jsonl`, whose lines
    /// are two-player games) and `convert`, when neither `--players`, `--position` nor
    /// `--layout` is given.
    ///
    /// # Errors
    /// Standard input that cannot be read.
    fn of(cli: &Cli, kit: &KitCommand) -> io::Result<RecordInput> {
        let file = match kit {
            KitCommand::Replay(a) if !a.jsonl => &a.file,
            KitCommand::Convert(a) => &a.file,
            _ => return Ok(RecordInput::None),
        };
        if cli.players.is_some() || cli.position.is_some() || cli.layout.is_some() {
            return Ok(RecordInput::None);
        }
        if file.as_os_str() == "-" {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes)?;
            return Ok(RecordInput::Stdin(bytes));
        }
        Ok(RecordInput::File(std::fs::read_to_string(file).ok()))
    }

    /// The number of players the record's first start header names.
    fn players(&self) -> Option<usize> {
        match self {
            RecordInput::None | RecordInput::File(None) => None,
            RecordInput::File(Some(text)) => record_players(text),
            RecordInput::Stdin(bytes) => record_players(&String::from_utf8_lossy(bytes)),
        }
    }
}

/// The game of the command line's options for `SEATS` players.
fn configure<const SEATS: usize>(cli: &Cli) -> Result<AbaloneCli<SEATS>, String> {
    let mut game = AbaloneCli::<SEATS> {
        layout: None,
        position: None,
        move_limit: cli.move_limit,
        time_limit: cli.time_limit,
    };
    if let Some(name) = &cli.layout {
        if let Some(players) = layout_players(name).filter(|&p| p != SEATS) {
            return Err(format!(
                "--layout {name} is for {players} players, not {SEATS}"
            ));
        }
        let layout = Layout::parse_for(name, SEATS).map_err(|e| {
            if SEATS == 2 {
                return format!("--layout: {e}");
            }
            let names: Vec<String> = Layout::of_players(SEATS)
                .iter()
                .map(|l| l.to_string().replace('_', "-"))
                .collect();
            format!(
                "--layout: unknown layout {name:?} for {SEATS} players (expected {})",
                names.join(" or ")
            )
        })?;
        game.layout = Some(layout);
    }
    if let Some(text) = &cli.position {
        game.position =
            Some(parse_position::<SEATS>(text).map_err(|e| format!("--position: {e}"))?);
    }
    Ok(game)
}

fn run<const SEATS: usize>(
    game: &AbaloneCli<SEATS>,
    command: &KitCommand,
    input: RecordInput,
) -> Exit
where
    Position<SEATS>: Engines,
{
    if let RecordInput::Stdin(bytes) = input {
        // Standard input was read to choose the game: the kit reads that text instead.
        return boardgames_cli::run_reading(game, command, &mut io::Cursor::new(bytes));
    }
    if let KitCommand::Selfplay(_) = command {
        if SEATS > 2 && game.move_limit.is_none() {
            // Random play with many seats could wander for long: a game that has not ended
            // after this many plies is adjudicated like a time-out, and the output says so.
            let limited = AbaloneCli {
                move_limit: Some(SELFPLAY_MOVE_LIMIT),
                ..*game
            };
            let said = writeln!(
                io::stdout(),
                "# move limit {SELFPLAY_MOVE_LIMIT} plies: a game still running then is adjudicated (more marbles ejected wins, equal is a draw)"
            );
            if said.is_err() {
                return Exit::Success;
            }
            return boardgames_cli::run(&limited, command);
        }
    }
    if let KitCommand::Arena(args) = command {
        let random = |spec: &PlayerSpec| *spec == PlayerSpec::Random;
        if game.move_limit.is_none() && !random(&args.a) && !random(&args.b) {
            // Untimed engines that cannot win can repeat positions without end (the rules
            // have no repetition rule): say so before a series that may not finish.
            // A note only: a standard error that cannot be written does not stop the series.
            let _ = writeln!(
                io::stderr(),
                "note: without --move-limit a game the engines do not decide runs to --max-steps ({}); --move-limit 200 adjudicates it",
                args.max_steps
            );
        }
    }
    boardgames_cli::run(game, command)
}
