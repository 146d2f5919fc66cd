//! Abalone for three, four and six players (seed 004): hand-worked positions that each test one
//! rule, the conformance kit on every multi-player layout, perft regression values, the
//! position string and JSON with more colours, and proptest invariants (marble conservation per
//! colour).
//!
//! Boards are described row by row in the comments: `@` Black (seat 0), `O` White (1), `X` Red
//! (2), `#` Green (3), `+` Yellow (4), `*` Purple (5), `.` empty. With four players the teams
//! are Black + Red against White + Green; with six, Black + Red + Yellow against White + Green
//! + Purple.

use boardgames_core::abalone::{
    Abalone, Abalone3, Abalone4, Abalone6, Captured, Cell, Colour, Direction, EndReason,
    IllegalMove, Layout, LayoutError, Move, Position, Setup,
};
use boardgames_core::conformance::{check_position, check_random_games, check_serde, Report};
use boardgames_core::search::perft;
use boardgames_core::{Game, GameResult, Seat, Team, Turn};
use proptest::prelude::*;

use crate::common::abalone::all_candidates;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn cells(s: &str) -> Vec<Cell> {
    s.split_whitespace().map(cell).collect()
}

/// A setup of `lists.len()` players: each seat's cells, the colour to move, marbles lost per
/// colour and ejected per seat.
fn setup(lists: &[&str], turn: Colour, lost: &[u32], ejected: &[u32]) -> Setup {
    let extra = |i: usize| lists.get(i).map(|l| cells(l));
    Setup {
        black: cells(lists[0]),
        white: cells(lists[1]),
        red: extra(2),
        green: extra(3),
        yellow: extra(4),
        purple: extra(5),
        turn,
        captured: Captured::of_counts(lost),
        ejected: Some(Captured::of_counts(ejected)),
        ..Setup::default()
    }
}

/// A position with nothing ejected yet.
fn game<const N: usize>(lists: [&str; N], turn: Colour) -> Position<N> {
    game_with(lists, turn, [0; N], [0; N])
}

/// A position with marbles lost per colour and ejected per seat.
fn game_with<const N: usize>(
    lists: [&str; N],
    turn: Colour,
    lost: [u32; N],
    ejected: [u32; N],
) -> Position<N> {
    setup(&lists, turn, &lost, &ejected)
        .into_game()
        .unwrap_or_else(|e| panic!("{lists:?}: {e}"))
}

/// The in-line move from `tail` towards `to` (a neighbour), with the counts it has here.
fn in_line<const N: usize>(p: &Position<N>, tail: &str, to: &str) -> Result<Move, IllegalMove> {
    let (dir, _) = cell(tail).line_to(cell(to)).unwrap();
    p.in_line_move(cell(tail), dir)
}

/// Plays moves given in notation; panics on an illegal one.
fn play<const N: usize>(p: &mut Position<N>, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}\n{p}"));
        p.play(mv).unwrap();
    }
}

fn counts(mv: Move) -> (usize, usize) {
    (mv.marbles(), mv.pushed())
}

// ---------------------------------------------------------------------------------------------
// Three players: each for themselves.
// ---------------------------------------------------------------------------------------------

#[test]
fn three_players_two_push_one_as_usual() {
    // Row E: E4 @  E5 @  E6 O  E7 .   Black (seat 0) to move; Red elsewhere (A1).
    let mut p = game::<3>(["E4 E5", "E6", "A1"], Colour::Black);
    let mv = in_line(&p, "E4", "E5").unwrap();
    assert_eq!(counts(mv), (2, 1));
    p.play(mv).unwrap();
    // Row E after: E5 @  E6 @  E7 O.
    assert_eq!(p.at(cell("E7")), Some(Colour::White));
    assert_eq!(
        p.marbles(Colour::Black).iter().collect::<Vec<_>>(),
        cells("E5 E6")
    );
}

#[test]
fn three_push_two_marbles_of_different_colours() {
    // Seed 004: "Tři kameny stejné barvy mohou přetlačit 2 kameny různých barev."
    // Row E: E3 @  E4 @  E5 @  E6 O  E7 X  E8 .   Black to move.
    let mut p = game::<3>(["E3 E4 E5", "E6", "E7"], Colour::Black);
    let mv = in_line(&p, "E3", "E4").unwrap();
    assert_eq!(counts(mv), (3, 2));
    p.play(mv).unwrap();
    // Row E after: E4 @ E5 @ E6 @ E7 O E8 X: each pushed marble keeps its colour.
    assert_eq!(p.at(cell("E7")), Some(Colour::White));
    assert_eq!(p.at(cell("E8")), Some(Colour::Red));
    assert_eq!(p.at(cell("E3")), None);
}

