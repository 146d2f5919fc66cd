//! What a gnubg Match ID (with its Position ID) and an XGID may not say: every combination of
//! fields that the rules make impossible is refused with the problem naming the fields that
//! conflict (`docs/backgammon.md`, "What the IDs may not say", gives each rule's source).
//!
//! The Match IDs are built field by field ([`MatchId`], whose encoding is checked against
//! gnubg's IDs in `backgammon_corpus`), a few also written out and decoded by hand; the XGIDs
//! are written by hand from the format (`xgid` module docs).

use boardgames_core::backgammon::{
    Board, GameState, Match, MatchId, MatchProblem, MatchSetup, Setup, SetupOptions, SetupProblem,
    Side, Xgid,
};
use boardgames_core::Game;

const X: Side = Side::X;
const O: Side = Side::O;

/// A money game being played, X on roll before its roll, cube 1 centred, no Jacoby rule;
/// `edit` changes the fields.
fn id(edit: impl FnOnce(&mut MatchId)) -> MatchId {
    let mut m = MatchId::money(X, None);
    m.jacoby = false;
    edit(&mut m);
    m
}

/// `score[side]`, the way [`MatchId::score`] is indexed.
fn score(x: u16, o: u16) -> [u16; 2] {
    let mut s = [0; 2];
    s[X.index()] = x;
    s[O.index()] = o;
    s
}

/// The problems of the standard board with these Match ID fields, both as a value and
/// through the text `PositionID:MatchID` (which must agree).
fn problems(m: MatchId) -> Vec<SetupProblem> {
    let setup = MatchSetup {
        board: Board::standard(),
        match_id: m,
        rolling: false,
        options: SetupOptions::default(),
    };
    let text = setup.to_string();
    let by_value = Match::from_setup(setup).err().map(|e| e.into_problems());
    let by_text = Match::from_text(&text).err().map(|e| e.into_problems());
    assert_eq!(by_value, by_text, "{text}");
    by_value.unwrap_or_default()
}

fn refused(m: MatchId, problem: MatchProblem) {
    let p = problems(m);
    assert!(
        p.contains(&SetupProblem::Match(problem.clone())),
        "{m:?}: expected {problem:?} among {p:?}"
    );
}

/// The cube is owned only by the side that took a double, which makes it 2 or more (the
/// rules; gnubg's take sets the value and the owner together): an owned 1-cube is no state.
#[test]
fn an_owned_cube_of_1_is_refused() {
    refused(
        id(|m| m.cube_owner = Some(O)),
        MatchProblem::CubeOwnedAtOne { owner: O },
    );
    // Hand-worked: bits 0-3 = 0 (cube 1), bits 4-5 = 00 (player 0 = O owns), bit 6 = 1 (X
    // on roll), bits 8-10 = 001 (playing), bit 11 = 1 (X's turn), bit 66 set (no Jacoby):
    // bytes 40 09 00 .. 00 04, `QAkAAAAAAAAE`.
    let text = "4HPwATDgc/ABMA:QAkAAAAAAAAE";
    assert_eq!(
        MatchId::decode("QAkAAAAAAAAE").unwrap(),
        id(|m| m.cube_owner = Some(O))
    );
    let e = Match::from_text(text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid backgammon position: the cube is O's at 1; only a take turns the cube, to 2 \
         or more"
    );
    // Owned at 2: a taken double.
    assert!(problems(id(|m| {
        m.cube_owner = Some(O);
        m.cube_log2 = 1;
    }))
    .is_empty());
}

/// In a match the cube leaves the centre only by a take, which gives it an owner; a centred
/// cube above 1 is money play's automatic doubles (gnubg's `set automatic double`, money
/// only), which a match does not have.
#[test]
fn a_centred_cube_above_1_in_a_match_is_refused() {
    refused(
        id(|m| {
            m.match_length = 5;
            m.cube_log2 = 1;
        }),
        MatchProblem::CentredCubeInMatch { value: 2 },
    );
    // Money play: automatic doubles, read as they are.
    assert!(problems(id(|m| m.cube_log2 = 1)).is_empty());
}

