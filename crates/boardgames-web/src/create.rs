//! A new game from the request that asks for it: the game, its options and who plays each
//! seat, checked, as a [`Session`].

use std::time::Duration;

use boardgames_core::abalone::{Layout, Position};
use boardgames_core::backgammon::{Match, MatchRules, MAX_SCORE};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use serde::Deserialize;

use crate::engine::LEVELS;
use crate::error::{ApiError, ErrorKind};
use crate::session::{Played, SeatPlayer, Session};

/// The games a request may ask for.
pub const GAMES: [&str; 4] = ["pente", "keryo-pente", "abalone", "backgammon"];

/// The body of `POST /api/games`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `pente`, `keryo-pente`, `abalone` or `backgammon`.
    pub game: String,
    /// Pente and Keryo-Pente: whether the tournament rule applies (default: it does).
    pub tournament_rule: Option<bool>,
    /// Abalone: 2, 3, 4 or 6 players (default 2).
    pub players: Option<usize>,
    /// Abalone: the layout's name (default: the standard one of the number of players).
    pub layout: Option<String>,
    /// Abalone: end the game after this many plies, adjudicated (more marbles ejected wins,
    /// equal is a draw); absent: no limit.
    pub move_limit: Option<u16>,
    /// Abalone: each seat's time for the whole game, in seconds (absent: untimed); a seat
    /// whose time runs out ends the game as the rules say.
    pub time_limit: Option<u64>,
    /// Backgammon: the match length in points (0 or absent: a money game).
    pub match_length: Option<u16>,
    /// Backgammon, money game: the Jacoby rule (default off).
    pub jacoby: Option<bool>,
    /// Backgammon, money game: beavers (default off): the side doubled may take and at once
    /// redouble, keeping the cube, once in an exchange of the cube.
    pub beavers: Option<bool>,
    /// Who plays each seat, in seat order: `"human"`, `"computer"` (the default level) or a
    /// level 1 to 5 (the computer at that level). Seats not given are played by people.
    #[serde(default)]
    pub seats: Vec<serde_json::Value>,
    /// The seed of the dice (default: a fresh one).
    pub seed: Option<u64>,
}

/// An option refused.
fn bad(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorKind::BadOption, message)
}

/// Who plays each seat of a game of `count` seats, read from a request's `seats` (`"human"`,
/// `"computer"` or a level 1 to 5 each; the seats not given are people).
///
/// # Errors
/// [`ErrorKind::BadOption`] for more seats than the game has, or a value of none of those.
pub fn seat_players(
    seats: &[serde_json::Value],
    count: usize,
) -> Result<Vec<SeatPlayer>, ApiError> {
    if seats.len() > count {
        return Err(bad(format!(
            "{} seats given, the game has {count}",
            seats.len()
        )));
    }
    seats
        .iter()
        .enumerate()
        .map(|(i, value)| match value {
            serde_json::Value::String(s) if s == "human" => Ok(SeatPlayer::Human),
            serde_json::Value::String(s) if s == "computer" => Ok(SeatPlayer::Computer(None)),
            serde_json::Value::Number(n) => n
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .filter(|n| LEVELS.contains(n))
                .map(|n| SeatPlayer::Computer(Some(n)))
                .ok_or_else(|| bad(format!("seat {}: no level {n} (levels 1 to 5)", i + 1))),
            other => Err(bad(format!(
                "seat {}: {other} is not \"human\", \"computer\" or a level 1 to 5",
                i + 1
            ))),
        })
        .collect()
}

/// Refuses an option that the game does not take.
fn only_for(given: bool, option: &str, game: &str) -> Result<(), ApiError> {
    if given {
        Err(bad(format!("{option} is not an option of {game}")))
    } else {
        Ok(())
    }
}

