//! The computer's player of a money game or match: [`ComputerPlayer`].
//!
//! The computer plays its checkers with the network of `boardgames-ai`
//! ([`NetworkPlayer`] over [`Network::shipped`]: the play after which the opponent's
//! cubeless equity is lowest); its other decisions follow a few plain rules on the race,
//! measured by the pip counts:
//!
//! * **Doubling.** Only when the rules allow it ([`Match::can_double`]: before rolling, the
//!   cube centred or its own, not in the Crawford game), never in a match when winning the
//!   game at the current cube already wins it the match (the double would only help the
//!   opponent), and only when it leads the race by at least 10% of its own pip count.
//! * **Taking.** It takes unless the position is hopeless: it drops when the doubler leads the
//!   race by more than 25% of the doubler's pip count. It always takes when dropping would lose
//!   the match anyway.
//! * **Resignations.** It accepts an offer that gives it everything it could still win: a
//!   single game once the resigning side has borne off a checker, a gammon once the
//!   resigning side has no checker left on the bar or in the computer's home board, a
//!   backgammon always. It rejects smaller offers.
//! * It never offers to resign itself.

use boardgames_ai::backgammon::{Network, NetworkPlayer};
use boardgames_core::backgammon::{Backgammon, Board, Match, MatchAction, Phase, Side, WinKind};
use boardgames_core::player::Player;

/// The computer's player of a [`Match`]: at the cube decisions and resignations it follows
/// the pip-count rules of the module docs ([`doubles`], [`takes`], [`accepts`]); with the dice
/// rolled it plays the network's play ([`NetworkPlayer`]), the same every time in the same
/// position. It never resigns.
#[derive(Clone, Debug)]
pub struct ComputerPlayer {
    plays: NetworkPlayer<'static>,
}

impl ComputerPlayer {
    /// The player of the shipped network.
    pub fn new() -> ComputerPlayer {
        ComputerPlayer {
            plays: NetworkPlayer::new(Network::shipped()),
        }
    }
}

impl Default for ComputerPlayer {
    fn default() -> ComputerPlayer {
        ComputerPlayer::new()
    }
}

impl Player<Match> for ComputerPlayer {
    fn name(&self) -> String {
        "network plays, pip-count cube".to_owned()
    }

    /// The decision at `m` of the side to act; `None` when no side is to act (chance, or the
    /// session is over).
    fn choose(&mut self, m: &Match) -> Option<MatchAction> {
        match m.phase() {
            Phase::ToRoll if m.can_double() => Some(if doubles(m) {
                MatchAction::Double
            } else {
                MatchAction::Roll
            }),
            Phase::DoubleOffered => Some(if takes(m) {
                MatchAction::Take
            } else {
                MatchAction::Drop
            }),
            Phase::ResignationOffered { kind, by, .. } => Some(if accepts(m, by, kind) {
                MatchAction::Accept
            } else {
                MatchAction::Reject
            }),
            Phase::ToPlay => {
                Player::<Backgammon>::choose(&mut self.plays, m.position()).map(MatchAction::Play)
            }
            _ => None,
        }
    }
}

/// The pip counts of the side on roll and of its opponent.
fn pips(m: &Match) -> (u32, u32) {
    let pos = m.position();
    let side = pos.side();
    let board = pos.board();
    (board.pip_count(side), board.pip_count(side.other()))
}

/// Whether `lead` pips ahead is at least `percent` % of `own` pips.
fn leads_by(lead: i64, own: u32, percent: i64) -> bool {
    lead > 0 && lead * 100 >= i64::from(own) * percent
}

/// Whether the computer, on roll in `m`, doubles now.
pub fn doubles(m: &Match) -> bool {
    if !m.can_double() {
        return false;
    }
    let length = u32::from(m.rules().length);
    let own_score = u32::from(m.score()[m.position().side().index()]);
    if length > 0 && own_score + u32::from(m.cube_value()) >= length {
        return false;
    }
    let (own, theirs) = pips(m);
    leads_by(i64::from(theirs) - i64::from(own), own, 10)
}

/// Whether the computer, doubled in `m` (the side on roll doubled it), takes.
pub fn takes(m: &Match) -> bool {
    let doubler = m.position().side();
    let rules = m.rules();
    if rules.length > 0 {
        let after_drop = u32::from(m.score()[doubler.index()]) + u32::from(m.cube_value());
        if after_drop >= u32::from(rules.length) {
            return true;
        }
    }
    let (doubler_pips, taker_pips) = pips(m);
    let lead = i64::from(taker_pips) - i64::from(doubler_pips);
    !(lead > 0 && lead * 100 > i64::from(doubler_pips) * 25)
}

/// The largest win the opponent of `loser` could still score on `board`.
pub fn largest_possible_win(board: &Board, loser: Side) -> WinKind {
    if board.off(loser) > 0 {
        return WinKind::Single;
    }
    // The loser's own points 19..=24 are the winner's home board.
    let back = board.bar(loser) > 0 || (19..=24).any(|p| board.count(loser, p) > 0);
    if back {
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    }
}

