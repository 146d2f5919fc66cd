//! Backgammon: the engine and what it stands on.
//!
//! * evaluation: neural networks of the five outcome probabilities, one for each class of
//!   position ([`Networks`], [`PositionClass`]; the shipped ones trained by self-play), over
//!   the board and what it means ([`features`]: escapes, primes, shots, the race), exact in
//!   bear-offs by the one-sided bear-off database ([`BearoffDatabase`]) and, with at most
//!   six checkers a side, the two-sided one ([`TwoSidedBearoff`], which also holds the exact
//!   cubeful money equities there); Tesauro's public benchmark evaluator ([`PubEval`]);
//! * look-ahead ([`Evaluator`]): chances at 0 to n plies over the 21 rolls, the plays of a
//!   roll ranked with move filters ([`Evaluator::rank`]), truncated rollouts;
//! * the cube ([`CubeContext`]): Janowski's cubeful equity and the double / take / drop
//!   decision, in money play and in matches ([`match_equity`], the Kazaross XG2 table);
//! * players: [`MatchPlayer`] (every decision of a money game or match at a [`Level`]),
//!   [`NetworkPlayer`] of the checker game, pubeval and [`Cubeless`] players of the match;
//!   cubeless games and series between checker players ([`play_game`], [`series`]) and
//!   self-play training ([`td_game`]) and training on rollout labels ([`sample_positions`],
//!   [`label_positions`], [`train_on`]);
//! * the analysis of a recorded match ([`judge_match`]).

mod analysis;
mod bearoff;
mod bearoff2;
mod cube;
mod cubeful;
mod dbfile;
mod engine;
mod features;
mod labels;
mod met;
mod net;
mod nets;
mod play;
mod player;
mod pubeval;
mod search;
mod train;

pub use analysis::{judge, judge_game, judge_match, DecisionKind, Judged, Mark, PlayerSummary};
pub use bearoff::{
    home_of, index, BearoffDatabase, Home, RaceChances, HOME_POINTS, POSITIONS, ROLLS,
};
pub use bearoff2::{two_sided_index, TwoSidedBearoff, TWO_SIDED_CHECKERS, TWO_SIDED_POSITIONS};
pub use cube::{cube_efficiency, CubeAction, CubeContext, CubeDecision, CubeOwner, Stakes};
pub use dbfile::{database_dir, set_database_dir};
pub use engine::{BackgammonEngine, Level, MatchPlayer};
pub use features::{contact, escapes, features, shots, side_features, FEATURES, SIDE_FEATURES};
pub use labels::{label_positions, on_threads, sample_positions, train_on};
pub use met::{match_equity, TABLE_AWAY};
pub use net::{
    Encoding, Inputs, Network, NetworkError, Outcomes, INPUTS, MAX_HIDDEN, MAX_INPUTS, OUTPUTS,
};
pub use nets::{Networks, PositionClass, CRASHED};
pub use play::{best_result, opening_roll, play_game, points_won, roll, CheckerPlayer, GameResult};
pub use player::{Cubeless, NetworkPlayer};
pub use pubeval::{has_contact, PubEval};
pub use search::{
    Evaluator, MoveFilter, PlyPlayer, RankedPlay, RolloutResult, RolloutSettings, NORMAL_FILTERS,
};
pub use train::{paired_margin, series, td_game, SeriesResult};
