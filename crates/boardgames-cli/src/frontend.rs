//! The hooks a game's command-line program provides: [`GameCli`].
//!
//! The kit's commands are written once against this trait. A game's program implements it on a
//! small value that holds its options (the variant chosen on the command line, say) and hands
//! that value to the kit. Everything with a default works for any game; a game overrides the
//! hooks where it has more to say (captures in Pente, hits and the cube in Backgammon).

use core::fmt;

use boardgames_core::{Game, GameResult, MoveError, Seat, Turn};

/// One step of a game: a move chosen by a seat, or an outcome drawn at a chance node (a roll
/// of the dice).
pub enum Step<G: Game> {
    /// A seat's move.
    Move(G::Move),
    /// A chance outcome.
    Chance(G::Chance),
}

impl<G: Game> Clone for Step<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Step<G> {}

impl<G: Game> fmt::Debug for Step<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(mv) => f.debug_tuple("Move").field(mv).finish(),
            Step::Chance(c) => f.debug_tuple("Chance").field(c).finish(),
        }
    }
}

impl<G: Game> PartialEq for Step<G> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Step::Move(a), Step::Move(b)) => a == b,
            (Step::Chance(a), Step::Chance(b)) => a == b,
            _ => false,
        }
    }
}

impl<G: Game> Eq for Step<G> {}

impl<G: Game> fmt::Display for Step<G> {
    /// The move in the game's notation, or the chance outcome as the game prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(mv) => fmt::Display::fmt(mv, f),
            Step::Chance(c) => fmt::Display::fmt(c, f),
        }
    }
}

/// A game record as read by `replay`: where it starts, the steps as written, and its tags.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    /// The position the record starts from (its variant, layout, ...).
    pub start: G,
    /// Each step as written, in order: a move where a seat is to move, a chance outcome where
    /// chance is to act. They are checked one by one on replay, so that a bad one is reported
    /// with its ply.
    pub steps: Vec<String>,
    /// Header tags as `(name, value)` pairs, e.g. `("Event", "Turn-based Game")`, `("Result",
    /// "1-0")`, printed before the replay.
    pub tags: Vec<(String, String)>,
}

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

/// Why a step text could not be applied to a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepError {
    /// The text as written.
    pub text: String,
    /// Why it was refused.
    pub reason: String,
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.text, self.reason)
    }
}

impl std::error::Error for StepError {}

/// The hooks of one game's command-line program.
///
/// Required: the game type, the start position ([`GameCli::start`]), how a record is read
/// ([`GameCli::read_record`]) and the batch report of one JSON line
/// ([`GameCli::batch_report`]). The rest has defaults that work for every game.
///
/// * Two or more seats, teams: seats are named by [`GameCli::seat_name`] and results by
///   [`GameCli::describe_end`]; the default wording says "player N" and "team N".
/// * Chance nodes (dice): the kit draws outcomes with [`boardgames_core::search::random_chance`]
///   or, with manual dice, reads them and resolves the text with [`Game::parse_chance`].
/// * Extra commands (a doubling cube's `double`, `take`, `drop`): list them in
///   [`GameCli::commands`] and carry them out in [`GameCli::command`].
pub trait GameCli {
    /// The game.
    type Game: Game;
    /// One line of the `replay --jsonl` output, serialised as JSON.
    type Report: serde::Serialize;

    /// The position a new game starts from, with the options given on the command line.
    fn start(&self) -> Self::Game;

    /// Reads a game record (a file's whole text): its start position and its steps as written.
    ///
    /// # Errors
    /// A message saying what is wrong and where (line, column) when the text is not a record.
    fn read_record(&self, text: &str) -> Result<Record<Self::Game>, String>;

    /// The `replay --jsonl` report of one input line.
    ///
    /// # Errors
    /// A message saying why the line is not a record.
    fn batch_report(&self, line: &str) -> Result<Self::Report, String>;

    /// The board diagram shown to players. Default: the position's `Display`, with no colour.
    fn render(&self, pos: &Self::Game, colour: bool) -> String {
        let _ = colour;
        pos.to_string()
    }

