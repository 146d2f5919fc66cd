//! What every part of the kit shares: the exit status of a command, how messages quote what
//! was read and name a refused step, and a position's legal moves as text. This module uses
//! no other module of the kit.

use boardgames_core::record::{IllegalStep, StepError};
use boardgames_core::{search, Game, Turn};

/// How a command ended, as the process exit status.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Done (exit code 0).
    Success,
    /// The input was read, but a move in it is illegal, or some batch lines were bad, or a
    /// script given to `play` had lines refused (exit code 1).
    Failure,
    /// The input could not be read or is not in the expected format (exit code 2).
    BadInput,
}

impl Exit {
    /// The process exit code: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Failure => 1,
            Exit::BadInput => 2,
        }
    }
}

impl From<Exit> for std::process::ExitCode {
    fn from(exit: Exit) -> Self {
        std::process::ExitCode::from(exit.code())
    }
}

/// `text` as messages echo it: whole up to 40 characters, else its first 32 and how long it
/// is, so that a pasted page does not fill the screen.
#[must_use]
pub fn echo(text: &str) -> String {
    let n = text.chars().count();
    if n <= 40 {
        return text.to_owned();
    }
    let head: String = text.chars().take(32).collect();
    format!("{head}... ({n} characters)")
}

/// `message` with every quoted text in it (`"..."`, as the errors quote what was read) longer
/// than 40 characters cut as [`echo`] cuts it.
#[must_use]
pub fn cut_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(400));
    let mut rest = message;
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        // The closing quote: the first one not escaped by a backslash.
        let mut close = None;
        let mut escaped = false;
        for (k, c) in after.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    close = Some(k);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(close) = close else {
            out.push_str(after);
            return out;
        };
        out.push_str(&echo(&after[..close]));
        out.push('"');
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Names the step due at `pos` in messages: `ply N`, or `chance before ply N` at a chance
/// node (`ply` counts moves only, from 1).
pub fn step_label<G: Game>(pos: &G, ply: usize) -> String {
    match pos.turn() {
        Turn::Chance => format!("chance before ply {ply}"),
        _ => format!("ply {ply}"),
    }
}

/// Why a step was refused, as the kit says it: the game's error with `bad notation:` /
/// `illegal move:` before it, or the chance outcomes possible here.
pub fn step_reason<G: Game>(pos: &G, bad: &IllegalStep<G>) -> String {
    error_reason(pos, &bad.error)
}

/// Why a step was refused at `pos`, as the kit says it (see [`step_reason`]).
pub fn error_reason<G: Game>(pos: &G, error: &StepError<G>) -> String {
    if error.at_chance() {
        let all: Vec<String> = pos
            .chance_outcomes()
            .iter()
            .map(|(c, _)| pos.chance_notation(*c).to_string())
            .collect();
        return format!("not a chance outcome here (one of: {})", all.join(" "));
    }
    error.to_string()
}

/// The legal moves (or chance outcomes) of `pos` as printed by `moves`.
pub fn legal_texts<G: Game>(pos: &G) -> Vec<String> {
    match pos.turn() {
        Turn::Chance => pos
            .chance_outcomes()
            .iter()
            .map(|(c, p)| format!("{c} ({p})"))
            .collect(),
        _ => search::legal_moves_vec(pos)
            .iter()
            .map(ToString::to_string)
            .collect(),
    }
}

/// Whether the game has chance outcomes (dice): its [`Game::Chance`] is not
/// [`NoChance`](boardgames_core::NoChance).
#[must_use]
pub fn has_chance<G: Game>() -> bool {
    std::any::TypeId::of::<G::Chance>() != std::any::TypeId::of::<boardgames_core::NoChance>()
}
