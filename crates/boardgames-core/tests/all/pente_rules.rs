//! Pente through the generic traits: the conformance kit on both variants, hand-worked rule
//! examples, and proptest invariants over random games.

use boardgames_core::conformance::{check_position, check_random_games, check_serde, Report};
use boardgames_core::pente::{EndReason, OpeningRule, Pente, Point, Setup, Variant};
use boardgames_core::search::perft;
use boardgames_core::{Game, GameResult, Seat, Team, Turn};
use proptest::prelude::*;

fn all_points(_: &Pente) -> Vec<Point> {
    Point::all().collect()
}

fn play_all(pos: &mut Pente, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn conformance_kit_passes_on_both_variants_and_rules() {
    for variant in [Variant::Pente, Variant::KeryoPente] {
        for rule in [true, false] {
            let start = Pente::new(variant, OpeningRule::from_tournament_rule(rule));
            let report = check_random_games(&start, 6, 400, 11, all_points)
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(report.finished >= 1, "{variant} {rule}: {report:?}");
            assert!(report.refused > 0);
            check_serde(&start).unwrap();
        }
    }
}

#[test]
fn perft_from_the_empty_board() {
    // Hand-worked: ply 1 must be K10 (1 move); ply 2 anywhere else (360); ply 3 with the
    // tournament rule anywhere outside the 5 x 5 centre square: 361 - 25 = 336 points, none
    // of them taken by player 2's stone if it is outside the square (336 - 1) or all 336 if it is
    // inside (24 of the 360 points are inside the square, 336 outside).
    let start = Pente::new(Variant::Pente, OpeningRule::Tournament);
    assert_eq!(perft(&start, 1), 1);
    assert_eq!(perft(&start, 2), 360);
    assert_eq!(perft(&start, 3), 24 * 336 + 336 * 335);
    // Without the rule every empty point is open at ply 3: 360 * 359.
    assert_eq!(
        perft(&Pente::new(Variant::KeryoPente, OpeningRule::Free), 3),
        360 * 359
    );
}

#[test]
fn keryo_captures_three_and_pente_does_not() {
    // Player 1: K10, then D4 ... H4 flanks E4 F4 G4 (player 2) on row 4.
    for (variant, captured) in [(Variant::KeryoPente, 3), (Variant::Pente, 0)] {
        let mut pos = Pente::new(variant, OpeningRule::Free);
        play_all(&mut pos, "K10 E4 D4 F4 A19 G4");
        let placement = pos.place("H4".parse().unwrap()).unwrap();
        assert_eq!(placement.removed.len(), captured, "{variant}");
        assert_eq!(pos.captures()[0], captured as u16);
    }
}

#[test]
fn placing_into_a_flanked_gap_is_safe() {
    // X O _ X: player 2 fills the gap and loses nothing.
    let mut pos = Pente::new(Variant::Pente, OpeningRule::Free);
    play_all(&mut pos, "K10 E4 D4 A19 G4");
    let placement = pos.place("F4".parse().unwrap()).unwrap();
    assert!(placement.removed.is_empty());
    assert_eq!(pos.captures(), [0, 0]);
}

#[test]
fn no_capture_wraps_around_the_edge() {
    // In a 19-wide 1-D index T5 (last column) and A6 (first column of the next row) are
    // neighbours. Player 2 holds S5 T5 and player 1 holds A6: R5 would "flank" the pair across
    // the edge in such an index, but on the board there is nothing beyond T5.
    let mut pos = Pente::new(Variant::Pente, OpeningRule::Free);
    play_all(&mut pos, "K10 T5 A6 S5 B6 A19");
    let placement = pos.place("R5".parse().unwrap()).unwrap();
    assert!(placement.removed.is_empty());
}

#[test]
fn five_wins_and_the_game_then_refuses_moves() {
    let mut pos = Pente::new(Variant::Pente, OpeningRule::Free);
    play_all(&mut pos, "K10 A1 L10 A3 M10 A5 N10 A7 O10");
    assert_eq!(pos.turn(), Turn::Over);
    assert_eq!(pos.end_reason(), Some(EndReason::Five));
    assert_eq!(pos.winner(), Some(Seat(0)));
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        outcome.result,
        GameResult::Win {
            winner: Team(0),
            points: 1
        }
    );
    assert_eq!(&outcome.scores[..], &[0, 0]);
    let before = pos;
    assert!(pos.play("A9".parse().unwrap()).is_err());
    assert_eq!(pos, before);
    assert_eq!(pos.count_legal_moves(), 0);
}

