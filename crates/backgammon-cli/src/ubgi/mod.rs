//! UBGI, the Universal Backgammon Interface: the UCI-like text protocol that backgammon
//! duellers and GUIs (bgci, wildbg, a fork of GNU Backgammon) speak with an engine over its
//! standard input and output, one command or answer a line (the draft spec v0.1,
//! `docs/ubgi-v0.1-spec.md` of github.com/bungogood/bgci; `docs/backgammon.md` says what
//! this program does with each command).
//!
//! * [`command`]: the commands, read by the engine and written by a dueller;
//! * [`answer`]: the engine's answers and errors, the same both ways;
//! * [`engine`]: `backgammon-cli ubgi`, this program's engine speaking the protocol;
//! * [`player`]: an engine that speaks it, as a player of the arena (`ubgi=PROGRAM ARGS`).

pub mod answer;
pub mod command;
pub mod engine;
pub mod player;
