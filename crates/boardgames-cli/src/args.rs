//! Command-line arguments shared by every game's program (clap derive).
//!
//! A game's program puts [`KitCommand`] in its own parser (or picks the argument structs one by
//! one, e.g. to add [`ChanceArgs`] to `play`) and hands the parsed command to
//! [`crate::run`].

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use boardgames_ai::Budget;
use boardgames_core::record::Format;
use clap::{Args, Command, Subcommand, ValueEnum};

use crate::common::has_chance;
use crate::frontend::GameCli;

/// The subcommands every game's program has.
#[derive(Clone, Debug, Subcommand)]
pub enum KitCommand {
    /// Play in the terminal: human against human, or against the computer (the game's engine
    /// at --level where it has one, else random legal moves). Type `help` at the prompt for
    /// the commands.
    Play(PlayArgs),
    /// Replay a game record move by move, then show the final position and the result.
    Replay(ReplayArgs),
    /// List the legal moves after a move list (one line, separated by spaces); with --jsonl,
    /// a report line per input position.
    Moves(MovesArgs),
    /// Count the leaf nodes of the game tree N plies deep (perft), after an optional move list.
    Perft(PerftArgs),
    /// Computer against computer: the game's engine at --level for every seat (0: uniformly
    /// random legal moves), each game's record and result.
    Selfplay(SelfplayArgs),
    /// Convert a record file between the game's record formats (the input format is
    /// recognised from the text); the result goes to standard output.
    Convert(ConvertArgs),
    /// The engine's move for each position of a JSON-lines file: a stable contract for other
    /// programs (see below).
    Bestmove(BestmoveArgs),
    /// Two players (random, the engine at a level or budget, or an external engine over the
    /// bestmove contract) play a series of games: wins, draws, losses, the score and the Elo
    /// difference with 95 % intervals.
    #[command(after_help = ARENA_HELP)]
    Arena(ArenaArgs),
}

