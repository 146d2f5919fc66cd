//! Errors as data: hand-worked invalid setups of each game checked by their problem kinds,
//! with every problem of a setup reported, and the refusals of moves and notations with the
//! values they carry. The expected messages are the exact text the programs print (taken from
//! the code before the errors became typed; the CLIs and their contracts depend on it).

use boardgames_core::abalone::{
    self, Abalone, Captured, Cell, Colour, Direction, IllegalMove, Layout, Move, Notation,
};
use boardgames_core::backgammon::{
    self, Backgammon, Board, Dice, DiceProblem, IllegalPlay, NotationProblem, Play, PlayNotation,
    Side,
};
use boardgames_core::pente::{self, Pente, Point, Variant};
use boardgames_core::{Game, MoveError, Seat, Team};

fn points(s: &str) -> Vec<Point> {
    s.split_whitespace().map(|p| p.parse().unwrap()).collect()
}

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn cells(s: &str) -> Vec<Cell> {
    s.split_whitespace().map(cell).collect()
}

// ---------------------------------------------------------------------------------------
// Pente

fn pente_setup(variant: Variant, ply: u32, captures: [u32; 2], p1: &str, p2: &str) -> pente::Setup {
    pente::Setup {
        variant,
        tournament_rule: true,
        ply,
        captures,
        player1: points(p1),
        player2: points(p2),
    }
}

const EMPTY_PENTE_BOARD: &str = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19";

#[test]
fn pente_setups_report_every_problem_by_kind() {
    use pente::SetupProblem as P;

    // At ply 3 player 1 has placed 2 stones, but only K10 is on the board and none was lost;
    // and 1 is no capture count in Pente (pairs only). Player 2's one stone, captured, agrees
    // with player 1's count of 1.
    let err = Pente::from_text(&format!(
        "pente tournament 3 1-0 {}",
        "19/19/19/19/19/19/19/19/19/9x9/19/19/19/19/19/19/19/19/19"
    ))
    .unwrap_err();
    assert_eq!(
        err.problems(),
        &[
            P::StoneCount {
                player: Seat(0),
                on_board: 1,
                lost: 0,
                placed: 2,
                ply: 3
            },
            P::ImpossibleCaptures {
                player: Seat(0),
                captures: 1,
                variant: Variant::Pente
            },
        ]
    );
    assert_eq!(
        err.to_string(),
        "invalid Pente position: player 1 has 1 stones on the board and lost 0 to captures, \
         but placed 2 in 3 plies; player 1 cannot have captured 1 stones in Pente"
    );

    // K10 is listed three times (twice for player 1, once for player 2): the second and third
    // listings are reported. Then player 1 has one stone (K10) of the two placed by ply 3, and
    // player 2 two (K10, L10) of the one placed: four problems.
    let err = pente_setup(Variant::Pente, 3, [0, 0], "K10 K10", "K10 L10")
        .into_position()
        .unwrap_err();
    let k10: Point = "K10".parse().unwrap();
    assert_eq!(err.problems().len(), 4, "{err}");
    assert_eq!(err.problems()[0], P::ListedTwice(k10));
    assert_eq!(err.problems()[1], P::ListedTwice(k10));
    assert!(err.contains(&P::StoneCount {
        player: Seat(1),
        on_board: 2,
        lost: 0,
        placed: 1,
        ply: 3
    }));
    assert_eq!(
        err.to_string(),
        "invalid Pente position: K10 is listed twice; K10 is listed twice; player 1 has 1 \
         stones on the board and lost 0 to captures, but placed 2 in 3 plies; player 2 has 2 \
         stones on the board and lost 0 to captures, but placed 1 in 3 plies"
    );

    // One problem each.
    for (setup, problem, message) in [
        (
            pente_setup(Variant::Pente, 70_000, [0, 0], "", ""),
            P::Ply { ply: 70_000 },
            "ply 70000 is out of range (at most 65535)",
        ),
        // Keryo-Pente captures pairs and triples: never a single stone.
        (
            pente_setup(Variant::KeryoPente, 2, [1, 0], "K10", ""),
            P::ImpossibleCaptures {
                player: Seat(0),
                captures: 1,
                variant: Variant::KeryoPente,
            },
            "player 1 cannot have captured 1 stones in Keryo-Pente",
        ),
        // Ply 10: player 1 to move, with A1-E1 in a row.
        (
            pente_setup(
                Variant::Pente,
                10,
                [0, 0],
                "A1 B1 C1 D1 E1",
                "A3 C3 E3 G3 J3",
            ),
            P::FiveToMove { player: Seat(0) },
            "player 1 has five in a row but is to move: the game ended before",
        ),
        // Ply 20: player 1 to move with ten captured stones (all of player 2's).
        (
            pente_setup(
                Variant::Pente,
                20,
                [10, 0],
                "A1 A3 A5 A7 A9 A11 A13 A15 A17 A19",
                "",
            ),
            P::CapturesToMove {
                player: Seat(0),
                captures: 10,
            },
            "player 1 has 10 captures but is to move: the game ended before",
        ),
    ] {
        let err = setup.into_position().unwrap_err();
        assert_eq!(err.problems(), std::slice::from_ref(&problem), "{err}");
        assert!(err.contains(&problem));
        assert_eq!(problem.to_string(), message);
        assert_eq!(
            err.to_string(),
            format!("invalid Pente position: {message}")
        );
    }
}

