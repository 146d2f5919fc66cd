//! Abalone rules by hand-worked positions, the conformance kit on every layout, the
//! time-out and move-limit adjudication, and proptest invariants over random games and random
//! positions.

use boardgames_core::abalone::{
    Abalone, Cell, Colour, Direction, EndReason, IllegalMove, Layout, Move, Setup,
};
use boardgames_core::conformance::{check_position, check_random_games, check_serde, Report};
use boardgames_core::{Game, GameResult, MoveError, Team, Turn};
use proptest::prelude::*;

use crate::common::abalone::all_candidates;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// A position from its string.
fn pos(text: &str) -> Abalone {
    Abalone::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A position from cell lists, `black` to move unless `white_to_move`.
fn position(black: &str, white: &str, turn: Colour, captured: (u32, u32)) -> Abalone {
    let cells = |s: &str| s.split_whitespace().map(cell).collect::<Vec<_>>();
    let setup = Setup {
        black: cells(black),
        white: cells(white),
        turn,
        captured: boardgames_core::abalone::Captured::two(captured.0, captured.1),
        ..Setup::default()
    };
    Abalone::from_setup(setup).unwrap()
}

#[test]
fn sumito_3_push_2_off_the_edge_ejects_the_last_marble() {
    // Black E5 E6 E7 against White E8 E9 on the east edge: E5 trails, three push two, E9
    // falls off, E8 moves to E9.
    let mut p = position("E5 E6 E7", "E8 E9", Colour::Black, (0, 0));
    let mv = p.parse_move("e5e6").unwrap();
    assert_eq!((mv.marbles(), mv.pushed(), mv.ejects()), (3, 2, true));
    p.play(mv).unwrap();
    assert_eq!(
        p.to_setup().to_string(),
        "5/6/7/8/5bbbw/8/7/6/5 w 0-1 ply=1"
    );
    assert_eq!(p.ejected_by(Colour::Black), 1);
}

#[test]
fn pac_and_blocked_pushes_are_refused_and_leave_the_position_unchanged() {
    // 2 v 2 (pac): Black E3 E4, White E5 E6.
    let p = position("E3 E4", "E5 E6", Colour::Black, (0, 0));
    let mut q = p;
    let err = q.parse_move("e3e4").unwrap_err();
    assert!(q
        .play(Move::in_line(cell("E3"), Direction::E, 2, 1).unwrap())
        .is_err());
    assert_eq!(
        err,
        MoveError::Illegal(IllegalMove::NoSumito {
            marbles: 2,
            opponents: 2
        })
    );
    assert_eq!(q, p);
    // Own marble behind the pushed one: Black E3 E4, White E5, Black E6.
    let p = position("E3 E4 E6", "E5", Colour::Black, (0, 0));
    assert_eq!(
        p.parse_move("e3e4").unwrap_err(),
        MoveError::Illegal(IllegalMove::PushBlocked(cell("E6")))
    );
    // Four in a row: the trailing marble of four cannot move in-line; the next one pushes.
    let p = position("E1 E2 E3 E4", "E5", Colour::Black, (0, 0));
    assert_eq!(
        p.parse_move("e1e2").unwrap_err(),
        MoveError::Illegal(IllegalMove::TooManyMarbles(cell("E1")))
    );
    assert_eq!(p.parse_move("e2e3").unwrap().pushed(), 1);
    // Own marble off the board.
    let p = position("E8 E9", "A1", Colour::Black, (0, 0));
    assert_eq!(
        p.parse_move("e8e9").unwrap_err(),
        MoveError::Illegal(IllegalMove::OwnMarbleOff(cell("E9")))
    );
    // A single marble never pushes.
    let p = position("E4", "E5", Colour::Black, (0, 0));
    assert!(matches!(
        p.parse_move("e4e5"),
        Err(MoveError::Illegal(IllegalMove::NoSumito { marbles: 1, .. }))
    ));
}

#[test]
fn a_move_with_the_wrong_counts_is_refused() {
    let start = Abalone::new(Layout::Standard).unwrap();
    // a1b2 moves three marbles; the same cells with two are not a legal move.
    let three = start.parse_move("a1b2").unwrap();
    assert_eq!(three.marbles(), 3);
    let two = Move::in_line(cell("A1"), Direction::NE, 2, 0).unwrap();
    assert!(start.is_legal(three));
    assert!(!start.is_legal(two));
    let mut p = start;
    assert!(matches!(p.play(two), Err(IllegalMove::Shape { .. })));
    assert_eq!(p, start);
}

#[test]
fn broadside_spellings_and_refusals() {
    let start = Abalone::new(Layout::Standard).unwrap();
    let a = start.parse_move("c3c5d4").unwrap();
    let b = start.parse_move("C5C3D6").unwrap();
    assert_eq!(a, b);
    assert!(a.is_broadside());
    assert_eq!(a.to_string(), "c3c5d4");
    // B1 B2 north-west need C1 and C2, both empty: legal. B2 B3 north-east need C3 (own)
    // and C4: refused at C3.
    assert!(start.parse_move("b1b2c1").is_ok());
    assert_eq!(
        start.parse_move("b2b3c3").unwrap_err(),
        MoveError::Illegal(IllegalMove::BroadsideBlocked(cell("C3")))
    );
    // White's marble cannot be moved by Black.
    assert_eq!(
        start.parse_move("i5h5").unwrap_err(),
        MoveError::Illegal(IllegalMove::NotOwn(cell("I5")))
    );
    assert!(matches!(
        start.parse_move("a1c3"),
        Err(MoveError::Notation(_))
    ));
}

#[test]
fn six_ejected_wins_and_the_outcome_has_the_scores() {
    // White has lost five; Black E7 E8 push E9 off.
    let mut p = position("E7 E8 A1", "E9 I9", Colour::Black, (0, 5));
    p.play(p.parse_move("e7e8").unwrap()).unwrap();
    assert_eq!(p.turn(), Turn::Over);
    assert_eq!(p.end_reason(), Some(EndReason::SixEjected));
    let outcome = p.outcome().unwrap();
    assert_eq!(
        outcome.result,
        GameResult::Win {
            winner: Team(0),
            points: 1
        }
    );
    assert_eq!(outcome.scores.as_slice(), &[6, 0]);
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.nth_legal_move(0), None);
    let any = Move::in_line(cell("A1"), Direction::E, 1, 0).unwrap();
    assert_eq!(p.clone().play(any), Err(IllegalMove::GameOver));
    // The finished position reads back as finished.
    assert_eq!(Abalone::from_text(&p.to_setup().to_string()), Ok(p));
}

