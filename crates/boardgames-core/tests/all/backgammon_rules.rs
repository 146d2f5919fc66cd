//! Backgammon: the trait's promises (conformance kit), hand-worked rule cases, and proptest
//! invariants against a plain reference generator. The cube and match play: `backgammon_match`.

use std::collections::BTreeSet;

use boardgames_core::backgammon::{
    Backgammon, Board, Dice, IllegalPlay, MatchId, Play, Setup, Side, Xgid, BAR,
};
use boardgames_core::conformance::{check_random_games, check_serde};
use boardgames_core::search::{perft, random_playout};
use boardgames_core::{Game, GameResult, Turn};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn pos_of(board: [i8; 24], bar: [u8; 2], off: [u8; 2], turn: Side, dice: [u8; 2]) -> Backgammon {
    Setup {
        board,
        bar,
        off,
        turn,
        dice: Some(dice),
        cube: 1,
    }
    .into_position()
    .expect("valid test position")
}

fn play_texts(pos: &Backgammon) -> BTreeSet<String> {
    pos.moves().iter().map(Play::to_string).collect()
}

/// Candidates for the conformance kit: the plays of every other roll here (most illegal
/// with the rolled dice), and the pass.
fn candidates(pos: &Backgammon) -> Vec<Play> {
    let mut out = vec![Play::PASS];
    if pos.is_over() {
        return out;
    }
    for d in [Dice::new(6, 5), Dice::new(2, 2), Dice::new(4, 1)]
        .into_iter()
        .flatten()
    {
        out.extend(pos.plays(d).iter().take(20));
    }
    out
}

#[test]
fn conformance_random_games() {
    let report = check_random_games(&Backgammon::new(), 12, 400, 7, candidates).unwrap();
    assert!(report.finished > 0, "{report:?}");
    assert!(report.chance_nodes > 100);
    assert!(report.refused > 100);
}

#[test]
fn serde_round_trips() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..20 {
        let plies = rng.random_range(0..80);
        let p = random_playout(&Backgammon::new(), &mut rng, plies).last;
        check_serde(&p).unwrap();
    }
    let json = serde_json::to_string(&Backgammon::new()).unwrap();
    assert_eq!(
        json,
        r#"{"board":[-2,0,0,0,0,5,0,3,0,0,0,-5,5,0,0,0,-3,0,-5,0,0,0,0,2],"bar":[0,0],"off":[0,0],"turn":"x"}"#
    );
}

#[test]
fn chance_node_lists_21_rolls() {
    let pos = Backgammon::new();
    assert_eq!(pos.turn(), Turn::Chance);
    let outcomes = pos.chance_outcomes();
    assert_eq!(outcomes.len(), 21);
    let sixths: u32 = outcomes.iter().map(|(_, p)| p.numerator).sum();
    assert_eq!(sixths, 36);
    // perft(1) from the start sums the opening corpus's counts: 447 distinct results.
    assert_eq!(perft(&pos, 1), 447);
}

#[test]
fn bar_must_enter_first() {
    // Hand-worked: X has one checker on the bar; O holds its 1-, 2- and 3-points (X's 24,
    // 23, 22 are blocked), so with 6-3 only the 6 enters (bar/19) and then the 3 may move
    // any checker: the entered one (19/16) or another.
    let mut board = [0i8; 24];
    board[23] = -2; // X's 24 = O's 1
    board[22] = -2;
    board[21] = -2;
    board[0] = -9; // O's 24
    board[5] = 5; // X's 6
    board[7] = 9; // X's 8
    let pos = pos_of(board, [1, 0], [0, 0], Side::X, [6, 3]);
    let plays = play_texts(&pos);
    assert!(plays.contains("bar/16"), "{plays:?}");
    assert!(plays.contains("bar/19 8/5"), "{plays:?}");
    assert!(plays.iter().all(|p| p.starts_with("bar/")), "{plays:?}");
    assert!(!plays
        .iter()
        .any(|p| p.starts_with("bar/21") || p.starts_with("bar/22")));
    // Entering blocked for every die: the pass.
    let pos = pos_of(board, [1, 0], [0, 0], Side::X, [3, 2]);
    assert_eq!(play_texts(&pos), BTreeSet::from(["pass".to_string()]));
}