#[test]
fn three_push_two_colours_over_the_edge_ejects_the_last() {
    // Row E: E5 @  E6 @  E7 @  E8 O  E9 X |edge.   Black to move: Red's E9 falls off.
    let mut p = game::<3>(["E5 E6 E7", "E8", "E9"], Colour::Black);
    play(&mut p, "e5e6");
    assert_eq!(p.lost(Colour::Red), 1);
    assert_eq!(p.lost(Colour::White), 0);
    assert_eq!(p.ejected_by(Colour::Black), 1);
    assert_eq!(p.at(cell("E9")), Some(Colour::White));
}

#[test]
fn three_against_three_of_two_colours_is_pac() {
    // Row E: E2 @ E3 @ E4 @ E5 O E6 X E7 O E8 .   3 against 3: no sumito.
    let p = game::<3>(["E2 E3 E4", "E5 E7", "E6"], Colour::Black);
    assert_eq!(
        in_line(&p, "E2", "E3"),
        Err(IllegalMove::NoSumito {
            marbles: 3,
            opponents: 3
        })
    );
}

#[test]
fn an_opponent_behind_the_other_opponent_counts_against_the_pusher() {
    // Row E: E4 @ E5 @ E6 O E7 X E8 .   2 against 2 (one of each opponent): pac.
    let p = game::<3>(["E4 E5", "E6", "E7"], Colour::Black);
    assert_eq!(
        in_line(&p, "E4", "E5"),
        Err(IllegalMove::NoSumito {
            marbles: 2,
            opponents: 2
        })
    );
}

#[test]
fn three_players_own_marble_behind_blocks_the_push() {
    // Row E: E3 @ E4 @ E5 @ E6 X E7 @   Black's own E7 right behind Red's E6.
    let p = game::<3>(["E3 E4 E5 E7", "A1", "E6"], Colour::Black);
    assert_eq!(
        in_line(&p, "E3", "E4"),
        Err(IllegalMove::PushBlocked(cell("E7")))
    );
}

#[test]
fn the_turn_passes_round_the_table_in_seat_order() {
    // Three lone marbles far apart; each moves one step east in turn.
    let mut p = game::<3>(["A1", "C1", "E1"], Colour::Black);
    let mut seats = Vec::new();
    for m in ["a1a2", "c1c2", "e1e2", "a2a3"] {
        let Turn::Seat(s) = p.turn() else {
            panic!("no seat to move")
        };
        seats.push(s.0);
        play(&mut p, m);
    }
    assert_eq!(seats, [0, 1, 2, 0]);
    assert_eq!(p.side_to_move(), Colour::White);
}

#[test]
fn each_player_keeps_their_own_ejected_count() {
    // Seed 004: "Každý hráč opatruje odděleně kameny, které sám vytlačil."
    // Row E: E7 @ E8 @ E9 X|   row A: A3 O A4 O A5 X|   Red also on I9.
    // Black ejects Red's E9, White ejects Red's A5: Red lost two, one to each.
    let mut p = game::<3>(["E7 E8", "A3 A4", "E9 A5 I9"], Colour::Black);
    play(&mut p, "e7e8 a3a4 i9i8");
    assert_eq!(p.lost(Colour::Red), 2);
    assert_eq!(p.ejected_by(Colour::Black), 1);
    assert_eq!(p.ejected_by(Colour::White), 1);
    assert_eq!(p.ejected_by(Colour::Red), 0);
}

#[test]
fn three_players_the_first_to_eject_six_wins() {
    // Black has ejected 5 (3 White, 2 Red), White 0, Red 0. Row E: E7 @ E8 @ E9 O|.
    let mut p = game_with::<3>(
        ["E7 E8 A1", "E9 I9", "C1 C2"],
        Colour::Black,
        [0, 3, 2],
        [5, 0, 0],
    );
    play(&mut p, "e7e8");
    assert_eq!(p.end_reason(), Some(EndReason::SixEjected));
    assert_eq!(p.winning_team(), Some(Team(0)));
    let o = p.outcome().unwrap();
    assert_eq!(
        o.result,
        GameResult::Win {
            winner: Team(0),
            points: 1
        }
    );
    assert_eq!(&o.scores[..], [6, 0, 0]);
    assert!(p.moves().is_empty());
}

#[test]
fn three_players_six_in_total_is_not_a_win() {
    // White has ejected 3, Red 2, Black 0; Black ejects one: 6 ejected in all, but nobody has
    // six of their own, so the game goes on.
    let mut p = game_with::<3>(
        ["E7 E8 A1", "E9 I9", "C1 C2"],
        Colour::Black,
        [2, 2, 1],
        [0, 3, 2],
    );
    play(&mut p, "e7e8");
    assert_eq!(p.end_reason(), None);
    assert_eq!(p.ejected_by(Colour::Black), 1);
    assert_eq!(p.turn(), Turn::Seat(Seat(1)));
}

