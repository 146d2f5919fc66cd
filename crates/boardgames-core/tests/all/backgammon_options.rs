//! The optional rules of the cube in the match game: beavers and raccoons, automatic doubles
//! (money play), the Holland rule (match play). Hand-worked sequences, refusals, the setup's
//! words, and the conformance kit on sessions with the options on.

use crate::common;

use common::session::{assert_round_trip, candidates};

use boardgames_core::backgammon::{
    Ending, GameState, Match, MatchAction, MatchError, MatchId, MatchProblem, MatchRules,
    MatchSetup, NoDouble, Phase, SetupProblem, Side, Throw, WinKind,
};
use boardgames_core::conformance::check_random_games;
use boardgames_core::search::random_chance;
use boardgames_core::{Game, Probability, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const X: Side = Side::X;
const O: Side = Side::O;

/// X opens with 31 (8/5 6/5); O, before its roll, doubles.
fn doubled_by_o(rules: MatchRules) -> Match {
    let mut m = Match::new(rules);
    m.apply_chance(Throw::Opening { x: 3, o: 1 }).unwrap();
    m.play(m.parse_move("8/5 6/5").unwrap()).unwrap();
    m.play(MatchAction::Double).unwrap();
    m
}

#[test]
fn a_beaver_taken_and_dropped() {
    // Money play with one beaver an exchange. O doubles to 2; X beavers: X takes at 2 and
    // redoubles to 4 at once, keeping the cube; O, the doubler, answers.
    let rules = MatchRules::money(false).with_beavers(1, false);
    let m = doubled_by_o(rules);
    assert_eq!(
        m.moves().as_slice(),
        [MatchAction::Take, MatchAction::Drop, MatchAction::Beaver]
    );
    let mut beavered = m.clone();
    beavered.play(MatchAction::Beaver).unwrap();
    assert_eq!(beavered.phase(), Phase::DoubleOffered);
    assert_eq!(beavered.redoubles(), 1);
    assert_eq!((beavered.cube_value(), beavered.cube_owner()), (2, Some(X)));
    assert_eq!(beavered.turn(), Turn::Seat(Seat(1)), "O answers the beaver");
    assert_eq!(beavered.answering_side(), O);
    // No raccoons: O takes or drops.
    assert_eq!(
        beavered.moves().as_slice(),
        [MatchAction::Take, MatchAction::Drop]
    );
    assert_eq!(
        beavered.clone().play(MatchAction::Beaver),
        Err(MatchError::NoDouble(NoDouble::NoBeaver(
            "the rules have no raccoons"
        )))
    );
    assert_round_trip(&beavered);
    assert!(beavered
        .to_setup()
        .to_string()
        .ends_with(":beavers=1:redoubles=1"));
    // O takes: the game goes on at 4, the cube still X's; O, on roll, rolls.
    let mut taken = beavered.clone();
    taken.play(MatchAction::Take).unwrap();
    assert_eq!((taken.cube_value(), taken.cube_owner()), (4, Some(X)));
    assert_eq!((taken.phase(), taken.side_on_roll()), (Phase::ToRoll, O));
    assert_eq!(
        taken.turn(),
        Turn::Chance,
        "O may not double: X owns the cube"
    );
    assert_eq!(taken.value(WinKind::Gammon), 8);
    assert_eq!(taken.redoubles(), 0);
    assert_round_trip(&taken);
    // O drops the beaver: X wins the cube as it stood after its take, 2 points.
    let mut dropped = beavered.clone();
    assert_eq!(
        dropped
            .ending_of(MatchAction::Drop)
            .map(|e| (e.winner, e.points)),
        Some((X, 2))
    );
    dropped.play(MatchAction::Drop).unwrap();
    assert_eq!(dropped.phase(), Phase::Over(Ending::Dropped));
    let end = dropped.end_of_game().unwrap();
    assert_eq!((end.winner, end.points), (X, 2));
    assert_eq!(dropped.score()[X.index()], 2);
    assert_eq!(dropped.winner(), Some(X));
    assert_round_trip(&dropped);
}

#[test]
fn raccoons_up_to_the_limit() {
    // Two redoubles an exchange, raccoons on. O doubles to 2, X beavers (4, X keeps the
    // cube), O raccoons (8, X keeps it): X answers and may not redouble a third time.
    let rules = MatchRules::money(true).with_beavers(2, true);
    let mut m = doubled_by_o(rules);
    m.play(MatchAction::Beaver).unwrap();
    m.play(m.parse_move("raccoon").unwrap()).unwrap();
    assert_eq!(m.redoubles(), 2);
    assert_eq!((m.cube_value(), m.cube_owner()), (4, Some(X)));
    assert_eq!(m.answering_side(), X);
    assert_eq!(m.turn(), Turn::Seat(Seat(0)));
    assert_eq!(m.moves().as_slice(), [MatchAction::Take, MatchAction::Drop]);
    assert_eq!(
        m.clone().play(MatchAction::Beaver),
        Err(MatchError::NoDouble(NoDouble::NoBeaver(
            "no more redoubles in this exchange"
        )))
    );
    assert_round_trip(&m);
    // X takes: 8, X's cube; the cube was turned, so the Jacoby rule no longer holds.
    let mut taken = m.clone();
    taken.play(MatchAction::Take).unwrap();
    assert_eq!((taken.cube_value(), taken.cube_owner()), (8, Some(X)));
    assert_eq!(taken.value(WinKind::Gammon), 16);
    // X drops the raccoon: O, who made the last offer, wins 4.
    let mut dropped = m;
    dropped.play(MatchAction::Drop).unwrap();
    let end = dropped.end_of_game().unwrap();
    assert_eq!((end.winner, end.points), (O, 4));
    assert_round_trip(&dropped);
}

#[test]
fn beavers_are_money_play_only() {
    // In a match the option is dropped by the session, refused by the setup.
    let m = doubled_by_o(MatchRules::to_points(5).with_beavers(1, true));
    assert_eq!(m.rules().beavers, 0);
    assert!(!m.is_legal(MatchAction::Beaver));
    assert_eq!(
        m.clone().play(MatchAction::Beaver),
        Err(MatchError::NoDouble(NoDouble::NoBeaver(
            "the rules have no beavers"
        )))
    );
    let text = format!("{}:beavers=1", m.to_setup());
    let problems = Match::from_text(&text).unwrap_err().into_problems();
    assert!(
        problems.contains(&SetupProblem::from(MatchProblem::OnlyInMoney("beavers"))),
        "{problems:?}"
    );
    // Nor without the option, nor before a double.
    let plain = doubled_by_o(MatchRules::money(false));
    assert!(!plain.moves().contains(&MatchAction::Beaver));
    let mut before = Match::new(MatchRules::money(false).with_beavers(3, true));
    before.apply_chance(Throw::Opening { x: 3, o: 1 }).unwrap();
    assert!(before.play(MatchAction::Beaver).is_err());
    // A redouble count the rules do not allow, or with no double offered, is refused.
    let m = doubled_by_o(MatchRules::money(false).with_beavers(1, false));
    let text = format!("{}:redoubles=2", m.to_setup());
    assert!(Match::from_text(&text).is_err(), "{text}");
}

#[test]
fn automatic_doubles_stop_at_the_limit() {
    let rules = MatchRules::money(true).with_auto_doubles(2);
    let mut m = Match::new(rules);
    // Equal dice are outcomes of the opening throw while a double is due: 36, 1/36 each.
    let outcomes = m.chance_outcomes();
    assert_eq!(outcomes.len(), 36);
    assert!(outcomes.iter().all(|(_, p)| *p == Probability::new(1, 36)));
    m.apply_chance(m.parse_chance("33").unwrap()).unwrap();
    assert_eq!(
        (m.phase(), m.cube_value(), m.cube_owner()),
        (Phase::Opening, 2, None)
    );
    assert_eq!(m.auto_doubles_made(), 1);
    assert_round_trip(&m);
    m.apply_chance(Throw::Opening { x: 5, o: 5 }).unwrap();
    assert_eq!((m.cube_value(), m.auto_doubles_made()), (4, 2));
    // The limit reached: equal dice are only thrown again.
    assert_eq!(m.chance_outcomes().len(), 30);
    assert_eq!(
        m.apply_chance(Throw::Opening { x: 2, o: 2 }),
        Err(MatchError::EqualOpeningDice(2))
    );
    assert_round_trip(&m);
    // The game starts at 4, the cube centred: X may double it to 8; under the Jacoby rule
    // a gammon still counts single (4 points) until a double turns the cube.
    m.apply_chance(Throw::Opening { x: 3, o: 1 }).unwrap();
    assert_eq!((m.cube_value(), m.cube_owner()), (4, None));
    assert_eq!(m.value(WinKind::Gammon), 4);
    assert_round_trip(&m);
    m.play(m.parse_move("8/5 6/5").unwrap()).unwrap();
    assert!(m.can_double());
    m.play(MatchAction::Double).unwrap();
    m.play(MatchAction::Take).unwrap();
    assert_eq!((m.cube_value(), m.cube_owner()), (8, Some(X)));
    assert_eq!(m.value(WinKind::Gammon), 16);
    // In a match automatic doubles are no rule: 30 outcomes.
    let mut matched = Match::new(MatchRules::to_points(7).with_auto_doubles(2));
    assert_eq!(matched.chance_outcomes().len(), 30);
    assert!(matched.apply_chance(Throw::Opening { x: 4, o: 4 }).is_err());
}

/// The opening of a game of a match to 5 at X 4, O 2 after the Crawford game.
fn post_crawford(holland: bool) -> Match {
    let mut id = MatchId::money(X, None);
    id.state = GameState::NoGame;
    id.match_length = 5;
    id.score = [0, 0];
    id.score[X.index()] = 4;
    id.score[O.index()] = 2;
    id.jacoby = false;
    let mut text = format!("4HPwATDgc/ABMA:{}", id.encode());
    if holland {
        text.push_str(":holland");
    }
    Match::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays the first listed play of each roll, the rolls given, until `rolls` are used;
/// every decision before a roll is to roll.
fn play_rolls(m: &mut Match, rolls: &[(u8, u8)]) -> Vec<bool> {
    let mut o_could_double = Vec::new();
    let mut rolls = rolls.iter();
    loop {
        match m.turn() {
            Turn::Chance => {
                let Some(&(a, b)) = rolls.next() else {
                    return o_could_double;
                };
                // O's turn before its roll, when it may not double (having chosen to roll
                // it was counted at its decision).
                if m.side_on_roll() == O && m.phase() == Phase::ToRoll {
                    o_could_double.push(false);
                }
                let throw = m.parse_chance(&format!("{a}{b}")).unwrap();
                m.apply_chance(throw).unwrap();
            }
            Turn::Seat(_) if m.phase() == Phase::ToRoll => {
                if m.side_on_roll() == O {
                    o_could_double.push(true);
                }
                m.play(MatchAction::Roll).unwrap();
            }
            Turn::Seat(_) => {
                let play = m.moves()[0];
                assert!(matches!(play, MatchAction::Play(_)));
                m.play(play).unwrap();
            }
            Turn::Over => return o_could_double,
        }
    }
}

#[test]
fn the_holland_rule() {
    // Without the rule O, the trailer, may double at its first turn after the Crawford game.
    let rolls = [(3, 1), (6, 4), (5, 2), (4, 3), (6, 2), (5, 3)];
    let mut free = post_crawford(false);
    // Opening 31: X starts; O's turns come before its rolls 2, 4 and 6.
    assert_eq!(play_rolls(&mut free, &rolls), [true, true, true]);
    // With it, O may double only once both sides have played two rolls: X's opening roll
    // and X's second roll (the fifth throw) both come before O's third turn.
    let mut holland = post_crawford(true);
    let m0 = holland.clone();
    assert_round_trip(&m0);
    assert_eq!(play_rolls(&mut holland, &rolls), [false, false, true]);
    assert_eq!(holland.rolls_played(), [2, 2]);
    assert_round_trip(&holland);
    // XGID has no field for the rule: a state of such a match has none, while the same
    // state without the rule has one.
    assert_eq!(holland.xgid(), None);
    assert!(m0.xgid().is_none() && post_crawford(false).xgid().is_none());
    let mut free_again = post_crawford(false);
    let mut bound = post_crawford(true);
    for m in [&mut free_again, &mut bound] {
        m.apply_chance(Throw::Opening { x: 3, o: 1 }).unwrap();
    }
    assert!(free_again.xgid().is_some());
    assert_eq!(bound.xgid(), None);
    // The refusal names the rule; the leader is not bound by it.
    let mut m = post_crawford(true);
    m.apply_chance(Throw::Opening { x: 1, o: 3 }).unwrap();
    m.play(m.moves()[0]).unwrap();
    assert_eq!(m.side_on_roll(), X);
    assert!(m.can_double(), "X leads: the rule binds the trailer only");
    m.play(MatchAction::Roll).unwrap();
    m.apply_chance(m.parse_chance("21").unwrap()).unwrap();
    m.play(m.moves()[0]).unwrap();
    assert_eq!(m.double_refusal(), Some(NoDouble::Holland));
    // Money play has no Holland rule: refused by the setup.
    let money = Match::new(MatchRules::money(false));
    let text = format!("{}:holland", money.to_setup());
    let problems = Match::from_text(&text).unwrap_err().into_problems();
    assert!(
        problems.contains(&SetupProblem::from(MatchProblem::OnlyInMatch(
            "the Holland rule"
        ))),
        "{problems:?}"
    );
}

#[test]
fn the_conformance_kit_with_the_options_on() {
    for (rules, seed) in [
        (
            MatchRules::money(true)
                .with_beavers(3, true)
                .with_auto_doubles(2),
            21,
        ),
        (MatchRules::money(false).with_beavers(1, false), 22),
        (MatchRules::to_points(5).with_holland(), 23),
    ] {
        let report = check_random_games(&Match::new(rules), 30, 400, seed, candidates)
            .unwrap_or_else(|e| panic!("{rules:?}: {e}"));
        assert_eq!(report.finished, 30, "{rules:?}: {report:?}");
    }
}

#[test]
fn sessions_with_every_option_round_trip_in_every_state() {
    // Cube actions are chosen often, so that beavers, raccoons and redoubles happen.
    let mut seen = [0usize; 3];
    for (rules, seed) in [
        (
            MatchRules::money(false)
                .with_beavers(3, true)
                .with_auto_doubles(3),
            31,
        ),
        (MatchRules::to_points(7).with_holland(), 32),
    ] {
        for game in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + game);
            let mut m = Match::new(rules);
            for _ in 0..5_000 {
                assert_round_trip(&m);
                seen[0] += usize::from(m.redoubles() > 0);
                seen[1] += usize::from(m.auto_doubles_made() > 0);
                seen[2] += usize::from(m.rolls_played() != [0, 0]);
                match m.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        let t = random_chance(&m, &mut rng).unwrap();
                        m.apply_chance(t).unwrap();
                    }
                    Turn::Seat(_) => {
                        let moves = m.moves();
                        let plays: Vec<MatchAction> = moves
                            .iter()
                            .copied()
                            .filter(|a| matches!(a, MatchAction::Play(_)))
                            .collect();
                        let cube: Vec<MatchAction> = moves
                            .iter()
                            .copied()
                            .filter(|a| {
                                matches!(
                                    a,
                                    MatchAction::Double
                                        | MatchAction::Take
                                        | MatchAction::Beaver
                                        | MatchAction::Roll
                                )
                            })
                            .collect();
                        let pick = if !plays.is_empty() {
                            plays[rng.random_range(0..plays.len())]
                        } else if !cube.is_empty() && rng.random_range(0..8) != 0 {
                            cube[rng.random_range(0..cube.len())]
                        } else {
                            moves[rng.random_range(0..moves.len())]
                        };
                        m.play(pick).unwrap();
                    }
                }
            }
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every option was met: {seen:?}"
    );
}