/// The output contract of `arena`, for its `--help`.
pub const ARENA_HELP: &str = "\
Players (--a, --b): random; level=N (the engine at level N, 1 to 5, with its budget);
movetime=MS, depth=D, nodes=N (the engine with this budget instead; they combine, e.g.
level=4,depth=3); cmd=PROGRAM ARGS (an external engine speaking this program's bestmove
--jsonl contract on its standard input and output: it gets {\"id\": N, \"position\": ...}
lines and answers with a \"move\" in the game's notation; words split at spaces).
Games: in groups of one game a team, all from the same opening (the start, or the next game
of --openings, then --random-plies random moves); in each game of a group A plays the next
team's seats and B all the others. Chance comes from --seed.
Output (a stable contract):
  A: <name>
  B: <name>
  games N: A wins W, draws D, B wins L
  score of A: S (95 % interval LOW to HIGH)
  Elo A - B: E (95 % interval LOW to HIGH)
The score is (W + D/2) / N with its Wilson interval; Elo is -400 log10(1/S - 1) of each
(+inf or -inf at a score of 1 or 0), measured from an even score: with three teams A holds one
seat against two, so equal players give A a score of 1/3. With --jsonl: one line per game,
  {\"game\", \"a_team\", \"result\": \"a\" | \"b\" | \"draw\" | \"unfinished\", \"plies\", \"end\"}
then {\"games\", \"a_wins\", \"draws\", \"b_wins\", \"score\", \"score_low\", \"score_high\",
\"elo\", \"elo_low\", \"elo_high\"} (scores to 4 places, Elo to 1; null for an infinite Elo).
Untimed engines play the same game from the same opening every time: give --random-plies or
--openings for games that differ. An unfinished game (--max-steps reached, or a seat with no
legal move, which only a constructed position gives) counts as a draw; an external engine's
answer must carry the question's id and come within --engine-timeout. Exit status: 0 done; 1
an external engine failed or played an illegal move (the game is named); 2 a bad option or
openings file, or --random-plies so many that they end the game.
A progress bar goes to standard error at a terminal.";

/// Options of `arena`.
#[derive(Clone, Debug, Args)]
pub struct ArenaArgs {
    /// Player A: random, level=N, movetime=MS, depth=D, nodes=N (comma-separated, e.g.
    /// level=4,depth=3), or cmd=PROGRAM ARGS (an engine speaking the bestmove contract).
    #[arg(long, value_name = "SPEC", value_parser = clap::value_parser!(PlayerSpec))]
    pub a: PlayerSpec,
    /// Player B, as --a.
    #[arg(long, value_name = "SPEC", value_parser = clap::value_parser!(PlayerSpec))]
    pub b: PlayerSpec,
    /// Number of games. A plays each team in turn from each opening (in two-player games,
    /// first in odd games and second in even ones).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Seed of the random plies and of chance; with untimed players the same seed gives the
    /// same games.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Play only games K to --games of the series (1-based): the same games, with the same
    /// numbers, as the whole series plays from K on, so that a long series can be split
    /// across runs or machines and the parts' lines put together. Not with a random player
    /// or in games with chance outcomes, whose moves depend on the games before.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub from_game: u32,
    /// Openings: a record file of the game (any format replay reads, several games a file);
    /// each game's end position starts a group of games, in turn.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Uniformly random moves played from each opening before the players take over (drawn
    /// again when they end the game; so many that 100 draws all end it are refused).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub random_plies: usize,
    /// Stop a game that has not ended after this many steps (moves and chance outcomes); it
    /// counts as a draw.
    #[arg(long, default_value_t = 100_000)]
    pub max_steps: usize,
    /// End a game drawn when a position occurs the N-th time (the same board, side to move
    /// and what the rules count, by the game's position key), for engines' matches; the
    /// engines of the library steer clear of repeating a position when not behind.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..))]
    pub repetition: Option<u32>,
    /// Seconds to wait for an external engine's answer to one position.
    #[arg(long, value_name = "SECONDS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
    pub engine_timeout: u64,
    /// Write every game's record to FILE (the format selfplay writes).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// One JSON line per game, then one for the series, instead of the text summary.
    #[arg(long)]
    pub jsonl: bool,
}

/// Options of `bestmove`.
#[derive(Clone, Debug, Args)]
pub struct BestmoveArgs {
    /// One JSON line per position (or - for standard input); one line of JSON out for
    /// each, flushed at once.
    #[arg(long, value_name = "FILE")]
    pub jsonl: PathBuf,
    /// The engine's level, 1 to 5 (default: the game's default level).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=5))]
    pub level: Option<u8>,
    /// Think this many milliseconds per position instead of the level's budget.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search to this depth (plies) instead of the level's budget.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search this many nodes instead of the level's budget.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
}

/// When the programs colour what they print (`--color`).
///
/// `Auto` follows the terminal conventions: colour only when standard output is a terminal,
/// none when `NO_COLOR` is set to anything or `TERM` is `dumb`; `CLICOLOR_FORCE` forces it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, none in a pipe or a file, or with `NO_COLOR` set.
    #[default]
    Auto,
    /// Always colour (even into a pipe).
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output: `Auto` decided for the process's standard output.
    #[must_use]
    pub fn for_stdout(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
            }
        }
    }
}

/// Who plays the other side in `play`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum Opponent {
    /// Every seat is played from the keyboard.
    #[default]
    Human,
    /// The computer plays every seat but yours: the game's engine at --level where it has
    /// one, else a uniformly random legal move.
    Computer,
}

