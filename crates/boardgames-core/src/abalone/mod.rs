//! Abalone for two, three, four and six players on the 61-cell hexagon.
//!
//! * [`Abalone`]: the two-player position and rules (`Copy`, 48 bytes), implementing
//!   [`Game`](crate::Game) with [`Move`] as its move and [`Notation`] (Aba-Pro) as its
//!   notation; the time-out and move-limit adjudication ([`Position::time_out`],
//!   [`Position::set_move_limit`]).
//! * [`Abalone3`], [`Abalone4`], [`Abalone6`]: the same [`Position`] type for three players
//!   (each for themselves), four (two teams of two) and six (two teams of three), seed 004:
//!   partners' marbles may join an in-line line that starts with an own marble, broadside
//!   moves take own marbles only, sumito counts the opposing side's marbles of any colour,
//!   and a player (three) or team (four, six) wins at six ejected.
//! * [`Cell`] and [`Direction`]: standard coordinates, `A1` bottom-left (Black's side) to `I9`,
//!   centre `E5`; the six directions.
//! * [`Layout`]: the named starting layouts of every player count (standard, Belgian /
//!   German / Dutch / Swiss daisy for two players; one for three, two for four, one for
//!   six); [`Position::new`] starts a game from one.
//! * [`Setup`]: the plain position description, its compact position string and (feature
//!   `serde`) the neutral JSON position.
//!
//! Rules: `docs/rules/abalone.md` (seeds 000, 003 and 004), stated with their sources in
//! `docs/abalone.md`: 1 to 3 own marbles in a line move one cell, in-line or broadside;
//! sumito 2:1, 3:1, 3:2 pushes, pac (1:1, 2:2, 3:3, and 4:3) does not; a push needs an empty
//! cell or the edge behind the pushed marbles; no own marble leaves the board; the first side
//! to eject six opposing marbles wins.
//!
//! ```
//! use boardgames_core::{Game, Seat, Team};
//! use boardgames_core::abalone::{Abalone4, Colour};
//!
//! // Four players: Black and Red (seats 0 and 2) against White and Green.
//! let mut pos = Abalone4::start();
//! assert_eq!(pos.count_legal_moves(), 43);
//! assert_eq!(pos.team_of(Seat(2)), Team(0));
//! pos.play(pos.parse_move("g6f6")?)?;
//! assert_eq!(pos.side_to_move(), Colour::White);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The board is one [`Bitboard`] (`u128`) per colour (seat) on a grid of 9 rows of 10 bits: a
//! step off the board always lands on an always-empty bit, so shifting a whole colour by a
//! direction finds every line of 2 and 3, every sumito and every ejection at once. Move
//! counting is a sum of 60 popcounts.
//!
//! ```
//! use boardgames_core::Game;
//! use boardgames_core::abalone::{Abalone, Layout};
//!
//! let mut pos = Abalone::new(Layout::Standard)?;
//! assert_eq!(pos.count_legal_moves(), 44);
//! let mv = pos.parse_move("a1b2")?; // A1, B2, C3 move north-east to B2, C3, D4
//! assert_eq!(mv.marbles(), 3);
//! pos.play(mv)?;
//! assert_eq!(pos.to_setup().to_string(), "wwwww/wwwwww/2www2/8/9/3b4/2bbb2/bbbbbb/1bbbb w 0-0 ply=1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bitboard;
mod cell;
mod error;
mod lanes;
mod layout;
mod movegen;
mod moves;
mod notation;
mod position;
pub mod record;
mod rules;
mod setup;

pub use bitboard::Bitboard;
pub use cell::{Cell, CellError, Direction, CELL_COUNT, INDEX_RANGE, ROWS, ROW_BITS};
pub use error::{IllegalMove, SetupError, SetupProblem, SyntaxProblem};
pub use layout::{Layout, LayoutError};
pub use moves::Move;
pub use notation::{Notation, NotationError};
pub use position::{
    marbles_per_seat, Abalone, Abalone3, Abalone4, Abalone6, Colour, EndReason, MoveList, Position,
    EJECTED_TO_WIN, MARBLES, MAX_MOVES,
};
pub use setup::{Captured, Setup};