#[test]
fn bearing_off_rules() {
    // Hand-worked: X has checkers on 5 and 2 (13 off), 6-1. Both dice must be used:
    // 5/off with the 6 (the highest point) and 2/1, in either order; or 5/4 and then the 6
    // bears off from 4, now the highest ("5/off", the 2 stays). 2/off needs an exact 2.
    let mut board = [0i8; 24];
    board[4] = 1;
    board[1] = 1;
    board[23] = -15;
    let pos = pos_of(board, [0, 0], [13, 0], Side::X, [6, 1]);
    let want: BTreeSet<String> = ["5/off 2/1", "5/off"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(play_texts(&pos), want);
    // Last checker off ends the game: one result, the rest of the roll is lost.
    // O has all 15 on its own 24-point (X's 1-point, in X's home board).
    let mut board = [0i8; 24];
    board[1] = 1;
    board[0] = -15;
    let mut pos = pos_of(board, [0, 0], [14, 0], Side::X, [6, 5]);
    assert_eq!(play_texts(&pos), BTreeSet::from(["2/off".to_string()]));
    let mv = pos.moves()[0];
    pos.play(mv).unwrap();
    assert_eq!(pos.turn(), Turn::Over);
    let out = pos.outcome().unwrap();
    // O has borne off none and sits in X's home board (O's own 24 = X's 1): backgammon.
    assert_eq!(
        out.result,
        GameResult::Win {
            winner: boardgames_core::Team(0),
            points: 3
        }
    );
    assert_eq!(&out.scores[..], &[15, 0]);
    assert!(pos.moves().is_empty());
    assert!(pos.play(mv).is_err());
}

#[test]
fn illegal_plays_leave_the_position_unchanged() {
    let mut pos = Backgammon::new();
    pos.apply_chance(Dice::new(3, 1).unwrap()).unwrap();
    let before = pos;
    // 24/18 needs a 6.
    let err = pos.parse_move("24/18").unwrap_err();
    assert!(err.to_string().contains("not a legal play"), "{err}");
    let other = Backgammon::new().plays(Dice::new(6, 5).unwrap())[0];
    assert!(matches!(pos.play(other), Err(IllegalPlay::NotLegal { .. })));
    assert_eq!(pos, before);
    // Lenient forms resolve to the canonical play.
    for text in ["8/5 6/5", "6/5 8/5", "8/5, 6/5", "8/5* 6/5"] {
        assert_eq!(
            pos.parse_move(text).unwrap().to_string(),
            "8/5 6/5",
            "{text}"
        );
    }
    assert_eq!(pos.parse_move("24/23/20").unwrap().to_string(), "24/20");
    assert_eq!(pos.parse_move("24/20").unwrap().to_string(), "24/20");
    assert!(pos.apply_chance(Dice::new(1, 1).unwrap()).is_err());
    assert_eq!(pos, before);
}

#[test]
fn intermediate_hits_are_distinct_results() {
    // Hand-worked: O blots on X's 18 and 20; X's checker on 24 with 6-4: 24/18*/14 and
    // 24/20*/14 are two different results; "24/14" is then ambiguous.
    let mut board = [0i8; 24];
    board[23] = 1;
    board[17] = -1;
    board[19] = -1;
    board[5] = 14;
    board[0] = -13;
    let pos = pos_of(board, [0, 0], [0, 0], Side::X, [6, 4]);
    let plays = play_texts(&pos);
    assert!(plays.contains("24/18*/14"), "{plays:?}");
    assert!(plays.contains("24/20*/14"), "{plays:?}");
    assert!(matches!(
        pos.parse_move("24/14"),
        Err(boardgames_core::MoveError::Illegal(
            IllegalPlay::Ambiguous { .. }
        ))
    ));
    assert_eq!(
        pos.parse_move("24/20*/14").unwrap().to_string(),
        "24/20*/14"
    );
}

#[test]
fn xgid_and_position_id_of_the_start() {
    let pos = Backgammon::new();
    assert_eq!(
        pos.to_setup().to_string(),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    );
    assert_eq!(pos.position_id(), "4HPwATDgc/ABMA");
    assert_eq!(pos.money_match_id(), "cAkAAAAAAAAA");
}

/// A plain reference: every order of the dice, one step at a time, all sequences kept, then
/// the rules of the most dice and the higher die, deduplicated by resulting board.
fn reference_results(pos: &Backgammon, dice: Dice) -> BTreeSet<(Vec<u8>, Vec<u8>)> {
    fn legal_step(b: &Board, side: Side, from: usize, die: usize) -> Option<usize> {
        if b.count(side, from) == 0 {
            return None;
        }
        if from != BAR && b.bar(side) > 0 {
            return None;
        }
        if from > die {
            let to = from - die;
            let opp = b.count(side.other(), 25 - to);
            return (opp < 2).then_some(to);
        }
        let all_home = (7..=BAR).all(|s| b.count(side, s) == 0);
        if !all_home {
            return None;
        }
        let highest = (1..=6).rev().find(|&s| b.count(side, s) > 0).unwrap_or(0);
        (from == die || from == highest).then_some(0)
    }
    fn apply(b: &Board, side: Side, from: usize, to: usize) -> Board {
        let mut n = *b;
        n.set_count(side, from, n.count(side, from) - 1);
        n.set_count(side, to, n.count(side, to) + 1);
        if to != 0 && n.count(side.other(), 25 - to) == 1 {
            n.set_count(side.other(), 25 - to, 0);
            n.set_count(side.other(), BAR, n.bar(side.other()) + 1);
        }
        n
    }
    fn walk(
        b: &Board,
        side: Side,
        dice: &[usize],
        used: Vec<usize>,
        out: &mut Vec<(Board, Vec<usize>)>,
    ) {
        let mut moved = false;
        if let Some((&d, rest)) = dice.split_first() {
            if !b.has_won(side) {
                for from in 1..=BAR {
                    if let Some(to) = legal_step(b, side, from, d) {
                        moved = true;
                        let mut u = used.clone();
                        u.push(d);
                        walk(&apply(b, side, from, to), side, rest, u, out);
                    }
                }
            }
        }
        if !moved {
            out.push((*b, used));
        }
    }
    let side = pos.side();
    let (h, l) = (dice.high() as usize, dice.low() as usize);
    let orders: Vec<Vec<usize>> = if h == l {
        vec![vec![h; 4]]
    } else {
        vec![vec![h, l], vec![l, h]]
    };
    let mut all = Vec::new();
    for o in &orders {
        walk(pos.board(), side, o, Vec::new(), &mut all);
    }
    let most = all.iter().map(|(_, u)| u.len()).max().unwrap_or(0);
    let mut keep: Vec<&(Board, Vec<usize>)> = all.iter().filter(|(_, u)| u.len() == most).collect();
    if most == 1 && h != l && keep.iter().any(|(_, u)| u[0] == h) {
        keep.retain(|(_, u)| u[0] == h);
    }
    keep.iter()
        .map(|(b, _)| (b.counts(Side::X).to_vec(), b.counts(Side::O).to_vec()))
        .collect()
}

/// The resulting boards of the generator's plays, as the reference gives them.
fn fast_results(pos: &Backgammon, dice: Dice) -> BTreeSet<(Vec<u8>, Vec<u8>)> {
    pos.plays(dice)
        .iter()
        .map(|p| {
            let b = *pos.after(p).board();
            (b.counts(Side::X).to_vec(), b.counts(Side::O).to_vec())
        })
        .collect()
}

/// The distinct results of the generator, which must not repeat one, against the plain
/// reference.
fn assert_matches_reference(pos: &Backgammon, dice: Dice) {
    let fast = fast_results(pos, dice);
    assert_eq!(
        fast.len(),
        pos.plays(dice).len(),
        "duplicate results: {pos:?} {dice}"
    );
    assert_eq!(fast, reference_results(pos, dice), "{pos:?} {dice}");
}

/// X's board with each of the six points `first..first + 6` empty, holding an X checker, an
/// O blot or an O point (`code` in base 4, one digit a point), and the other
/// checkers of both sides placed out of the way: X's on its 6-point, O's on X's 12-point.
fn six_points(code: usize, first: usize, x_elsewhere: &[(usize, i8)]) -> ([i8; 24], u8) {
    let mut board = [0i8; 24];
    let (mut x, mut o) = (0i8, 0i8);
    for (i, point) in (first..first + 6).enumerate() {
        let v = [0, 1, -1, -2][code / 4usize.pow(i as u32) % 4];
        board[point - 1] = v;
        if v > 0 {
            x += v;
        } else {
            o -= v;
        }
    }
    for &(point, n) in x_elsewhere {
        board[point - 1] += n;
        x += n;
    }
    board[11] = -(15 - o);
    (board, (15 - x) as u8)
}

#[test]
fn routes_by_both_dice_match_the_reference() {
    // Every state of the six points a checker passes by both dice (empty, X's, an O blot, an
    // O point), with every other roll: entering from the bar (one or two checkers there),
    // and one checker going round from X's 24-point in contact. The generator keeps a route's
    // result once when its intermediate points hold no blot and twice when the hits differ.
    let rolls: Vec<Dice> = Dice::all().filter(|d| !d.is_double()).collect();
    let mut cases = 0;
    for code in 0..4usize.pow(6) {
        for bar in [1u8, 2] {
            let (mut board, rest) = six_points(code, 19, &[]);
            board[5] += (rest - bar) as i8;
            let pos = pos_of(board, [bar, 0], [0, 0], Side::X, [6, 5]);
            for &dice in &rolls {
                assert_matches_reference(&pos, dice);
                cases += 1;
            }
        }
        let (mut board, rest) = six_points(code, 18, &[(24, 1), (13, 1)]);
        board[5] += rest as i8;
        let pos = pos_of(board, [0, 0], [0, 0], Side::X, [6, 5]);
        for &dice in &rolls {
            assert_matches_reference(&pos, dice);
            cases += 1;
        }
    }
    assert_eq!(cases, 3 * 4_096 * 15);
}

/// A random position reached by random play from the start (any phase of the game).
fn random_position(seed: u64, plies: usize) -> Backgammon {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    random_playout(&Backgammon::new(), &mut rng, plies).last
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn generator_matches_reference(seed in any::<u64>(), plies in 0usize..120, roll in 0usize..21) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.is_over());
        let dice = Dice::all().nth(roll).unwrap();
        let fast = fast_results(&pos, dice);
        prop_assert_eq!(fast.len(), pos.plays(dice).len(), "duplicate results");
        prop_assert_eq!(fast, reference_results(&pos, dice));
    }

    #[test]
    fn results_conserve_checkers_and_parse_back(seed in any::<u64>(), plies in 0usize..120, roll in 0usize..21) {
        let mut pos = random_position(seed, plies);
        prop_assume!(!pos.is_over());
        let dice = Dice::all().nth(roll).unwrap();
        pos.set_dice(Some(dice));
        for &p in pos.moves().iter() {
            let after = pos.after(&p);
            for s in Side::BOTH {
                prop_assert_eq!(after.board().total(s), 15);
            }
            let text = p.to_string();
            prop_assert_eq!(pos.parse_move(&text).ok(), Some(p), "{}", text);
            prop_assert!(after.board().pip_count(pos.side()) <= pos.board().pip_count(pos.side()));
        }
    }

    #[test]
    fn ids_round_trip(seed in any::<u64>(), plies in 0usize..150, roll in 0usize..22) {
        let mut pos = random_position(seed, plies);
        pos.set_dice(Dice::all().nth(roll));
        let pid = pos.position_id();
        let back = Backgammon::from_position_id(&pid, pos.side()).unwrap();
        prop_assert_eq!(back.board(), pos.board());
        let xgid = pos.to_setup().to_string();
        let x: Xgid = xgid.parse().unwrap();
        prop_assert_eq!(x.to_string(), xgid.clone());
        prop_assert_eq!(Backgammon::from_text(&xgid).unwrap(), pos);
        let mid = pos.money_match_id();
        prop_assert_eq!(MatchId::decode(&mid).unwrap().encode(), mid);
    }
}
