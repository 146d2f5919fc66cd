//! One network for each class of position: contact, crashed and race, as GNU Backgammon and
//! most strong programs split them, each position valued by the network of its class.

use boardgames_core::backgammon::{Board, Side};

use super::features::contact;
use super::net::{Network, NetworkError, Outcomes};

/// The class of a position, which chooses the network that values it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PositionClass {
    /// The sides are in contact, neither crashed.
    Contact,
    /// In contact, and a side's position has crashed: [`CRASHED`] or more of its checkers are
    /// borne off or piled on its 1- to 3-points while it still has contact (the end of a back
    /// game or of a long containment), where the usual contact play is wrong.
    Crashed,
    /// No contact: a race.
    Race,
}

/// The checkers borne off or on a side's 1- to 3-points that make its position crashed.
pub const CRASHED: u8 = 8;

impl PositionClass {
    /// The three classes, in the order of a [`Networks`] file.
    pub const ALL: [PositionClass; 3] = [
        PositionClass::Contact,
        PositionClass::Crashed,
        PositionClass::Race,
    ];

    /// The class of `board`.
    ///
    /// ```
    /// use boardgames_ai::backgammon::PositionClass;
    /// use boardgames_core::backgammon::Board;
    ///
    /// assert_eq!(PositionClass::of(&Board::standard()), PositionClass::Contact);
    /// ```
    #[must_use]
    pub fn of(board: &Board) -> PositionClass {
        if !contact(board) {
            return PositionClass::Race;
        }
        let crashed = |side: Side| {
            let p = board.packed(side);
            (0..4).map(|s| (p >> (4 * s)) as u8 & 15).sum::<u8>() >= CRASHED
        };
        if crashed(Side::X) || crashed(Side::O) {
            PositionClass::Crashed
        } else {
            PositionClass::Contact
        }
    }

    /// Its index in [`PositionClass::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            PositionClass::Contact => 0,
            PositionClass::Crashed => 1,
            PositionClass::Race => 2,
        }
    }

    /// Its name: `contact`, `crashed`, `race`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PositionClass::Contact => "contact",
            PositionClass::Crashed => "crashed",
            PositionClass::Race => "race",
        }
    }
}

/// The networks of the three classes of position: what values a position for the engine.
///
/// ```
/// use boardgames_ai::backgammon::{Network, Networks, PositionClass};
/// use boardgames_core::backgammon::{Board, Side};
///
/// let nets = Networks::uniform(Network::random(16, 1).unwrap());
/// let out = nets.evaluate(&Board::standard(), Side::X);
/// assert!((0.0..=1.0).contains(&out.win));
/// assert_eq!(Networks::from_bytes(&nets.to_bytes()).unwrap(), nets);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Networks {
    nets: [Network; 3],
}

/// The magic bytes and the format version of a file of networks.
const MAGIC: &[u8; 4] = b"BGNS";
const VERSION: u32 = 1;

/// The networks shipped with the crate (`weights/backgammon.bgns`: contact, crashed and race
/// networks on the knowledge encoding).
const SHIPPED: &[u8] = include_bytes!("../../weights/backgammon.bgns");

impl Networks {
    /// The networks of contact, crashed and race positions.
    #[must_use]
    pub fn new(contact: Network, crashed: Network, race: Network) -> Networks {
        Networks {
            nets: [contact, crashed, race],
        }
    }

    /// One network for every class.
    #[must_use]
    pub fn uniform(net: Network) -> Networks {
        Networks::new(net.clone(), net.clone(), net)
    }

