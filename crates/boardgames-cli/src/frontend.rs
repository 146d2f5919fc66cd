//! The hooks a game's command-line program provides: [`GameCli`].
//!
//! The kit's commands are written once against this trait. A game's program implements it on a
//! small value that holds its options (the variant chosen on the command line, say) and hands
//! that value to the kit. Everything with a default works for any game; a game overrides the
//! hooks where it has more to say (captures in Pente, hits and the cube in Backgammon).

use std::io::{self, Write};
use std::time::Duration;

use boardgames_ai::{Engine, EnginePlayer};
use boardgames_core::player::{Player, RandomPlayer};
use boardgames_core::record::{label, Applied, Format, IllegalStep, Record, RecordedResult, Tags};
use boardgames_core::{Game, GameResult, Seat, Turn};

use crate::args::ReplayArgs;
use crate::common::{cut_quoted, legal_texts, Exit};
use crate::jsonl::Report;

/// A command a game adds to the interactive loop, with its one-line help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandHelp {
    /// The word that starts the command, e.g. `double`.
    pub name: &'static str,
    /// What it does, in one line.
    pub help: &'static str,
}

/// What a game's own interactive command did.
#[derive(Clone, Debug)]
pub enum CommandOutput<G> {
    /// Print this text; the position stays.
    Print(String),
    /// Continue from this new position (kept in the history, so `undo` takes it back), after
    /// printing the text.
    Replace(G, String),
}

/// What `moves` prints for one position (without `--jsonl`): see [`GameCli::list_moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveListing {
    /// The lines for standard output, in order (none at all when the list is empty).
    pub lines: Vec<String>,
    /// The line for standard error: how many moves, for whom.
    pub summary: String,
}

/// How `replay` shows the records of one format and words what goes wrong with them. Every
/// method has a default, the kit's way; a format whose records have more to say (a header
/// shown as the format writes it, a recorded result) overrides it, see
/// [`RecordFormat::shown_with`].
pub trait Presentation<G: Game, E: std::fmt::Display> {
    /// The tags `replay` prints before the steps of `record`. Default: its tags as read.
    fn shown_tags(&self, record: &Record<G>) -> Tags {
        record.tags.clone()
    }

    /// A line `replay` prints after the result of `record`. Default: none.
    fn footer(&self, record: &Record<G>) -> Option<String> {
        let _ = record;
        None
    }

    /// The message for the first refused step of `record`; `None` for the kit's (`ply N
    /// (seat): "step": reason`). Default: `None`.
    fn illegal_step(&self, record: &Record<G>, illegal: &IllegalStep<G>) -> Option<String> {
        let _ = (record, illegal);
        None
    }

    /// The message for a text that does not read (from the file named `file`). Default: `not
    /// a game record: ` and the reason, long quoted text cut.
    fn read_error(&self, file: &str, error: &E) -> String {
        let _ = file;
        cut_quoted(&format!("not a game record: {error}"))
    }

    /// `replay` of records that make one report as a whole (the games of a match, checked
    /// against each other): the report on `out`, the first problem on `err`. Default: `None`,
    /// each record replayed alone.
    ///
    /// # Errors
    /// Only errors writing `out` or `err`.
    fn report(
        &self,
        records: &[Record<G>],
        args: &ReplayArgs,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Option<io::Result<Exit>> {
        let _ = (records, args, out, err);
        None
    }
}

/// The kit's presentation of records: every default of [`Presentation`].
#[derive(Copy, Clone, Debug, Default)]
pub struct Plain;

impl<G: Game, E: std::fmt::Display> Presentation<G, E> for Plain {}

/// One record format of a game as the kit holds it: the [`Format`] that reads and writes the
/// records, and the [`Presentation`] `replay` shows them with. It is itself a [`Format`],
/// the one it holds.
pub struct RecordFormat<'a, G: Game, E> {
    format: Box<dyn Format<G, Error = E> + 'a>,
    shown: Box<dyn Presentation<G, E> + 'a>,
}

impl<'a, G: Game, E: std::error::Error + Send + Sync + 'static> RecordFormat<'a, G, E> {
    /// `format`, its records shown the kit's way ([`Plain`]).
    pub fn new(format: impl Format<G, Error = E> + 'a) -> Self {
        RecordFormat {
            format: Box::new(format),
            shown: Box::new(Plain),
        }
    }

    /// The same format, its records shown by `presentation`.
    #[must_use]
    pub fn shown_with(self, presentation: impl Presentation<G, E> + 'a) -> Self {
        RecordFormat {
            shown: Box::new(presentation),
            ..self
        }
    }

    /// How `replay` shows the format's records.
    pub fn presentation(&self) -> &dyn Presentation<G, E> {
        &*self.shown
    }
}