#[test]
fn setup_text_round_trips_and_reports_problems() {
    let mut pos = Pente::new(Variant::KeryoPente, OpeningRule::Tournament);
    play_all(&mut pos, "K10 E4 D4 F4 A19 G4 H4");
    let text = pos.to_setup().to_string();
    assert_eq!(text, "keryo-pente tournament 7 3-0 x18/19/19/19/19/19/19/19/19/9x9/19/19/19/19/19/3x3x11/19/19/19");
    assert_eq!(Pente::from_text(&text).unwrap(), pos);

    // Hand-worked: at ply 3 player 1 has placed 2 stones but only K10 is on the board with
    // none lost, and 1 is no capture count in Pente. (Player 2's one stone, captured, is
    // consistent with player 1's count of 1.) Both problems are reported.
    let err = Pente::from_text(
        "pente tournament 3 1-0 19/19/19/19/19/19/19/19/19/9x9/19/19/19/19/19/19/19/19/19",
    )
    .unwrap_err();
    assert_eq!(err.problems().len(), 2, "{err}");
    for bad in [
        "",
        "pente",
        "pente tournament x 0-0 19",
        "pente nope 0 0-0 19",
        "pente free 0 0-0 20/19",
    ] {
        assert!(Pente::from_text(bad).is_err(), "{bad}");
    }
    let setup: Setup = "pente free 0 0-0 19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19"
        .parse()
        .unwrap();
    assert_eq!(
        Pente::from_setup(setup).unwrap(),
        Pente::new(Variant::Pente, OpeningRule::Free)
    );
}

/// A random game prefix: `(variant, tournament rule, moves)`, each move drawn among the legal
/// ones by index.
fn random_game() -> impl Strategy<Value = (Variant, bool, Vec<usize>)> {
    (
        prop_oneof![Just(Variant::Pente), Just(Variant::KeryoPente)],
        any::<bool>(),
        prop::collection::vec(any::<usize>(), 0..250),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn stones_on_board_equal_placed_minus_captured((variant, rule, picks) in random_game()) {
        let mut pos = Pente::new(variant, OpeningRule::from_tournament_rule(rule));
        for pick in picks {
            let n = pos.count_legal_moves();
            if n == 0 { break; }
            let mv = pos.nth_legal_move(pick % n).unwrap();
            pos.play(mv).unwrap();
            let placed = [pos.ply().div_ceil(2), pos.ply() / 2];
            let caps = pos.captures();
            for seat in 0..2 {
                prop_assert_eq!(
                    pos.stones(Seat(seat as u8)).count() + usize::from(caps[seat ^ 1]),
                    placed[seat]
                );
            }
        }
    }

    #[test]
    fn illegal_moves_leave_the_position_unchanged((variant, rule, picks) in random_game(), probe in 0usize..361) {
        let mut pos = Pente::new(variant, OpeningRule::from_tournament_rule(rule));
        for pick in picks {
            let n = pos.count_legal_moves();
            if n == 0 { break; }
            pos.play(pos.nth_legal_move(pick % n).unwrap()).unwrap();
        }
        let target = Point::all().nth(probe).unwrap();
        let before = pos;
        let legal = pos.moves().contains(&target);
        prop_assert_eq!(pos.is_legal(target), legal);
        match pos.play(target) {
            Ok(()) => prop_assert!(legal),
            Err(_) => { prop_assert!(!legal); prop_assert_eq!(pos, before); }
        }
    }

    #[test]
    fn text_and_serde_round_trip((variant, rule, picks) in random_game()) {
        let mut pos = Pente::new(variant, OpeningRule::from_tournament_rule(rule));
        let mut report = Report::default();
        for pick in picks {
            let n = pos.count_legal_moves();
            if n == 0 { break; }
            pos.play(pos.nth_legal_move(pick % n).unwrap()).unwrap();
        }
        prop_assert_eq!(Pente::from_text(&pos.to_setup().to_string()).unwrap(), pos);
        let json = serde_json::to_string(&pos).unwrap();
        prop_assert_eq!(serde_json::from_str::<Pente>(&json).unwrap(), pos);
        check_position(&pos, &[], &mut report).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
}