#[test]
fn pente_text_problems_name_the_field_row_and_character() {
    use pente::SyntaxProblem as S;

    let row19 = |row: &str| format!("pente free 0 0-0 {row}{}", &EMPTY_PENTE_BOARD[2..]);
    let text = |t: &str| t.to_owned();
    for (input, problem, message) in [
        (
            text(""),
            S::FieldCount { found: 0 },
            "expected 5 fields (variant, rule, ply, captures, board), found 0",
        ),
        (
            text("pente"),
            S::FieldCount { found: 1 },
            "expected 5 fields (variant, rule, ply, captures, board), found 1",
        ),
        (
            format!("Chess free 0 0-0 {EMPTY_PENTE_BOARD}"),
            S::Variant {
                text: text("chess"),
            },
            "unknown variant \"chess\" (expected pente or keryo-pente)",
        ),
        (
            format!("pente nope 0 0-0 {EMPTY_PENTE_BOARD}"),
            S::Rule { text: text("nope") },
            "field 2: rule \"nope\" should be tournament or free",
        ),
        (
            format!("pente free x 0-0 {EMPTY_PENTE_BOARD}"),
            S::Ply { text: text("x") },
            "field 3: ply \"x\" is not a number",
        ),
        (
            format!("pente free 0 00 {EMPTY_PENTE_BOARD}"),
            S::Captures { text: text("00") },
            "field 4: captures \"00\" should be two counts like 2-0",
        ),
        (
            format!("pente free 0 a-0 {EMPTY_PENTE_BOARD}"),
            S::CaptureCount { text: text("a") },
            "field 4: capture count \"a\" is not a number",
        ),
        (
            text("pente free 0 0-0 19/19"),
            S::Rows { found: 2 },
            "field 5: the board has 2 rows, expected 19",
        ),
        (
            row19("20"),
            S::RowLength {
                row: 19,
                covers: 20,
            },
            "field 5: row 19 covers 20 points, expected 19",
        ),
        (
            row19("18"),
            S::RowLength {
                row: 19,
                covers: 18,
            },
            "field 5: row 19 covers 18 points, expected 19",
        ),
        // A run of empty points is read whole, its zeros included.
        (
            row19("1000"),
            S::RowLength {
                row: 19,
                covers: 1000,
            },
            "field 5: row 19 covers 1000 points, expected 19",
        ),
        // A stone past T19: off the board.
        (
            row19("19x"),
            S::RowTooLong { row: 19, at: 3 },
            "field 5: row 19 is longer than 19 points (at character 3)",
        ),
        (
            row19("18q"),
            S::Character {
                row: 19,
                at: 3,
                found: 'q',
            },
            "field 5: row 19, character 3: 'q' is not x, o or a count",
        ),
    ] {
        let err = input.parse::<pente::Setup>().unwrap_err();
        assert_eq!(
            err.problems(),
            &[pente::SetupProblem::Syntax(problem.clone())],
            "{input:?}"
        );
        assert_eq!(problem.to_string(), message);
        assert_eq!(
            err.to_string(),
            format!("invalid Pente position: {message}")
        );
    }
    let err = "chess".parse::<Variant>().unwrap_err();
    assert!(err.contains(&pente::SetupProblem::Syntax(S::Variant {
        text: text("chess")
    })));
}

// ---------------------------------------------------------------------------------------
// Abalone

