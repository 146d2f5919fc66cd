//! Players of the core's games: the network of the checker game, pubeval and any player
//! made cubeless of the money game or match.

use boardgames_core::backgammon::{Backgammon, Match, MatchAction, Phase, Play};
use boardgames_core::player::Player;
use boardgames_core::Game;

use super::nets::{Networks, PositionClass};
use super::play::CheckerPlayer;
use super::pubeval::PubEval;

/// Plays the network's choice with the dice rolled: the play after which the other side, on
/// roll, has the lowest cubeless equity (0-ply: every distinct play once); the first of equal
/// plays in the move generator's order. A play that ends the game comes first.
///
/// ```
/// use boardgames_ai::backgammon::{NetworkPlayer, Networks};
/// use boardgames_core::backgammon::{Backgammon, Dice};
/// use boardgames_core::player::Player;
///
/// let mut pos = Backgammon::new();
/// pos.set_dice(Some(Dice::new(3, 1)?));
/// let mut player = NetworkPlayer::new(Networks::shipped());
/// // The classic 31 opening: make the 5-point.
/// assert_eq!(player.choose(&pos).unwrap().to_string(), "8/5 6/5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct NetworkPlayer<'a> {
    net: &'a Networks,
}

impl<'a> NetworkPlayer<'a> {
    /// The player of `net`.
    #[must_use]
    pub fn new(net: &'a Networks) -> NetworkPlayer<'a> {
        NetworkPlayer { net }
    }

    /// The value of playing `play` at `pos` ([`Network::play_value`]).
    fn score(&self, pos: &Backgammon, play: &Play) -> f32 {
        self.net.play_value(pos.after(play).board(), pos.side())
    }
}

impl Player<Backgammon> for NetworkPlayer<'_> {
    fn name(&self) -> String {
        format!(
            "network ({} hidden units, 0-ply)",
            self.net.get(PositionClass::Contact).hidden()
        )
    }

    /// `None` before the dice are rolled or once the game is over.
    fn choose(&mut self, pos: &Backgammon) -> Option<Play> {
        pos.dice()?;
        if pos.is_over() {
            return None;
        }
        let mut plays = Default::default();
        pos.legal_moves(&mut plays);
        let mut best: Option<(f32, Play)> = None;
        for play in &plays {
            let s = self.score(pos, play);
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, *play));
            }
        }
        best.map(|(_, p)| p)
    }
}

/// Tesauro's pubeval as a player of a money game or match, the benchmark opponent: its
/// checker plays ([`PubEval`]'s best score, [`CheckerPlayer`]), and no cube skill at all: it
/// never doubles, always takes, rejects every resignation and never resigns.
impl Player<Match> for PubEval {
    fn name(&self) -> String {
        "pubeval".to_owned()
    }

    fn choose(&mut self, m: &Match) -> Option<MatchAction> {
        match m.phase() {
            Phase::ToRoll if m.can_double() => Some(MatchAction::Roll),
            Phase::DoubleOffered => Some(MatchAction::Take),
            Phase::ResignationOffered { .. } => Some(MatchAction::Reject),
            Phase::ToPlay => {
                let pos = m.position();
                let dice = pos.dice()?;
                let after = CheckerPlayer::choose(self, pos.board(), pos.side(), dice);
                let plays = pos.plays(dice);
                plays
                    .iter()
                    .find(|p| *pos.after(p).board() == after)
                    .or(plays.first())
                    .map(|p| MatchAction::Play(*p))
            }
            _ => None,
        }
    }
}

/// A player of a money game or match with the cube taken away: it rolls where it could
/// double and takes every double (the other side never doubles either when it is also
/// `Cubeless`), so that a session is a cubeless game; its other decisions are `P`'s.
#[derive(Clone, Debug)]
pub struct Cubeless<P>(pub P);

impl<P: Player<Match>> Player<Match> for Cubeless<P> {
    fn name(&self) -> String {
        format!("{} (cubeless)", self.0.name())
    }

    fn choose(&mut self, m: &Match) -> Option<MatchAction> {
        match m.phase() {
            Phase::ToRoll if m.can_double() => Some(MatchAction::Roll),
            Phase::DoubleOffered => Some(MatchAction::Take),
            _ => self.0.choose(m),
        }
    }
}
