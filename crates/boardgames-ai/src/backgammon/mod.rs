//! Backgammon: the one-sided bear-off database ([`BearoffDatabase`]), exact for race
//! endings.

mod bearoff;

pub use bearoff::{
    home_of, index, BearoffDatabase, Home, RaceChances, HOME_POINTS, POSITIONS, ROLLS,
};