#[test]
fn three_players_time_out_the_most_ejected_wins_a_tie_at_the_top_draws() {
    let base = ["E5", "A1", "I9"];
    // Ejected 1, 2, 0: White leads alone.
    let mut p = game_with::<3>(base, Colour::Red, [1, 1, 1], [1, 2, 0]);
    p.time_out(Colour::White).unwrap();
    assert_eq!(p.winning_team(), Some(Team(1)));
    // Ejected 2, 2, 0: two players share the top: a draw.
    let mut q = game_with::<3>(base, Colour::Red, [1, 1, 2], [2, 2, 0]);
    q.time_out(Colour::Red).unwrap();
    assert_eq!(q.outcome().unwrap().result, GameResult::Draw);
    assert_eq!(q.end_reason(), Some(EndReason::TimeOut(Colour::Red)));
}

#[test]
fn three_players_broadside_needs_empty_cells() {
    // Row E: E4 @ E5 @; row D: D4 O D5 .   (SE of E4 is D4, SE of E5 is D5.)
    let p = game::<3>(["E4 E5", "D4", "I9"], Colour::Black);
    assert_eq!(
        p.parse_move("e4e5d4").map_err(|e| e.to_string()),
        Err("illegal move: broadside destination D4 is not empty".to_owned())
    );
    // North-west (F4, F5) is free.
    assert!(p.parse_move("e4e5f4").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Four players: Black + Red (seats 0, 2) against White + Green (1, 3).
// ---------------------------------------------------------------------------------------------

#[test]
fn a_line_may_go_on_through_a_partners_marble() {
    // Seed 004: "Je možno posunovat kameny spoluhráčů, jako by byly vlastní."
    // Row E: E3 @ E4 X E5 .   Black to move: E3 and Red's E4 move east together.
    let mut p = game::<4>(["E3", "A1", "E4", "I9"], Colour::Black);
    let mv = in_line(&p, "E3", "E4").unwrap();
    assert_eq!(counts(mv), (2, 0));
    p.play(mv).unwrap();
    assert_eq!(p.at(cell("E4")), Some(Colour::Black));
    assert_eq!(p.at(cell("E5")), Some(Colour::Red));
}

#[test]
fn a_line_starting_with_a_partners_marble_is_refused() {
    // Seed 004: "Vždy však musí posun začínat vlastním kamenem."
    // Row E: E3 X E4 @ E5 @ E6 .   Black to move: a line with its trailing marble on Red's
    // E3 is refused, though E4 E5 alone may move.
    let p = game::<4>(["E4 E5", "A1", "E3", "I9"], Colour::Black);
    assert_eq!(
        in_line(&p, "E3", "E4"),
        Err(IllegalMove::PartnerTail(cell("E3")))
    );
    assert!(p.parse_move("e3e4").is_err());
    assert!(!p.moves().iter().any(|m| m.tail() == cell("E3")));
    assert_eq!(counts(in_line(&p, "E4", "E5").unwrap()), (2, 0));
}

#[test]
fn a_broadside_move_with_a_partners_marble_is_refused() {
    // Seed 004: "Pro boční posun lze použít pouze vlastní kameny."
    // Row E: E4 @ E5 X; rows D and F empty. Black's e4e5f4 (both north-west) is refused.
    let p = game::<4>(["E4", "A1", "E5", "I9"], Colour::Black);
    assert_eq!(
        p.parse_move("e4e5f4").map_err(|e| e.to_string()),
        Err(format!(
            "illegal move: {}",
            IllegalMove::PartnerBroadside(cell("E5"))
        ))
    );
    // With two of Black's own marbles the same broadside is legal.
    let q = game::<4>(["E4 E5", "A1", "C1", "I9"], Colour::Black);
    assert!(q.parse_move("e4e5f4").is_ok());
}

#[test]
fn a_line_with_a_partner_pushes_by_its_whole_length() {
    // Row E: E3 @ E4 X E5 O E6 .   2 (Black + Red) against 1 (White): sumito.
    let mut p = game::<4>(["E3", "E5", "E4", "I9"], Colour::Black);
    let mv = in_line(&p, "E3", "E4").unwrap();
    assert_eq!(counts(mv), (2, 1));
    p.play(mv).unwrap();
    assert_eq!(p.at(cell("E6")), Some(Colour::White));
    assert_eq!(p.at(cell("E5")), Some(Colour::Red));
}

#[test]
fn a_mixed_line_of_the_other_team_is_pushed() {
    // Row E: E2 @ E3 @ E4 X E5 O E6 # E7 .   3 (Black, Black, Red) against 2 (White, Green).
    let mut p = game::<4>(["E2 E3", "E5", "E4", "E6"], Colour::Black);
    let mv = in_line(&p, "E2", "E3").unwrap();
    assert_eq!(counts(mv), (3, 2));
    p.play(mv).unwrap();
    assert_eq!(p.at(cell("E6")), Some(Colour::White));
    assert_eq!(p.at(cell("E7")), Some(Colour::Green));
    assert_eq!(p.at(cell("E5")), Some(Colour::Red));
}

#[test]
fn a_partners_marble_behind_the_pushed_ones_blocks() {
    // Row E: E3 @ E4 @ E5 @ E6 O E7 X   Red (Black's partner) right behind White's E6.
    let p = game::<4>(["E3 E4 E5", "E6", "E7", "I9"], Colour::Black);
    assert_eq!(
        in_line(&p, "E3", "E4"),
        Err(IllegalMove::PushBlocked(cell("E7")))
    );
}

#[test]
fn a_partners_marble_ahead_is_never_pushed_it_moves_with_the_line() {
    // Row E: E4 @ E5 @ E6 X E7 .   3 in-line moving (not a sumito).
    let p = game::<4>(["E4 E5", "A1", "E6", "I9"], Colour::Black);
    assert_eq!(counts(in_line(&p, "E4", "E5").unwrap()), (3, 0));
}

#[test]
fn four_in_a_row_with_partners_cannot_move_from_the_tail() {
    // Row E: E3 @ E4 @ E5 X E6 X E7 .
    let p = game::<4>(["E3 E4", "A1", "E5 E6", "I9"], Colour::Black);
    assert_eq!(
        in_line(&p, "E3", "E4"),
        Err(IllegalMove::TooManyMarbles(cell("E3")))
    );
}

#[test]
fn a_partners_marble_may_not_be_moved_off_the_board() {
    // Row E: E8 @ E9 X |edge.
    let p = game::<4>(["E8", "A1", "E9", "I5"], Colour::Black);
    assert_eq!(
        in_line(&p, "E8", "E9"),
        Err(IllegalMove::OwnMarbleOff(cell("E9")))
    );
}

#[test]
fn two_against_a_mixed_two_of_the_other_team_is_pac() {
    // Row E: E4 @ E5 X E6 O E7 # E8 .
    let p = game::<4>(["E4", "E6", "E5", "E7"], Colour::Black);
    assert_eq!(
        in_line(&p, "E4", "E5"),
        Err(IllegalMove::NoSumito {
            marbles: 2,
            opponents: 2
        })
    );
}

#[test]
fn the_team_count_follows_the_rules() {
    // Rules (seed 004): three players each for themselves; four players two teams of two;
    // six players two teams of three.
    let three = game::<3>(["A1", "C1", "E1"], Colour::Black);
    let four = game::<4>(["A1", "C1", "E1", "G3"], Colour::Black);
    let six = game::<6>(["A1", "C1", "E1", "G3", "I5", "E9"], Colour::Black);
    assert_eq!(Game::team_count(&three), 3);
    assert_eq!(Game::team_count(&four), 2);
    assert_eq!(Game::team_count(&six), 2);
}

#[test]
fn four_players_the_turn_goes_round_all_four_seats() {
    let mut p = game::<4>(["A1", "C1", "E1", "G3"], Colour::Black);
    play(&mut p, "a1a2 c1c2 e1e2 g3g4");
    assert_eq!(p.side_to_move(), Colour::Black);
    assert_eq!(p.ply(), 4);
    assert_eq!(p.team_of(Seat(2)), Team(0));
    assert_eq!(p.team_of(Seat(3)), Team(1));
}

#[test]
fn a_team_wins_at_six_ejected_by_its_players_together() {
    // Seed 004: "vytlačit ven z hrací desky 6 kamenů soupeřícího týmu."
    // Black has ejected 2, Red 3 (team 5). Row E: E7 @ E8 @ E9 #|. Black ejects Green's E9:
    // Black 3 + Red 3 = 6, the team wins though neither player has six.
    let mut p = game_with::<4>(
        ["E7 E8", "A1", "C1", "E9"],
        Colour::Black,
        [0, 2, 0, 3],
        [2, 0, 3, 0],
    );
    play(&mut p, "e7e8");
    assert_eq!(p.end_reason(), Some(EndReason::SixEjected));
    assert_eq!(p.team_ejected(Team(0)), 6);
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Team(0)));
    assert_eq!(&o.scores[..], [3, 0, 3, 0]);
}