/// A game ended by bearing off or by a drop has no resignation value (gnubg clears a
/// rejected resignation; an accepted one ends the game as "resigned").
#[test]
fn a_resignation_value_after_a_drop_is_refused() {
    refused(
        id(|m| {
            m.state = GameState::Dropped;
            m.resignation = 2;
            m.score = score(1, 0);
        }),
        MatchProblem::ResignationAfterGame { resignation: 2 },
    );
    // Without it, the same drop is X's win of 1.
    assert!(problems(id(|m| {
        m.state = GameState::Dropped;
        m.score = score(1, 0);
    }))
    .is_empty());
}

/// A dropped double was a double: in the Crawford game, or by the side whose opponent owns
/// the cube, or with the cube at 2^15, there was none to drop.
#[test]
fn a_drop_where_no_double_was_allowed_is_refused() {
    // The Crawford game of a match to 5: X at 4 (one away), O at 0; X "doubled", O dropped,
    // X won 1: 5-0.
    refused(
        id(|m| {
            m.match_length = 5;
            m.crawford = true;
            m.state = GameState::Dropped;
            m.score = score(5, 0);
        }),
        MatchProblem::MayNotDouble(X),
    );
    // Money: O owns the 2-cube, X "doubled" and O dropped: X has 2.
    refused(
        id(|m| {
            m.cube_log2 = 1;
            m.cube_owner = Some(O);
            m.state = GameState::Dropped;
            m.score = score(2, 0);
        }),
        MatchProblem::MayNotDouble(X),
    );
    // The cube at 2^15 cannot be doubled, so not dropped either.
    refused(
        id(|m| {
            m.cube_log2 = 15;
            m.cube_owner = Some(X);
            m.state = GameState::Dropped;
            m.score = score(32767, 0);
        }),
        MatchProblem::MayNotDouble(X),
    );
    // X owning the cube may redouble; O drops: X wins 2.
    assert!(problems(id(|m| {
        m.cube_log2 = 1;
        m.cube_owner = Some(X);
        m.state = GameState::Dropped;
        m.score = score(2, 0);
    }))
    .is_empty());
}

/// A finished game that ended the match: the score before it (the winner's less the points
/// it won) had not ended the match already, and in the Crawford game exactly one side was
/// one point away.
#[test]
fn a_finished_match_game_checks_the_score_before_it() {
    // A match to 5, O dropped X's double at cube 1: X won 1 point, so X had 8 before.
    refused(
        id(|m| {
            m.match_length = 5;
            m.state = GameState::Dropped;
            m.score = score(9, 0);
        }),
        MatchProblem::MatchOverBefore {
            winner: X,
            score: 9,
            points: 1,
            length: 5,
        },
    );
    // A cube of 4 dropped is 4 points: X cannot have only 3.
    refused(
        id(|m| {
            m.match_length = 3;
            m.cube_log2 = 2;
            m.cube_owner = Some(X);
            m.state = GameState::Dropped;
            m.score = score(3, 0);
        }),
        MatchProblem::ScoreBelowPoints {
            winner: X,
            points: 4,
            score: 3,
        },
    );
    // The Crawford game, O resigned a single game (turn = the resigner, O): X has 5 and O 4,
    // so it was played at 4-4, where both sides need one point: no Crawford game.
    let crawford_44 = id(|m| {
        m.match_length = 5;
        m.crawford = true;
        m.state = GameState::Resigned;
        m.turn = O;
        m.resignation = 1;
        m.score = score(5, 4);
    });
    refused(crawford_44, MatchProblem::CrawfordScore);
    // At 5-3 it was played at 4-3: the Crawford game.
    let mut crawford_43 = crawford_44;
    crawford_43.score = score(5, 3);
    assert!(problems(crawford_43).is_empty());
}

