//! The money game or match with the cube as a `Game` ([`Match`]): the trait's promises
//! (conformance kit) on money games and matches, hand-worked rule cases (the cube, Crawford,
//! Jacoby, resignations, the auto-pass, the opening throw), refusals that leave the session
//! unchanged, the setup (gnubg Position ID and Match ID) round-tripping on every state of
//! random sessions and of the real match files, driven action by action through the game.

use crate::common;

use crate::match_replay::{check, replay_game, session_text, EndKind};
use boardgames_core::backgammon::record::{read_match, resolve_written, ActionKind, GameRecord};
use boardgames_core::backgammon::{
    ActionText, Backgammon, Board, Dice, EndOfGame, Ending, GameState, Match, MatchAction,
    MatchError, MatchId, MatchProblem, MatchRules, MatchSetup, NoDouble, Phase, Play, SetupOptions,
    SetupProblem, Side, Throw, ThrowText, WinKind, MAX_SCORE,
};
use boardgames_core::conformance::{check_position, check_random_games, check_serde, Report};
use boardgames_core::search::{random_chance, random_move};
use boardgames_core::{Game, GameResult, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const X: Side = Side::X;
const O: Side = Side::O;

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).expect("dice 1-6")
}

use common::session::{assert_round_trip, candidates};

/// A session `m` after `step` must round-trip; returns it for chaining.
fn step(m: &mut Match, action: MatchAction) {
    m.play(action)
        .unwrap_or_else(|e| panic!("{action}: {e}\n{m}"));
    assert_round_trip(m);
}

fn throw(m: &mut Match, t: Throw) {
    m.apply_chance(t)
        .unwrap_or_else(|e| panic!("{t}: {e}\n{m}"));
    assert_round_trip(m);
}

fn text(m: &mut Match, t: &str) {
    let mv = m.parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}\n{m}"));
    step(m, mv);
}