#[test]
fn four_players_time_out_compares_the_teams_not_the_players() {
    // Red alone has ejected the most (3), but White + Green have 4 against Black + Red's 3.
    let mut p = game_with::<4>(
        ["E5", "A1", "C1", "I9"],
        Colour::Black,
        [2, 1, 2, 2],
        [0, 2, 3, 2],
    );
    p.time_out(Colour::Black).unwrap();
    assert_eq!(p.winning_team(), Some(Team(1)));
    assert_eq!(p.outcome().unwrap().winner(), Some(Team(1)));
}

#[test]
fn four_players_move_limit_with_equal_teams_is_a_draw() {
    let mut p = game_with::<4>(
        ["E5", "A1", "C1", "I9"],
        Colour::Black,
        [1, 1, 0, 0],
        [1, 1, 0, 0],
    );
    p.set_move_limit(Some(1));
    play(&mut p, "e5e6");
    assert_eq!(p.end_reason(), Some(EndReason::MoveLimit));
    assert_eq!(p.outcome().unwrap().result, GameResult::Draw);
}

#[test]
fn the_ejection_is_credited_to_the_mover_not_the_partner() {
    // Row E: E7 @ E8 X E9 O|. Black's line (with Red) ejects White's E9: Black scores.
    let mut p = game::<4>(["E7", "E9", "E8", "A1"], Colour::Black);
    play(&mut p, "e7e8");
    assert_eq!(p.ejected_by(Colour::Black), 1);
    assert_eq!(p.ejected_by(Colour::Red), 0);
    assert_eq!(p.lost(Colour::White), 1);
}