impl<G: Game, E: std::error::Error + Send + Sync + 'static> Format<G> for RecordFormat<'_, G, E> {
    type Error = E;

    fn name(&self) -> &'static str {
        self.format.name()
    }

    fn detect(&self, text: &str) -> bool {
        self.format.detect(text)
    }

    fn read(&self, text: &str) -> Result<Vec<Record<G>>, E> {
        self.format.read(text)
    }

    fn write(&self, records: &[Record<G>]) -> Result<String, E> {
        self.format.write(records)
    }
}

/// A game's record formats, as the kit holds them.
pub type Formats<'a, C> = Vec<FormatOf<'a, C>>;

/// One record format of the game of `C`.
pub type FormatOf<'a, C> = RecordFormat<'a, <C as GameCli>::Game, <C as GameCli>::RecordError>;

/// How the board is looked at: in colour or not, and from which seats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// The board is drawn with ANSI colours.
    pub colour: bool,
    /// The seats played at the keyboard in `play` (every seat when the computer plays none);
    /// empty outside `play`.
    pub humans: Vec<Seat>,
}

impl View {
    /// A board in colour or not, looked at by nobody in particular (outside `play`).
    #[must_use]
    pub fn colour(colour: bool) -> View {
        View {
            colour,
            humans: Vec::new(),
        }
    }

    /// The one seat played at the keyboard while the computer plays the others: the seat
    /// that is "you". `None` when several seats or none are played at the keyboard.
    #[must_use]
    pub fn only_human(&self) -> Option<Seat> {
        match self.humans.as_slice() {
            [seat] => Some(*seat),
            _ => None,
        }
    }
}

/// The hooks of one game's command-line program.
///
/// Required: the game type, the start position ([`GameCli::start`]), the record formats
/// ([`GameCli::formats`]) and the `--jsonl` batch modes ([`GameCli::replay_lines`],
/// [`GameCli::moves_lines`], `None` for a mode the game does not have). The rest has
/// defaults that work for every game.
pub trait GameCli: Sized {
    /// The game.
    type Game: Game;
    /// Why a record file does not read, for every format of the game.
    type RecordError: std::error::Error + Send + Sync + 'static;
    /// The `replay --jsonl` mode: one report per input line.
    type ReplayLines: Report;
    /// The `moves --jsonl` mode: one report per input line.
    type MovesLines: Report;

    /// The position a new game starts from, with the options given on the command line.
    fn start(&self) -> Self::Game;

    /// The record formats the game reads and writes, the most specific first: a text is read
    /// by the first that detects it, else by the last.
    fn formats(&self) -> Formats<'_, Self>;

    /// The engine's default level in words, for the help of `--level` (`play`, `hint`,
    /// `bestmove`). Default: `None`, the game has no engine (or the help names none).
    fn default_level(&self) -> Option<String> {
        None
    }

    /// A search score of the engine (for the side to move) in the game's terms, as `hint`
    /// shows it (the raw score stays in `bestmove --jsonl`). Default: `score N`.
    fn describe_score(&self, score: i32) -> String {
        format!("score {score}")
    }

    /// The `replay --jsonl` mode, if the game has one.
    fn replay_lines(&self) -> Option<Self::ReplayLines>;

    /// The `moves --jsonl` mode, if the game has one.
    fn moves_lines(&self) -> Option<Self::MovesLines>;

    /// The game played so far in `play` as a record (the `record` command): `steps` from
    /// `start`, written in [`GameCli::record_format`]. Default: that format's text.
    fn write_played(
        &self,
        start: &Self::Game,
        steps: &[Applied<Self::Game>],
        end: &Self::Game,
    ) -> String {
        let formats = self.formats();
        let written = Record::of_game(start, steps).ok().and_then(|mut record| {
            record.result = self.recorded_result(end);
            let format = format_named::<Self>(&formats, self.record_format())?;
            format.write(&[record]).ok()
        });
        written.unwrap_or_else(|| "the game cannot be written as a record".to_owned())
    }

    /// A game `selfplay` played, as the record it writes (a text that `replay` reads back).
    /// Default: [`GameCli::write_played`].
    fn write_record(
        &self,
        start: &Self::Game,
        steps: &[Applied<Self::Game>],
        end: &Self::Game,
    ) -> String {
        self.write_played(start, steps, end)
    }