/// Options of `play`.
#[derive(Clone, Debug, Default, Args)]
pub struct PlayArgs {
    /// Who plays against you.
    #[arg(long, value_enum, default_value_t = Opponent::Human)]
    pub vs: Opponent,
    /// Seed of the computer's random choices (default: taken from the clock and printed, so
    /// that a game can be repeated).
    #[arg(long)]
    pub seed: Option<u64>,
    /// With `--vs computer`: the computer takes the first seat and you the last.
    #[arg(long, conflicts_with = "seat")]
    pub computer_first: bool,
    /// With `--vs computer`: the seat you play, from 1 (default 1); the computer plays all the
    /// others.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub seat: Option<u8>,
    /// The seats the computer plays, from 1, separated by commas, each with its own level
    /// after a colon if wanted (e.g. `2,3:1,5:4`; every seat to watch a whole game; a seat
    /// without one plays at --level). Overrides `--vs`, `--seat` and `--computer-first`.
    #[arg(long, value_name = "SEATS", value_delimiter = ',')]
    pub computer_seats: Vec<ComputerSeat>,
    /// When to colour the board with ANSI escape codes: auto (on a terminal, unless
    /// `NO_COLOR` is set), always or never; `--color` alone means always (right before a
    /// file name, write `--color=always`: the name would be read as WHEN).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto,
          num_args = 0..=1, default_missing_value = "always", alias = "colour")]
    pub color: ColorChoice,
    /// The computer's strength where the game has an engine: 1 (weakest) to 5, or 0 for
    /// uniformly random legal moves (default: the game's default level).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=5))]
    pub level: Option<u8>,
    /// Keep the game in FILE as it goes: its record (what `record` at the prompt shows) is
    /// written at the start and rewritten after every move, so that FILE always holds the
    /// last complete record; `replay FILE` replays it. A FILE that cannot be written is
    /// refused before the game. At the prompt, `save FILE` writes the record once.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// One entry of `--computer-seats`: a seat number from 1 and, after a colon, its level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ComputerSeat {
    /// The seat, from 1 (1 to 6; the game may have fewer, which `play` checks).
    pub seat: u8,
    /// The level of that seat's engine, 0 (random moves) to 5; `None`: the `--level`.
    pub level: Option<u8>,
}

impl std::str::FromStr for ComputerSeat {
    type Err = String;

    fn from_str(text: &str) -> Result<ComputerSeat, String> {
        let (seat, level) = match text.split_once(':') {
            Some((seat, level)) => (seat, Some(level)),
            None => (text, None),
        };
        let seat = seat
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=6).contains(n))
            .ok_or_else(|| {
                format!("{text:?}: a seat is a number from 1 to 6 (e.g. 2, or 2:4 for level 4)")
            })?;
        let level = match level {
            None => None,
            Some(l) => Some(
                l.trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|n| *n <= 5)
                    .ok_or_else(|| format!("{text:?}: a level is 0 (random moves) to 5"))?,
            ),
        };
        Ok(ComputerSeat { seat, level })
    }
}

/// Options of games with chance nodes (dice), for their `play`.
#[derive(Clone, Debug, Default, Args)]
pub struct ChanceArgs {
    /// Type the outcome of every chance node (the dice of a real board) instead of letting the
    /// program draw it.
    #[arg(long)]
    pub manual_dice: bool,
}

/// Options of `replay`.
#[derive(Clone, Debug, Args)]
pub struct ReplayArgs {
    /// The record file, or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Batch mode: FILE holds one JSON record per line; print one line of JSON report per
    /// record, in input order.
    #[arg(long)]
    pub jsonl: bool,
    /// Print only the final position and the result, not each move.
    #[arg(long, conflicts_with = "jsonl")]
    pub quiet: bool,
    /// When to colour the board with ANSI escape codes: auto (on a terminal, unless
    /// `NO_COLOR` is set), always or never; `--color` alone means always (right before a
    /// file name, write `--color=always`: the name would be read as WHEN).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto,
          num_args = 0..=1, default_missing_value = "always", alias = "colour")]
    pub color: ColorChoice,
    /// Of a file with several games (a match file: of its games), show only the Nth (from 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "jsonl")]
    pub game: Option<u32>,
}

/// Options of `convert`.
#[derive(Clone, Debug, Args)]
pub struct ConvertArgs {
    /// The record file, or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The format to write: one of the game's record formats (each program's help names
    /// them).
    #[arg(long, value_name = "FORMAT")]
    pub to: String,
}