// ---------------------------------------------------------------------------------------------
// Six players: Black + Red + Yellow (seats 0, 2, 4) against White + Green + Purple (1, 3, 5).
// ---------------------------------------------------------------------------------------------

#[test]
fn six_players_a_line_through_two_partners() {
    // Row E: E3 @ E4 X E5 + E6 .   Black, Red and Yellow are one team.
    let mut p = game::<6>(["E3", "A1", "E4", "I9", "E5", "C1"], Colour::Black);
    let mv = in_line(&p, "E3", "E4").unwrap();
    assert_eq!(counts(mv), (3, 0));
    p.play(mv).unwrap();
    assert_eq!(p.at(cell("E6")), Some(Colour::Yellow));
    assert_eq!(p.at(cell("E5")), Some(Colour::Red));
}

#[test]
fn six_players_three_of_three_colours_push_two_of_two_colours() {
    // Row E: E2 @ E3 X E4 + E5 O E6 * E7 .
    let mut p = game::<6>(["E2", "E5", "E3", "I9", "E4", "E6"], Colour::Black);
    let mv = in_line(&p, "E2", "E3").unwrap();
    assert_eq!(counts(mv), (3, 2));
    p.play(mv).unwrap();
    assert_eq!(p.at(cell("E7")), Some(Colour::Purple));
    assert_eq!(p.at(cell("E6")), Some(Colour::White));
}

#[test]
fn six_players_broadside_with_a_partner_is_refused() {
    // Row E: E4 @ E5 +; Black tries e4e5d4 (south-east).
    let p = game::<6>(["E4", "A1", "C1", "I9", "E5", "G9"], Colour::Black);
    assert!(p.parse_move("e4e5d4").is_err());
    assert!(!p.moves().iter().any(|m| m.is_broadside()));
}

#[test]
fn six_players_the_team_of_three_wins_at_six() {
    // Yellow (seat 4) to move; Black 2 + Red 2 + Yellow 1 = 5. Row E: E7 + E8 + E9 *|.
    let mut p = game_with::<6>(
        ["A1", "A5", "C1", "I9", "E7 E8", "E9"],
        Colour::Yellow,
        [0, 2, 0, 2, 0, 1],
        [2, 0, 2, 0, 1, 0],
    );
    play(&mut p, "e7e8");
    assert_eq!(p.end_reason(), Some(EndReason::SixEjected));
    assert_eq!(p.winning_team(), Some(Team(0)));
    assert_eq!(p.lost(Colour::Purple), 2);
}

#[test]
fn six_players_the_turn_passes_through_all_six_seats() {
    let mut p = game::<6>(["A1", "C1", "E1", "G3", "I5", "E9"], Colour::Black);
    play(&mut p, "a1a2 c1c2 e1e2 g3g4 i5i6 e9e8");
    assert_eq!(p.side_to_move(), Colour::Black);
    assert_eq!(
        (0..6).map(|s| p.team_of(Seat(s)).0).collect::<Vec<_>>(),
        [0, 1, 0, 1, 0, 1]
    );
}

// ---------------------------------------------------------------------------------------------
// General rules with every player count.
// ---------------------------------------------------------------------------------------------

#[test]
fn at_most_three_marbles_move_with_three_players() {
    // Row E: E2 @ E3 @ E4 @ E5 @ E6 .
    let p = game::<3>(["E2 E3 E4 E5", "A1", "I9"], Colour::Black);
    assert_eq!(
        in_line(&p, "E2", "E3"),
        Err(IllegalMove::TooManyMarbles(cell("E2")))
    );
}

#[test]
fn no_own_marble_off_the_board_with_six_players() {
    // Row E: E9 @|edge.
    let p = game::<6>(["E9", "A1", "C1", "I9", "G3", "A5"], Colour::Black);
    assert_eq!(
        in_line(&p, "E9", "E8").map(counts),
        Ok((1, 0)),
        "west is fine"
    );
    assert_eq!(
        p.in_line_move(cell("E9"), Direction::E),
        Err(IllegalMove::OwnMarbleOff(cell("E9")))
    );
}

#[test]
fn a_gap_means_no_contact_and_no_push_with_four_players() {
    // Row E: E3 @ E4 @ E5 @ E6 . E7 O   The line moves into E6 and touches E7 without pushing.
    let mut p = game::<4>(["E3 E4 E5", "E7", "A1", "I9"], Colour::Black);
    let mv = in_line(&p, "E3", "E4").unwrap();
    assert_eq!(counts(mv), (3, 0));
    p.play(mv).unwrap();
    assert_eq!(p.at(cell("E7")), Some(Colour::White));
}