    /// The networks shipped with the crate, read at the first call; `docs/strength.md` gives
    /// the command, the seed and the time that made them.
    #[must_use]
    pub fn shipped() -> &'static Networks {
        static NETS: std::sync::OnceLock<Networks> = std::sync::OnceLock::new();
        NETS.get_or_init(|| {
            Networks::from_bytes(SHIPPED).expect("the shipped weights are a network file (tested)")
        })
    }

    /// The network of `class`.
    #[must_use]
    pub fn get(&self, class: PositionClass) -> &Network {
        &self.nets[class.index()]
    }

    /// The network of `class`, to train.
    pub fn get_mut(&mut self, class: PositionClass) -> &mut Network {
        &mut self.nets[class.index()]
    }

    /// The network of `board`'s class.
    #[must_use]
    pub fn for_board(&self, board: &Board) -> &Network {
        self.get(PositionClass::of(board))
    }

    /// The chances of `on_roll`, to roll on `board`, by the network of its class.
    #[must_use]
    pub fn evaluate(&self, board: &Board, on_roll: Side) -> Outcomes {
        self.for_board(board).evaluate(board, on_roll)
    }

    /// The value of a play of `mover` that leads to `after` ([`Network::play_value`]), by the
    /// network of its class.
    #[must_use]
    pub fn play_value(&self, after: &Board, mover: Side) -> f32 {
        self.for_board(after).play_value(after, mover)
    }

    /// The networks as a file: `BGNS`, the version (1) as a little-endian `u32`, then for
    /// contact, crashed and race the length of the network's weights file
    /// ([`Network::to_bytes`]) as a little-endian `u32` and the file.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for net in &self.nets {
            let bytes = net.to_bytes();
            out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            out.extend_from_slice(&bytes);
        }
        out
    }

    /// The networks of a file written by [`Networks::to_bytes`], or one network's weights
    /// file ([`Network::from_bytes`]) for every class.
    ///
    /// # Errors
    /// [`NetworkError`]: neither kind of file, or a network in it that does not read.
    pub fn from_bytes(bytes: &[u8]) -> Result<Networks, NetworkError> {
        if bytes.get(..4) != Some(MAGIC.as_slice()) {
            return Network::from_bytes(bytes).map(Networks::uniform);
        }
        let word = |k: usize| -> Result<u32, NetworkError> {
            let w = bytes.get(k..k + 4).ok_or(NetworkError::Length {
                expected: k + 4,
                found: bytes.len(),
            })?;
            Ok(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        };
        let version = word(4)?;
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        let mut at = 8;
        let mut nets = Vec::with_capacity(3);
        for _ in PositionClass::ALL {
            let len = word(at)? as usize;
            let end = (at + 4).saturating_add(len);
            let Some(net) = bytes.get(at + 4..end) else {
                return Err(NetworkError::Length {
                    expected: end,
                    found: bytes.len(),
                });
            };
            nets.push(Network::from_bytes(net)?);
            at = end;
        }
        if at != bytes.len() {
            return Err(NetworkError::Length {
                expected: at,
                found: bytes.len(),
            });
        }
        let [contact, crashed, race]: [Network; 3] =
            nets.try_into().map_err(|_| NetworkError::Magic)?;
        Ok(Networks::new(contact, crashed, race))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_worked_by_hand() {
        let mut race = Board::EMPTY;
        race.set_count(Side::X, 6, 15);
        race.set_count(Side::O, 6, 15);
        assert_eq!(PositionClass::of(&race), PositionClass::Race);
        // X holds O's 1-point (its 24) with two checkers, the rest on its own 1- to 3-points
        // and off: crashed.
        let mut crashed = Board::EMPTY;
        crashed.set_count(Side::X, 24, 2);
        crashed.set_count(Side::X, 1, 4);
        crashed.set_count(Side::X, 2, 3);
        crashed.set_count(Side::X, 0, 6);
        crashed.set_count(Side::O, 6, 10);
        crashed.set_count(Side::O, 8, 5);
        assert_eq!(PositionClass::of(&crashed), PositionClass::Crashed);
        // Seven there: contact.
        crashed.set_count(Side::X, 0, 0);
        crashed.set_count(Side::X, 9, 6);
        assert_eq!(PositionClass::of(&crashed), PositionClass::Contact);
    }

    #[test]
    fn a_file_of_networks_round_trips_and_bad_ones_are_refused() {
        let nets = Networks::new(
            Network::random(4, 1).unwrap(),
            Network::random(5, 2).unwrap(),
            Network::random(6, 3).unwrap(),
        );
        let bytes = nets.to_bytes();
        let back = Networks::from_bytes(&bytes).unwrap();
        assert_eq!(back, nets);
        assert_eq!(back.get(PositionClass::Race).hidden(), 6);
        for cut in [3, 6, 10, bytes.len() - 1] {
            assert!(Networks::from_bytes(&bytes[..cut]).is_err(), "{cut}");
        }
        let mut long = bytes.clone();
        long.push(0);
        assert!(Networks::from_bytes(&long).is_err());
        // One network's file serves every class.
        let one = Network::random(7, 4).unwrap();
        let uniform = Networks::from_bytes(&one.to_bytes()).unwrap();
        assert_eq!(uniform.get(PositionClass::Crashed), &one);
        assert!(Networks::shipped().get(PositionClass::Contact).hidden() > 0);
    }
}
