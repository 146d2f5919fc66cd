//! Stopping the backgammon look-ahead: a ranking stopped part way is the ranking of the last
//! stage it finished, never a mix of depths; the cube decision and the chances of a stopped
//! engine are its 0-ply ones; a stopped player answers as the 0-ply player does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use boardgames_ai::backgammon::{
    BackgammonEngine, Evaluator, MatchPlayer, Outcomes, NORMAL_FILTERS,
};
use boardgames_core::backgammon::{Backgammon, Board, Dice, Match, MatchRules, Side};
use boardgames_core::player::Player;
use boardgames_core::Game;

/// The starting board, X to play a 6-2 (22 plays, several close).
fn opening_62() -> (Backgammon, Dice) {
    let dice = Dice::new(6, 2).expect("dice");
    let pos =
        Backgammon::from_parts(Board::standard(), Side::X, Some(dice), 1).expect("a position");
    (pos, dice)
}

fn equity(c: &Outcomes) -> f64 {
    f64::from(c.equity())
}

#[test]
fn a_stopped_ranking_is_the_last_stage_it_finished() {
    let (pos, dice) = opening_62();
    let eval = Evaluator::shipped();
    let stages: Vec<_> = (0..=2)
        .map(|plies| eval.rank(&pos, dice, plies, &NORMAL_FILTERS, &equity))
        .collect();
    // The stages differ, so that the check below tells them apart: deeper stages put some
    // plays at more plies.
    assert_ne!(stages[0], stages[1]);
    assert_ne!(stages[1], stages[2]);

    // Stopped before it starts: every play at 0 plies, as ranked without a look-ahead.
    let stop = AtomicBool::new(true);
    let stopped = eval.with_stop(&stop);
    assert_eq!(
        stopped.rank(&pos, dice, 2, &NORMAL_FILTERS, &equity),
        stages[0]
    );
    assert!(stopped.stopped());

    // Stopped from another thread at a moment the test does not choose: whatever the
    // moment, the answer is one of the finished stages.
    for wait_us in [0, 200, 2_000, 20_000] {
        let stop = AtomicBool::new(false);
        let ranked = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_micros(wait_us));
                stop.store(true, Ordering::Relaxed);
            });
            eval.with_stop(&stop)
                .rank(&pos, dice, 2, &NORMAL_FILTERS, &equity)
        });
        assert!(
            stages.contains(&ranked),
            "stopped after {wait_us} us: {ranked:?}"
        );
    }

    // Never stopped: the flag changes nothing.
    let never = AtomicBool::new(false);
    assert_eq!(
        eval.with_stop(&never)
            .rank(&pos, dice, 2, &NORMAL_FILTERS, &equity),
        stages[2]
    );
}

#[test]
fn a_stopped_engine_decides_the_cube_and_values_at_0_plies() {
    // Money, cube centred: X plays its opening 3-1, and O is on roll before its roll.
    let mut m = Match::new(MatchRules::money(false));
    m.apply_chance(m.parse_chance("31").expect("a throw"))
        .expect("the opening throw");
    let play = MatchPlayer::new(1).choose(&m).expect("a play");
    m.play(play).expect("legal");
    let stop = AtomicBool::new(true);
    let deep = BackgammonEngine::shipped(5);
    let flat = BackgammonEngine::shipped(1);
    let stopped = deep.with_stop(&stop);
    assert_eq!(stopped.cube_decision(&m), flat.cube_decision(&m));
    assert_eq!(stopped.value_for(&m, Side::X), flat.value_for(&m, Side::X));
    // Without the stop, the 3-ply engine looks ahead: other values.
    assert_ne!(deep.value_for(&m, Side::X), flat.value_for(&m, Side::X));
}

#[test]
fn a_stopped_player_answers_as_the_0_ply_player() {
    // Every opening roll of a money game: where the 2-ply player (level 3) plays otherwise
    // than the 0-ply one (level 1), told to stop before it starts it plays the 0-ply play.
    let mut differ = 0;
    for dice in Dice::all().filter(|d| !d.is_double()) {
        let mut m = Match::new(MatchRules::money(false));
        let throw = m.parse_chance(&dice.to_string()).expect("a throw");
        m.apply_chance(throw).expect("the opening throw");
        let flat = MatchPlayer::new(1).choose(&m);
        let mut stopped = MatchPlayer::new(3);
        stopped.set_stop(std::sync::Arc::new(AtomicBool::new(true)));
        assert_eq!(stopped.choose(&m), flat, "{dice}");
        if MatchPlayer::new(3).choose(&m) != flat {
            differ += 1;
        }
    }
    assert!(
        differ > 0,
        "no opening where the look-ahead plays otherwise"
    );
}