#[test]
fn a_single_marble_never_pushes_with_three_players() {
    // Row E: E4 @ E5 X.
    let p = game::<3>(["E4", "A1", "E5"], Colour::Black);
    assert_eq!(
        in_line(&p, "E4", "E5"),
        Err(IllegalMove::NoSumito {
            marbles: 1,
            opponents: 1
        })
    );
}

#[test]
fn a_push_needs_an_empty_cell_or_the_edge_behind_in_a_team_game() {
    // Row E: E3 @ E4 X E5 @ E6 O E7 #: 3 (Black, Red, Black) against 2 (White, Green), E8 free.
    // Then the same with a third opposing marble on E8: 3 against 3, pac.
    let p = game::<4>(["E3 E5", "E6", "E4", "E7"], Colour::Black);
    assert_eq!(counts(in_line(&p, "E3", "E4").unwrap()), (3, 2));
    let q = game::<4>(["E3 E5", "E6 E8", "E4", "E7"], Colour::Black);
    assert_eq!(
        in_line(&q, "E3", "E4"),
        Err(IllegalMove::NoSumito {
            marbles: 3,
            opponents: 3
        })
    );
}

#[test]
fn a_finished_multi_player_game_refuses_moves() {
    let mut p = game_with::<3>(
        ["E7 E8 A1", "E9 I9", "C1 C2"],
        Colour::Black,
        [0, 3, 2],
        [5, 0, 0],
    );
    play(&mut p, "e7e8");
    assert_eq!(p.turn(), Turn::Over);
    assert_eq!(
        p.parse_move("i9i8").map_err(|e| e.to_string()),
        Err("illegal move: the game is over".to_owned())
    );
}

// ---------------------------------------------------------------------------------------------
// Layouts, perft, formats.
// ---------------------------------------------------------------------------------------------

/// perft(1..3) from each multi-player layout. Regression values of this implementation; an
/// independent cell-by-cell count agreed on all of them. The depth-1 counts, by hand:
///
/// * three players (Black I5-I9, H4-H9; row G and F3-F8 empty): 12 single-marble moves (each
///   H marble to south-east and south-west), 10 in-line pairs (I(n) H(n) south-east, I(n)
///   H(n-1) south-west, n = 5..9), 18 broadsides of row H into row G (5 pairs and 4 triples,
///   each south-east or south-west); rows cannot move along themselves (the edge, or 4+ in a
///   row): 12 + 10 + 10 + 8 = 40.
/// * four players (Black G5 G6 H5 H6 H7 I5 I6 I7 I8): singles I5 1, I8 2, H5 2, H7 2, G5 3,
///   G6 3 = 13; in-line pairs 11 (row I east from I7; row H H6 east and west; row G both
///   ways; south-west H6, H7, I6; south-east H5, H6, I7) and triples 7 (I6 east, H5 east, H7
///   west, south-west from I7 and I8, south-east from I5 and I6); broadside pairs 9 (G5G6
///   SE/SW, G6H7 E/SE, H7I8 E/SE, G5H5 W/SW, H5I5 SW) and triples 3 (G6H7I8 E/SE, G5H5I5
///   SW): 13 + 11 + 7 + 9 + 3 = 43.
/// * four players in rows (Black H4-H7, I5-I8): singles 11 (H4, H5, H6 two each, H7 three,
///   I8 two), in-line pairs 9 (H6 and I7 east, three south-east, four south-west), triples 2
///   (H5 and I6 east), broadside pairs 8 (three row-H pairs into row G, both ways; H7I8 E
///   and SE) and triples 4 (two row-H triples, both ways): 11 + 9 + 2 + 8 + 4 = 34.
/// * six players (Black G6 H6 H7 I6 I7 I8): singles I6 2, I8 2, H6 2, H7 2, G6 4 = 12;
///   in-line pairs 8 and triples 4 (row I east and west, row H both ways, the two south-west
///   and two south-east diagonals); broadside pairs 8 (G6H7, H7I8, G6H6, H6I6, each two
///   ways) and triples 4 (G6H7I8 E/SE, G6H6I6 W/SW): 12 + 8 + 4 + 8 + 4 = 36.
const PERFT: [(Layout, [u64; 3]); 4] = [
    (Layout::ThreePlayers, [40, 1_587, 62_440]),
    (Layout::FourPlayers, [43, 1_696, 71_767]),
    (Layout::FourPlayersRows, [34, 1_101, 36_992]),
    (Layout::SixPlayers, [36, 1_172, 37_678]),
];

fn perft_of<const N: usize>(layout: Layout, depth: u32) -> u64 {
    let p = Position::<N>::new(layout).unwrap();
    perft(&p, depth)
}

#[test]
fn perft_from_each_multi_player_layout() {
    for (layout, expected) in PERFT {
        for (depth, &want) in (1..=3).zip(expected.iter()) {
            let got = match layout.players() {
                3 => perft_of::<3>(layout, depth),
                4 => perft_of::<4>(layout, depth),
                _ => perft_of::<6>(layout, depth),
            };
            assert_eq!(got, want, "{layout} depth {depth}");
        }
    }
}