/// Options of `moves`.
#[derive(Clone, Debug, Default, Args)]
pub struct MovesArgs {
    /// Batch mode, for games that have one: one JSON position per line of FILE (or - for
    /// standard input), one line of JSON out for each.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    pub jsonl: Option<PathBuf>,
    /// The moves played so far, in the game's record notation (may be empty).
    #[arg(value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Vec<String>,
}

/// Options of `perft`.
#[derive(Clone, Debug, Args)]
pub struct PerftArgs {
    /// Plies to search, at most 32 (deeper counts could never finish, and the search would
    /// run out of stack).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=32))]
    pub depth: u32,
    /// Also print each legal move with the count below it, before the total.
    #[arg(long)]
    pub divide: bool,
    /// Threads that count the first steps' subtrees in parallel, 1 to 256 (the same counts
    /// and output as with one; useful from depth 3 on).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// The moves played before counting, in the game's record notation (may be empty).
    #[arg(value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Vec<String>,
    /// Seconds after which progress (root moves done, nodes, speed) is shown on standard
    /// error.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0, hide = true)]
    pub progress_after: f64,
}

/// Options of `selfplay`.
#[derive(Clone, Debug, Args)]
pub struct SelfplayArgs {
    /// Seed of the random choices; the same seed gives the same games.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    /// Stop a game that has not ended after this many steps (moves and chance outcomes).
    #[arg(long, default_value_t = 100_000)]
    pub max_steps: usize,
    /// The computer's level for every seat: the game's engine at 1 (weakest, fastest) to 5,
    /// or 0 for uniformly random legal moves (a game without an engine plays those at any
    /// level).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=5))]
    pub level: u8,
}

impl Default for SelfplayArgs {
    fn default() -> Self {
        SelfplayArgs {
            seed: 0,
            games: 1,
            max_steps: 100_000,
            level: 1,
        }
    }
}

/// What of the kit's commands applies to one game, for the help of its program: see
/// [`for_game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHelp {
    /// The names of the game's record formats, which `convert --to` writes.
    pub formats: Vec<&'static str>,
    /// Whether the game has a `replay --jsonl` mode.
    pub replay_jsonl: bool,
    /// Whether the game has a `moves --jsonl` mode.
    pub moves_jsonl: bool,
    /// Whether the game has chance outcomes (dice).
    pub chance: bool,
    /// The engine's default level, in words (`None`: the game has no engine).
    pub default_level: Option<String>,
}

impl GameHelp {
    /// What applies to the game of `cli`.
    pub fn of<C: GameCli>(cli: &C) -> GameHelp {
        GameHelp {
            formats: cli.formats().iter().map(Format::name).collect(),
            replay_jsonl: cli.replay_lines().is_some(),
            moves_jsonl: cli.moves_lines().is_some(),
            chance: has_chance::<C::Game>(),
            default_level: cli.default_level(),
        }
    }
}

/// `command`, a program's command line over [`KitCommand`] (and the shell commands), built
/// and with the help of its subcommands saying only what applies to the game: `convert --to`
/// names the game's formats, `--jsonl` of `replay` and `moves` is hidden where the game has
/// no such mode (given anyway, it is refused as before), a game without chance hears nothing
/// of chance outcomes, and `completions` and `man` hide the program's global options, which
/// they ignore. The options still parse as before.
#[must_use]
pub fn for_game(mut command: Command, game: &GameHelp) -> Command {
    command.build();
    let formats = match game.formats.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "none: this game has no record formats".to_owned(),
    };
    command = edit_arg(command, "convert", "to", |_| {
        format!("The format to write: {formats}")
    });
    if !game.replay_jsonl {
        command = hide_arg(command, "replay", "jsonl");
    }
    if !game.moves_jsonl {
        command = in_subcommand(hide_arg(command, "moves", "jsonl"), "moves", |c| {
            c.about("List the legal moves after a move list (one line, separated by spaces)")
        });
    }
    if !game.chance {
        command = without_chance(command);
    }
    if let Some(level) = &game.default_level {
        command = with_default_level(command, level);
    }
    command.mut_subcommands(|c| match c.get_name() {
        "completions" | "man" => c.mut_args(|a| if a.is_global_set() { a.hide(true) } else { a }),
        _ => c,
    })
}