#[test]
fn time_out_is_adjudicated_by_ejected_marbles() {
    // A colour without a seat cannot run out of time: refused, nothing changes.
    let mut p = Abalone::new(Layout::Standard).unwrap();
    assert_eq!(
        p.time_out(Colour::Purple),
        Err(IllegalMove::NotSeated(Colour::Purple))
    );
    assert_eq!(p, Abalone::new(Layout::Standard).unwrap());
    // Equal: a draw, whoever ran out of time.
    p.time_out(Colour::Black).unwrap();
    assert_eq!(p.turn(), Turn::Over);
    assert_eq!(p.outcome().unwrap().result, GameResult::Draw);
    assert_eq!(p.time_out(Colour::White), Err(IllegalMove::GameOver));
    assert_eq!(p.end_reason(), Some(EndReason::TimeOut(Colour::Black)));
    // White ejected more: White wins even though White's clock ran out (seed 000: the
    // player who pushed out more marbles wins).
    let mut p = position("E5", "I9 I8", Colour::White, (2, 1));
    p.time_out(Colour::White).unwrap();
    assert_eq!(p.winner(), Some(Colour::White));
    assert_eq!(
        p.outcome().unwrap().result,
        GameResult::Win {
            winner: Team(1),
            points: 1
        }
    );
    assert_eq!(p.outcome().unwrap().scores.as_slice(), &[1, 2]);
    // The time-out survives the position string and JSON.
    let text = p.to_setup().to_string();
    assert!(text.ends_with("timeout=w"), "{text}");
    assert_eq!(Abalone::from_text(&text), Ok(p));
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(serde_json::from_str::<Abalone>(&json).unwrap(), p);
}

#[test]
fn the_move_limit_ends_and_adjudicates_the_game() {
    let mut p = Abalone::new(Layout::BelgianDaisy).unwrap();
    p.set_move_limit(Some(2));
    for text in ["a1a2", "c5b4"] {
        assert!(matches!(p.turn(), Turn::Seat(_)));
        p.play(p.parse_move(text).unwrap()).unwrap();
    }
    // c5b4 pushes A3 off (reference data README, section 7): White leads 1-0 at the limit.
    assert_eq!(p.end_reason(), Some(EndReason::MoveLimit));
    assert_eq!(p.winner(), Some(Colour::White));
    assert_eq!(p.to_setup().to_string().split(' ').nth(2), Some("1-0"));
    // Setting a limit already reached ends a running game at once.
    let mut q = Abalone::new(Layout::Standard).unwrap();
    q.play(q.parse_move("a1b2").unwrap()).unwrap();
    q.set_move_limit(Some(1));
    assert_eq!(q.turn(), Turn::Over);
    assert_eq!(q.outcome().unwrap().result, GameResult::Draw);
}

#[test]
fn impossible_setups_are_refused() {
    for text in [
        // 15 marbles of one colour.
        "wwwww/wwwwww/2www2/8/b8/8/2bbb2/bbbbbb/bbbbb b 1-0",
        // Black ejected six and is to move.
        "5/6/7/8/b8/8/7/6/4w b 0-6",
        // Both lost six.
        "5/6/7/8/b8/8/7/6/4w w 6-6",
        // Past the move limit; limit 0.
        "5/6/7/8/b8/8/7/6/4w w 0-0 ply=5 limit=4",
        "5/6/7/8/b8/8/7/6/4w w 0-0 limit=0",
        // A time-out after the sixth ejection.
        "5/6/7/8/b8/8/7/6/4w w 0-6 timeout=b",
    ] {
        assert!(Abalone::from_text(text).is_err(), "{text}");
    }
    // The finished six-ejected position itself is valid.
    assert!(Abalone::from_text("5/6/7/8/b8/8/7/6/4w w 0-6").is_ok());
}