#[test]
fn positions_stay_small() {
    // The two-player position is as small as before the seats were generalised.
    assert_eq!(
        core::mem::size_of::<boardgames_core::abalone::Abalone>(),
        48
    );
    assert!(core::mem::size_of::<Abalone6>() <= 128);
}

#[test]
fn a_layout_for_another_player_count_is_refused() {
    assert_eq!(
        Abalone4::new(Layout::SixPlayers),
        Err(LayoutError::Players {
            layout: Layout::SixPlayers,
            players: 4
        })
    );
    assert!(Abalone6::new(Layout::SixPlayers).is_ok());
    assert!(Abalone::new(Layout::ThreePlayers).is_err());
    assert!(Abalone3::new(Layout::Standard).is_err());
    assert_eq!(
        Abalone3::start(),
        Abalone3::new(Layout::ThreePlayers).unwrap()
    );
    assert_eq!(Abalone4::start().marbles(Colour::Green).count(), 9);
}

#[test]
fn the_position_string_names_every_colour() {
    let p = Abalone3::start();
    let text = p.to_setup().to_string();
    assert_eq!(
        text,
        "bbbbb/bbbbbb/7/r6w/rr5ww/rr4ww/rr3ww/rr2ww/rr1ww b 0-0-0"
    );
    assert_eq!(Abalone3::from_text(&text), Ok(p));
    // A game under way: Black pushed Red twice, White is to move.
    let q = game_with::<3>(["E5", "A1", "I9"], Colour::White, [1, 0, 2], [2, 1, 0]);
    let text = q.to_setup().to_string();
    assert_eq!(text, "4r/6/7/8/4b4/8/7/6/w4 w 1-0-2 ejected=2-1-0");
    assert_eq!(Abalone3::from_text(&text), Ok(q));
}

