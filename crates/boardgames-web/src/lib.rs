//! A local web board for the games of `boardgames-core`: Pente and Keryo-Pente, Abalone for
//! 2, 3, 4 and 6 players, and backgammon (a money game or a match, with the cube), played in
//! the browser by people or by the engines of `boardgames-ai`'s registry.
//!
//! The program `boardgames-web` serves one page (HTML, CSS and JavaScript built into the
//! program) and a JSON API (`docs/web.md`): create a game, get its state, play a move, ask
//! the engine to move or for a hint, undo, and save the record as the game's program saves
//! it. [`app`] is the whole server as an axum [`Router`](axum::Router), which tests drive
//! in-process; [`serve`] serves it on a listener (the program's, or a test's on a free port
//! for a browser).
//!
//! The modules, one job each: [`routes`] (the routes and limits), [`record_routes`] (the
//! routes of records opened), [`store`] (the games and records by id, bounded and
//! expiring), [`session`] (one game played: its steps, seats and state), [`clock`] (a timed
//! game's clocks), [`create`] (a new game from its request), [`records`] (record files read,
//! replayed, continued and analysed), [`views`] (each game's board, record, words and
//! engine), [`engine`] (the searching engines under a time budget), [`error`] (the typed
//! errors), [`assets`] (the page).

pub mod assets;
pub mod clock;
pub mod create;
pub mod engine;
pub mod error;
pub mod record_routes;
pub mod records;
pub mod routes;
pub mod session;
pub mod store;
pub mod views;

pub use routes::{app, serve, Config};