    /// The board diagram after a step, so that it can show the last move. `before` and
    /// `after` are the positions around `step`. Default: [`GameCli::render`] of `after`.
    fn render_after(
        &self,
        before: &Self::Game,
        step: &Step<Self::Game>,
        after: &Self::Game,
        colour: bool,
    ) -> String {
        let _ = (before, step);
        self.render(after, colour)
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

    /// What a step did, for the move-by-move output of `replay` and `play`: the step's text
    /// and whatever the game wants to add (stones captured, checkers hit). `before` and `after`
    /// are the positions around the step. Default: the step's notation.
    fn describe_step(
        &self,
        before: &Self::Game,
        step: &Step<Self::Game>,
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

    /// The result as a record writes it. Default: `1-0`, `0-1`, `1/2-1/2` for two seats,
    /// `team N` otherwise, and `*` for a game that goes on.
    fn result_token(&self, pos: &Self::Game) -> String {
        match pos.outcome().map(|o| o.result) {
            None => "*".to_owned(),
            Some(GameResult::Draw) => "1/2-1/2".to_owned(),
            Some(GameResult::Win { winner, .. }) if pos.seat_count() == 2 => {
                if winner.0 == 0 { "1-0" } else { "0-1" }.to_owned()
            }
            Some(GameResult::Win { winner, .. }) => format!("team {}", winner.0 + 1),
        }
    }

    /// Writes a played game as a record that [`GameCli::read_record`] reads back. Default: the
    /// steps separated by spaces, then [`GameCli::result_token`] of `end`.
    fn write_record(
        &self,
        start: &Self::Game,
        steps: &[Step<Self::Game>],
        end: &Self::Game,
    ) -> String {
        let _ = start;
        let mut out: Vec<String> = steps.iter().map(ToString::to_string).collect();
        out.push(self.result_token(end));
        out.join(" ")
    }

    /// How moves are written, for `help` of `play`: lines printed under the `<move>` line.
    /// Default: none.
    fn move_help(&self) -> Vec<String> {
        Vec::new()
    }

    /// The record formats `convert` writes, lower-case names (e.g. `["pgn", "json"]`).
    /// Default: none.
    fn record_formats(&self) -> &'static [&'static str] {
        &[]
    }

    /// Converts a record from any format the game reads (recognised from the text) into
    /// `to`, one of [`GameCli::record_formats`].
    ///
    /// # Errors
    /// A message saying why the text is not a record. Default: no formats.
    fn convert(&self, text: &str, to: &str) -> Result<String, String> {
        let _ = text;
        Err(format!("no record format {to:?} for this game"))
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

/// Applies one step written as text: a move where a seat is to move (through
/// [`Game::parse_move`]), a chance outcome where chance is to act (through
/// [`Game::parse_chance`]). The position is unchanged on error.
///
/// # Errors
/// [`StepError`] with the game's reason: bad notation, an illegal move, an unknown chance
/// outcome, or a finished game.
pub fn apply_text<C: GameCli + ?Sized>(
    cli: &C,
    pos: &mut C::Game,
    text: &str,
) -> Result<Step<C::Game>, StepError> {
    let _ = cli;
    let fail = |reason: String| StepError {
        text: text.trim().to_owned(),
        reason,
    };
    match pos.turn() {
        Turn::Chance => {
            let outcome = pos.parse_chance(text).map_err(|_| {
                let all: Vec<String> = pos
                    .chance_outcomes()
                    .iter()
                    .map(|(c, _)| c.to_string())
                    .collect();
                fail(format!(
                    "not a chance outcome here (one of: {})",
                    all.join(" ")
                ))
            })?;
            pos.apply_chance(outcome).map_err(|e| fail(e.to_string()))?;
            Ok(Step::Chance(outcome))
        }
        Turn::Seat(_) | Turn::Over => {
            let mv = pos
                .parse_move(text)
                .map_err(|e: MoveError<_, _>| fail(e.to_string()))?;
            pos.play(mv)
                .map_err(|e| fail(format!("illegal move: {e}")))?;
            Ok(Step::Move(mv))
        }
    }
}

/// Applies a step known to come from the position's own lists (a generated move or chance
/// outcome), checking it anyway.
///
/// # Errors
/// The game's reason when the step is refused; the position is then unchanged.
pub fn apply_step<G: Game>(pos: &mut G, step: Step<G>) -> Result<(), String> {
    match step {
        Step::Move(mv) => pos.play(mv).map_err(|e| e.to_string()),
        Step::Chance(c) => pos.apply_chance(c).map_err(|e| e.to_string()),
    }
}