/// A session set up from a board with `side` on roll (`dice` rolled or not), a game being
/// played; `edit` changes the Match ID's other fields.
fn session(board: Board, side: Side, d: Option<Dice>, edit: impl FnOnce(&mut MatchId)) -> Match {
    let mut id = MatchId::money(side, d);
    id.jacoby = false;
    edit(&mut id);
    let m = Match::from_setup(MatchSetup {
        board,
        match_id: id,
        rolling: false,
        options: SetupOptions::default(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_round_trip(&m);
    m
}

/// The opening (X 3, O 1), X's 8/5 6/5, O's 64 24/14: X is to roll, and may double.
fn x_to_roll(rules: MatchRules) -> Match {
    let mut m = Match::new(rules);
    throw(&mut m, Throw::Opening { x: 3, o: 1 });
    text(&mut m, "8/5 6/5");
    assert_eq!(m.turn(), Turn::Seat(Seat(1)), "O may double");
    step(&mut m, MatchAction::Roll);
    assert_eq!((m.phase(), m.turn()), (Phase::Rolling, Turn::Chance));
    throw(&mut m, Throw::Roll(dice(6, 4)));
    text(&mut m, "24/14");
    assert_eq!((m.phase(), m.side_on_roll()), (Phase::ToRoll, X));
    m
}

// ---------------------------------------------------------------- conformance kit

/// The kit's uniformly random sessions. Uniform choices resign often (three resignations
/// beside every set of plays), so sessions are short and many: the matches reach Crawford
/// games; [`random_sessions_keep_every_promise_and_round_trip`] plays longer games.
fn conformance(rules: MatchRules, games: usize, seed: u64) -> Report {
    let report = check_random_games(&Match::new(rules), games, 400, seed, candidates)
        .unwrap_or_else(|e| panic!("{rules:?}: {e}"));
    assert_eq!(report.finished, games, "{rules:?}: {report:?}");
    assert!(report.chance_nodes > games, "{rules:?}: {report:?}");
    assert!(report.refused > 100 * games, "{rules:?}: {report:?}");
    report
}

#[test]
fn conformance_money_with_and_without_jacoby() {
    conformance(MatchRules::money(true), 40, 1);
    conformance(MatchRules::money(false), 40, 2);
}

#[test]
fn conformance_matches_to_3_5_7() {
    for (n, seed) in [(3, 3), (5, 4), (7, 5)] {
        conformance(MatchRules::to_points(n), 20, seed);
    }
}

/// A random session in which the cube and resignations come now and then, so that games are
/// also borne off: `visit` sees every state. Returns the number of states.
fn random_session(rules: MatchRules, seed: u64, mut visit: impl FnMut(&Match)) -> Match {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut m = Match::new(rules);
    for _ in 0..20_000 {
        visit(&m);
        match m.turn() {
            Turn::Over => return m,
            Turn::Chance => {
                let t = random_chance(&m, &mut rng).expect("an outcome");
                m.apply_chance(t).expect("listed outcome");
            }
            Turn::Seat(_) => {
                let moves = m.moves();
                let plays: Vec<MatchAction> = moves
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, MatchAction::Play(_)))
                    .collect();
                let pick = if !plays.is_empty() && rng.random_range(0..60) != 0 {
                    plays[rng.random_range(0..plays.len())]
                } else if moves.contains(&MatchAction::Double) && rng.random_range(0..8) != 0 {
                    MatchAction::Roll
                } else if rng.random_range(0..50) == 0 {
                    // Out-of-turn resignations and ones at a chance node are offered with
                    // the method rather than as moves; test them here too.
                    let by = [X, O][rng.random_range(0..2)];
                    if m.offer_resignation(by, WinKind::Single).is_ok() {
                        continue;
                    }
                    moves[rng.random_range(0..moves.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                m.play(pick).unwrap_or_else(|e| panic!("{pick}: {e}"));
            }
        }
    }
    panic!("a session of {rules:?} does not end");
}

/// Every state of random sessions (money with and without the Jacoby rule, matches to 1, 3,
/// 5 and 7) keeps the trait's promises and round-trips through its setup; Crawford games,
/// drops, resignations and games borne off all occur.
#[test]
fn random_sessions_keep_every_promise_and_round_trip() {
    let mut report = Report::default();
    let (mut states, mut crawford, mut endings) = (0, 0, std::collections::BTreeSet::new());
    let mut rolling = 0;
    for (i, rules) in [
        MatchRules::money(true),
        MatchRules::money(false),
        MatchRules::to_points(1),
        MatchRules::to_points(3),
        MatchRules::to_points(5),
        MatchRules::to_points(7),
    ]
    .into_iter()
    .cycle()
    .take(60)
    .enumerate()
    {
        let end = random_session(rules, i as u64, |m| {
            states += 1;
            assert_round_trip(m);
            // The full kit (perft included) on a sample, the cheap checks everywhere.
            if states % 7 == 0 || !matches!(m.phase(), Phase::ToPlay) {
                check_position(m, &candidates(m), &mut report).unwrap_or_else(|e| panic!("{e}"));
            }
            if m.is_crawford() && m.phase() == Phase::ToRoll {
                crawford += 1;
                assert!(!m.can_double());
                assert_eq!(
                    m.turn(),
                    Turn::Chance,
                    "no doubling decision in the Crawford game"
                );
            }
            if m.phase() == Phase::Rolling {
                rolling += 1;
                assert!(m.to_setup().to_string().ends_with(":rolling"));
            }
            if let Phase::ResignationOffered { .. } = m.phase() {
                endings.insert("resignation offered");
            }
        });
        let e = end.end_of_game().expect("over");
        endings.insert(match e.ending {
            Ending::BorneOff(_) => "borne off",
            Ending::Dropped => "dropped",
            Ending::Resigned { .. } => "resigned",
        });
        let outcome = end.outcome().expect("an outcome");
        let winner = end.winner().expect("a winner");
        assert_eq!(outcome.winner().map(|t| t.0), Some(winner as u8));
        if rules.length > 0 {
            assert!(end.score()[winner.index()] >= rules.length);
        } else {
            assert_eq!(u32::from(end.score()[winner.index()]), e.points);
        }
    }
    println!("{states} states, {crawford} Crawford rolls, {rolling} rolls chosen, {report:?}");
    assert!(crawford > 0 && rolling > 0, "{crawford} {rolling}");
    assert_eq!(endings.len(), 4, "{endings:?}");
    assert!(states > 5_000, "{states}");
    assert!(
        report.finished >= 20 && report.refused > 10_000,
        "{report:?}"
    );
}

#[test]
fn serde_round_trips() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut m = Match::new(MatchRules::to_points(5));
    for _ in 0..200 {
        check_serde(&m).unwrap_or_else(|e| panic!("{e}"));
        match m.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let t = random_chance(&m, &mut rng).unwrap();
                m.apply_chance(t).unwrap();
            }
            Turn::Seat(_) => {
                let mv = random_move(&m, &mut rng).unwrap();
                m.play(mv).unwrap();
            }
        }
    }
    assert_eq!(
        serde_json::to_string(&Match::new(MatchRules::money(true))).unwrap(),
        r#""4HPwATDgc/ABMA:cAgAAAAAAAAA""#
    );
}

// ---------------------------------------------------------------- hand-worked rules

#[test]
fn opening_throw_and_rolls_by_phase() {
    let m = Match::new(MatchRules::to_points(3));
    let outcomes = m.chance_outcomes();
    assert_eq!(outcomes.len(), 30);
    assert!(outcomes
        .iter()
        .all(|(_, p)| p.numerator == 1 && p.denominator == 30));
    // At the opening, `41` is X's 4 and O's 1; `14` is O's start.
    assert_eq!(
        m.parse_chance("41").ok(),
        Some(Throw::Opening { x: 4, o: 1 })
    );
    assert_eq!(
        m.parse_chance("1-4").ok(),
        Some(Throw::Opening { x: 1, o: 4 })
    );
    assert!(matches!(
        m.parse_chance("44"),
        Err(boardgames_core::MoveError::Illegal(
            MatchError::EqualOpeningDice(4)
        ))
    ));
    let mut started = m.clone();
    throw(&mut started, Throw::Opening { x: 1, o: 4 });
    assert_eq!(started.side_on_roll(), O);
    assert_eq!(started.position().dice(), Some(dice(4, 1)));
    assert_eq!(started.phase(), Phase::ToPlay);
    // A roll is not an opening throw, and the other way round.
    let mut tried = m.clone();
    assert!(tried.apply_chance(Throw::Roll(dice(3, 1))).is_err());
    assert_eq!(tried, m);
    // Later, `31` is a roll, in either order.
    let x = x_to_roll(MatchRules::to_points(3));
    let mut rolling = x.clone();
    step(&mut rolling, MatchAction::Roll);
    assert_eq!(
        rolling.parse_chance("13").ok(),
        Some(Throw::Roll(dice(3, 1)))
    );
    assert_eq!(rolling.chance_outcomes().len(), 21);
    assert!(rolling.apply_chance(Throw::Opening { x: 3, o: 1 }).is_err());
    assert!(
        x.resolve_chance(&ThrowText(3, 1)).is_err(),
        "X decides first"
    );
}

#[test]
fn double_take_redouble_drop() {
    // gnubg: 5-point match 0-0, player 1 (X) doubled, player 0 to decide: cBGgAAAAAAAE.
    let mut m = x_to_roll(MatchRules::to_points(5));
    assert_eq!(
        m.moves().to_vec(),
        [
            vec![MatchAction::Roll, MatchAction::Double],
            MatchAction::RESIGNATIONS.to_vec()
        ]
        .concat()
    );
    step(&mut m, MatchAction::Double);
    assert_eq!(m.match_id().encode(), "cBGgAAAAAAAE");
    assert_eq!(m.turn(), Turn::Seat(Seat(1)));
    assert_eq!(
        m.moves().to_vec(),
        vec![MatchAction::Take, MatchAction::Drop]
    );
    text(&mut m, "take");
    assert_eq!((m.cube_value(), m.cube_owner()), (2, Some(O)));
    // X doubled: its roll follows at once, no second decision.
    assert_eq!((m.phase(), m.turn()), (Phase::ToRoll, Turn::Chance));
    assert!(!m.can_double());
    throw(&mut m, Throw::Roll(dice(2, 1)));
    text(&mut m, "13/11 6/5");
    // O owns the cube: it may redouble to 4.
    assert!(m.can_double());
    step(&mut m, MatchAction::Double);
    assert_eq!(
        m.ending_of(MatchAction::Drop),
        Some(EndOfGame {
            winner: O,
            points: 2,
            ending: Ending::Dropped
        })
    );
    step(&mut m, MatchAction::Drop);
    // O wins the cube's value before the redouble, 2; the next game starts centred.
    assert_eq!(m.score(), [0, 2]);
    assert_eq!(m.phase(), Phase::Opening);
    assert_eq!((m.cube_value(), m.cube_owner()), (1, None));
    assert_eq!(m.position(), &Backgammon::new());
    assert!(!m.is_crawford());
}

#[test]
fn crawford_game_refuses_the_double() {
    let mut m = x_to_roll(MatchRules::to_points(3));
    // X resigns a gammon: O gets 2 points and is one away from 3.
    step(&mut m, MatchAction::Resign(WinKind::Gammon));
    assert_eq!(m.turn(), Turn::Seat(Seat(1)));
    step(&mut m, MatchAction::Accept);
    assert_eq!(m.score(), [0, 2]);
    assert!(m.is_crawford());
    assert!(m.match_id().crawford);
    // O starts; then X is to roll and may not double: its roll is a chance node.
    throw(&mut m, Throw::Opening { x: 1, o: 3 });
    text(&mut m, "8/5 6/5");
    assert_eq!(m.side_on_roll(), X);
    assert_eq!(m.turn(), Turn::Chance);
    assert!(!m.can_double());
    let before = m.clone();
    assert_eq!(
        m.play(MatchAction::Double),
        Err(MatchError::NoDouble(NoDouble::Crawford))
    );
    assert_eq!(m, before);
    // X wins the Crawford game (O resigns a single game): 1-2, then doubling is allowed.
    m.offer_resignation(O, WinKind::Single).unwrap();
    assert_round_trip(&m);
    step(&mut m, MatchAction::Accept);
    assert_eq!(
        (m.score(), m.is_crawford(), m.phase()),
        ([1, 2], false, Phase::Opening)
    );
    throw(&mut m, Throw::Opening { x: 3, o: 1 });
    text(&mut m, "8/5 6/5");
    assert!(m.can_double(), "O may double after the Crawford game");
    // X wins a single game: 2-2, both one away; no second Crawford game.
    m.offer_resignation(O, WinKind::Single).unwrap();
    step(&mut m, MatchAction::Accept);
    assert_eq!((m.score(), m.is_crawford()), ([2, 2], false));
    throw(&mut m, Throw::Opening { x: 3, o: 1 });
    text(&mut m, "8/5 6/5");
    assert!(m.can_double());
    step(&mut m, MatchAction::Double);
    step(&mut m, MatchAction::Drop);
    // O doubled, X dropped: O wins the match 3-2 with 1 point.
    assert_eq!(m.score(), [2, 3]);
    assert_eq!(m.phase(), Phase::Over(Ending::Dropped));
    assert_eq!(m.winner(), Some(O));
    let outcome = m.outcome().unwrap();
    assert_eq!(
        outcome.result,
        GameResult::Win {
            winner: boardgames_core::Team(1),
            points: 1
        }
    );
    assert_eq!(outcome.scores.to_vec(), vec![2, 3]);
    assert_eq!(m.turn(), Turn::Over);
    assert!(m.moves().is_empty());
}

/// X has one checker left on its 1-point, O has borne off none, O's checkers all outside X's
/// home board: X's next roll bears off a gammon.
fn gammon_board() -> Board {
    let mut b = Board::EMPTY;
    b.set_count(X, 1, 1);
    b.set_count(X, 0, 14);
    b.set_count(O, 7, 15);
    b
}

#[test]
fn jacoby_gammon_counts_single() {
    let bear_off = |rules: MatchRules, cube_log2: u8, owner: Option<Side>| {
        let mut m = session(gammon_board(), X, Some(dice(2, 1)), |id| {
            id.jacoby = rules.jacoby;
            id.match_length = rules.length;
            id.cube_log2 = cube_log2;
            id.cube_owner = owner;
        });
        let end = m.ending_of(m.parse_move("1/off").unwrap());
        text(&mut m, "1/off");
        assert_eq!(m.end_of_game(), end);
        assert_eq!(m.phase(), Phase::Over(Ending::BorneOff(WinKind::Gammon)));
        m.score()[X.index()]
    };
    assert_eq!(
        bear_off(MatchRules::money(true), 0, None),
        1,
        "centred cube: single"
    );
    assert_eq!(bear_off(MatchRules::money(false), 0, None), 2);
    assert_eq!(
        bear_off(MatchRules::money(true), 1, Some(O)),
        4,
        "turned cube"
    );
    // A resigned gammon counts single too while the cube is centred.
    let mut m = x_to_roll(MatchRules::money(true));
    assert_eq!(m.value(WinKind::Gammon), 1);
    step(&mut m, MatchAction::Resign(WinKind::Gammon));
    step(&mut m, MatchAction::Accept);
    assert_eq!(m.score(), [0, 1]);
}

#[test]
fn accepted_resignation_gives_k_times_the_cube() {
    for (kind, k) in [
        (WinKind::Single, 1),
        (WinKind::Gammon, 2),
        (WinKind::Backgammon, 3),
    ] {
        let mut m = x_to_roll(MatchRules::money(false));
        step(&mut m, MatchAction::Double);
        step(&mut m, MatchAction::Take);
        throw(&mut m, Throw::Roll(dice(5, 2)));
        // X, with the dice to play, resigns.
        step(&mut m, MatchAction::Resign(kind));
        let waiting = m.clone();
        // O rejects: X plays on with the same dice.
        step(&mut m, MatchAction::Reject);
        assert_eq!(
            (m.phase(), m.position().dice()),
            (Phase::ToPlay, Some(dice(5, 2)))
        );
        step(&mut m, MatchAction::Resign(kind));
        assert_eq!(m, waiting);
        step(&mut m, MatchAction::Accept);
        assert_eq!(m.score(), [0, 2 * k], "{kind:?}");
        assert_eq!(m.winner(), Some(O));
        assert_eq!(
            m.end_of_game().map(|e| e.ending),
            Some(Ending::Resigned { kind, by: X })
        );
        assert_eq!(m.match_id().state, GameState::Resigned);
    }
    // A resignation before the opening throw, as a Galaxy record has one.
    let mut m = Match::new(MatchRules::to_points(5));
    m.offer_resignation(O, WinKind::Backgammon).unwrap();
    assert_round_trip(&m);
    assert_eq!(m.turn(), Turn::Seat(Seat(0)));
    let waiting = m.clone();
    step(&mut m, MatchAction::Reject);
    assert_eq!(m, Match::new(MatchRules::to_points(5)));
    m = waiting;
    step(&mut m, MatchAction::Accept);
    assert_eq!((m.score(), m.phase()), ([3, 0], Phase::Opening));
}

#[test]
fn a_closed_out_roll_is_passed_with_the_throw() {
    // O has a checker on the bar; X holds all six points of its home board.
    let mut b = Board::EMPTY;
    for p in 1..=6 {
        b.set_count(X, p, 2);
    }
    b.set_count(X, 13, 3);
    b.set_count(O, 25, 1);
    b.set_count(O, 2, 14);
    // X took a double: it owns the cube at 2 (an owned cube of 1 is no state).
    let mut m = session(b, O, None, |id| {
        id.cube_owner = Some(X);
        id.cube_log2 = 1;
    });
    assert_eq!(
        m.turn(),
        Turn::Chance,
        "O does not own the cube: its roll follows"
    );
    throw(&mut m, Throw::Roll(dice(6, 6)));
    // The pass is applied with the throw: X is on roll, the board is unchanged.
    assert_eq!(m.side_on_roll(), X);
    assert_eq!(m.phase(), Phase::ToRoll);
    assert_eq!(m.position().board(), &b);
    assert!(m.can_double(), "X owns the cube");
}

#[test]
fn refusals_leave_the_session_unchanged() {
    let mut m = x_to_roll(MatchRules::to_points(5));
    let fresh = m.clone();
    let refuse = |m: &mut Match, a: MatchAction| {
        let before = m.clone();
        let e = m.play(a).expect_err(&format!("{a} accepted"));
        assert_eq!(*m, before, "{a}: {e}");
        assert!(!m.is_legal(a));
        e
    };
    for a in [
        MatchAction::Take,
        MatchAction::Drop,
        MatchAction::Accept,
        MatchAction::Reject,
    ] {
        assert!(matches!(refuse(&mut m, a), MatchError::NotNow { .. }));
    }
    assert!(refuse(&mut m, MatchAction::Play(Play::PASS))
        .to_string()
        .contains("not possible now"));
    assert!(
        m.apply_chance(Throw::Roll(dice(3, 1))).is_err(),
        "X decides first"
    );
    assert_eq!(m, fresh);
    step(&mut m, MatchAction::Roll);
    throw(&mut m, Throw::Roll(dice(3, 1)));
    assert_eq!(
        refuse(&mut m, MatchAction::Double),
        MatchError::NoDouble(NoDouble::NotBeforeRoll)
    );
    refuse(&mut m, MatchAction::Roll);
    let wrong = Backgammon::new().plays(dice(6, 5))[0];
    assert!(matches!(
        refuse(&mut m, MatchAction::Play(wrong)),
        MatchError::Play(_)
    ));
    assert!(m.parse_move("24/12").is_err());
    assert!(m.apply_chance(Throw::Roll(dice(3, 1))).is_err());
    step(&mut m, MatchAction::Resign(WinKind::Single));
    assert!(m.offer_resignation(O, WinKind::Gammon).is_err());
    refuse(&mut m, MatchAction::Resign(WinKind::Gammon));
    step(&mut m, MatchAction::Accept);
    // The next game: only the opening throw.
    for a in candidates(&m) {
        refuse(&mut m, a);
    }
    let before = m.clone();
    assert!(m.apply_chance(Throw::Opening { x: 2, o: 2 }).is_err());
    assert!(m.apply_chance(Throw::Opening { x: 7, o: 2 }).is_err());
    assert_eq!(m, before);
    // Over: everything refused.
    let mut over = x_to_roll(MatchRules::money(false));
    step(&mut over, MatchAction::Resign(WinKind::Single));
    step(&mut over, MatchAction::Accept);
    for a in candidates(&over) {
        assert_eq!(refuse(&mut over, a), MatchError::Over);
    }
    assert_eq!(
        over.offer_resignation(X, WinKind::Single),
        Err(MatchError::Over)
    );
    assert!(over.parse_chance("31").is_err());
}

#[test]
fn notation_words_and_plays() {
    let m = x_to_roll(MatchRules::money(false));
    assert_eq!(m.parse_move("double").ok(), Some(MatchAction::Double));
    assert_eq!(m.parse_move("R").ok(), Some(MatchAction::Roll));
    assert_eq!(
        m.parse_move("resign gammon").ok(),
        Some(MatchAction::Resign(WinKind::Gammon))
    );
    assert!(m.parse_move("take").is_err());
    assert!(m.parse_move("8/5 6/5").is_err(), "no dice yet");
    assert_eq!(
        m.notation(MatchAction::Resign(WinKind::Backgammon))
            .to_string(),
        "resign backgammon"
    );
    let mut rolled = m.clone();
    step(&mut rolled, MatchAction::Roll);
    throw(&mut rolled, Throw::Roll(dice(3, 1)));
    let p = rolled.parse_move("8/5 6/5").unwrap();
    assert!(matches!(p, MatchAction::Play(_)));
    assert_eq!(
        rolled.notation(p),
        ActionText::Play("8/5 6/5".parse().unwrap())
    );
}

#[test]
fn setup_text_and_its_checks() {
    let m = Match::new(MatchRules::money(true));
    assert_eq!(m.to_setup().to_string(), "4HPwATDgc/ABMA:cAgAAAAAAAAA");
    // A gnubg ID of a money game in play, X to roll 31 (from the reference data's README).
    let g = Match::from_text("4HPwATDgc/ABMA:cIkFAAAAAAAA").unwrap();
    assert_eq!(
        (g.phase(), g.position().dice()),
        (Phase::ToPlay, Some(dice(3, 1)))
    );
    assert!(g.rules().jacoby);
    // The checker position alone, without the session's checks.
    assert_eq!(
        Backgammon::from_ids("4HPwATDgc/ABMA", "cIkFAAAAAAAA")
            .ok()
            .as_ref(),
        Some(g.position())
    );
    let mut rolling = x_to_roll(MatchRules::to_points(5));
    step(&mut rolling, MatchAction::Roll);
    let t = rolling.to_setup().to_string();
    assert!(t.ends_with(":rolling"), "{t}");
    assert_eq!(
        Match::from_text(&t.to_uppercase().replace(":ROLLING", ":Rolling")).ok(),
        None
    );
    let problems = |s: &MatchSetup| -> Vec<String> {
        let err = Match::from_setup(s.clone()).unwrap_err();
        err.problems().iter().map(ToString::to_string).collect()
    };
    // Rolling where no double was possible.
    let mut crawford = x_to_roll(MatchRules::to_points(3));
    step(&mut crawford, MatchAction::Resign(WinKind::Gammon));
    step(&mut crawford, MatchAction::Accept);
    let mut s = crawford.to_setup();
    s.match_id.state = GameState::Playing;
    s.rolling = true;
    assert!(
        Match::from_setup(s.clone())
            .unwrap_err()
            .contains(&SetupProblem::Match(MatchProblem::RollingWithoutChoice(
                Side::X
            ))),
        "{:?}",
        problems(&s)
    );
    assert!(
        problems(&s).iter().any(|p| p.contains("may not double")),
        "{:?}",
        problems(&s)
    );
    // A double in the Crawford game, a finished game nobody won, a score past the length.
    s.rolling = false;
    s.match_id.double_offered = true;
    s.match_id.turn = O;
    assert!(!problems(&s).is_empty());
    let mut s = Match::new(MatchRules::to_points(5)).to_setup();
    s.match_id.score = [5, 0];
    assert!(problems(&s).iter().any(|p| p.contains("match length")));
    s.match_id.state = GameState::Over;
    assert!(problems(&s)
        .iter()
        .any(|p| p.contains("nobody has borne off")));
    s.match_id.score = [0, MAX_SCORE + 1];
    assert!(problems(&s).len() >= 2);
    assert!(Match::from_text("4HPwATDgc/ABMA").is_err());
    assert!(Match::from_text("4HPwATDgc/ABMA:cIkFAAAAAAAA:later").is_err());
    let e = Match::from_text("4HPwATDgc/AB!A:cIkF!AAAAAAA").unwrap_err();
    assert_eq!(e.problems().len(), 2, "{e}");
}

// ---------------------------------------------------------------- real match files

/// The record's player 0 (first named) is gnubg's player 0, O.
fn side_of(player: u8) -> Side {
    Side::from_gnubg_player(player)
}

/// What driving the real files through the game counted.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    states: usize,
    plays: usize,
    auto_passes: usize,
    doubles: usize,
    drops: usize,
    resigned: usize,
    out_of_turn: usize,
    chained: usize,
}