/// The game `request` asks for, with a fresh seed `seed` for the dice unless it gives one,
/// the engine thinking at most `think_time` a move.
///
/// # Errors
/// [`ErrorKind::UnknownGame`] for a game the server does not have, [`ErrorKind::BadOption`]
/// for an option out of range or of another game.
pub fn new_session(
    request: &NewGame,
    seed: u64,
    think_time: Duration,
) -> Result<Box<dyn Session>, ApiError> {
    let seed = request.seed.unwrap_or(seed);
    let game = request.game.as_str();
    let pente_options = request.tournament_rule.is_some();
    let abalone_options = request.players.is_some()
        || request.layout.is_some()
        || request.move_limit.is_some()
        || request.time_limit.is_some();
    let backgammon_options =
        request.match_length.is_some() || request.jacoby.is_some() || request.beavers.is_some();
    match game {
        "pente" | "keryo-pente" => {
            only_for(
                abalone_options || backgammon_options,
                "players, layout, move_limit, time_limit, match_length, jacoby or beavers",
                game,
            )?;
            let variant = if game == "pente" {
                Variant::Pente
            } else {
                Variant::KeryoPente
            };
            let rule = OpeningRule::from_tournament_rule(request.tournament_rule.unwrap_or(true));
            let seats = seat_players(&request.seats, 2)?;
            let name = if game == "pente" {
                "pente"
            } else {
                "keryo-pente"
            };
            Ok(Box::new(Played::new(
                name,
                Pente::new(variant, rule),
                &seats,
                seed,
                think_time,
            )))
        }
        "abalone" => {
            only_for(
                pente_options || backgammon_options,
                "tournament_rule, match_length, jacoby or beavers",
                game,
            )?;
            let players = request.players.unwrap_or(2);
            let layout = match &request.layout {
                Some(name) => Layout::parse_for(name, players).map_err(|e| bad(e.to_string()))?,
                None => Layout::default_for(players).ok_or_else(|| {
                    bad(format!(
                        "Abalone is for 2, 3, 4 or 6 players, not {players}"
                    ))
                })?,
            };
            if layout.players() != players {
                return Err(bad(format!(
                    "layout {layout} is for {} players, not {players}",
                    layout.players()
                )));
            }
            let seats = seat_players(&request.seats, players)?;
            let limits = Limits::of(request)?;
            match players {
                2 => abalone::<2>(layout, limits, &seats, seed, think_time),
                3 => abalone::<3>(layout, limits, &seats, seed, think_time),
                4 => abalone::<4>(layout, limits, &seats, seed, think_time),
                _ => abalone::<6>(layout, limits, &seats, seed, think_time),
            }
        }
        "backgammon" => {
            only_for(
                pente_options || abalone_options,
                "tournament_rule, players, layout, move_limit or time_limit",
                game,
            )?;
            let length = request.match_length.unwrap_or(0);
            if length > MAX_SCORE {
                return Err(bad(format!(
                    "a match of {length} points: at most {MAX_SCORE}"
                )));
            }
            let jacoby = request.jacoby.unwrap_or(false);
            let beavers = request.beavers.unwrap_or(false);
            let rules = if length == 0 {
                MatchRules {
                    beavers: u8::from(beavers),
                    ..MatchRules::money(jacoby)
                }
            } else if jacoby {
                return Err(bad("the Jacoby rule is for money games"));
            } else if beavers {
                return Err(bad("beavers are for money games"));
            } else {
                MatchRules::to_points(length)
            };
            let seats = seat_players(&request.seats, 2)?;
            Ok(Box::new(Played::new(
                "backgammon",
                Match::new(rules),
                &seats,
                seed,
                think_time,
            )))
        }
        other => {
            let shown: String = other.chars().take(40).collect();
            Err(ApiError::new(
                ErrorKind::UnknownGame,
                format!("no game {shown:?} (games: {})", GAMES.join(", ")),
            ))
        }
    }
}

/// The longest time a seat may be given: a day.
pub const MAX_TIME_LIMIT: u64 = 24 * 60 * 60;

/// Abalone's limits of a game: the plies and each seat's time.
#[derive(Copy, Clone, Debug, Default)]
struct Limits {
    moves: Option<u16>,
    time: Option<Duration>,
}

impl Limits {
    /// The limits `request` asks for, checked.
    fn of(request: &NewGame) -> Result<Limits, ApiError> {
        if request.move_limit == Some(0) {
            return Err(bad("a move limit of 0 plies: at least 1"));
        }
        let time = match request.time_limit {
            None => None,
            Some(s) if (1..=MAX_TIME_LIMIT).contains(&s) => Some(Duration::from_secs(s)),
            Some(s) => {
                return Err(bad(format!(
                    "a time limit of {s} s: 1 to {MAX_TIME_LIMIT} s"
                )))
            }
        };
        Ok(Limits {
            moves: request.move_limit,
            time,
        })
    }
}

/// Abalone for `SEATS` players from `layout`, with its limits.
fn abalone<const SEATS: usize>(
    layout: Layout,
    limits: Limits,
    seats: &[SeatPlayer],
    seed: u64,
    think_time: Duration,
) -> Result<Box<dyn Session>, ApiError>
where
    Position<SEATS>: crate::session::WebGame,
{
    let mut start = Position::<SEATS>::new(layout).map_err(|e| bad(e.to_string()))?;
    start.set_move_limit(limits.moves);
    let played = Played::new("abalone", start, seats, seed, think_time);
    Ok(match limits.time {
        Some(limit) => Box::new(played.timed(limit)?),
        None => Box::new(played),
    })
}
