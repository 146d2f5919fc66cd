//! `backgammon-cli`: play backgammon money games and matches in the terminal against a
//! friend or the engine, ask the engine for hints, evaluations and whole-match analyses,
//! list the plays of a position with their gnubg Position IDs, count the game tree over the
//! dice.
//!
//! A thin layer over the `boardgames-cli` kit: the options of each subcommand select the game
//! (a money game or match for `play` and `selfplay`, [`session::MatchCli`] over the core's
//! `Match`, with the engine's player of `boardgames_ai::backgammon::MatchPlayer`; a position
//! by gnubg IDs or XGID for `moves` and `perft`, [`plain::BackgammonCli`]) and the kit's
//! [`boardgames_cli::run`] runs the command. `replay` and `convert` of match files are the
//! program's own ([`records`]); the simple record and `replay --jsonl` go to the kit from
//! there. The engine's commands format what `boardgames-ai` finds: [`advice`] (`hint`,
//! `eval`), [`bestmove`], [`analyse`], [`arena`].

mod advice;
mod analyse;
mod arena;
mod bestmove;
mod databases;
mod external;
mod jsonl;
mod paint;
mod plain;
mod records;
mod report;
mod session;
mod ubgi;

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use boardgames_ai::backgammon::{BackgammonEngine, Level, RolloutSettings};
use boardgames_ai::registry::Engines;
use boardgames_cli::args::with_default_level;
use boardgames_cli::shell::{self, ShellCommand};
use boardgames_cli::{
    ChanceArgs, ConvertArgs, Exit, KitCommand, MovesArgs, PerftArgs, PlayArgs, PlayConfig,
    ReplayArgs, SelfplayArgs,
};
use boardgames_core::backgammon::{Dice, Match, MatchId, MatchRules, Side};
use boardgames_core::Game;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::plain::BackgammonCli;
use crate::session::MatchCli;

const ABOUT: &str = "Backgammon in the terminal: money games and matches with the doubling \
cube against a friend or the computer, hints, evaluations and match analysis, the plays of any position (gnubg Position ID, Match ID \
or XGID) with their Position IDs, perft over the dice.";

