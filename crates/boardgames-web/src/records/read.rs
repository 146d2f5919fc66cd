//! A record file's text read into a [`Replay`]: by the game's formats of the core (the
//! format that detects the text, as the programs' `replay` chooses it), each record replayed
//! by the core's replay. A text that does not read, or a step the rules refuse, is a
//! [`ErrorKind::BadRecord`] naming the line or the step; no replay is kept then.

use boardgames_core::abalone::record::{record_players, AbaPro, AbaloneJson, Apgn};
use boardgames_core::abalone::{Layout, Position};
use boardgames_core::backgammon::record::{read_match_file, replay_matches};
use boardgames_core::pente::record::{PenteJson, PenteOrg};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::record::{label, replay, Format, Record};
use boardgames_core::Game;

use super::analysis::match_file;
use super::turns;
use super::{Replay, Replayed, Traced, MAX_POSITIONS};
use crate::create::GAMES;
use crate::error::{ApiError, ErrorKind};
use crate::session::WebGame;
use crate::views::pente::variant_name;

/// A record refused, saying `message`.
fn bad(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorKind::BadRecord, message)
}

/// The records of `text` read by `format`, at least one and not too long.
fn read_with<G: Game, F: Format<G>>(format: &F, text: &str) -> Result<Vec<Record<G>>, ApiError> {
    let records = format
        .read(text)
        .map_err(|e| bad(format!("not a record in the {} format: {e}", format.name())))?;
    if records.is_empty() {
        return Err(bad("the text holds no record"));
    }
    check_size(records.iter().map(|r| r.steps.len()))?;
    Ok(records)
}

/// Refuses records of more than [`MAX_POSITIONS`] positions in all.
fn check_size(steps: impl Iterator<Item = usize>) -> Result<(), ApiError> {
    let positions = steps.fold(0usize, |n, s| n.saturating_add(s).saturating_add(1));
    if positions > MAX_POSITIONS {
        return Err(bad(format!(
            "the records hold {positions} positions: at most {MAX_POSITIONS} are opened at once"
        )));
    }
    Ok(())
}

/// Each record replayed, or the first step the rules refuse, named by record and step.
fn traced<G: Game>(
    records: &[Record<G>],
    label_of: impl Fn(usize, &Record<G>) -> String,
) -> Result<Vec<Traced<G>>, ApiError> {
    records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let trace = replay(record);
            if let Some(bad_step) = &trace.illegal {
                let shown: String = bad_step.written.trim().chars().take(40).collect();
                return Err(bad(format!(
                    "record {}, step {} (ply {}): {shown:?}: {}",
                    i + 1,
                    bad_step.index + 1,
                    bad_step.ply,
                    bad_step.error
                )));
            }
            Ok(Traced {
                label: label_of(i, record),
                positions: trace.positions,
                steps: trace.applied,
            })
        })
        .collect()
}

/// A record's label: its tags' (`Id`, event, date, players), else its number.
fn tag_label<G: Game>(i: usize, record: &Record<G>, players: [&str; 2]) -> String {
    let named = label(&record.tags, players);
    if named == "game" {
        format!("game {}", i + 1)
    } else {
        format!("game {}: {named}", i + 1)
    }
}

/// The records of the text `text` of the game `game` (`pente`, `keryo-pente`, `abalone`,
/// `backgammon`), replayed.
///
/// # Errors
/// [`ErrorKind::UnknownGame`] for another game; [`ErrorKind::BadRecord`] for a text that is
/// no record of the game, holds none, is too long, or has a step the rules refuse.
pub fn open(game: &str, text: &str) -> Result<Box<dyn Replay>, ApiError> {
    // A byte-order mark some editors put first is no part of the text.
    let text = text.trim_start_matches('\u{feff}');
    match game {
        "pente" | "keryo-pente" => {
            let variant = if game == "pente" {
                Variant::Pente
            } else {
                Variant::KeryoPente
            };
            let default = Pente::new(variant, OpeningRule::Tournament);
            let records = if PenteJson.detect(text) {
                read_with(&PenteJson, text)?
            } else {
                read_with(&PenteOrg::new(default), text)?
            };
            let name = variant_name(records[0].start.variant());
            let games = traced(&records, |i, r| tag_label(i, r, ["White", "Black"]))?;
            Ok(Box::new(Replayed::new(name, games)))
        }
        "abalone" => match record_players(text).unwrap_or(2) {
            3 => abalone::<3>(text),
            4 => abalone::<4>(text),
            6 => abalone::<6>(text),
            _ => abalone::<2>(text),
        },
        "backgammon" => backgammon(text),
        other => {
            let shown: String = other.chars().take(40).collect();
            Err(ApiError::new(
                ErrorKind::UnknownGame,
                format!("no game {shown:?} (games: {})", GAMES.join(", ")),
            ))
        }
    }
}

/// Abalone records for `SEATS` players: APGN, the JSON record, else the plain Aba-Pro
/// record.
fn abalone<const SEATS: usize>(text: &str) -> Result<Box<dyn Replay>, ApiError>
where
    Position<SEATS>: WebGame,
{
    let layout = Layout::default_for(SEATS).ok_or_else(|| bad("no layout"))?;
    let default = Position::<SEATS>::new(layout).map_err(|e| bad(e.to_string()))?;
    let records: Vec<Record<Position<SEATS>>> = if Format::<Position<SEATS>>::detect(&Apgn, text) {
        read_with(&Apgn, text)?
    } else if Format::<Position<SEATS>>::detect(&AbaloneJson, text) {
        read_with(&AbaloneJson, text)?
    } else {
        read_with(&AbaPro::new(default), text)?
    };
    let games = traced(&records, |i, r| tag_label(i, r, ["Black", "White"]))?;
    Ok(Box::new(Replayed::new("abalone", games)))
}

/// A backgammon match file (match text or its JSON form): every game of every match,
/// checked as the programs' `replay` checks it (each game's place in its match too); or a
/// simple record of the checker game's turns ([`turns`]), played as money games.
fn backgammon(text: &str) -> Result<Box<dyn Replay>, ApiError> {
    let records = match read_match_file(text) {
        Ok(records) => records,
        Err(e) => {
            let Some(records) = turns::read(text) else {
                return Err(bad(format!("not a match file: {e}")));
            };
            check_size(records.iter().map(|r| r.steps.len() * 2))?;
            let games = traced(&records, |i, _| format!("Record {}", i + 1))?;
            let games = turns::as_money_games(games)?;
            return Ok(Box::new(Replayed::new("backgammon", games)));
        }
    };
    if records.is_empty() {
        return Err(bad("the text holds no game"));
    }
    check_size(records.iter().map(|r| r.steps.len()))?;
    let matches = replay_matches(&records, true);
    if let Some(problem) = matches.iter().find_map(|m| m.first_problem()) {
        return Err(bad(problem.to_string()));
    }
    Ok(Box::new(match_file(matches)))
}