    /// The format `selfplay` and the interactive `record` command write. Default: the first.
    fn record_format(&self) -> &'static str {
        self.formats().first().map_or("", |f| f.name())
    }

    /// The player of a seat played by the computer in `play` and `selfplay`. Default: a
    /// uniformly random legal move, seeded from `seed` and the seat.
    fn computer(&self, seat: Seat, seed: u64) -> Box<dyn Player<Self::Game>> {
        let mix = seed ^ (u64::from(seat.0) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Box::new(RandomPlayer::seeded(mix))
    }

    /// The game's engine at `level` (1 to 5; `None`: its default level), for `play --vs
    /// computer`, `hint` and `bestmove`. Default: none (the computer then plays
    /// [`GameCli::computer`]).
    fn engine(&self, level: Option<u8>) -> Option<Box<dyn Engine<Self::Game>>> {
        let _ = level;
        None
    }

    /// The position of one `bestmove --jsonl` input line's `position` (JSON text), in the
    /// form the game's `moves --jsonl` or `replay --jsonl` reads. Default: no such mode.
    ///
    /// # Errors
    /// Why the text is not a position.
    fn position_of(&self, json: &str) -> Result<Self::Game, String> {
        let _ = json;
        Err("this game has no bestmove mode".to_owned())
    }

    /// The JSON text of `pos` in a form [`GameCli::position_of`] reads back, for external
    /// engines in `arena` (`cmd=`). Default: none (the game has no such form).
    fn position_json(&self, pos: &Self::Game) -> Option<String> {
        let _ = pos;
        None
    }

    /// The player of a computer seat in `play`: the engine at `level` where the game has one
    /// and `level` is not 0, else [`GameCli::computer`].
    fn player(&self, seat: Seat, seed: u64, level: Option<u8>) -> Box<dyn Player<Self::Game>> {
        match self.engine(level).filter(|_| level != Some(0)) {
            Some(engine) => Box::new(EnginePlayer::new(engine)),
            None => self.computer(seat, seed),
        }
    }

    /// Each seat's time in `play` (a timed game), `None` for untimed play. Default: untimed.
    fn time_limit(&self) -> Option<Duration> {
        None
    }

    /// Whether chance outcomes are typed at the keyboard in `play` (dice thrown on a real
    /// board). Default: no, they are drawn.
    fn manual_chance(&self) -> bool {
        false
    }

    /// Whether `save` and `play --record` read what they write back through the game's
    /// formats and check that it is one record replaying to the game's position, before
    /// writing (whether the record format can state the game is checked for every game).
    /// Default: yes. A game whose files read back otherwise (backgammon's match
    /// files: one record per game, a resignation in a game's result line) checks its round
    /// trip in its own tests instead.
    fn check_saved_records(&self) -> bool {
        true
    }

    /// Whether input text that is not UTF-8 is read with replacement characters (match files
    /// with names in an old 8-bit encoding) rather than refused, in a text one of the game's
    /// formats recognises. Default: refused.
    fn lossy_input(&self) -> bool {
        false
    }

    /// What `moves` prints for `pos` (without `--jsonl`), or why the moves of `pos` are not
    /// listed (printed as `error: ...`, exit status 2). Default: the legal moves in the
    /// game's notation (at a chance node the outcomes with their probabilities, `52 (2/36)`) on
    /// one line, separated by spaces, and their count with the seat to move.
    ///
    /// # Errors
    /// A message when the position cannot be listed (Backgammon's position without dice).
    fn list_moves(&self, pos: &Self::Game) -> Result<MoveListing, String> {
        let texts = legal_texts(pos);
        let summary = match pos.turn() {
            Turn::Over => format!("no legal moves: {}", self.describe_end(pos)),
            Turn::Chance if texts.len() == 1 => "1 chance outcome".to_owned(),
            Turn::Chance => format!("{} chance outcomes", texts.len()),
            Turn::Seat(s) => {
                let moves = if texts.len() == 1 { "move" } else { "moves" };
                format!(
                    "{} legal {moves} for {}",
                    texts.len(),
                    self.seat_name(pos, s)
                )
            }
        };
        Ok(MoveListing {
            lines: vec![texts.join(" ")],
            summary,
        })
    }

    /// The board diagram shown to players, as `view` looks at it. Default: the position's
    /// `Display`, with no colour.
    fn render(&self, pos: &Self::Game, view: &View) -> String {
        let _ = view;
        pos.to_string()
    }

    /// The board diagram after a step, so that it can show the last move. Default:
    /// [`GameCli::render`] of `after`.
    fn render_after(
        &self,
        before: &Self::Game,
        step: Applied<Self::Game>,
        after: &Self::Game,
        view: &View,
    ) -> String {
        let _ = (before, step);
        self.render(after, view)
    }

    /// The line under the board: who is to move, or how the game ended. The kit prints it
    /// under [`GameCli::render`] and [`GameCli::render_after`], except at the end of a game
    /// where its own result line follows. Default: none.
    fn status(&self, pos: &Self::Game) -> Option<String> {
        let _ = pos;
        None
    }

    /// Ends the game because `seat`'s clock ran out (timed games of `play`): the position
    /// adjudicated by the game's rules, or `None` when the game has no time-out rule (the loop
    /// then stops). Default: `None`.
    fn time_out(&self, pos: &Self::Game, seat: Seat) -> Option<Self::Game> {
        let _ = (pos, seat);
        None
    }

    /// How a seat is named in messages. Default: `player 1`, `player 2`, ...
    fn seat_name(&self, pos: &Self::Game, seat: Seat) -> String {
        let _ = pos;
        seat.to_string()
    }

    /// What a step did, for the move-by-move output of `replay` and `play`. Default: the
    /// step's notation.
    fn describe_step(
        &self,
        before: &Self::Game,
        step: Applied<Self::Game>,
        after: &Self::Game,
    ) -> String {
        let _ = (before, after);
        step.to_string()
    }

    /// How the game ended, in words, or that it goes on. Default: winner or draw with the
    /// points and per-seat scores of [`Game::outcome`].
    fn describe_end(&self, pos: &Self::Game) -> String {
        let Some(outcome) = pos.outcome() else {
            return match pos.turn() {
                Turn::Seat(s) => format!("game goes on, {} to move", self.seat_name(pos, s)),
                _ => "game goes on".to_owned(),
            };
        };
        let result = match outcome.result {
            GameResult::Win { winner, points } => {
                let own_teams = (0..pos.seat_count())
                    .filter_map(|s| u8::try_from(s).ok())
                    .all(|s| pos.team_of(Seat(s)).0 == s);
                let who = if own_teams {
                    self.seat_name(pos, Seat(winner.0))
                } else {
                    format!("team {}", winner.0 + 1)
                };
                if points == 1 {
                    format!("{who} wins")
                } else {
                    format!("{who} wins {points} points")
                }
            }
            GameResult::Draw => "draw".to_owned(),
        };
        let scores: Vec<String> = outcome.scores.iter().map(u32::to_string).collect();
        format!("{result} (scores {})", scores.join(" / "))
    }

    /// The result a record of a game that ended at `end` states. Default: with two seats the
    /// winner's (`1-0`, `0-1`) or a draw; `None` while it goes on or with more seats.
    fn recorded_result(&self, end: &Self::Game) -> Option<RecordedResult> {
        if end.seat_count() != 2 {
            return None;
        }
        match end.outcome()?.result {
            GameResult::Draw => Some(RecordedResult::Draw),
            GameResult::Win { winner, .. } if winner.0 == 0 => {
                Some(RecordedResult::FirstPlayerWins)
            }
            GameResult::Win { .. } => Some(RecordedResult::SecondPlayerWins),
        }
    }

    /// A short name for a record in messages (`== game 3 of 9: ...`). Default: its `Id` tag,
    /// else its event, date and players.
    fn record_label(&self, record: &Record<Self::Game>) -> String {
        label(&record.tags, ["Player 1", "Player 2"])
    }

    /// How moves are written, for `help` of `play`: lines printed under the `<move>` line.
    /// Default: none.
    fn move_help(&self) -> Vec<String> {
        Vec::new()
    }

    /// What separates the moves listed by `moves` in `play`. Default: a space; games whose
    /// moves contain spaces (Backgammon's `8/5 6/5`) use a comma and a space.
    fn move_separator(&self) -> &'static str {
        " "
    }

    /// The game's own interactive commands, for `help`. Default: none.
    fn commands(&self) -> Vec<CommandHelp> {
        Vec::new()
    }

    /// Carries out one of the game's own commands: `name` is the first word typed, `args` the
    /// rest. `None` when the word is not one of them. Default: none.
    fn command(
        &self,
        pos: &Self::Game,
        name: &str,
        args: &str,
    ) -> Option<Result<CommandOutput<Self::Game>, String>> {
        let _ = (pos, name, args);
        None
    }
}

/// The format of `cli` called `name` (lower case).
pub fn format_named<'f, 'a, C: GameCli>(
    formats: &'f Formats<'a, C>,
    name: &str,
) -> Option<&'f FormatOf<'a, C>> {
    formats.iter().find(|f| f.name() == name)
}

/// The format that reads `text`: the first that detects it, else the last.
pub fn format_for<'f, 'a, C: GameCli>(
    formats: &'f Formats<'a, C>,
    text: &str,
) -> Option<&'f FormatOf<'a, C>> {
    formats
        .iter()
        .find(|f| f.detect(text))
        .or_else(|| formats.last())
}