/// `command` (built) with the game's default level, `level` in words, in the help of every
/// subcommand's `--level` that speaks of "the game's default level".
#[must_use]
pub fn with_default_level(mut command: Command, level: &str) -> Command {
    command.build();
    let subs: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect();
    for sub in subs {
        command = edit_arg(command, &sub, "level", |help| {
            help.replace("the game's default level", level)
        });
    }
    command
}

/// The help of `arena` and `selfplay` without chance outcomes.
fn without_chance(command: Command) -> Command {
    let command = edit_arg(command, "selfplay", "max_steps", |help| {
        help.replace("steps (moves and chance outcomes)", "moves")
    });
    let command = edit_arg(command, "arena", "max_steps", |help| {
        help.replace("steps (moves and chance outcomes)", "moves")
    });
    let command = edit_arg(command, "arena", "seed", |help| {
        help.replace(" and of chance", "")
    });
    let command = edit_arg(command, "arena", "from_game", |help| {
        help.replace(" or in games with chance outcomes", "")
    });
    in_subcommand(command, "arena", |c| {
        match c.get_after_help().map(ToString::to_string) {
            Some(text) => c.after_help(text.replace(" Chance comes from --seed.", "")),
            None => c,
        }
    })
}

/// `command` with the help of the option `arg` of the subcommand `sub` rewritten by `edit`
/// (given the help as it is); unchanged when there is no such option.
fn edit_arg(command: Command, sub: &str, arg: &str, edit: impl FnOnce(&str) -> String) -> Command {
    let Some(help) = command
        .find_subcommand(sub)
        .and_then(|c| c.get_arguments().find(|a| a.get_id() == arg))
        .map(|a| a.get_help().map(ToString::to_string).unwrap_or_default())
    else {
        return command;
    };
    let help = edit(&help);
    // In place: a built command finds its options by their places.
    in_subcommand(command, sub, |c| {
        c.mut_args(|a| {
            if a.get_id() == arg {
                a.help(help.clone())
            } else {
                a
            }
        })
    })
}

/// `command` with its subcommand `sub` changed by `change`, in place (a built command keeps
/// its subcommands in order).
fn in_subcommand(command: Command, sub: &str, change: impl Fn(Command) -> Command) -> Command {
    command.mut_subcommands(|c| if c.get_name() == sub { change(c) } else { c })
}

/// `command` with the option `arg` of the subcommand `sub` hidden from the help (still
/// accepted); unchanged when there is no such option.
fn hide_arg(command: Command, sub: &str, arg: &str) -> Command {
    hide_global(command, arg, |name| name != sub)
}

/// `command`, built, with the option `arg` (a global option of the program, say) hidden from
/// the help of every subcommand for which `applies` says no; it is still accepted there.
#[must_use]
pub fn hide_global(mut command: Command, arg: &str, applies: impl Fn(&str) -> bool) -> Command {
    command.build();
    command.mut_subcommands(|c| {
        if applies(c.get_name()) {
            return c;
        }
        // In place: a built command finds its options by their places.
        c.mut_args(|a| if a.get_id() == arg { a.hide(true) } else { a })
    })
}

/// Reads a time limit such as `10m`, `90s`, `1h`, `1h30m` or `5m30s` (hours `h`, minutes `m`,
/// seconds `s`; every number needs its unit). The limit must be more than zero and at most
/// 100 hours.
///
/// # Errors
/// A message saying what is wrong and showing the accepted forms.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    const FORMS: &str = "expected a time like 10m, 90s, 1h or 1h30m";
    let text = text.trim().to_ascii_lowercase();
    if text.is_empty() {
        return Err(format!("empty time limit: {FORMS}"));
    }
    let mut seconds: u64 = 0;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'h' => 3600,
            'm' => 60,
            's' => 1,
            _ => return Err(format!("{text:?}: unexpected {c:?}; {FORMS}")),
        };
        if number.is_empty() {
            return Err(format!(
                "{text:?}: a number must come before {c:?}; {FORMS}"
            ));
        }
        if number.len() > 6 {
            return Err(format!(
                "{text:?}: {number}{c} is too long a time: at most 100 hours"
            ));
        }
        let n: u64 = number
            .parse()
            .map_err(|_| format!("{text:?}: bad number; {FORMS}"))?;
        seconds = seconds.saturating_add(n.saturating_mul(unit));
        number.clear();
    }
    if !number.is_empty() {
        return Err(format!(
            "{text:?}: {number} has no unit (h, m or s); {FORMS}"
        ));
    }
    if seconds == 0 {
        return Err(format!("{text:?}: the time limit must be more than zero"));
    }
    if seconds > 100 * 3600 {
        return Err(format!("{text:?}: at most 100 hours"));
    }
    Ok(Duration::from_secs(seconds))
}