/// The refusals that were in place before: still refused, each with its problem.
#[test]
fn the_earlier_refusals_stand() {
    let cases: [(MatchId, MatchProblem); 8] = [
        // gnubg's reader refuses it too (`MatchFromKey`: no Crawford game in money play).
        (id(|m| m.crawford = true), MatchProblem::CrawfordInMoney),
        (
            id(|m| {
                m.match_length = 5;
                m.score = score(5, 0);
            }),
            MatchProblem::MatchWon,
        ),
        // 4-4 in a match to 5: the game after the Crawford game (post-Crawford), flag off.
        (
            id(|m| {
                m.match_length = 5;
                m.crawford = true;
                m.score = score(4, 4);
            }),
            MatchProblem::CrawfordScore,
        ),
        // The Crawford game with a double offered: X doubled, O to answer.
        (
            id(|m| {
                m.match_length = 5;
                m.crawford = true;
                m.score = score(4, 0);
                m.double_offered = true;
                m.turn = O;
            }),
            MatchProblem::MayNotDouble(X),
        ),
        // O owns the cube, X doubles.
        (
            id(|m| {
                m.cube_log2 = 1;
                m.cube_owner = Some(O);
                m.double_offered = true;
                m.turn = O;
            }),
            MatchProblem::MayNotDouble(X),
        ),
        // A double offered with the dice rolled.
        (
            id(|m| {
                m.double_offered = true;
                m.turn = O;
                m.dice = boardgames_core::backgammon::Dice::new(3, 1).ok();
            }),
            MatchProblem::DoubleAfterRoll,
        ),
        // A double whose answer is the doubler's (the brief's `fxkAAAAAAAAA`, cube 2^15).
        (
            MatchId::decode("fxkAAAAAAAAA").unwrap(),
            MatchProblem::DoublerAnswers,
        ),
        // A double and a resignation at once.
        (
            id(|m| {
                m.double_offered = true;
                m.turn = O;
                m.resignation = 1;
            }),
            MatchProblem::DoubleAndResignation,
        ),
    ];
    for (m, problem) in cases {
        refused(m, problem);
    }
    // The cube at 2^15 with a double offered: cube log2 15 (1111), centred (11), X on roll,
    // playing, O's turn (bit 11 = 0), doubled (bit 12): bytes 7F 11 00 ..., `fxEAAAAAAAAA`.
    refused(
        MatchId::decode("fxEAAAAAAAAA").unwrap(),
        MatchProblem::MayNotDouble(X),
    );
}

// ---------------------------------------------------------------- XGID

const START: &str = "XGID=-b----E-C---eE---c-e----B-";

/// The problems of an XGID of the standard position with these fields after the board.
fn xgid_problems(fields: &str) -> Vec<SetupProblem> {
    let text = format!("{START}:{fields}");
    match text.parse::<Xgid>() {
        Ok(x) => {
            // What parses prints back and parses again, as a setup too.
            assert_eq!(x.to_string(), text);
            assert!(text.parse::<Setup>().is_ok(), "{text}");
            Vec::new()
        }
        Err(e) => {
            let setup = text.parse::<Setup>().unwrap_err();
            assert_eq!(setup, e, "{text}");
            e.into_problems()
        }
    }
}

fn xgid_refused(fields: &str, problem: MatchProblem) {
    let p = xgid_problems(fields);
    assert!(
        p.contains(&SetupProblem::Match(problem.clone())),
        "{fields}: expected {problem:?} among {p:?}"
    );
}

/// Field 8 is the Crawford flag in a match (0 or 1) and the Jacoby (1) and beaver (2) flags
/// in money play; gnubg's `SetXGID` refuses 2 and 3 in a match.
#[test]
fn xgid_money_flags_in_a_match_are_refused() {
    xgid_refused(
        "0:0:1:00:0:0:2:5:10",
        MatchProblem::MoneyRuleInMatch { rules: 2 },
    );
    xgid_refused(
        "0:0:1:00:0:0:3:5:10",
        MatchProblem::MoneyRuleInMatch { rules: 3 },
    );
    for ok in [
        "0:0:1:00:0:0:3:0:10",
        "0:0:1:00:0:0:1:0:10",
        "0:0:1:00:0:0:0:5:10",
    ] {
        assert_eq!(xgid_problems(ok), [], "{ok}");
    }
}

/// The scores and the Crawford flag of a match: no score at the length (an XGID is a game
/// in play), the Crawford game only when exactly one side is one point away, with the cube
/// centred at 1 and no double.
#[test]
fn xgid_scores_and_the_crawford_game() {
    xgid_refused("0:0:1:00:5:0:0:5:10", MatchProblem::MatchWon);
    xgid_refused("0:0:1:00:3:2:1:5:10", MatchProblem::CrawfordScore);
    xgid_refused("0:0:1:00:4:4:1:5:10", MatchProblem::CrawfordScore);
    xgid_refused("1:1:1:00:4:2:1:5:10", MatchProblem::CrawfordCube);
    xgid_refused("0:0:1:D:4:2:1:5:10", MatchProblem::MayNotDouble(X));
    // The Crawford game at X 4 - O 2 (XGID scores are X's, then O's), and after it at 4-4.
    assert_eq!(xgid_problems("0:0:1:00:4:2:1:5:10"), []);
    assert_eq!(xgid_problems("0:0:-1:00:2:4:1:5:10"), []);
    assert_eq!(xgid_problems("1:1:1:D:4:4:0:5:10"), []);
}

