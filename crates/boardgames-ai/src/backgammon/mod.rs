//! Backgammon: a neural network evaluation ([`Network`]), Tesauro's public benchmark
//! evaluator ([`PubEval`]), cubeless games between checker players ([`play_game`]), and the
//! one-sided bear-off database ([`BearoffDatabase`]), exact for race endings.

mod analysis;
mod bearoff;
mod cube;
mod engine;
mod met;
mod net;
mod play;
mod player;
mod pubeval;
mod search;
mod train;

pub use analysis::{
    in_match, judge, judge_game, judge_match, DecisionKind, Judged, Mark, PlayerSummary,
};
pub use bearoff::{
    home_of, index, BearoffDatabase, Home, RaceChances, HOME_POINTS, POSITIONS, ROLLS,
};
pub use cube::{cube_efficiency, CubeAction, CubeContext, CubeDecision, CubeOwner, Stakes};
pub use engine::{BackgammonEngine, Level, MatchPlayer};
pub use met::{match_equity, TABLE_AWAY};
pub use net::{Inputs, Network, NetworkError, Outcomes, INPUTS, MAX_HIDDEN, OUTPUTS};
pub use play::{best_result, opening_roll, play_game, points_won, roll, CheckerPlayer, GameResult};
pub use player::{Cubeless, NetworkPlayer};
pub use pubeval::{has_contact, PubEval};
pub use search::{
    Evaluator, MoveFilter, PlyPlayer, RankedPlay, RolloutResult, RolloutSettings, NORMAL_FILTERS,
};
pub use train::{series, td_game, SeriesResult};