#[test]
fn abalone_setups_report_every_problem_by_kind() {
    use abalone::SetupProblem as P;

    // A1 three times (the second and third listings are reported); White lost 7 (more than
    // the six that end the game) and Black 6, so both sides have ejected six; the ply and the
    // move limit are out of range.
    let a1 = cell("A1");
    let err = abalone::Setup {
        black: vec![a1, a1],
        white: vec![a1],
        turn: Colour::White,
        captured: Captured::two(7, 6),
        ply: 70_000,
        move_limit: Some(0),
        ..abalone::Setup::default()
    }
    .into_position()
    .unwrap_err();
    assert_eq!(
        err.problems(),
        &[
            P::ListedTwice(a1),
            P::ListedTwice(a1),
            P::TooManyCaptured {
                colour: Colour::Black,
                captured: 7
            },
            P::BothLostSix,
            P::Ply { ply: 70_000 },
            P::MoveLimit { limit: 0 },
        ]
    );
    assert_eq!(
        err.to_string(),
        "invalid Abalone position: A1 is listed twice; A1 is listed twice; 7 Black marbles \
         captured: at most 6 can be (the game ends at six); both sides have lost six marbles; ply 70000 \
         is out of range (at most 65535); move limit 0 is out of range (1..=65535)"
    );

    // Two players, Red to move with a Red count, and Green timed out: three problems.
    let mut s = Abalone::new(Layout::Standard).unwrap().to_setup();
    s.turn = Colour::Red;
    s.captured.red = Some(0);
    s.timed_out = Some(Colour::Green);
    let err = s.into_position().unwrap_err();
    assert_eq!(
        err.problems(),
        &[
            P::TurnNotSeated {
                turn: Colour::Red,
                seats: 2
            },
            P::CountNotSeated {
                colour: Colour::Red
            },
            P::TimeOutNotSeated {
                colour: Colour::Green
            },
        ]
    );
    assert_eq!(
        err.to_string(),
        "invalid Abalone position: Red is to move, but plays no seat of a 2-player game; Red \
         has a count but plays no seat here; Green timed out, but plays no seat here"
    );

    // Black has ejected six (White lost six) but is to move, and White's time-out comes after
    // that end.
    let err = abalone::Setup {
        black: cells("A1 A2"),
        white: cells("I5"),
        turn: Colour::Black,
        captured: Captured::two(0, 6),
        timed_out: Some(Colour::White),
        ..abalone::Setup::default()
    }
    .into_position()
    .unwrap_err();
    assert_eq!(
        err.problems(),
        &[
            P::SixEjectedToMove {
                colour: Colour::Black
            },
            P::TimeOutAfterEnd {
                colour: Colour::White,
                end: abalone::EndReason::SixEjected
            },
        ]
    );
    assert_eq!(
        err.to_string(),
        "invalid Abalone position: Black has ejected six marbles but is to move: the game ended \
         on its last move; White timed out, but the game had ended with six ejected"
    );

    // Black is said to have ejected one with nothing captured; ply 12 is past the limit of
    // 10, which ended the game before Black's time-out.
    let err = abalone::Setup {
        black: cells("A1"),
        white: cells("I5"),
        turn: Colour::Black,
        ply: 12,
        move_limit: Some(10),
        timed_out: Some(Colour::Black),
        ejected: Some(Captured::two(1, 0)),
        ..abalone::Setup::default()
    }
    .into_position()
    .unwrap_err();
    assert_eq!(
        err.problems(),
        &[
            P::EjectedMismatch {
                ejected: [1, 0],
                captured: [0, 0]
            },
            P::PastMoveLimit { ply: 12, limit: 10 },
            P::TimeOutAfterEnd {
                colour: Colour::Black,
                end: abalone::EndReason::MoveLimit
            },
        ]
    );
    assert_eq!(
        err.to_string(),
        "invalid Abalone position: ejected 1-0 does not match captured 0-0 (each side ejected \
         the other's lost marbles); ply 12 is past the move limit 10; Black timed out, but the \
         game had ended at the move limit"
    );
}