/// Who plays one side of the arena, as written on the command line.
///
/// * `random`: a uniformly random legal move;
/// * `level=N`: the game's engine at level N (1 to 5), with the level's budget;
/// * `movetime=MS`, `depth=D`, `nodes=N`: the engine at its default level searching with
///   this budget instead; they combine with each other and with `level`, comma-separated
///   (`level=4,depth=3`: level 4's engine, 3 plies a move, no clock);
/// * `cmd=PROGRAM ARG...`: an external engine speaking the `bestmove --jsonl` contract on its
///   standard input and output (the words are split at spaces, without quoting).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A uniformly random legal move.
    Random,
    /// The game's engine: its level (`None`: the default) and a budget replacing the level's
    /// (any of its fields set).
    Engine {
        /// The level, 1 to 5.
        level: Option<u8>,
        /// The budget of every move; `Budget::default()` keeps the level's.
        budget: Budget,
    },
    /// An external program and its arguments.
    Command(Vec<String>),
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        const FORMS: &str =
            "expected random, level=N, movetime=MS, depth=D, nodes=N or cmd=PROGRAM ARGS";
        let text = text.trim();
        if text == "random" {
            return Ok(PlayerSpec::Random);
        }
        if let Some(command) = text.strip_prefix("cmd=") {
            let words: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
            if words.is_empty() {
                return Err("cmd= needs a program".to_owned());
            }
            return Ok(PlayerSpec::Command(words));
        }
        let (mut level, mut budget) = (None, Budget::default());
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',') {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("{part:?}: {FORMS}"))?;
            if seen.contains(&key.trim()) {
                return Err(format!("{}= is given twice", key.trim()));
            }
            seen.push(key.trim());
            let number = |what: &str| -> Result<u64, String> {
                value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("{key}={value}: {what} must be a whole number above 0"))
            };
            match key.trim() {
                "level" => {
                    let n = number("the level")?;
                    if n > 5 {
                        return Err(format!("level={n}: the levels are 1 to 5"));
                    }
                    level = Some(n as u8);
                }
                "movetime" => budget.time = Some(Duration::from_millis(number("the time")?)),
                "depth" => {
                    let d = number("the depth")?;
                    if d > 64 {
                        return Err(format!("depth={d}: the depth is 1 to 64"));
                    }
                    budget.depth = Some(d as u32);
                }
                "nodes" => budget.nodes = Some(number("the node count")?),
                _ => return Err(format!("{part:?}: {FORMS}")),
            }
        }
        Ok(PlayerSpec::Engine { level, budget })
    }
}

#[cfg(test)]
mod duration_tests {
    use super::*;

    #[test]
    fn time_limits_in_hours_minutes_seconds() {
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration(" 1H30m "), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("5m30s"), Ok(Duration::from_secs(330)));
        for bad in [
            "", "10", "m", "0s", "1.5m", "-1m", "10x", "9999999h", "101h",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad:?}");
        }
        // A number too long for any time says so, not that a number is missing.
        for huge in ["9999999h", "99999999999999999999999s", "1h9999999m"] {
            let e = parse_duration(huge).unwrap_err();
            assert!(
                e.contains("is too long a time: at most 100 hours"),
                "{huge}: {e}"
            );
        }
    }
}