const AFTER_HELP: &str = "\
Examples:
  backgammon-cli play --vs computer --match 5 --seed 7
  backgammon-cli play --manual-dice                  (over the board: type the dice you throw)
  backgammon-cli moves --position-id 4HPwATDgc/ABMA --dice 31
  backgammon-cli moves --xgid 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10'
  backgammon-cli moves --jsonl examples/jsonl/backgammon-positions.jsonl > results.jsonl
  backgammon-cli perft --depth 1
  backgammon-cli selfplay --seed 3 --match 7
  backgammon-cli replay examples/games/backgammon-bear-off.txt
  backgammon-cli replay examples/games/backgammon-galaxy-match.txt
                                        (a match file as gnubg or a server writes it)
  backgammon-cli replay --jsonl examples/jsonl/backgammon-games.jsonl > reports.jsonl
  backgammon-cli convert examples/games/backgammon-galaxy-match.txt --to json
  backgammon-cli hint --position-id 4HPwATDgc/ABMA --dice 31     (the ranked plays of 31)
  backgammon-cli hint --xgid 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
  backgammon-cli eval --position-id 4HPwATDgc/ABMA --rollout
  backgammon-cli analyse examples/games/backgammon-galaxy-match.txt
                                        (every decision's equity lost)
  backgammon-cli bestmove --jsonl examples/jsonl/backgammon-decisions.jsonl
  backgammon-cli arena --a level=2 --b pubeval --games 1000 --seed 1

Points are numbered from the side on roll (gnubg notation): X moves from 24 down to 1 and
bears off from 1-6; O moves the other way, and its plays are written in its own numbering.

Exit status: 0 success; 1 a play of the input is illegal (replay), or some --jsonl lines are
bad; 2 the input cannot be read or parsed, or the command line is wrong.";

const PLAY_HELP: &str = "\
The board shows the points from X's side with each side's pip count, checkers on the bar and
borne off, then the score, the cube and what comes next.
At the prompt:
  a play in gnubg notation: 8/5 6/5, bar/22*, 24/18*/14, 6/off, 13/7(2), pass;
  roll (or r), or double: before your roll, when you may double (cube centred or yours, not in
    the Crawford game); otherwise the dice are rolled at once;
  take or drop: when doubled; accept or reject: when the other side offers to resign;
  beaver (or raccoon): when doubled (or beavered), with --beavers (and --raccoons);
  resign [single|gammon|backgammon]: offer to resign, on your turn;
  moves (the legal plays), id (gnubg Position ID and Match ID), score, board, undo, record
  (the match file of the session), save FILE (that file written; --record FILE keeps it
  written as the session goes), help, quit (the end of the input quits too).
With --manual-dice type each roll as thrown on a real board (31, or 3-1; the opening roll is
X's die then O's, 41), or roll to let the program draw it. Otherwise the dice come from a
generator seeded with --seed (printed, so that a game can be repeated).
The computer is the engine at --level (1: 0-ply, 2: 1-ply, 3: 2-ply, 4: 2-ply with wider
move filters, the default, 5: 3-ply; 0: random moves): a neural network trained by
self-play, exact in bear-offs, looking ahead over the rolls (docs/strength.md). It doubles,
takes and drops by its cubeful equities (Janowski's model; in a match the Kazaross XG2
match equity table), accepts a resignation when it is worth at least playing on, and offers
one when the game is decided (the points resigned are what playing on is worth). hint (or hint N) at the prompt shows its ranked plays
or its cube decision.
A match to N uses the Crawford rule: no doubling in the game after a side first reaches N-1.
A money game ends after one game; with --jacoby gammons count single until the cube is
turned.";

const MOVES_HELP: &str = "\
Without --jsonl: the plays of one position and roll, one per line, `<play>  <Position ID>`,
sorted by play: the play in gnubg notation and the Position ID of the result with the
opponent on roll (what gnubg shows after the move). The count goes to standard error. The
position is --position-id (X on roll, or the side on roll of --match-id) or --xgid; the roll
is --dice, or the one rolled in the Match ID or XGID.

Batch interface (--jsonl FILE, or - for standard input), a stable contract for other tools:
  input: one JSON object per line, either a neutral position with its dice
    {\"board\": [24 ints, point i+1 from X's side, X positive, O negative],
     \"bar\": [x, o], \"off\": [x, o], \"turn\": \"x\" | \"o\", \"dice\": [d1, d2]}
  or {\"id\": ..., \"input\": <such a position>} (other fields ignored, so the records of the
  reference corpora are accepted as they are; blank lines skipped);
  output: for each line, in input order, one line of JSON with exactly these fields in this
  order:
    {\"id\": the input's id or null,
     \"count\": the number of distinct resulting positions,
     \"results\": [{\"pid\": Position ID of the result, opponent on roll,
                  \"position\": {\"board\", \"bar\", \"off\", \"turn\": the opponent},
                  \"play\": gnubg notation, `pass` when nothing moves}, ...] sorted by pid,
     \"plays\": the plays of the results, sorted}
  A finished game (a side has borne off all 15) gives count 0 and empty lists. This is the
  record format of the reference corpora (`count`, `results`, `plays`). A line
  that is not a position with dice gives `line N: reason` on standard error and no output
  line; the others are still processed, and the exit status is then 1.";

const PERFT_HELP: &str = "\
Counts the leaf nodes N plies deep, a ply being one side's whole play of a roll. Each roll is
a chance node: the 21 distinct rolls (6 doubles, 15 others, unweighted) are each one branch
and use no ply, so `perft --depth 1` from the start, X to roll, is the sum over the 21 rolls of
the distinct plays of each (447), and depth 2 adds O's rolls and plays. A play is a distinct
resulting position (plays reaching the same position count once). A position given with its
dice (Match ID or XGID) starts with that roll's plays. MOVES are turns in the replay format
(`31: 8/5 6/5 64: 24/18 13/9`) played first.
Output contract: the count alone on the last line of standard output (with --divide, the lines
`<roll or play> <count>` come before it); the time and nodes per second go to standard
error.";

const HINT_HELP: &str = "\
With the dice rolled (in the Match ID or XGID, or --dice), the plays of the roll ranked by
the cubeful equity after each for the side on roll (normalised to the cube; in a match,
equivalent to money), with the ply of the deepest look that judged it and the difference to
the best, and each play's chances: every play at 0 plies, then the best (at most 8 within
0.16, then 2 within 0.04) again one ply deeper, up to the level's plies, as GNU
Backgammon's filters do. Before a roll, the cube decision: the no double, double/take and
double/pass equities and the proper action; with a double offered, take or drop. --rollout
adds truncated rollouts (0-ply plays, cubeless).";

const BESTMOVE_HELP: &str = "\
Batch interface, a stable contract for other tools. Input (FILE, or - for standard input):
one JSON object a line, {\"id\": any, \"position_id\": gnubg Position ID, \"match_id\":
gnubg Match ID} (or \"xgid\" instead of the two), read as gnubg reads them: the dice rolled,
a checker play is wanted; no dice, whether to double; a double offered, take or drop; a
resignation offered, accept or reject. Output, one line each in input order, flushed at
once, with exactly these fields in this order:
  {\"id\", \"action\": \"play\" | \"double\" | \"no_double\" | \"take\" | \"drop\" |
   \"accept\" | \"reject\", \"play\": gnubg notation (\"\" for a cube action or when no play
   is legal), \"position_id_after\": the Position ID after the play, the opponent on roll
   (the input's for another action), \"equity\": the cubeful equity of the decision for
   the side deciding, normalised to the cube, 4 places, \"time_ms\"}
A line may add \"depth\": 0 to 3 plies, which replaces the level for that line as --depth
does for all; \"movetime_ms\" and \"nodes\" are refused (the engine looks ahead in plies).
A line that is not such an object, or a position with no decision (before the opening
roll, the session over) gives `line N: reason` on standard error and no output line; the
next line is still served, and the exit status is then 1. Blank lines are skipped.";

const ANALYSE_HELP: &str = "\
Reads a match file as replay does and replays it; at each decision the engine judges the
choice: a checker play (with more than one legal play) against its best play, a double or
no double (counted when the player doubled or the engine would have), a take or drop. The
equity lost is normalised to the cube (in a match, equivalent to money); marks: doubtful
0.04, bad 0.08, very bad 0.16 or more (GNU Backgammon's thresholds). The text lists the
marked decisions per game, then per player the decisions, the equity lost, the error rate
(equity lost per decision times 1000, as gnubg and XG report it) and the marks. With
--jsonl: one JSON line per decision, {\"game\", \"move\" (the match text's move line),
\"player\" (0 | 1, as gnubg numbers them), \"kind\": \"play\" | \"double\" | \"take\",
\"played\", \"best\", \"equity_lost\", \"mark\": null | \"doubtful\" | \"bad\" | \"very
bad\"}, then one per player {\"player\", \"name\", \"decisions\", \"plays\", \"equity_lost\",
\"error_rate\", \"doubtful\", \"bad\", \"very_bad\"}. The first problem of the match, as
replay reports it, ends the analysis (the reason on standard error, exit status 1): a game
is analysed up to its first illegal action, and a game whose score or Crawford flag is
wrong, or which follows the end of the match, not at all. A progress
bar goes to standard error at a terminal.";

const ARENA_HELP: &str = "\
Players: level=N (the engine, 1 to 5; level=N,weights=FILE plays the networks of a weights
file, such as the training examples write, instead of the shipped ones), pubeval (Tesauro's
public evaluation function: never doubles, always takes), random, or cmd=PROGRAM ARGS: an
external engine speaking the bestmove --jsonl contract (see bestmove --help; each decision
sent as {\"id\", \"position_id\", \"match_id\"}, the answer's id must match and come within
--engine-timeout; an engine that fails ends the arena with exit status 1). Sessions are
played in pairs with the same dice (pair k's from --seed and k alone), A playing X in the
first and O in the second, so the same options give the same sessions. Money games
(cubeful; --cubeless: nobody doubles) report A's points a game with its 95 % interval (each
pair, which shares its dice, one sample); matches (--match N) the matches won with a 95 %
Wilson interval. --jsonl, a stable contract: one line per session {\"game\", \"a_side\", \"winner\":
\"a\" | \"b\" | \"unfinished\", \"points\" (A's, negative when lost; 1 or -1 a match),
\"steps\"}, then {\"games\", \"a_wins\", \"b_wins\", \"points\", \"ppg\", \"ppg_low\",
\"ppg_high\", \"score\", \"score_low\", \"score_high\"}. A progress bar goes to standard error
at a terminal.";

const REPLAY_HELP: &str = "\
Input (FILE, or - for standard input), recognised from the text:
* a match file, Jellyfish-style text (.mat, .txt) as GNU Backgammon and most servers write it
  (` 5 point match`, ` Game 1`, the score line, numbered lines `  1) 52: 13/11 13/8   Doubles
  => 2`, `Takes`, `Drops`, `Wins 2 points`), or its JSON form (convert --to json). Every play
  is resolved against the position and the dice (any equivalent spelling), every cube action
  and result checked against the match (who may double, the Crawford game, points won, the
  score). Output: each game's actions, each play in gnubg notation with the Position ID after
  it, the result and the final score; with --quiet the games' results only. The first problem
  goes to standard error as `FILE: game N, move M: reason`, with exit status 1; a file that
  cannot be read gives its line and column and exit status 2.
* a simple record, one turn per line:
  # a comment
  Position ID: 4HPwATDgc/ABMA      (optional start: X on roll; add `Match ID: ...` for the
                                    side on roll and the dice, or give `XGID=...` instead)
  31: 8/5 6/5
  64: 24/18 13/9
  66: pass
Without a header the game starts from the standard position with X on roll. Each turn is the
roll, a colon and the play in gnubg notation (`pass`, or nothing, when the roll cannot be
played); a start with its dice begins with a play alone. Line breaks are optional. A simple
record has no cube (the match files above carry it).
Output: each roll and play, then the final board and the result. The first illegal play stops
the replay: its ply and the reason go to standard error and the exit status is 1.

Batch interface (--jsonl FILE, or - for standard input), a stable contract for other tools:
  input: one game per line as in the reference data's real.jsonl: {\"id\", \"match_length\"
    (0 = money), \"crawford\": bool or null, \"score_before\": [p0, p1], \"actions\": [{\"type\":
    \"move\", \"player\": 0 | 1, \"dice\": [a, b], \"play\": gnubg's play, \"text\": the play as
    written (used when present)}, {\"type\": \"roll\" (a roll without a play) | \"double\"
    (\"cube\") | \"take\" | \"drop\" | \"resign\" (\"value\"), \"player\"}, ...], \"result\":
    {\"winner\", \"points\"} or null} (other fields ignored; blank lines skipped);
  output: for each line, in input order, one line of JSON with exactly these fields in this
  order:
    {\"id\": the input's id,
     \"plies\": checker plays applied (a roll that cannot be played counts, as the pass),
     \"first_illegal\": null or {\"action\": index in the input's actions (their count when
       the problem is the result or its absence), \"reason\": why},
     \"pid_after\": [the gnubg Position ID after every checker play, in order, seen from the
       player then on roll]}
  (the replay stops at the first illegal action). A line that is not such a record gives
  `line N: reason` on standard error and no output line; the others are still processed, and
  the exit status is then 1.";

const CONVERT_HELP: &str = "\
Reads a match file (Jellyfish-style text) or its JSON form (recognised from the text) and
writes it as match text (--to mat, laid out as gnubg writes it) or as one line of JSON (--to
json): {\"tags\": [[name, value], ...], \"match_length\", \"games\": [{\"number\", \"players\",
\"score\", \"crawford\", \"actions\": [{\"player\": 0 | 1, \"type\": \"roll\", \"dice\", \"play\"
as written} | {\"type\": \"double\", \"cube\"} | {\"type\": \"take\"} | {\"type\": \"drop\"} |
{\"type\": \"resign\", \"value\"}, ...], \"wins\": {\"winner\", \"points\"} or null}, ...]}.
Converting back gives the same record.";

/// Backgammon in the terminal.
#[derive(Debug, Parser)]
#[command(name = "backgammon-cli", version, about = ABOUT, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a money game or a match: against a friend, or against the computer. Type `help`
    /// at the prompt for the commands.
    Play(PlayCmd),
    /// Replay a match file (gnubg / server match text) or a simple record against the rules.
    Replay(ReplayArgs),
    /// Convert a match file between match text and JSON.
    Convert(ConvertCmd),
    /// List the plays of a position and roll with the Position IDs of the results; with
    /// --jsonl, every result of each input position.
    Moves(MovesCmd),
    /// Count the leaf nodes of the game tree N plies deep, over the 21 rolls (perft).
    Perft(PerftCmd),
    /// Computer against computer: the engine's plays and cube decisions.
    Selfplay(SelfplayCmd),
    /// The engine's advice on a position: the ranked plays of the roll, or the cube
    /// decision (no double / double, take / double, pass).
    Hint(HintCmd),
    /// The chances of a position (win, gammons, backgammons) and its equities at each depth.
    Eval(EvalCmd),
    /// The engine's decision for each JSON line of positions (a stable contract).
    Bestmove(BestmoveCmd),
    /// Analyse a match file decision by decision: the equity each play and cube action lost
    /// and each player's error rate.
    Analyse(AnalyseCmd),
    /// Two players (the engine at a level, pubeval, random, an external engine) play a
    /// series of money games or matches in pairs with the same dice.
    Arena(ArenaCmd),
    /// Speak UBGI, the Universal Backgammon Interface, on standard input and output: the
    /// engine for duellers (bgci) and GUIs. See docs/backgammon.md.
    Ubgi(UbgiCmd),
    /// `completions SHELL`, `man`.
    #[command(flatten)]
    Shell(ShellCommand),
}

/// A money game or a match.
#[derive(Debug, Args)]
struct RulesArgs {
    /// Play a match to N points (Crawford rule) instead of a money game.
    #[arg(long = "match", value_name = "N", value_parser = clap::value_parser!(u16).range(1..=999))]
    length: Option<u16>,
    /// Money game with the Jacoby rule: gammons and backgammons count single until the cube
    /// is turned.
    #[arg(long, conflicts_with = "length")]
    jacoby: bool,
    /// Money game with beavers: the side doubled may take and redouble at once, keeping the
    /// cube (type beaver); N is the most redoubles in one exchange, 1 to 15 (default 1, or 2
    /// with --raccoons, which needs at least 2).
    #[arg(long, value_name = "N", num_args = 0..=1, conflicts_with = "length", value_parser = clap::value_parser!(u8).range(1..=15))]
    beavers: Option<Option<u8>>,
    /// With --beavers: the doubler may answer a beaver by redoubling again (type raccoon).
    #[arg(long, requires = "beavers")]
    raccoons: bool,
    /// Money game with automatic doubles: equal opening dice turn the cube (it stays
    /// centred) and are thrown again, at most N times a game.
    #[arg(long, value_name = "N", conflicts_with = "length", value_parser = clap::value_parser!(u8).range(1..=15))]
    auto_doubles: Option<u8>,
    /// Match with the Holland rule: after the Crawford game the trailer may not double
    /// before both sides have played two rolls of the game.
    #[arg(long, requires = "length")]
    holland: bool,
}

impl RulesArgs {
    /// The rules the options give; an error when `--beavers N` leaves no room for the
    /// raccoon `--raccoons` asks for (it is the second redouble of an exchange).
    fn rules(&self) -> Result<MatchRules, String> {
        Ok(match self.length {
            Some(n) if self.holland => MatchRules::to_points(n).with_holland(),
            Some(n) => MatchRules::to_points(n),
            None => {
                let mut rules = MatchRules::money(self.jacoby)
                    .with_auto_doubles(self.auto_doubles.unwrap_or(0));
                if let Some(n) = self.beavers {
                    let least = if self.raccoons { 2 } else { 1 };
                    let n = n.unwrap_or(least);
                    if n < least {
                        return Err(format!(
                            "--raccoons needs --beavers 2 or more (a raccoon is the second \
                             redouble of an exchange), not {n}"
                        ));
                    }
                    rules = rules.with_beavers(n, self.raccoons);
                }
                rules
            }
        })
    }
}

#[derive(Debug, Args)]
struct PlayCmd {
    #[command(flatten)]
    play: PlayArgs,
    #[command(flatten)]
    chance: ChanceArgs,
    #[command(flatten)]
    rules: RulesArgs,
    /// Start from this gnubg Position ID, with --match-id for the rest of the state.
    #[arg(long, value_name = "ID", requires = "match_id", conflicts_with_all = ["xgid", "length", "jacoby"])]
    position_id: Option<String>,
    /// With --position-id: the gnubg Match ID (score, match length, cube, side on roll, dice).
    #[arg(long, value_name = "ID", requires = "position_id")]
    match_id: Option<String>,
    /// Start from this XGID (with or without `XGID=`): the position and the match state.
    #[arg(long, value_name = "XGID", allow_hyphen_values = true, conflicts_with_all = ["length", "jacoby"])]
    xgid: Option<String>,
}

impl PlayCmd {
    /// The session `play` starts from: the IDs' state, or the rules' first game.
    fn start(&self) -> Result<Match, String> {
        match (&self.position_id, &self.match_id, &self.xgid) {
            (Some(pid), Some(mid), _) => Match::from_ids(pid, mid).map_err(|e| e.to_string()),
            (_, _, Some(x)) => Match::from_xgid(x).map_err(|e| e.to_string()),
            _ => self.rules.rules().map(Match::new),
        }
    }
}

#[derive(Debug, Args)]
struct ConvertCmd {
    /// The match file (match text or JSON), or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The format to write: mat or json.
    #[arg(long, value_name = "FORMAT")]
    to: String,
}

/// Where a command starts from.
#[derive(Debug, Default, Args)]
struct PositionArgs {
    /// Start from this gnubg Position ID (X on roll unless --match-id says otherwise).
    #[arg(long, value_name = "ID", conflicts_with = "xgid")]
    position_id: Option<String>,
    /// With --position-id: the gnubg Match ID, giving the side on roll and the dice.
    #[arg(long, value_name = "ID", requires = "position_id")]
    match_id: Option<String>,
    /// Start from this XGID (with or without `XGID=`).
    #[arg(long, value_name = "XGID", allow_hyphen_values = true)]
    xgid: Option<String>,
}

impl PositionArgs {
    /// The checker game from this position, with `dice` as its roll when given.
    fn game(&self, dice: Option<Dice>) -> Result<BackgammonCli, String> {
        BackgammonCli::at(
            self.position_id.as_deref(),
            self.match_id.as_deref(),
            self.xgid.as_deref(),
            dice,
        )
    }
}

#[derive(Debug, Args)]
struct MovesCmd {
    /// Batch mode: one JSON position with dice per line of FILE (or - for standard input);
    /// see below.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position_id", "xgid", "dice"])]
    jsonl: Option<PathBuf>,
    #[command(flatten)]
    at: PositionArgs,
    /// The roll, e.g. 31 or 3-1 (default: the roll of the Match ID or XGID); with MOVES,
    /// the roll after them.
    #[arg(long, value_name = "ROLL")]
    dice: Option<Dice>,
    /// Turns in the replay format (`31: 8/5 6/5 64: 24/18 13/9`) played first.
    #[arg(value_name = "MOVES", conflicts_with = "jsonl")]
    moves: Vec<String>,
}

#[derive(Debug, Args)]
struct PerftCmd {
    #[command(flatten)]
    perft: PerftArgs,
    #[command(flatten)]
    at: PositionArgs,
}

/// A position of a money game or match, and the engine's level.
#[derive(Debug, Args)]
struct SessionArgs {
    /// The gnubg Position ID; without --match-id, a money game with X on roll, cube centred.
    #[arg(long, value_name = "ID", conflicts_with = "xgid")]
    position_id: Option<String>,
    /// With --position-id: the gnubg Match ID (score, cube, side on roll, dice, a double
    /// offered).
    #[arg(long, value_name = "ID", requires = "position_id")]
    match_id: Option<String>,
    /// The position and match state as an XGID (with or without `XGID=`).
    #[arg(long, value_name = "XGID", allow_hyphen_values = true)]
    xgid: Option<String>,
    /// The roll to play (a checker-play hint), when the IDs give none.
    #[arg(long, value_name = "ROLL")]
    dice: Option<Dice>,
    /// The engine's level: 1 (0-ply) to 5 (3-ply); 4 (2-ply, wider filters) by default.
    #[arg(long, value_name = "N", default_value_t = Level::DEFAULT, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: u8,
}

impl SessionArgs {
    /// The session at the position the options give.
    fn session(&self) -> Result<Match, String> {
        let m = match (&self.position_id, &self.match_id, &self.xgid) {
            (Some(pid), Some(mid), _) => Match::from_ids(pid, mid).map_err(|e| e.to_string())?,
            (Some(pid), None, _) => {
                let mut id = MatchId::money(Side::X, None);
                id.jacoby = false;
                Match::from_ids(pid, &id.encode()).map_err(|e| e.to_string())?
            }
            (None, _, Some(x)) => Match::from_xgid(x).map_err(|e| e.to_string())?,
            (None, _, None) => return Err("give --position-id (with --match-id) or --xgid".into()),
        };
        let Some(dice) = self.dice else {
            return Ok(m);
        };
        if let Some(given) = m.position().dice() {
            if given == dice {
                return Ok(m);
            }
            return Err(format!(
                "--dice {dice}: the IDs already give the roll {given}"
            ));
        }
        let mut setup = m.to_setup();
        setup.match_id.dice = Some(dice);
        setup.rolling = false;
        setup
            .into_match()
            .map_err(|e| format!("--dice {dice}: {e}"))
    }
}

#[derive(Debug, Args)]
struct HintCmd {
    #[command(flatten)]
    at: SessionArgs,
    /// How many plays to list, from 1.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..))]
    top: u16,
    /// Also roll out the listed plays (or the position of a cube decision): truncated
    /// rollouts of --trials games each.
    #[arg(long)]
    rollout: bool,
    #[command(flatten)]
    rollout_args: RolloutArgs,
}

#[derive(Debug, Args)]
struct RolloutArgs {
    /// Games per rollout, from 2 (for the error margin; every 36 see each first roll once).
    #[arg(long, value_name = "N", default_value_t = 1296, value_parser = clap::value_parser!(u32).range(2..))]
    trials: u32,
    /// Plies played before a rollout game is cut and evaluated; 0 plays to the end.
    #[arg(long, value_name = "PLIES", default_value_t = 10)]
    truncate: u32,
    /// The seed of a rollout's dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl RolloutArgs {
    fn settings(&self) -> RolloutSettings {
        RolloutSettings {
            trials: self.trials,
            truncate: self.truncate,
            seed: self.seed,
        }
    }
}

#[derive(Debug, Args)]
struct EvalCmd {
    #[command(flatten)]
    at: SessionArgs,
    /// Also a truncated rollout of the position.
    #[arg(long)]
    rollout: bool,
    #[command(flatten)]
    rollout_args: RolloutArgs,
}

#[derive(Debug, Args)]
struct BestmoveCmd {
    /// One JSON position per line (or - for standard input); one line of JSON out for each.
    #[arg(long, value_name = "FILE")]
    jsonl: PathBuf,
    /// The engine's level, 1 to 5.
    #[arg(long, value_name = "N", default_value_t = Level::DEFAULT, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: u8,
    /// Look this many plies ahead (0 to 3) instead of the level's.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=3))]
    depth: Option<u32>,
}

#[derive(Debug, Args)]
struct UbgiCmd {
    /// The engine's level at the start, 1 to 5 (`setoption name Level` changes it).
    #[arg(long, value_name = "N", default_value_t = Level::DEFAULT, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: u8,
}

#[derive(Debug, Args)]
struct AnalyseCmd {
    /// The match file (match text or its JSON form), or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The engine's level, 1 (0-ply, fast) to 5; 2 (1-ply) by default.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: u8,
    /// One JSON line per decision, then one per player, instead of the text report.
    #[arg(long)]
    jsonl: bool,
}

#[derive(Debug, Args)]
struct ArenaCmd {
    /// Player A: level=N (the engine, 1 to 5; level=N,weights=FILE with the networks of a
    /// weights file), pubeval, random, cmd=PROGRAM ARGS (an external engine speaking the
    /// bestmove --jsonl contract) or ubgi=PROGRAM ARGS (an engine speaking UBGI).
    #[arg(long, value_name = "SPEC")]
    a: arena::Spec,
    /// Player B, as --a.
    #[arg(long, value_name = "SPEC")]
    b: arena::Spec,
    /// Sessions (games, or matches with --match), rounded up to even: pairs with the same
    /// dice, A playing X in the first of a pair and O in the second.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The seed of the dice: the same options give the same sessions.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    rules: RulesArgs,
    /// Money games without the cube: nobody doubles.
    #[arg(long, conflicts_with = "length")]
    cubeless: bool,
    /// One JSON line per session, then one for the series.
    #[arg(long)]
    jsonl: bool,
    /// Seconds to wait for an external engine's answer.
    #[arg(long, value_name = "SECONDS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
    engine_timeout: u64,
    /// Match files (match text or JSON, `-` for standard input) whose games open the
    /// sessions: pair k starts with the steps of the k-th game (in turn), the same for both
    /// sessions of the pair, then plays on with the pair's dice.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Write every session to FILE as a match file (between `#` comment lines), which
    /// `replay`, `convert` and `analyse` read.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct SelfplayCmd {
    #[command(flatten)]
    selfplay: SelfplayArgs,
    #[command(flatten)]
    rules: RulesArgs,
}

fn main() -> ExitCode {
    let command = Cli::command()
        .mut_subcommand("play", |c| c.after_help(PLAY_HELP))
        .mut_subcommand("replay", |c| c.after_help(REPLAY_HELP))
        .mut_subcommand("hint", |c| c.after_help(HINT_HELP))
        .mut_subcommand("bestmove", |c| c.after_help(BESTMOVE_HELP))
        .mut_subcommand("analyse", |c| c.after_help(ANALYSE_HELP))
        .mut_subcommand("arena", |c| c.after_help(ARENA_HELP))
        .mut_subcommand("convert", |c| c.after_help(CONVERT_HELP))
        .mut_subcommand("moves", |c| c.after_help(MOVES_HELP))
        .mut_subcommand("perft", |c| c.after_help(PERFT_HELP));
    let command = with_default_level(command, &Match::DEFAULT_LEVEL.to_string());
    databases::keep();
    let cli = match Cli::from_arg_matches(&command.clone().get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let exit = match cli.command {
        Command::Shell(c) => shell::run(&c, command),
        Command::Play(a) => play(a),
        Command::Selfplay(a) => {
            let rules = match a.rules.rules() {
                Ok(rules) => rules,
                Err(e) => return bad_start(e).into(),
            };
            let game = MatchCli {
                start: Match::new(rules),
                manual_dice: false,
                view: None,
                level: a.selfplay.level.max(1),
            };
            boardgames_cli::run(&game, &KitCommand::Selfplay(a.selfplay))
        }
        Command::Moves(a) => {
            // With turns played first, the roll is the one after them.
            let (dice, then) = if a.moves.is_empty() {
                (a.dice, None)
            } else {
                (None, a.dice)
            };
            let moves = MovesArgs {
                jsonl: a.jsonl,
                moves: a.moves,
            };
            a.at.game(dice)
                .map(|game| BackgammonCli { roll: then, ..game })
                .map(|game| boardgames_cli::run(&game, &KitCommand::Moves(moves)))
                .unwrap_or_else(bad_start)
        }
        Command::Perft(a) => {
            a.at.game(None)
                .map(|game| boardgames_cli::run(&game, &KitCommand::Perft(a.perft)))
                .unwrap_or_else(bad_start)
        }
        Command::Hint(a) => own(|_, out, _| {
            let m = match a.at.session() {
                Ok(m) => m,
                Err(e) => return Ok(bad_start(e)),
            };
            let engine = BackgammonEngine::shipped(a.at.level);
            writeln!(out, "{}", advice::hint(&m, &engine, usize::from(a.top)))?;
            if a.rollout {
                writeln!(
                    out,
                    "{}",
                    advice::rollouts(&m, &engine, usize::from(a.top), &a.rollout_args.settings())
                )?;
            }
            Ok(Exit::Success)
        }),
        Command::Eval(a) => own(|_, out, _| {
            if a.at.dice.is_some() {
                return Ok(bad_start(
                    "eval judges the position before the roll: --dice is for hint".to_owned(),
                ));
            }
            let m = match a.at.session() {
                Ok(m) => m,
                Err(e) => return Ok(bad_start(e)),
            };
            let engine = BackgammonEngine::shipped(a.at.level);
            let rollout = a.rollout.then(|| a.rollout_args.settings());
            writeln!(out, "{}", advice::eval(&m, &engine, rollout.as_ref()))?;
            Ok(Exit::Success)
        }),
        Command::Bestmove(a) => {
            own(|stdin, out, err| bestmove::bestmove(&a.jsonl, a.level, a.depth, stdin, out, err))
        }
        Command::Analyse(a) => {
            own(|stdin, out, err| analyse::analyse(&a.file, a.level, a.jsonl, stdin, out, err))
        }
        Command::Arena(a) => own(|stdin, out, err| {
            let rules = match a.rules.rules() {
                Ok(rules) => rules,
                Err(e) => return Ok(bad_start(e)),
            };
            let options = arena::ArenaOptions {
                a: a.a,
                b: a.b,
                games: a.games,
                seed: a.seed,
                rules,
                cubeless: a.cubeless,
                jsonl: a.jsonl,
                engine_timeout: std::time::Duration::from_secs(a.engine_timeout),
                openings: a.openings,
                records: a.records,
            };
            arena::arena(&options, stdin, out, err)
        }),
        Command::Ubgi(a) => own(|stdin, out, _| ubgi::engine::run(a.level, stdin, out)),
        Command::Replay(a) => own(|stdin, out, err| records::replay(&a, stdin, out, err)),
        // Match files are formats of the match game: the kit converts them.
        Command::Convert(a) => {
            let game = MatchCli::reader(Match::new(MatchRules::to_points(1)));
            boardgames_cli::run(
                &game,
                &KitCommand::Convert(ConvertArgs {
                    file: a.file,
                    to: a.to,
                }),
            )
        }
    };
    exit.into()
}

/// A start position that the options do not describe: the reason, exit status 2.
fn bad_start(e: String) -> Exit {
    // Nothing more can be done if standard error is gone.
    let _ = writeln!(io::stderr(), "error: {e}");
    Exit::BadInput
}

/// Runs one of the program's own commands on the process's standard streams, as the kit's
/// `run` does (a closed output pipe ends it quietly).
fn own(
    command: impl FnOnce(&mut dyn BufRead, &mut dyn Write, &mut dyn Write) -> io::Result<Exit>,
) -> Exit {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr().lock();
    let result = command(&mut io::stdin().lock(), &mut out, &mut err);
    boardgames_cli::finish(result.and_then(|exit| out.flush().map(|()| exit)), &mut err)
}

/// `play`: who plays which side and the seed settled once (the kit's way, the seed from the
/// clock when none is given), a line on the human's side or the dice seed, then the kit's
/// interactive loop over the match.
fn play(a: PlayCmd) -> Exit {
    let start = match a.start() {
        Ok(start) => start,
        Err(e) => return bad_start(e),
    };
    let config = match PlayConfig::from_args(&a.play, &a.chance, &start) {
        Ok(config) => config,
        Err(e) => return bad_start(e.to_string()),
    };
    let mut computer = [false; 2];
    for seat in &config.computer {
        if let Some(c) = computer.get_mut(seat.index()) {
            *c = true;
        }
    }
    let human = [Side::X, Side::O]
        .into_iter()
        .find(|s| !computer[s.index()] && computer.iter().any(|&c| c));
    let game = MatchCli {
        start,
        manual_dice: a.chance.manual_dice,
        view: human,
        level: a.play.level.filter(|&l| l > 0).unwrap_or(Level::DEFAULT),
    };
    let said = (|| {
        let mut out = io::stdout().lock();
        if let Some(human) = human {
            let moves = if human == Side::X {
                "from 24 down to 1 (the bottom row), bearing off from 1-6"
            } else {
                "in your own numbering, from your 24 down to your 1 (the top row)"
            };
            writeln!(out, "You play {human}: your checkers move {moves}.")?;
        }
        if config.computer.is_empty() && !a.chance.manual_dice {
            writeln!(
                out,
                "dice seed {} (repeat these dice with --seed {})",
                config.seed, config.seed
            )?;
        }
        out.flush()
    })();
    if let Err(e) = said {
        return boardgames_cli::finish(Err(e), &mut io::stderr());
    }
    let play = PlayArgs {
        seed: Some(config.seed),
        ..a.play
    };
    boardgames_cli::run(&game, &KitCommand::Play(play))
}