#[test]
fn abalone_single_problems_have_their_data_and_message() {
    use abalone::SetupProblem as P;

    let check = |err: abalone::SetupError, problem: P, message: &str| {
        assert_eq!(err.problems(), std::slice::from_ref(&problem), "{err}");
        assert_eq!(problem.to_string(), message);
        assert_eq!(
            err.to_string(),
            format!("invalid Abalone position: {message}")
        );
    };

    // Fifteen Black marbles: the standard layout and one more on E5.
    let mut s = Abalone::new(Layout::Standard).unwrap().to_setup();
    s.black.push(cell("E5"));
    check(
        s.into_position().unwrap_err(),
        P::TooManyMarbles {
            colour: Colour::Black,
            on_board: 15,
            captured: 0,
            most: 14,
        },
        "Black has 15 marbles on the board and 0 captured: more than 14",
    );

    // A Red list in a two-player position.
    let mut s = Abalone::new(Layout::Standard).unwrap().to_setup();
    s.red = Some(vec![]);
    check(
        s.into_position().unwrap_err(),
        P::Players {
            seats: 2,
            found: vec![Colour::Black, Colour::White, Colour::Red],
        },
        "a 2-player position needs the colours black, white, found black, white, red",
    );

    // Three players: Red ejected two, but only one marble (Black's) was lost.
    let three = abalone::Setup {
        black: cells("A1"),
        white: cells("B1"),
        red: Some(cells("C1")),
        turn: Colour::Black,
        captured: Captured::of_counts(&[1, 0, 0]),
        ejected: Some(Captured::of_counts(&[0, 0, 2])),
        ..abalone::Setup::default()
    };
    check(
        three.into_game::<3>().unwrap_err(),
        P::TotalEjected {
            ejected: 2,
            captured: 1,
        },
        "2 marbles ejected in all, but 1 captured",
    );

    // Three players: Black is credited with three ejections, but only Black's own marbles
    // were lost (each player keeps the opponents' marbles it pushed off, seed 004).
    let three = abalone::Setup {
        black: cells("E5"),
        white: cells("A1"),
        red: Some(cells("A5")),
        turn: Colour::Black,
        captured: Captured::of_counts(&[3, 0, 0]),
        ejected: Some(Captured::of_counts(&[3, 0, 0])),
        ..abalone::Setup::default()
    };
    check(
        three.into_game::<3>().unwrap_err(),
        P::EjectedMoreThanOthersLost {
            colour: Colour::Black,
            ejected: 3,
            others_lost: 0,
        },
        "Black ejected 3 marbles, but the other players lost 0",
    );

    // Six players: Black+Red+Yellow ejected six, and Black (White to move) moved last, but
    // Red made all six ejections: Red's sixth ended the game with Green to move.
    let six = abalone::Setup {
        black: cells("E5"),
        white: Vec::new(),
        red: Some(cells("A1")),
        green: Some(cells("A3")),
        yellow: Some(cells("A4")),
        purple: Some(cells("A5")),
        turn: Colour::White,
        captured: Captured::of_counts(&[0, 6, 0, 0, 0, 0]),
        ejected: Some(Captured::of_counts(&[0, 0, 6, 0, 0, 0])),
        ..abalone::Setup::default()
    };
    check(
        six.into_game::<6>().unwrap_err(),
        P::SixEjectedNotByLast {
            seats: 6,
            team: Team(0),
            last: Colour::Black,
        },
        "Black+Red+Yellow has ejected six marbles, but Black, who moved last, ejected none: \
         the game ended on the ejecting move",
    );

    // Three players, Black and Red both with six ejected.
    let three = abalone::Setup {
        black: cells("A1"),
        white: cells("B1"),
        red: Some(cells("C1")),
        turn: Colour::Black,
        captured: Captured::of_counts(&[6, 6, 0]),
        ejected: Some(Captured::of_counts(&[6, 0, 6])),
        ..abalone::Setup::default()
    };
    check(
        three.into_game::<3>().unwrap_err(),
        P::SeveralEjectedSix,
        "more than one side has ejected six marbles",
    );

    // Four players: Black ejected one of the other team's, but it is Black's own team's
    // (Black's) marble that was lost.
    let four = abalone::Setup {
        black: cells("A1"),
        white: cells("B1"),
        red: Some(cells("C1")),
        green: Some(cells("D1")),
        turn: Colour::Black,
        captured: Captured::of_counts(&[1, 0, 0, 0]),
        ejected: Some(Captured::of_counts(&[1, 0, 0, 0])),
        ..abalone::Setup::default()
    };
    let err = four.into_game::<4>().unwrap_err();
    assert_eq!(
        err.problems(),
        &[
            P::TeamEjected {
                seats: 4,
                team: Team(0),
                ejected: 1,
                lost: 0
            },
            P::TeamEjected {
                seats: 4,
                team: Team(1),
                ejected: 0,
                lost: 1
            },
        ]
    );
    assert_eq!(
        err.to_string(),
        "invalid Abalone position: team Black+Red ejected 1 marbles, but the other team lost 0; \
         team White+Green ejected 0 marbles, but the other team lost 1"
    );

    // Four players: White+Green ejected six, but White is to move, so Black moved last.
    let four = abalone::Setup {
        black: cells("A1"),
        white: cells("B1"),
        red: Some(cells("C1")),
        green: Some(cells("D1")),
        turn: Colour::White,
        captured: Captured::of_counts(&[6, 0, 0, 0]),
        ejected: Some(Captured::of_counts(&[0, 6, 0, 0])),
        ..abalone::Setup::default()
    };
    check(
        four.into_game::<4>().unwrap_err(),
        P::SixEjectedNotLast {
            seats: 4,
            team: Team(1),
            last: Colour::Black,
        },
        "White+Green has ejected six marbles, but Black moved last: the game ended on the \
         ejecting move",
    );

    let both = abalone::Setup {
        black: cells("A1"),
        white: cells("I5"),
        turn: Colour::Black,
        captured: Captured::two(6, 6),
        ..abalone::Setup::default()
    };
    check(
        both.into_position().unwrap_err(),
        P::BothLostSix,
        "both sides have lost six marbles",
    );
    let limit = abalone::Setup {
        black: cells("A1"),
        white: cells("I5"),
        turn: Colour::Black,
        ply: 10,
        move_limit: Some(70_000),
        ..abalone::Setup::default()
    };
    check(
        limit.into_position().unwrap_err(),
        P::MoveLimit { limit: 70_000 },
        "move limit 70000 is out of range (1..=65535)",
    );
}