#[test]
fn conformance_on_every_layout() {
    let candidates = all_candidates();
    for (i, layout) in Layout::of_players(2).iter().copied().enumerate() {
        let start = Abalone::new(layout).unwrap();
        let report = check_random_games(&start, 6, 200, 11 + i as u64, |_| candidates.clone())
            .unwrap_or_else(|e| panic!("{layout}: {e}"));
        assert!(report.moves > 1_000, "{layout}: {report:?}");
        check_serde(&start).unwrap();
    }
}

#[test]
fn conformance_on_the_edge_cases_and_finished_games() {
    let candidates = all_candidates();
    let mut report = Report::default();
    let mut over = position("E5", "I9", Colour::Black, (0, 0));
    over.time_out(Colour::Black).unwrap();
    for p in [
        over,
        position("E5", "E6", Colour::Black, (0, 0)),
        position("E5 E6 E7", "E8 E9", Colour::Black, (0, 0)),
        position("A1 B1 C1 D1", "E1 A5", Colour::White, (3, 4)),
        pos("5/6/7/8/b8/8/7/6/4w w 0-6"),
    ] {
        check_position(&p, &candidates, &mut report).unwrap();
        check_serde(&p).unwrap();
    }
    assert_eq!(report.finished, 2);
}

/// Plays `choices` as indices into the legal moves from a layout.
fn play_out(layout: Layout, choices: &[u16]) -> Abalone {
    let mut p = Abalone::new(layout).unwrap();
    for &c in choices {
        let n = p.count_legal_moves();
        if n == 0 {
            break;
        }
        let mv = p.nth_legal_move(usize::from(c) % n).unwrap();
        p.play(mv).unwrap();
    }
    p
}

/// The generated moves and the validator agree on every candidate; notation and the
/// position string and JSON round-trip.
fn check_agreement(p: &Abalone, candidates: &[Move]) -> Result<(), TestCaseError> {
    let moves = p.moves();
    for &mv in candidates {
        prop_assert_eq!(p.is_legal(mv), moves.contains(&mv), "{} in {:?}", mv, p);
    }
    for (i, &mv) in moves.iter().enumerate() {
        prop_assert_eq!(p.parse_move(&mv.to_string()), Ok(mv));
        prop_assert_eq!(p.nth_legal_move(i), Some(mv));
        let json = serde_json::to_string(&mv).unwrap();
        prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    }
    prop_assert_eq!(p.count_legal_moves(), moves.len());
    let text = p.to_setup().to_string();
    prop_assert_eq!(Abalone::from_text(&text), Ok(*p));
    let json = serde_json::to_string(p).unwrap();
    prop_assert_eq!(serde_json::from_str::<Abalone>(&json).unwrap(), *p);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_the_invariants(
        layout in 0..5usize,
        choices in proptest::collection::vec(any::<u16>(), 0..160),
    ) {
        let p = play_out(Layout::of_players(2)[layout], &choices);
        for c in Colour::ALL {
            prop_assert_eq!(p.marbles(c).count() + p.lost(c), 14);
        }
        prop_assert!(p.marbles(Colour::Black).intersection(p.marbles(Colour::White)).is_empty());
        check_agreement(&p, &all_candidates())?;
    }

    #[test]
    fn random_positions_agree_with_the_validator(
        cells in proptest::collection::vec((0..61usize, 0..3u8), 0..61),
        white in any::<bool>(),
    ) {
        // Each drawn cell gets black (0), white (1) or stays empty (2); at most 14 a side.
        let all: Vec<Cell> = Cell::all().collect();
        let (mut black, mut whites) = (Vec::new(), Vec::new());
        for (i, colour) in cells {
            let c = all[i];
            if black.contains(&c) || whites.contains(&c) {
                continue;
            }
            match colour {
                0 if black.len() < 14 => black.push(c),
                1 if whites.len() < 14 => whites.push(c),
                _ => {}
            }
        }
        let setup = Setup {
            black,
            white: whites,
            turn: if white { Colour::White } else { Colour::Black },
            ..Setup::default()
        };
        let p = Abalone::from_setup(setup).unwrap();
        check_agreement(&p, &all_candidates())?;
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}") {
        let _ = text.parse::<Setup>();
        let _ = text.parse::<boardgames_core::abalone::Notation>();
        let _ = text.parse::<Cell>();
        let _ = text.parse::<Layout>();
        let _ = Abalone::new(Layout::Standard).unwrap().parse_move(&text);
        let _ = serde_json::from_str::<Abalone>(&text);
    }
}