#[test]
fn strings_for_another_player_count_are_refused_with_a_reason() {
    let three = "bbbbb/bbbbbb/7/r6w/rr5ww/rr4ww/rr3ww/rr2ww/rr1ww b 0-0-0";
    let err = Abalone4::from_text(three).unwrap_err().to_string();
    assert!(err.contains("4-player"), "{err}");
    for (text, needle) in [
        // A Green marble in a three-player string.
        ("4g/6/7/8/4b4/8/7/6/w4 b 0-0-0", "Green"),
        // Ejected counts that do not add up to the captured ones.
        ("4r/6/7/8/4b4/8/7/6/w4 b 0-0-1", "ejected"),
        // Red to move in a two-player string.
        ("5/6/7/8/4b4/8/7/6/w4 r 0-0", "plays no seat"),
        // Five counts: no five-player game.
        ("5/6/7/8/4b4/8/7/6/w4 b 0-0-0-0-0", "2, 3, 4 or 6"),
    ] {
        let err = match text.parse::<Setup>() {
            Err(e) => e.to_string(),
            Ok(s) => match s.players() {
                2 => s.into_game::<2>().map(|_| ()),
                3 => s.into_game::<3>().map(|_| ()),
                4 => s.into_game::<4>().map(|_| ()),
                _ => s.into_game::<6>().map(|_| ()),
            }
            .unwrap_err()
            .to_string(),
        };
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn json_names_every_colour_and_reads_back() {
    let q = game_with::<4>(
        ["E5", "A1", "I9", "C1"],
        Colour::Green,
        [0, 1, 0, 0],
        [0, 0, 1, 0],
    );
    let json = serde_json::to_string(&q).unwrap();
    assert_eq!(
        json,
        r#"{"black":["E5"],"white":["A1"],"red":["I9"],"green":["C1"],"turn":"green","captured":{"black":0,"white":1,"red":0,"green":0},"ejected":{"black":0,"white":0,"red":1,"green":0}}"#
    );
    assert_eq!(serde_json::from_str::<Abalone4>(&json).unwrap(), q);
    assert!(serde_json::from_str::<Abalone3>(&json).is_err());
    assert_eq!(
        q.to_setup().canonical_string(),
        r#"{"black":["E5"],"captured":{"black":0,"green":0,"red":0,"white":1},"ejected":{"black":0,"green":0,"red":1,"white":0},"green":["C1"],"red":["I9"],"turn":"green","white":["A1"]}"#
    );
}

// ---------------------------------------------------------------------------------------------
// Conformance kit and invariants.
// ---------------------------------------------------------------------------------------------

fn conformance<const N: usize>(layout: Layout, seed: u64) -> Report {
    let start = Position::<N>::new(layout).unwrap();
    let candidates = all_candidates();
    let report = check_random_games(&start, 3, 400, seed, |_| candidates.clone())
        .unwrap_or_else(|e| panic!("{layout}: {e}"));
    check_serde(&start).unwrap();
    report
}

#[test]
fn the_conformance_kit_passes_for_three_four_and_six_players() {
    for layout in Layout::ALL.into_iter().filter(|l| l.players() > 2) {
        let report = match layout.players() {
            3 => conformance::<3>(layout, 3),
            4 => conformance::<4>(layout, 4),
            _ => conformance::<6>(layout, 6),
        };
        assert!(report.moves > 10_000, "{layout}: {report:?}");
        assert!(report.refused > 100_000, "{layout}: {report:?}");
    }
}

#[test]
fn the_conformance_kit_passes_on_the_hand_worked_positions() {
    let candidates = all_candidates();
    let mut report = Report::default();
    let p = game::<4>(["E2 E3", "E5", "E4", "E6"], Colour::Black);
    check_position(&p, &candidates, &mut report).unwrap();
    check_serde(&p).unwrap();
    let q = game::<3>(["E3 E4 E5", "E6", "E7"], Colour::Black);
    check_position(&q, &candidates, &mut report).unwrap();
    let r = game::<6>(["E2", "E5", "E3", "I9", "E4", "E6"], Colour::Black);
    check_position(&r, &candidates, &mut report).unwrap();
    assert_eq!(report.positions, 3);
}

/// Checks marble conservation per colour and the ejected bookkeeping of a position reached
/// from `layout`.
fn conserved<const N: usize>(p: &Position<N>, start: &Position<N>) -> Result<(), TestCaseError> {
    let mut lost_total = 0;
    for &c in &Colour::SEATS[..N] {
        prop_assert_eq!(
            p.marbles(c).count() + p.lost(c),
            start.marbles(c).count(),
            "{:?}",
            c
        );
        lost_total += p.lost(c);
    }
    let ejected_total: usize = Colour::SEATS[..N].iter().map(|&c| p.ejected_by(c)).sum();
    prop_assert_eq!(lost_total, ejected_total);
    let mut all = boardgames_core::abalone::Bitboard::EMPTY;
    for &c in &Colour::SEATS[..N] {
        prop_assert!(all.intersection(p.marbles(c)).is_empty());
        all = all.union(p.marbles(c));
    }
    Ok(())
}

fn random_game<const N: usize>(layout: Layout, choices: &[u16]) -> Result<(), TestCaseError> {
    let start = Position::<N>::new(layout).unwrap();
    let mut p = start;
    for &k in choices {
        let moves = p.moves();
        if moves.is_empty() {
            break;
        }
        let before = p;
        p.play(moves[usize::from(k) % moves.len()]).unwrap();
        conserved(&p, &start)?;
        prop_assert_eq!(p.ply(), before.ply() + 1);
        let next = (before.side_to_move() as usize + 1) % N;
        prop_assert_eq!(p.side_to_move(), Colour::SEATS[next]);
        prop_assert_eq!(Position::<N>::from_text(&p.to_setup().to_string()), Ok(p));
    }
    Ok(())
}

/// A random position of `N` players: `picks` assign cells (index into the 61 cells) to seats,
/// at most the layout count per seat, first come first served.
fn random_position<const N: usize>(picks: &[(usize, usize)], turn: usize) -> Position<N> {
    let all: Vec<Cell> = Cell::all().collect();
    let mut lists: Vec<Vec<Cell>> = vec![Vec::new(); N];
    let mut used = Vec::new();
    for &(c, s) in picks {
        let (cell, seat) = (all[c % all.len()], s % N);
        if !used.contains(&cell)
            && lists[seat].len() < boardgames_core::abalone::marbles_per_seat(N)
        {
            used.push(cell);
            lists[seat].push(cell);
        }
    }
    let names: Vec<String> = lists
        .iter()
        .map(|l| {
            l.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    setup(&refs, Colour::SEATS[turn % N], &[0; N], &[0; N])
        .into_game()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_validator_accepts_exactly_the_generated_moves_in_random_positions(
        picks in prop::collection::vec((0usize..61, 0usize..6), 10..50),
        turn in 0usize..6,
    ) {
        let candidates = all_candidates();
        let mut report = Report::default();
        let p3 = random_position::<3>(&picks, turn);
        check_position(&p3, &candidates, &mut report).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let p4 = random_position::<4>(&picks, turn);
        check_position(&p4, &candidates, &mut report).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let p6 = random_position::<6>(&picks, turn);
        check_position(&p6, &candidates, &mut report).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }

    #[test]
    fn marbles_are_conserved_per_colour(choices in prop::collection::vec(any::<u16>(), 0..300)) {
        random_game::<3>(Layout::ThreePlayers, &choices)?;
        random_game::<4>(Layout::FourPlayers, &choices)?;
        random_game::<4>(Layout::FourPlayersRows, &choices)?;
        random_game::<6>(Layout::SixPlayers, &choices)?;
    }

    #[test]
    fn multi_player_parsers_never_panic(text in "[bwrgyp1-9/]{0,40} [bwrgyp] [0-9-]{0,12}( ejected=[0-9-]{0,12})?") {
        if let Ok(setup) = text.parse::<Setup>() {
            let _ = setup.clone().into_game::<3>();
            let _ = setup.clone().into_game::<4>();
            let _ = setup.into_game::<6>();
        }
    }
}