#[test]
fn the_setup_words_read_back() {
    let base = Match::new(MatchRules::money(true)).to_setup().to_string();
    let text = format!("{base}:beavers=2:raccoons:auto-doubles=1");
    let setup: MatchSetup = text.parse().unwrap();
    assert_eq!(setup.options.beavers, 2);
    assert!(setup.options.raccoons);
    assert_eq!(setup.options.auto_doubles, 1);
    assert_eq!(setup.to_string(), text);
    let m = Match::from_text(&text).unwrap();
    assert_eq!(
        m.rules(),
        MatchRules::money(true)
            .with_beavers(2, true)
            .with_auto_doubles(1)
    );
    for word in ["beavers", "beavers=x", "otters", "rolls=3", "rolling"] {
        let bad = format!("{base}:holland:{word}");
        assert!(bad.parse::<MatchSetup>().is_err(), "{bad}");
    }
}

#[test]
fn the_xgid_carries_the_money_flags() {
    // Field 8 in money play: 1 the Jacoby rule, 2 beavers, 3 both; read back as one beaver
    // an exchange.
    let start = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10";
    let m = Match::from_xgid(start).unwrap();
    assert_eq!(m.rules(), MatchRules::money(true).with_beavers(1, false));
    assert_eq!(m.xgid().unwrap().to_string(), start);
    let beavers_only = Match::from_xgid(&start.replace(":3:0:10", ":2:0:10")).unwrap();
    assert_eq!(
        beavers_only.rules(),
        MatchRules::money(false).with_beavers(1, false)
    );
    // In a match field 8 is the Crawford flag; the beaver value is refused there.
    assert!(Match::from_xgid(&start.replace(":3:0:10", ":2:5:10")).is_err());
    // Every state of random sessions that XGID can say round-trips through it.
    for (rules, seed) in [
        (MatchRules::money(true).with_beavers(1, false), 41),
        (MatchRules::money(false), 42),
        (MatchRules::to_points(5), 43),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = Match::new(rules);
        let mut said = 0;
        for _ in 0..3_000 {
            if let Some(x) = m.xgid() {
                assert_eq!(Match::from_xgid(&x.to_string()).as_ref(), Ok(&m), "{x}");
                said += 1;
            }
            match m.turn() {
                Turn::Over => m = Match::new(rules),
                Turn::Chance => {
                    let t = random_chance(&m, &mut rng).unwrap();
                    m.apply_chance(t).unwrap();
                }
                Turn::Seat(_) => {
                    let moves: Vec<MatchAction> = m
                        .moves()
                        .iter()
                        .copied()
                        .filter(|a| !matches!(a, MatchAction::Resign(_)))
                        .collect();
                    m.play(moves[rng.random_range(0..moves.len())]).unwrap();
                }
            }
        }
        assert!(said > 1_000, "{rules:?}: {said}");
    }
}