/// Plays `action`, panicking with `at` on a refusal.
fn play_or_panic(m: &mut Match, action: MatchAction, at: &dyn Fn(&Match) -> String) {
    if let Err(e) = m.play(action) {
        panic!("{action}: {e}\n{}", at(m));
    }
}

/// Drives one recorded game through the game from its start, checking the setup round trip
/// of every state met; returns the session after the game.
fn drive(g: &GameRecord, length: u16, tally: &mut Tally) -> Match {
    let mut id = MatchId::money(X, None);
    id.state = GameState::NoGame;
    id.jacoby = false;
    id.match_length = length;
    id.score = [g.score[1] as u16, g.score[0] as u16]; // [X, O] = [player 1, player 0]
    id.crawford = g.crawford;
    let mut m = Match::from_setup(MatchSetup {
        board: Board::standard(),
        match_id: id,
        rolling: false,
        options: SetupOptions::default(),
    })
    .unwrap_or_else(|e| panic!("game {}: {e}", g.number));
    let r = replay_game(g, u32::from(length));
    let states = std::cell::Cell::new(0usize);
    let visit = |m: &Match| {
        states.set(states.get() + 1);
        assert_round_trip(m);
    };
    visit(&m);
    let mut ended: Option<EndOfGame> = None;
    let mut pids = Vec::new();
    let mut counts = Tally::default();
    // `by` resigns `kind` and the other side accepts: as a move where `by` decides, with
    // `offer_resignation` where the turns leave no room for it.
    let resign = |m: &mut Match, by: Side, kind: WinKind, counts: &mut Tally| {
        let at = |m: &Match| format!("game {}: {by} resigns {kind:?}\n{m}", g.number);
        let mv = MatchAction::Resign(kind);
        if m.turn() == Turn::Seat(Seat(by as u8)) && m.is_legal(mv) {
            play_or_panic(m, mv, &at);
        } else {
            counts.out_of_turn += 1;
            if let Err(e) = m.offer_resignation(by, kind) {
                panic!("{e}\n{}", at(m));
            }
        }
        visit(m);
        let end = m.ending_of(MatchAction::Accept);
        play_or_panic(m, MatchAction::Accept, &at);
        visit(m);
        counts.resigned += 1;
        end
    };
    for (i, a) in g.actions.iter().enumerate() {
        let side = side_of(a.player);
        let at = |m: &Match| format!("game {}, action {i} ({:?}):\n{m}", g.number, a.kind);
        match &a.kind {
            ActionKind::Roll {
                dice: [d1, d2],
                play,
            } => {
                if m.phase() == Phase::Opening {
                    // The opening throw: the starter's die is the higher one.
                    let (hi, lo) = ((*d1).max(*d2), (*d1).min(*d2));
                    let t = match side {
                        Side::X => Throw::Opening { x: hi, o: lo },
                        Side::O => Throw::Opening { x: lo, o: hi },
                    };
                    m.apply_chance(t)
                        .unwrap_or_else(|e| panic!("{e}: {}", at(&m)));
                } else {
                    if m.can_double() {
                        play_or_panic(&mut m, MatchAction::Roll, &at);
                        visit(&m);
                    }
                    assert_eq!(m.side_on_roll(), side, "{}", at(&m));
                    let t = Throw::Roll(dice(*d1, *d2));
                    m.apply_chance(t)
                        .unwrap_or_else(|e| panic!("{e}: {}", at(&m)));
                }
                visit(&m);
                let t = play.trim();
                let no_play = t.is_empty() || t == "????" || t.eq_ignore_ascii_case("cannot move");
                if m.phase() != Phase::ToPlay {
                    // Passed with the throw: the record writes no play.
                    assert!(no_play, "{}", at(&m));
                    counts.auto_passes += 1;
                    pids.push(m.position_id());
                    continue;
                }
                let legal = m.position().plays(m.position().dice().expect("rolled"));
                let chosen = if !no_play {
                    match resolve_written(m.position(), play) {
                        Ok(p) => Some(p),
                        Err(e) => panic!("{e}: {}", at(&m)),
                    }
                } else if legal.len() == 1 && t.is_empty() {
                    Some(legal[0]) // a forced play the record left out
                } else {
                    None // rolled, then a resignation ends the game
                };
                if let Some(p) = chosen {
                    let mv = MatchAction::Play(p);
                    let after = m.position().after(&p).position_id();
                    ended = m.ending_of(mv);
                    play_or_panic(&mut m, mv, &at);
                    if ended.is_none() {
                        assert_eq!(m.position_id(), after);
                    }
                    pids.push(after);
                    counts.plays += 1;
                    visit(&m);
                }
            }
            ActionKind::Double { .. } => {
                assert_eq!(m.side_on_roll(), side, "{}", at(&m));
                play_or_panic(&mut m, MatchAction::Double, &at);
                counts.doubles += 1;
                visit(&m);
            }
            ActionKind::Take => {
                play_or_panic(&mut m, MatchAction::Take, &at);
                visit(&m);
            }
            ActionKind::Beaver { .. } => {
                play_or_panic(&mut m, MatchAction::Beaver, &at);
                visit(&m);
            }
            ActionKind::Drop => {
                ended = m.ending_of(MatchAction::Drop);
                play_or_panic(&mut m, MatchAction::Drop, &at);
                counts.drops += 1;
                visit(&m);
            }
            ActionKind::Resign { value } => {
                let kind = [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
                    [usize::from(*value).clamp(1, 3) - 1];
                ended = resign(&mut m, side, kind, &mut counts);
            }
        }
    }
    let end = r.end.expect("a game the replay accepted has an end");
    if ended.is_none() {
        // The Wins line of an unfinished game: the loser resigned and the winner accepted.
        let EndKind::Resign(v) = end.kind else {
            panic!(
                "game {}: the rules' end {end:?} was not reached\n{m}",
                g.number
            )
        };
        let kind = [WinKind::Single, WinKind::Gammon, WinKind::Backgammon][usize::from(v) - 1];
        ended = resign(&mut m, side_of(1 - end.winner), kind, &mut counts);
    }
    let ended = ended.expect("ended");
    assert_eq!(
        (ended.winner, ended.points),
        (side_of(end.winner), end.points),
        "game {}",
        g.number
    );
    assert!(
        matches!(m.phase(), Phase::Opening | Phase::Over(_)),
        "game {}",
        g.number
    );
    assert_eq!(
        pids, r.pid_after,
        "game {}: Position IDs after the plays",
        g.number
    );
    tally.games += 1;
    tally.states += states.get();
    tally.plays += counts.plays;
    tally.auto_passes += counts.auto_passes;
    tally.doubles += counts.doubles;
    tally.drops += counts.drops;
    tally.resigned += counts.resigned;
    tally.out_of_turn += counts.out_of_turn;
    m
}

/// Every game of the real match files that the record replay accepts, driven action by action
/// through the game (the opening throw from the first roll, each roll, each play resolved
/// with `record::resolve_written`, doubles, takes, drops, the `Wins` line of an unfinished
/// game as an accepted resignation): the same Position IDs after every play as the record
/// replay, the same winner and points, the next game's score and Crawford game, and every
/// state round-trips through its setup.
#[test]
fn real_match_files_round_trip_on_every_state() {
    let mut tally = Tally::default();
    let mut skipped = 0;
    for (name, text) in boardgames_testdata::match_files() {
        let mut rec = read_match(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        rec.mark_crawford();
        let Ok(length) = u16::try_from(rec.match_length) else {
            skipped += rec.games.len();
            continue;
        };
        let mut next: Option<Match> = None;
        for g in &rec.games {
            if replay_game(g, rec.match_length).first_illegal.is_some() {
                skipped += 1;
                next = None;
                continue;
            }
            // The game before ended where this one starts (when the match goes on).
            if let Some(prev) = next.take() {
                if prev.phase() == Phase::Opening {
                    let want = [g.score[1] as u16, g.score[0] as u16];
                    assert_eq!(prev.score(), want, "{name}#{}", g.number);
                    if rec.crawford_rule() {
                        assert_eq!(prev.is_crawford(), g.crawford, "{name}#{}", g.number);
                    }
                    tally.chained += 1;
                }
            }
            let m = drive(g, length, &mut tally);
            next = Some(m);
        }
    }
    println!("{tally:?}, skipped {skipped}");
    assert_eq!(tally.games + skipped, 1456);
    assert!(tally.games >= 1440, "{tally:?}");
    assert!(tally.states > 100_000, "{tally:?}");
}

/// The record replay runs on the match game: a record doubling past gnubg's highest cube
/// (2^15) is refused at that double, one redouble after another taken before it.
#[test]
fn record_replay_refuses_a_cube_past_the_maximum() {
    use boardgames_core::backgammon::record::{Action, ActionKind};
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut m = Match::new(MatchRules::money(false));
    let mut g = GameRecord::default();
    let player = |s: Side| s.gnubg_player();
    let roll_and_play = |m: &mut Match, g: &mut GameRecord, rng: &mut ChaCha8Rng| {
        let t = random_chance(m, rng).expect("a throw");
        m.apply_chance(t).expect("throw");
        // The side that rolled (at the opening: the one that starts).
        let side = match (t, m.phase()) {
            (Throw::Opening { .. }, _) | (_, Phase::ToPlay) => m.side_on_roll(),
            _ => m.side_on_roll().other(),
        };
        let dice = match t {
            Throw::Opening { x, o } => [x, o],
            Throw::Roll(d) => [d.high(), d.low()],
        };
        let play = if m.phase() == Phase::ToPlay {
            let p = m.position().plays(m.position().dice().expect("dice"))[0];
            m.play(MatchAction::Play(p)).expect("play");
            p.to_string()
        } else {
            String::new()
        };
        g.actions.push(Action {
            player: player(side),
            kind: ActionKind::Roll { dice, play },
        });
    };
    roll_and_play(&mut m, &mut g, &mut rng);
    for k in 1..=16u32 {
        let side = m.side_on_roll();
        g.actions.push(Action {
            player: player(side),
            kind: ActionKind::Double { cube: 1 << k },
        });
        g.actions.push(Action {
            player: player(side.other()),
            kind: ActionKind::Take,
        });
        if k < 16 {
            m.play(MatchAction::Double).expect("double");
            m.play(MatchAction::Take).expect("take");
            roll_and_play(&mut m, &mut g, &mut rng);
        }
    }
    assert_eq!(m.cube_value(), 1 << 15);
    let r = replay_game(&g, 0);
    let bad = r.first_illegal.expect("refused");
    assert_eq!(bad.action, g.actions.len() - 2);
    assert!(
        bad.reason.contains("Doubles => 65536") && bad.reason.contains("maximum"),
        "{}",
        bad.reason
    );
}

/// A played session written as a match record replays as a legal match to the same score,
/// and reads back from match text as the same record (money play with the Jacoby rule by
/// its `Jacoby` tag).
#[test]
fn played_sessions_write_as_match_files_that_replay() {
    use boardgames_core::record::Applied;
    let mut games = 0;
    for (n, rules) in [
        MatchRules::money(false),
        MatchRules::money(true),
        MatchRules::to_points(3),
        MatchRules::to_points(5),
        MatchRules::to_points(7),
    ]
    .into_iter()
    .cycle()
    .take(40)
    .enumerate()
    {
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        let start = Match::new(rules);
        let mut m = start.clone();
        let mut steps = Vec::new();
        while m.turn() != Turn::Over {
            let step = match m.turn() {
                Turn::Chance => Applied::Chance(random_chance(&m, &mut rng).expect("an outcome")),
                _ => {
                    let moves = m.moves();
                    let plays: Vec<MatchAction> = moves
                        .iter()
                        .copied()
                        .filter(|a| matches!(a, MatchAction::Play(_)))
                        .collect();
                    Applied::Move(if !plays.is_empty() && rng.random_range(0..80) != 0 {
                        plays[rng.random_range(0..plays.len())]
                    } else if moves.contains(&MatchAction::Double) && rng.random_range(0..6) != 0 {
                        MatchAction::Roll
                    } else {
                        moves[rng.random_range(0..moves.len())]
                    })
                }
            };
            step.apply(&mut m).expect("a listed step");
            steps.push(step);
        }
        let text = session_text(&start, &steps);
        let record = read_match(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let replays = check(&record).unwrap_or_else(|e| panic!("session {n}: {e}\n{text}"));
        games += replays.len();
        let last = record.games.last().expect("a game");
        let wins = last.wins.expect("the last game is over");
        let mut score = last.score;
        score[usize::from(wins.winner)] += wins.points;
        let [x, o] = m.score();
        assert_eq!(score, [u32::from(o), u32::from(x)], "session {n}");
        let again = boardgames_core::backgammon::record::write_match(&record);
        assert_eq!(again, text, "session {n}");
    }
    assert!(games > 40, "{games}");
}
