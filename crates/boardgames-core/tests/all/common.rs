//! Helpers shared by the integration tests: the compressed reference data (see the
//! `boardgames-testdata` crate), and helpers of the Abalone and backgammon tests.

#![allow(dead_code, unused_imports)] // each test module uses some of them

pub use boardgames_testdata::{data_path, gunzip, read_jsonl_gz};

/// Helpers of the tests of Abalone.
pub mod abalone {
    use boardgames_core::abalone::{Cell, Direction, Move};

    /// Every well-formed move of the board: in-line moves of 1-3 marbles pushing 0-2 from
    /// every cell in every direction, and every 2- and 3-marble broadside.
    pub fn all_candidates() -> Vec<Move> {
        let mut out = Vec::new();
        for c in Cell::all() {
            for d in Direction::ALL {
                for marbles in 1..=3 {
                    for pushed in 0..marbles {
                        out.extend(Move::in_line(c, d, marbles, pushed));
                    }
                }
                for axis in Direction::AXES {
                    for marbles in 2..=3 {
                        out.extend(Move::broadside(c, axis, marbles, d));
                    }
                }
            }
        }
        out
    }
}

/// Helpers of the tests of the backgammon match game ([`Match`](boardgames_core::backgammon::Match)).
pub mod session {
    use boardgames_core::backgammon::{Dice, Match, MatchAction, Play};
    use boardgames_core::Game;

    /// Every decision word, the pass, and some plays of other rolls: candidates that must be
    /// refused wherever they are not generated.
    pub fn candidates(m: &Match) -> Vec<MatchAction> {
        let mut out = vec![
            MatchAction::Roll,
            MatchAction::Double,
            MatchAction::Take,
            MatchAction::Drop,
            MatchAction::Beaver,
            MatchAction::Accept,
            MatchAction::Reject,
            MatchAction::Play(Play::PASS),
        ];
        out.extend(MatchAction::RESIGNATIONS);
        let pos = m.position();
        if !pos.is_over() {
            for d in [Dice::new(6, 5), Dice::new(2, 2), Dice::new(4, 1)]
                .into_iter()
                .flatten()
            {
                out.extend(pos.plays(d).iter().take(8).map(|&p| MatchAction::Play(p)));
            }
        }
        out
    }

    /// The setup, in value and in text, gives the session back.
    pub fn assert_round_trip(m: &Match) {
        let setup = m.to_setup();
        assert_eq!(
            Match::from_setup(setup.clone()).as_ref(),
            Ok(m),
            "{setup}\n{m}"
        );
        let text = setup.to_string();
        assert_eq!(Match::from_text(&text).as_ref(), Ok(m), "{text}");
    }
}