/// Whether the computer accepts the resignation of `kind` that `resigner` offers in `m` (the
/// computer is the other side).
pub fn accepts(m: &Match, resigner: Side, kind: WinKind) -> bool {
    kind >= largest_possible_win(m.position().board(), resigner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::backgammon::{GameState, MatchId};
    use boardgames_core::Game;

    /// X on roll before its roll, cube 1 centred, in a race given by each side's (own point,
    /// checkers), the rest borne off; `length` 0 is a money game (Jacoby on).
    fn race(
        x_points: &[(usize, u8)],
        o_points: &[(usize, u8)],
        length: u16,
        score: [u16; 2],
    ) -> Match {
        let mut b = Board::EMPTY;
        let mut on = [0u8; 2];
        for &(p, n) in x_points {
            b.set_count(Side::X, p, n);
            on[0] += n;
        }
        for &(p, n) in o_points {
            b.set_count(Side::O, p, n);
            on[1] += n;
        }
        b.set_count(Side::X, 0, 15 - on[0]);
        b.set_count(Side::O, 0, 15 - on[1]);
        let pos = Backgammon::from_parts(b, Side::X, None, 1).expect("valid race");
        let mut id = MatchId::money(Side::X, None);
        id.state = GameState::Playing;
        id.match_length = length;
        id.score = score;
        id.jacoby = length == 0;
        Match::from_ids(&pos.position_id(), &id.encode()).expect("IDs")
    }

    #[test]
    fn doubles_with_a_clear_race_lead_only() {
        // Hand-worked: X has 10 checkers on its 1-point and 5 borne off (10 pips); O has 15
        // on its 2-point (30 pips): X leads by 20 pips, far above 10% of 10.
        let m = race(&[(1, 10)], &[(2, 15)], 0, [0, 0]);
        assert!(m.can_double());
        assert!(doubles(&m));
        // Even race: 15 on the 2-point each (30 pips each): no double.
        let m = race(&[(2, 15)], &[(2, 15)], 0, [0, 0]);
        assert!(!doubles(&m));
    }

    #[test]
    fn no_double_when_the_game_already_wins_the_match() {
        // Match to 5: at 2-0 a won game at cube 1 gives 3 points, so the lead is doubled; at
        // 4-0 (after the Crawford game) any win gives the match: no double, though legal.
        let m = race(&[(1, 10)], &[(2, 15)], 5, [2, 0]);
        assert!(doubles(&m));
        let m = race(&[(1, 10)], &[(2, 15)], 5, [4, 0]);
        assert!(m.can_double());
        assert!(!doubles(&m));
    }

    #[test]
    fn takes_unless_hopeless() {
        // X (doubler, on roll) 10 pips against O's 30: O trails by 200% of 10: drop.
        let m = race(&[(1, 10)], &[(2, 15)], 0, [0, 0]);
        assert!(!takes(&m));
        // X 30 pips, O 32 (14 on the 2-point, 1 on the 4-point): lead 2 = 6.7%: take.
        let m = race(&[(2, 15)], &[(2, 14), (4, 1)], 0, [0, 0]);
        assert!(takes(&m));
        // Hopeless, but X at 4 of 5 wins the match by the drop: take.
        let m = race(&[(1, 10)], &[(2, 15)], 5, [4, 0]);
        assert!(takes(&m));
    }

    #[test]
    fn the_player_decides_by_the_same_rules_and_never_resigns() {
        let mut player = ComputerPlayer::new();
        // X leads the race by far: it doubles, and O (hopeless) drops.
        let mut m = race(&[(1, 10)], &[(2, 15)], 0, [0, 0]);
        assert_eq!(player.choose(&m), Some(MatchAction::Double));
        m.play(MatchAction::Double).expect("legal");
        assert_eq!(player.choose(&m), Some(MatchAction::Drop));
        // An even race: X rolls; with the dice it plays one of the plays, not a resignation.
        let mut m = race(&[(2, 15)], &[(2, 15)], 0, [0, 0]);
        assert_eq!(player.choose(&m), Some(MatchAction::Roll));
        m.play(MatchAction::Roll).expect("legal");
        m.apply_chance(m.parse_chance("21").expect("dice"))
            .expect("a roll");
        let dice = m.position().dice().expect("rolled");
        for _ in 0..20 {
            match player.choose(&m) {
                Some(MatchAction::Play(p)) => assert!(m.position().plays(dice).contains(&p)),
                other => panic!("{other:?}"),
            }
        }
        // X offers a single game with O still able to be gammoned: O rejects; a gammon: O
        // accepts.
        let m = race(&[(2, 15)], &[(2, 15)], 0, [0, 0]);
        for (kind, answer) in [
            (WinKind::Single, MatchAction::Reject),
            (WinKind::Gammon, MatchAction::Accept),
        ] {
            let mut offered = m.clone();
            offered.play(MatchAction::Resign(kind)).expect("legal");
            assert_eq!(player.choose(&offered), Some(answer));
        }
        // Chance to act: no decision.
        assert_eq!(player.choose(&Match::new(m.rules())), None);
    }

    #[test]
    fn resignations_accepted_only_at_full_value() {
        let mut b = Board::EMPTY;
        // O (resigning) has borne off nothing, one checker on its 20-point (X's home board).
        b.set_count(Side::O, 20, 1);
        b.set_count(Side::O, 1, 14);
        b.set_count(Side::X, 0, 14);
        b.set_count(Side::X, 1, 1);
        assert_eq!(largest_possible_win(&b, Side::O), WinKind::Backgammon);
        b.set_count(Side::O, 20, 0);
        b.set_count(Side::O, 1, 15);
        assert_eq!(largest_possible_win(&b, Side::O), WinKind::Gammon);
        b.set_count(Side::O, 1, 14);
        b.set_count(Side::O, 0, 1);
        assert_eq!(largest_possible_win(&b, Side::O), WinKind::Single);
    }
}