#[test]
fn beavers_in_match_text() {
    use crate::match_replay::{replay_match, session_text};
    use boardgames_core::backgammon::record::{read_match, write_match, ActionKind};
    use boardgames_core::record::Applied;
    // X opens 31, O doubles, X beavers, O raccoons, X drops: O wins 4.
    let rules = MatchRules::money(false).with_beavers(2, true);
    let start = Match::new(rules);
    let mut m = start.clone();
    let mut steps = Vec::new();
    let throw = Applied::Chance(Throw::Opening { x: 3, o: 1 });
    throw.apply(&mut m).unwrap();
    steps.push(throw);
    for a in [
        m.parse_move("8/5 6/5").unwrap(),
        MatchAction::Double,
        MatchAction::Beaver,
        MatchAction::Beaver,
        MatchAction::Drop,
    ] {
        m.play(a).unwrap();
        steps.push(Applied::Move(a));
    }
    assert_eq!(m.score()[O.index()], 4);
    let rec = read_match(&session_text(&start, &steps)).unwrap();
    let kinds: Vec<&ActionKind> = rec.games[0].actions.iter().map(|a| &a.kind).collect();
    assert!(
        kinds.contains(&&ActionKind::Beaver { cube: 4 }),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&&ActionKind::Beaver { cube: 8 }),
        "{kinds:?}"
    );
    let text = write_match(&rec);
    assert!(text.contains("Beavers => 4"), "{text}");
    assert!(text.contains("Beavers => 8"), "{text}");
    // Read back, the same record; replayed, O wins 4 points by the drop.
    let back = read_match(&text).unwrap();
    assert_eq!(back.games[0].actions, rec.games[0].actions, "{text}");
    let replay = &replay_match(&back)[0];
    assert!(replay.first_illegal.is_none(), "{:?}", replay.first_illegal);
    let end = replay.end.expect("the game ended");
    assert_eq!((end.points, end.cube), (4, 4), "{text}");
    // A beaver in a match's text is refused by the replay.
    let in_match = text.replacen("0 point match", "5 point match", 1);
    if in_match != text {
        let rec = read_match(&in_match).unwrap();
        assert!(replay_match(&rec)[0].first_illegal.is_some(), "{in_match}");
    }
}

