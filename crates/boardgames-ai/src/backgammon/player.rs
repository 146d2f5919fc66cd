//! The network as a player of the core's checker game.

use boardgames_core::backgammon::{Backgammon, Play};
use boardgames_core::player::Player;
use boardgames_core::Game;

use super::net::Network;

/// Plays the network's choice with the dice rolled: the play after which the other side, on
/// roll, has the lowest cubeless equity (0-ply: every distinct play once); the first of equal
/// plays in the move generator's order. A play that ends the game comes first.
///
/// ```
/// use boardgames_ai::backgammon::{Network, NetworkPlayer};
/// use boardgames_core::backgammon::{Backgammon, Dice};
/// use boardgames_core::player::Player;
///
/// let mut pos = Backgammon::new();
/// pos.set_dice(Some(Dice::new(3, 1)?));
/// let mut player = NetworkPlayer::new(Network::shipped());
/// // The classic 31 opening: make the 5-point.
/// assert_eq!(player.choose(&pos).unwrap().to_string(), "8/5 6/5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct NetworkPlayer<'a> {
    net: &'a Network,
}

impl<'a> NetworkPlayer<'a> {
    /// The player of `net`.
    #[must_use]
    pub fn new(net: &'a Network) -> NetworkPlayer<'a> {
        NetworkPlayer { net }
    }

    /// The value of playing `play` at `pos` ([`Network::play_value`]).
    fn score(&self, pos: &Backgammon, play: &Play) -> f32 {
        self.net.play_value(pos.after(play).board(), pos.side())
    }
}

impl Player<Backgammon> for NetworkPlayer<'_> {
    fn name(&self) -> String {
        format!("network ({} hidden units, 0-ply)", self.net.hidden())
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