/// The cube: owned only at 2 or more, within the highest cube (field 10), centred above 1
/// only in money play (automatic doubles).
#[test]
fn xgid_cube_fields() {
    xgid_refused(
        "0:-1:1:00:0:0:0:0:10",
        MatchProblem::CubeOwnedAtOne { owner: O },
    );
    xgid_refused(
        "11:1:1:00:0:0:0:0:10",
        MatchProblem::CubeAboveLimit {
            log2: 11,
            max_log2: 10,
        },
    );
    xgid_refused(
        "1:0:1:00:0:0:0:5:10",
        MatchProblem::CentredCubeInMatch { value: 2 },
    );
    assert_eq!(xgid_problems("1:0:1:00:0:0:0:0:10"), []);
    assert_eq!(xgid_problems("10:-1:1:00:0:0:0:0:10"), []);
    let e = format!("{START}:0:-1:1:00:0:0:0:0:10")
        .parse::<Xgid>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid backgammon position: the cube is O's at 1; only a take turns the cube, to 2 \
         or more"
    );
}

/// `D`: the side on turn has doubled (gnubg's `SetXGID` gives the decision to the other
/// side) from the cube as it stood: its own or centred, below the highest cube.
#[test]
fn xgid_double_offered() {
    xgid_refused("1:-1:1:D:0:0:0:0:10", MatchProblem::MayNotDouble(X));
    xgid_refused("10:1:1:D:0:0:0:0:10", MatchProblem::MayNotDouble(X));
    xgid_refused("15:1:1:D:0:0:0:0:15", MatchProblem::MayNotDouble(X));
    assert_eq!(xgid_problems("1:1:1:D:0:0:0:0:10"), []);
    assert_eq!(xgid_problems("0:0:-1:D:0:0:0:0:10"), []);
}

/// `B`, a beaver: money play with beavers allowed (field 8's bit 2) only.
#[test]
fn xgid_beaver_only_where_beavers_are_allowed() {
    xgid_refused("1:-1:1:B:0:0:0:5:10", MatchProblem::BeaverNotAllowed);
    xgid_refused("1:-1:1:B:0:0:1:0:10", MatchProblem::BeaverNotAllowed);
    assert_eq!(xgid_problems("1:-1:1:B:0:0:2:0:10"), []);
    assert_eq!(xgid_problems("1:-1:1:B:0:0:3:0:10"), []);
}

/// A malformed XGID keeps its message: the field that does not parse.
#[test]
fn xgid_syntax_errors_keep_their_message() {
    let e = "XGID=junk".parse::<Xgid>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid backgammon position: bad XGID \"XGID=junk\": 1 fields, expected 10"
    );
}

#[test]
fn an_xgid_starts_the_session_it_describes() {
    use boardgames_core::backgammon::{Match, Phase, Side};
    use boardgames_core::{Game, Seat, Turn};
    // Hand-worked from the XGID fields (docs/backgammon.md): the start, cube centred at 1
    // (field 2 `0`, field 3 `0`), X on turn (field 4 `1`) has doubled (`D`): O answers.
    let m = Match::from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10").unwrap();
    assert_eq!(m.phase(), Phase::DoubleOffered);
    assert_eq!(m.side_on_roll(), Side::X);
    assert_eq!(m.turn(), Turn::Seat(Seat(Side::O.index() as u8)));
    // A 5-point match at 4-2 for X, field 8 = 1: the Crawford game, O to roll 52.
    let m = Match::from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:4:2:1:5:10").unwrap();
    assert!(m.is_crawford());
    assert_eq!(m.score(), [4, 2]);
    assert_eq!(m.side_on_roll(), Side::O);
    assert_eq!(m.phase(), Phase::ToPlay);
    // Money play, field 8 = 1: the Jacoby rule.
    let m = Match::from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:0:10").unwrap();
    assert!(m.rules().jacoby);
    // A beaver pending is no state of the match game.
    let e = Match::from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:3:0:10").unwrap_err();
    assert!(e.to_string().contains("a beaver pending"), "{e}");
}