#[test]
fn abalone_text_problems_name_the_field_row_and_character() {
    use abalone::SyntaxProblem as S;

    let text = |t: &str| t.to_owned();
    for (input, problem, message) in [
        (
            "",
            S::FieldCount { found: 0 },
            "expected at least 3 fields (board, turn, captured), found 0",
        ),
        (
            "5/6/7/8/9/8/7/6 b 0-0",
            S::Rows { found: 8 },
            "field 1: the board has 8 rows, expected 9 (I down to A)",
        ),
        (
            "5/6/7/8/9/8/7/6/6 b 0-0",
            S::RowTooLong {
                row: 'A',
                cells: 5,
                at: 1,
            },
            "field 1: row A is longer than its 5 cells (at character 1)",
        ),
        // A sixth marble on row A: off the board.
        (
            "5/6/7/8/9/8/7/6/bbbbbb b 0-0",
            S::RowTooLong {
                row: 'A',
                cells: 5,
                at: 6,
            },
            "field 1: row A is longer than its 5 cells (at character 6)",
        ),
        (
            "5/6/7/8/9/8/7/6/4 b 0-0",
            S::RowLength {
                row: 'A',
                covers: 4,
                cells: 5,
            },
            "field 1: row A covers 4 cells, expected 5",
        ),
        (
            "5/6/7/8/9/8/7/6/4x b 0-0",
            S::Character {
                row: 'A',
                at: 2,
                found: 'x',
            },
            "field 1: row A, character 2: 'x' is not b, w, r, g, y, p or a count 1..9",
        ),
        (
            "5/6/7/8/9/8/7/6/5 x 0-0",
            S::Colour {
                field: 2,
                text: text("x"),
            },
            "field 2 (turn): \"x\" is not a colour (b, w, r, g, y or p)",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 00",
            S::Counts {
                field: 3,
                text: text("00"),
            },
            "field 3 (captured): \"00\" should be one count per player (2, 3, 4 or 6) like 0-2",
        ),
        (
            "5/6/7/8/9/8/7/6/5 white 0-0-0-0-0",
            S::Counts {
                field: 3,
                text: text("0-0-0-0-0"),
            },
            "field 3 (captured): \"0-0-0-0-0\" should be one count per player (2, 3, 4 or 6) \
             like 0-2",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0--1",
            S::Number {
                field: 3,
                text: text(""),
            },
            "field 3 (captured): \"\" is not a number",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0-0 foo",
            S::UnknownField {
                field: 4,
                text: text("foo"),
            },
            "field 4: \"foo\" is not ply=N, limit=N, timeout=C or ejected=N-N-...",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0-0 limit=3 ply=2 limit=4",
            S::RepeatedField {
                field: 6,
                key: "limit",
                first: 4,
            },
            "field 6: limit= given a second time (first in field 4)",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0-0 timeout=b timeout=w",
            S::RepeatedField {
                field: 5,
                key: "timeout",
                first: 4,
            },
            "field 5: timeout= given a second time (first in field 4)",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0-0 ply=x",
            S::Number {
                field: 4,
                text: text("x"),
            },
            "field 4: \"x\" is not a number",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0-0 limit=1234567890",
            S::Number {
                field: 4,
                text: text("1234567890"),
            },
            "field 4: \"1234567890\" is not a number",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0-0 timeout=q",
            S::Colour {
                field: 4,
                text: text("q"),
            },
            "field 4: \"q\" is not a colour (b, w, r, g, y or p)",
        ),
        (
            "5/6/7/8/9/8/7/6/4r b 0-0",
            S::MarbleWithoutCount {
                colour: Colour::Red,
                cell: cell("A5"),
                players: 2,
            },
            "field 1: Red marble on A5, but field 3 gives counts for 2 players",
        ),
        (
            "5/6/7/8/9/8/7/6/5 b 0-0-0 ejected=1-1",
            S::EjectedCounts {
                field: 4,
                found: 2,
                players: 3,
            },
            "field 4: 2 ejected counts for 3 players",
        ),
    ] {
        let err = input.parse::<abalone::Setup>().unwrap_err();
        assert_eq!(
            err.problems(),
            &[abalone::SetupProblem::Syntax(problem.clone())],
            "{input:?}"
        );
        assert_eq!(problem.to_string(), message);
        assert_eq!(
            err.to_string(),
            format!("invalid Abalone position: {message}")
        );
    }
}

#[test]
fn abalone_refusals_carry_the_move() {
    let mut start = Abalone::new(Layout::Standard).unwrap();
    // a1b2 moves three marbles here; the same move said with two does not fit.
    let two = Move::in_line(cell("A1"), Direction::NE, 2, 0).unwrap();
    let err = start.play(two).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::Shape {
            mv: two,
            marbles: 3,
            pushed: 0
        }
    );
    assert_eq!(
        err.to_string(),
        "a1b2 moves 3 marbles pushing 0 here, but the move says 2 pushing 0"
    );
    // Hand-built notation that parsing never gives: C3 is no neighbour of A1; A1-A5 is no
    // line of 2 or 3.
    for (notation, message) in [
        (
            Notation::InLine {
                trailing: cell("A1"),
                to: cell("C3"),
            },
            "a1c3 does not describe a move",
        ),
        (
            Notation::Broadside {
                first: cell("A1"),
                last: cell("A5"),
                to: cell("B1"),
            },
            "a1a5b1 does not describe a move",
        ),
    ] {
        let err = start.resolve(&notation).unwrap_err();
        assert_eq!(err, IllegalMove::Malformed(notation));
        assert_eq!(err.to_string(), message);
    }
}

