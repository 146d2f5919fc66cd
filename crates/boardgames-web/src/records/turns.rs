//! Simple backgammon records (the checker game's turns: a start by Position ID, then each
//! roll and its play, as `backgammon-cli replay` reads them) opened as money games: the
//! start a money session with the cube in the middle, each roll preceded by the roll
//! decision the session asks for, so that the page steps through them, and plays on from
//! them, as through a match file's games.

use boardgames_core::backgammon::record::Turns;
use boardgames_core::backgammon::{Backgammon, GameState, Match, MatchAction, MatchId};
use boardgames_core::record::{Applied, Format, Record};
use boardgames_core::{Game, Turn};

use super::Traced;
use crate::error::{ApiError, ErrorKind};

/// A record refused, saying `message`.
fn bad(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorKind::BadRecord, message)
}

/// The records of `text` in the simple format, if it is one: `None` when the format does
/// not read it.
#[must_use]
pub fn read(text: &str) -> Option<Vec<Record<Backgammon>>> {
    let format = Turns {
        default: Backgammon::new(),
    };
    format.read(text).ok().filter(|records| !records.is_empty())
}

/// Each game of the checker game (replayed by its rules) played as a money session, under
/// its label.
///
/// # Errors
/// [`ErrorKind::BadRecord`] naming the game whose start or step the session refuses.
pub fn as_money_games(games: Vec<Traced<Backgammon>>) -> Result<Vec<Traced<Match>>, ApiError> {
    games
        .into_iter()
        .map(|checker| {
            let fail = |e: String| bad(format!("{}: {e}", checker.label));
            let mut game = as_session(&checker.positions[0]).map_err(fail)?;
            for step in &checker.steps {
                follow(&mut game, step).map_err(fail)?;
            }
            game.label = checker.label;
            Ok(game)
        })
        .collect()
}

/// A money session (no Jacoby rule, the cube in the middle) whose game starts at `start`.
fn as_session(start: &Backgammon) -> Result<Traced<Match>, String> {
    let mut id = MatchId::money(start.side(), start.dice());
    id.state = GameState::Playing;
    id.jacoby = false;
    let m = Match::from_ids(&start.position_id(), &id.encode()).map_err(|e| e.to_string())?;
    Ok(Traced {
        label: String::new(),
        positions: vec![m],
        steps: Vec::new(),
    })
}

/// Plays `step` of the checker game in the session `game`: a throw of the dice after the
/// roll decision when the session asks for one; a play as itself; a pass that the session
/// made by itself (a roll with no play) skipped.
fn follow(game: &mut Traced<Match>, step: &Applied<Backgammon>) -> Result<(), String> {
    let now = || game.positions.last().cloned();
    match step {
        Applied::Chance(dice) => {
            let mut m = now().ok_or("no position")?;
            if m.turn() != Turn::Chance {
                push(game, &mut m, Applied::Move(MatchAction::Roll))?;
            }
            let throw = m
                .parse_chance(&dice.to_string())
                .map_err(|e| format!("{e:?}"))?;
            push(game, &mut m, Applied::Chance(throw))
        }
        Applied::Move(play) => {
            let mut m = now().ok_or("no position")?;
            let action = MatchAction::Play(*play);
            if !m.is_legal(action) && play.steps().next().is_none() {
                return Ok(());
            }
            push(game, &mut m, Applied::Move(action))
        }
    }
}

/// Applies `step` to `m` and keeps it and the position after it.
fn push(game: &mut Traced<Match>, m: &mut Match, step: Applied<Match>) -> Result<(), String> {
    step.apply(m).map_err(|e| format!("{step:?}: {e:?}"))?;
    game.steps.push(step);
    game.positions.push(m.clone());
    Ok(())
}