#[test]
fn automatic_doubles_in_match_text() {
    use crate::match_replay::{replay_match, session_text};
    use boardgames_core::backgammon::record::read_match;
    use boardgames_core::record::Applied;
    // Two automatic doubles (33, 55), X opens 31, O doubles to 8, X drops: O wins 4.
    let rules = MatchRules::money(false).with_auto_doubles(2);
    let start = Match::new(rules);
    let mut m = start.clone();
    let mut steps = Vec::new();
    for t in [
        Throw::Opening { x: 3, o: 3 },
        Throw::Opening { x: 5, o: 5 },
        Throw::Opening { x: 3, o: 1 },
    ] {
        m.apply_chance(t).unwrap();
        steps.push(Applied::Chance(t));
    }
    for a in [
        m.parse_move("8/5 6/5").unwrap(),
        MatchAction::Double,
        MatchAction::Drop,
    ] {
        m.play(a).unwrap();
        steps.push(Applied::Move(a));
    }
    assert_eq!(m.score()[O.index()], 4);
    let text = session_text(&start, &steps);
    assert!(text.contains("[AutoDoubles \"2\"]"), "{text}");
    assert!(text.contains("Doubles => 8"), "{text}");
    let back = read_match(&text).unwrap();
    assert_eq!(back.games[0].auto_doubles, 2);
    let replay = &replay_match(&back)[0];
    assert!(
        replay.first_illegal.is_none(),
        "{:?}\n{text}",
        replay.first_illegal
    );
    let end = replay.end.expect("the game ended");
    assert_eq!((end.points, end.cube), (4, 4), "{text}");
}
