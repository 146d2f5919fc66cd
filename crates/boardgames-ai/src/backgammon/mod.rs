//! Backgammon: a neural network evaluation ([`Network`]), Tesauro's public benchmark
//! evaluator ([`PubEval`]), cubeless games between checker players ([`play_game`]), and the
//! one-sided bear-off database ([`BearoffDatabase`]), exact for race endings.

mod bearoff;
mod net;
mod play;
mod player;
mod pubeval;
mod train;

pub use bearoff::{
    home_of, index, BearoffDatabase, Home, RaceChances, HOME_POINTS, POSITIONS, ROLLS,
};
pub use net::{Inputs, Network, NetworkError, Outcomes, INPUTS, MAX_HIDDEN, OUTPUTS};
pub use play::{best_result, opening_roll, play_game, points_won, roll, CheckerPlayer, GameResult};
pub use player::NetworkPlayer;
pub use pubeval::{has_contact, PubEval};
pub use train::{series, td_game, SeriesResult};
