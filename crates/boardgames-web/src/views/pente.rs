//! Pente and Keryo-Pente: the board as the stones of each seat, the captures, the last
//! stone and the stones it captured; the record as a pente.org game (what `pente-cli`'s
//! `save` writes).
//!
//! The board's JSON: `size` (19), `variant` (`pente`, `keryo-pente`), `tournament_rule`,
//! `stones` (`[{"point": "K10", "seat": 0}, ...]`), `captures` (stones captured by each
//! seat), `captures_to_win`, `last` (the last stone's point) and `captured` (the points of
//! the stones it captured).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use boardgames_core::pente::record::PenteOrg;
use boardgames_core::pente::{Pente, Point, Variant};
use boardgames_core::record::{Applied, Format, Record};
use boardgames_core::Seat;
use serde::Serialize;

use super::{to_json, two_seat_result};
use crate::engine;
use crate::error::ApiError;
use crate::session::{Thought, WebGame};

/// A stone on the board.
#[derive(Serialize)]
struct Stone {
    point: String,
    seat: u8,
}

/// The board as the page draws it.
#[derive(Serialize)]
struct Board {
    size: usize,
    variant: &'static str,
    tournament_rule: bool,
    stones: Vec<Stone>,
    captures: [u16; 2],
    captures_to_win: u16,
    last: Option<String>,
    captured: Vec<String>,
}

/// The API's name of a variant.
#[must_use]
pub fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::KeryoPente => "keryo-pente",
        _ => "pente",
    }
}

impl WebGame for Pente {
    fn board(pos: &Pente, last: Option<(&Pente, Point)>) -> serde_json::Value {
        let mut stones: Vec<Stone> = Point::all()
            .filter_map(|p| {
                pos.at(p).map(|s| Stone {
                    point: p.to_string(),
                    seat: s.0,
                })
            })
            .collect();
        stones.sort_by(|a, b| a.point.cmp(&b.point));
        let captured = last
            .map(|(before, _)| {
                let them = Seat(before.side_to_move().0 ^ 1);
                let mut gone: Vec<String> = before
                    .stones(them)
                    .minus(pos.stones(them))
                    .iter()
                    .map(|p| p.to_string())
                    .collect();
                gone.sort();
                gone
            })
            .unwrap_or_default();
        to_json(&Board {
            size: boardgames_core::pente::SIZE,
            variant: variant_name(pos.variant()),
            tournament_rule: pos.tournament_rule(),
            stones,
            captures: pos.captures(),
            captures_to_win: pos.variant().captures_to_win(),
            last: last.map(|(_, p)| p.to_string()),
            captured,
        })
    }

    /// A pente.org game, whose `Game` and `Rated` tags state the rules (`pente-cli`'s
    /// record format).
    fn record(start: &Pente, steps: &[Applied<Pente>], end: &Pente) -> String {
        let written = Record::of_game(start, steps).ok().and_then(|mut record| {
            record.result = two_seat_result(end);
            PenteOrg::new(*start).write(&[record]).ok()
        });
        written.unwrap_or_else(|| "the game cannot be written as a record".to_owned())
    }

    fn status(pos: &Pente) -> String {
        pos.status_line()
    }

    fn seat_name(_pos: &Pente, seat: Seat) -> String {
        format!("{seat} ({})", if seat.0 == 0 { 'X' } else { 'O' })
    }

    fn think(
        positions: &[Pente],
        _steps: &[Applied<Pente>],
        level: Option<u8>,
        time: Duration,
        stop: Arc<AtomicBool>,
    ) -> Result<Thought, ApiError> {
        engine::search(positions, level, time, stop)
    }
}