// ---------------------------------------------------------------------------------------
// Backgammon

fn start_setup() -> backgammon::Setup {
    backgammon::Setup::of(&Backgammon::new())
}

#[test]
fn backgammon_setups_report_every_problem_by_kind() {
    use backgammon::SetupProblem as P;

    let check = |err: backgammon::SetupError, problems: &[P], message: &str| {
        assert_eq!(err.problems(), problems, "{err}");
        for p in problems {
            assert!(err.contains(p));
        }
        assert_eq!(
            err.to_string(),
            format!("invalid backgammon position: {message}")
        );
    };

    // Sixteen checkers for X: a sixth on its 6-point.
    let mut s = start_setup();
    s.board[5] += 1;
    check(
        s.into_position().unwrap_err(),
        &[P::CheckerCount {
            side: Side::X,
            total: 16,
        }],
        "X has 16 checkers (board + bar + off), expected 15",
    );

    // Both sides on the bar is a position, but not with all their other checkers still on
    // the board: one more each, sixteen each.
    let mut s = start_setup();
    s.bar = [1, 1];
    check(
        s.into_position().unwrap_err(),
        &[
            P::CheckerCount {
                side: Side::X,
                total: 16,
            },
            P::CheckerCount {
                side: Side::O,
                total: 16,
            },
        ],
        "X has 16 checkers (board + bar + off), expected 15; O has 16 checkers (board + bar + \
         off), expected 15",
    );

    // Counts that do not fit, bad dice and cube: every one reported (the totals are not
    // checked on a board that cannot be built).
    let mut s = start_setup();
    s.board[0] = 16;
    s.board[1] = -16;
    s.bar = [16, 0];
    s.off = [0, 16];
    s.dice = Some([7, 0]);
    s.cube = 3;
    let counts = [
        P::PointCount {
            point: 1,
            count: 16,
        },
        P::PointCount {
            point: 2,
            count: -16,
        },
        P::BarCount {
            side: Side::X,
            count: 16,
        },
        P::OffCount {
            side: Side::O,
            count: 16,
        },
    ];
    let counts_message = "point 1: 16 checkers; point 2: -16 checkers; X has 16 on the bar; O \
                          has 16 borne off";
    check(s.to_board().unwrap_err(), &counts, counts_message);
    assert_eq!(
        s.to_string(),
        format!("invalid (invalid backgammon position: {counts_message})")
    );
    let mut all = counts.to_vec();
    all.push(P::Dice { dice: [7, 0] });
    all.push(P::Cube { value: 3 });
    check(
        s.into_position().unwrap_err(),
        &all,
        &format!(
            "{counts_message}; dice 7-0: each die is 1 to 6; cube value 3 is not a power of two"
        ),
    );

    // X's 15 on its 1-point, O's on its 24-point: the same point. And the cube.
    let mut b = Board::EMPTY;
    b.set_count(Side::X, 1, 15);
    b.set_count(Side::O, 24, 15);
    check(
        Backgammon::from_parts(b, Side::X, None, 3).unwrap_err(),
        &[P::SharedPoint { point: 1 }, P::Cube { value: 3 }],
        "point 1 (X's numbering) holds checkers of both sides; cube value 3 is not a power of \
         two",
    );
    assert_eq!(
        b.problems(),
        vec![P::SharedPoint { point: 1 }],
        "Board::problems lists the board's own problems"
    );

    let mut b = Board::EMPTY;
    b.set_count(Side::X, 0, 15);
    b.set_count(Side::O, 0, 15);
    check(
        Backgammon::from_parts(b, Side::X, None, 1).unwrap_err(),
        &[P::BothBorneOff],
        "both sides have borne off all checkers",
    );
    assert_eq!(
        Backgammon::from_position_id("AAAAAAAAAAAAAA", Side::X)
            .unwrap_err()
            .to_string(),
        "bad Position ID \"AAAAAAAAAAAAAA\": both sides have borne off all checkers"
    );
}

#[test]
fn backgammon_text_problems() {
    use backgammon::SetupProblem as P;
    use backgammon::SyntaxProblem as S;

    let err = "XGID=junk".parse::<backgammon::Setup>().unwrap_err();
    let [P::Syntax(S::Id(id))] = err.problems() else {
        panic!("{err:?}");
    };
    assert_eq!((id.kind, id.text.as_str()), ("XGID", "XGID=junk"));
    assert_eq!(
        err.to_string(),
        "invalid backgammon position: bad XGID \"XGID=junk\": 1 fields, expected 10"
    );
    let err = "XGID=-b----E-C---eE---c-e----BB:0:0:1:31:0:0:0:0:10"
        .parse::<backgammon::Setup>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid backgammon position: bad XGID \
         \"XGID=-b----E-C---eE---c-e----BB:0:0:1:31:0:0:0:0:10\": X has 17 checkers"
    );
    let err = "{\"board\": 1}".parse::<backgammon::Setup>().unwrap_err();
    #[cfg(feature = "serde")]
    {
        assert!(
            matches!(err.problems(), [P::Syntax(S::Json { .. })]),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "invalid backgammon position: neutral JSON: invalid type: integer `1`, expected an \
             array of length 24 at line 1 column 11"
        );
    }
    // Without the serde feature a JSON position is refused as such.
    #[cfg(not(feature = "serde"))]
    assert!(
        matches!(err.problems(), [P::Syntax(S::JsonUnsupported)]),
        "{err:?}"
    );
    let expected = S::Expected {
        text: "abc".to_owned(),
        expected: "a gnubg ID, PositionID:MatchID",
    };
    assert_eq!(
        backgammon::SetupError::from(expected).to_string(),
        "invalid backgammon position: \"abc\": expected a gnubg ID, PositionID:MatchID"
    );
}

#[test]
fn backgammon_refusals_carry_the_play_the_dice_and_the_legal_plays() {
    let d31 = Dice::new(3, 1).unwrap();
    let mut pos = Backgammon::new();
    pos.apply_chance(d31).unwrap();
    let legal = pos.plays(d31).to_vec();
    assert_eq!(legal.len(), 16);
    let hint = "legal: 24/23 24/21, 24/20, 24/21 8/7, 24/21 6/5, 24/23 13/10, 13/9, 13/10 8/7, \
                13/10 6/5, 24/23 8/5, 8/7 8/5, ...";

    // Notation resolved against the position: 24/18 needs a 6.
    let Err(MoveError::Illegal(err)) = pos.parse_move("24/18") else {
        panic!("24/18 is refused");
    };
    assert_eq!(
        err,
        IllegalPlay::NotLegal {
            play: "24/18".parse().unwrap(),
            dice: d31,
            legal: legal.clone(),
        }
    );
    assert_eq!(
        err.to_string(),
        format!("24/18 is not a legal play with 31 here; {hint}")
    );
    let Err(MoveError::Illegal(err)) = pos.parse_move("pass") else {
        panic!("pass is refused");
    };
    assert_eq!(
        err.to_string(),
        format!("pass is not a legal play with 31 here; {hint}")
    );

    // A play of another roll, and a hand-built play no roll makes: the play as given.
    let other = Backgammon::new().plays(Dice::new(6, 5).unwrap())[0];
    let err = pos.play(other).unwrap_err();
    assert!(
        matches!(&err, IllegalPlay::NotLegal { play, dice, legal: l }
            if *play == PlayNotation::of(&other) && *dice == d31 && *l == legal)
    );
    assert_eq!(
        err.to_string(),
        format!("24/13 is not a legal play with 31 here; {hint}")
    );
    let bogus = Play::from_steps(&[(3, 5), (25, 0)], 1 << 5);
    assert_eq!(
        pos.play(bogus).unwrap_err().to_string(),
        format!("bar/off 3/5* is not a legal play with 31 here; {hint}")
    );

    // Ten legal plays shown, then "...".
    let d66 = Dice::new(6, 6).unwrap();
    let mut pos66 = Backgammon::new();
    pos66.apply_chance(d66).unwrap();
    assert_eq!(
        pos66.parse_move("24/18(4)").unwrap_err().to_string(),
        "illegal move: 24/18(4) is not a legal play with 66 here; legal: 24/18(2) 13/7(2), \
         24/18(2) 13/7 8/2, 24/18(2) 8/2(2), 24/18 13/7(3), 24/18 13/7(2) 8/2, 24/18 13/7 \
         8/2(2), 24/18 8/2(3), 13/7(4), 13/7(3) 8/2, 13/7(2) 8/2(2), ..."
    );

    // The roll comes once.
    let err = pos.apply_chance(Dice::new(1, 1).unwrap()).unwrap_err();
    assert_eq!(err, IllegalPlay::AlreadyRolled(d31));
    assert_eq!(err.to_string(), "the dice have already been rolled (31)");

    // Hand-worked: O blots on X's 18 and 20, X's checker on 24 with 6-4: "24/14" may hit
    // either.
    let mut board = [0i8; 24];
    board[23] = 1;
    board[17] = -1;
    board[19] = -1;
    board[5] = 14;
    board[0] = -13;
    let pos = backgammon::Setup {
        board,
        bar: [0, 0],
        off: [0, 0],
        turn: Side::X,
        dice: Some([6, 4]),
        cube: 1,
    }
    .into_position()
    .unwrap();
    let Err(MoveError::Illegal(err)) = pos.parse_move("24/14") else {
        panic!("24/14 is ambiguous");
    };
    let IllegalPlay::Ambiguous {
        play,
        dice,
        candidates,
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!(play.to_string(), "24/14");
    assert_eq!(*dice, Dice::new(6, 4).unwrap());
    let names: Vec<String> = candidates.iter().map(Play::to_string).collect();
    assert_eq!(names, ["24/18*/14", "24/20*/14"]);
    assert_eq!(
        err.to_string(),
        "24/14 is ambiguous with 64: it could be 24/18*/14, 24/20*/14"
    );
}

/// `Dice::new` says which die is outside 1..=6 (the first one, when both are), with the
/// dice as `a-b`, a spelling the dice parser reads.
#[test]
fn backgammon_dice_new_names_the_die_out_of_range() {
    assert_eq!(Dice::new(1, 3), "31".parse::<Dice>());
    for (a, b, die, value, message) in [
        (
            0,
            3,
            1,
            0,
            "bad dice: \"0-3\": die 1 is 0, each die is 1 to 6",
        ),
        (
            4,
            7,
            2,
            7,
            "bad dice: \"4-7\": die 2 is 7, each die is 1 to 6",
        ),
        (
            9,
            0,
            1,
            9,
            "bad dice: \"9-0\": die 1 is 9, each die is 1 to 6",
        ),
    ] {
        let err = Dice::new(a, b).unwrap_err();
        assert_eq!(err.problem, DiceProblem::OutOfRange { die, value });
        assert_eq!(err.text, format!("{a}-{b}"));
        assert_eq!(err.to_string(), message);
    }
}

#[test]
fn backgammon_dice_and_notation_problems() {
    for (text, problem, message) in [
        (
            "",
            DiceProblem::NotTwo,
            "bad dice: \"\": expected two dice like 31 or 3-1",
        ),
        (
            "123",
            DiceProblem::NotTwo,
            "bad dice: \"123\": expected two dice like 31 or 3-1",
        ),
        (
            "37",
            DiceProblem::NotADie('7'),
            "bad dice: \"37\": '7' is not a die (1-6)",
        ),
        (
            "3x",
            DiceProblem::NotADie('x'),
            "bad dice: \"3x\": 'x' is not a die (1-6)",
        ),
        (
            "0-1",
            DiceProblem::NotADie('0'),
            "bad dice: \"0-1\": '0' is not a die (1-6)",
        ),
    ] {
        let err = text.parse::<Dice>().unwrap_err();
        assert_eq!((err.text.as_str(), err.problem), (text, problem));
        assert_eq!(err.to_string(), message);
    }

    use NotationProblem as N;
    for (text, at, problem, what) in [
        (
            "",
            0,
            N::Empty,
            "empty; write a play like 24/18 13/11, or pass",
        ),
        (
            "  ",
            0,
            N::Empty,
            "empty; write a play like 24/18 13/11, or pass",
        ),
        (",", 0, N::NoMove, "no move written"),
        ("13/", 3, N::EndsWithSlash, "a move ends with '/'"),
        ("13*/", 4, N::EndsWithSlash, "a move ends with '/'"),
        (
            "/13",
            0,
            N::SlashWithoutPoint,
            "'/' without a point before it",
        ),
        ("*", 0, N::StarWithoutPoint, "'*' must follow a point"),
        ("13/7 *", 5, N::StarWithoutPoint, "'*' must follow a point"),
        ("(2)", 0, N::CountWithoutMove, "'(' must follow a move"),
        (
            "13(2)",
            2,
            N::CountWithinMove,
            "'(' must follow a whole move like 13/7",
        ),
        ("13/7(", 4, N::MissingParenthesis, "missing ')'"),
        (
            "13/7(x)",
            5,
            N::CountNotANumber,
            "expected a count 1-4 in (n)",
        ),
        (
            "13/7(9)",
            5,
            N::CountOutOfRange { count: 9 },
            "a move repeats 1 to 4 times",
        ),
        (
            "26/20",
            0,
            N::PointOutOfRange { point: 26 },
            "points are 0 (off) to 25 (bar)",
        ),
        ("x", 0, N::UnexpectedCharacter('x'), "unexpected character"),
        (
            "13/7(2)/5",
            8,
            N::AfterCount,
            "nothing may follow (n) in a move",
        ),
        ("0/5", 0, N::FromOff, "a move cannot start from off"),
        ("13/off/2", 7, N::AfterOff, "nothing may follow off"),
        ("13/25", 3, N::ToBar, "a move cannot go to the bar"),
        (
            "13/15",
            3,
            N::Backwards,
            "a move goes from a higher point to a lower one",
        ),
        (
            "24/23/22/21/20/19",
            15,
            N::TooManyPoints,
            "too many points in one move",
        ),
        (
            "13 7",
            2,
            N::NoDestination,
            "a move needs a source and a destination, like 13/7",
        ),
        (
            "24/23(4) 13/12(4) 6/5(4) 8/7(4) 20/19",
            37,
            N::TooManySteps,
            "too many moves",
        ),
        (
            "24/23 22/21 20/19 18/17 16/15",
            29,
            N::TooManyMoves,
            "more than four moves",
        ),
    ] {
        let err = text.parse::<PlayNotation>().unwrap_err();
        assert_eq!((err.at, err.problem), (at, problem), "{text:?}");
        assert_eq!(
            err.to_string(),
            format!("bad play notation {text:?} at byte {at}: {what}")
        );
    }
}
