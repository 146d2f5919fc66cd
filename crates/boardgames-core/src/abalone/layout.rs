//! The named starting layouts: [`Layout`] for two players, [`MultiLayout`] for three, four
//! and six.
//!
//! Cells from `crates/boardgames-core/tests/data/abalone/layouts.json` (sources listed there and in
//! `docs/abalone.md`); Black (seat 0) moves first in each.

use core::fmt;
use core::str::FromStr;

use super::bitboard::Bitboard;
use super::cell::Cell;

/// A named starting layout of 14 marbles per side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Layout {
    /// Black on rows A and B and C3-C5, White on rows H and I and G5-G7 (44 legal moves).
    #[default]
    Standard,
    /// Two "daisies" per side in opposite corners; the tournament layout (52 moves).
    BelgianDaisy,
    /// Daisies one row further in (80 moves).
    GermanDaisy,
    /// Belgian Daisy with each daisy's centre marble given to the opponent (44 moves).
    DutchDaisy,
    /// German Daisy with each daisy's centre marble given to the opponent (64 moves).
    SwissDaisy,
}

impl Layout {
    /// Every layout, in the order above.
    pub const ALL: [Layout; 5] = [
        Layout::Standard,
        Layout::BelgianDaisy,
        Layout::GermanDaisy,
        Layout::DutchDaisy,
        Layout::SwissDaisy,
    ];

    /// The name used in files and options: `standard`, `belgian_daisy`, `german_daisy`,
    /// `dutch_daisy`, `swiss_daisy`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Standard => "standard",
            Layout::BelgianDaisy => "belgian_daisy",
            Layout::GermanDaisy => "german_daisy",
            Layout::DutchDaisy => "dutch_daisy",
            Layout::SwissDaisy => "swiss_daisy",
        }
    }

    /// The cells of (Black, White), space separated.
    const fn cell_names(self) -> (&'static str, &'static str) {
        match self {
            Layout::Standard => (
                "A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5",
                "G5 G6 G7 H4 H5 H6 H7 H8 H9 I5 I6 I7 I8 I9",
            ),
            Layout::BelgianDaisy => (
                "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
                "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
            ),
            Layout::GermanDaisy => (
                "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
                "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
            ),
            Layout::DutchDaisy => (
                "A1 A2 B1 B3 B5 C2 C3 G7 G8 H5 H7 H9 I8 I9",
                "A4 A5 B2 B4 B6 C5 C6 G4 G5 H4 H6 H8 I5 I6",
            ),
            Layout::SwissDaisy => (
                "B1 B2 C1 C3 C6 D2 D3 F7 F8 G4 G7 G9 H8 H9",
                "B5 B6 C2 C5 C7 D6 D7 F3 F4 G3 G5 G8 H4 H5",
            ),
        }
    }

    /// The starting cells of (Black, White), 14 each.
    #[must_use]
    pub fn cells(self) -> (Bitboard, Bitboard) {
        let (black, white) = self.cell_names();
        let set = |names: &str| -> Bitboard {
            names
                .split_whitespace()
                .filter_map(|n| n.parse::<Cell>().ok())
                .collect()
        };
        (set(black), set(white))
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no layout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown layout {0:?} (expected standard, belgian_daisy, german_daisy, dutch_daisy or swiss_daisy)")]
pub struct LayoutError(pub String);

impl FromStr for Layout {
    type Err = LayoutError;

    /// Accepts the names above in any case, with `_`, `-` or a space between the words, and
    /// the short forms `belgian`, `german`, `dutch`, `swiss`, `classic`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '_' | '-' | ' '))
            .collect::<String>()
            .to_ascii_lowercase();
        match key.as_str() {
            "standard" | "classic" => Ok(Layout::Standard),
            "belgiandaisy" | "belgian" => Ok(Layout::BelgianDaisy),
            "germandaisy" | "german" => Ok(Layout::GermanDaisy),
            "dutchdaisy" | "dutch" => Ok(Layout::DutchDaisy),
            "swissdaisy" | "swiss" => Ok(Layout::SwissDaisy),
            _ => Err(LayoutError(s.to_owned())),
        }
    }
}

/// A named starting layout for three, four or six players, the marbles of each seat listed
/// in seat (turn) order.
///
/// Seats are numbered as in the source layouts, clockwise round the board with the board
/// drawn row I at the top: the turn passes clockwise round the table. With four players the
/// partners (seats 0 and 2, 1 and 3) start in opposite triangles; with six, the teams (seats
/// 0, 2, 4 and 1, 3, 5) alternate round the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MultiLayout {
    /// Three players, 11 marbles each in two rows on three alternate sides of the hexagon
    /// (seed 004: "Každý hráč začíná s 11 kameny své barvy"; cells of the gamerz.net
    /// pbmserv board, matching the published three-player rule text).
    ThreePlayers,
    /// Four players, 9 marbles each in four triangles, partners opposite (seed 004: "Každý
    /// hráč začíná s 9 kameny své barvy"; cells of MichielVerloop/AbaloneAI `STANDARD4`).
    FourPlayers,
    /// Four players, 8 marbles each in two rows (the gamerz.net pbmserv board): an option,
    /// not the seed's count of 9.
    FourPlayersRows,
    /// Six players, 6 marbles each in a triangle in the middle of each side (seed 004: "Každý hráč
    /// začíná se 6 kameny své barvy"; cells of the gamerz.net pbmserv board).
    SixPlayers,
}

impl MultiLayout {
    /// Every multi-player layout, in the order above.
    pub const ALL: [MultiLayout; 4] = [
        MultiLayout::ThreePlayers,
        MultiLayout::FourPlayers,
        MultiLayout::FourPlayersRows,
        MultiLayout::SixPlayers,
    ];

    /// The layout used for a number of players when none is named: the one with the seed's
    /// marble count. `None` for counts other than 3, 4 and 6.
    #[must_use]
    pub const fn default_for(players: usize) -> Option<MultiLayout> {
        match players {
            3 => Some(MultiLayout::ThreePlayers),
            4 => Some(MultiLayout::FourPlayers),
            6 => Some(MultiLayout::SixPlayers),
            _ => None,
        }
    }

    /// The number of players: 3, 4 or 6.
    #[must_use]
    pub const fn players(self) -> usize {
        match self {
            MultiLayout::ThreePlayers => 3,
            MultiLayout::FourPlayers | MultiLayout::FourPlayersRows => 4,
            MultiLayout::SixPlayers => 6,
        }
    }

    /// The name used in files and options: `three_players`, `four_players`,
    /// `four_players_rows`, `six_players`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MultiLayout::ThreePlayers => "three_players",
            MultiLayout::FourPlayers => "four_players",
            MultiLayout::FourPlayersRows => "four_players_rows",
            MultiLayout::SixPlayers => "six_players",
        }
    }

    /// The cells of each seat, in seat order, space separated.
    const fn cell_names(self) -> &'static [&'static str] {
        match self {
            MultiLayout::ThreePlayers => &[
                "H4 H5 H6 H7 H8 H9 I5 I6 I7 I8 I9",
                "A4 A5 B5 B6 C6 C7 D7 D8 E8 E9 F9",
                "A1 A2 B1 B2 C1 C2 D1 D2 E1 E2 F2",
            ],
            MultiLayout::FourPlayers => &[
                "G5 G6 H5 H6 H7 I5 I6 I7 I8",
                "E7 E8 E9 F7 F8 F9 G8 G9 H9",
                "A2 A3 A4 A5 B3 B4 B5 C4 C5",
                "B1 C1 C2 D1 D2 D3 E1 E2 E3",
            ],
            MultiLayout::FourPlayersRows => &[
                "H4 H5 H6 H7 I5 I6 I7 I8",
                "D8 E8 E9 F8 F9 G8 G9 H9",
                "A2 A3 A4 A5 B3 B4 B5 B6",
                "B1 C1 C2 D1 D2 E1 E2 F2",
            ],
            MultiLayout::SixPlayers => &[
                "G6 H6 H7 I6 I7 I8",
                "F7 F8 F9 G8 G9 H9",
                "B6 C6 C7 D6 D7 D8",
                "A2 A3 A4 B3 B4 C4",
                "B1 C1 C2 D1 D2 D3",
                "F2 F3 F4 G3 G4 H4",
            ],
        }
    }

    /// The starting cells of each seat, in seat order.
    #[must_use]
    pub fn cells(self) -> Vec<Bitboard> {
        self.cell_names()
            .iter()
            .map(|names| {
                names
                    .split_whitespace()
                    .filter_map(|n| n.parse::<Cell>().ok())
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for MultiLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MultiLayout {
    type Err = LayoutError;

    /// Accepts the names above in any case, with `_`, `-` or a space between the words, and
    /// the short forms `3`, `4`, `4rows`, `6`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '_' | '-' | ' '))
            .collect::<String>()
            .to_ascii_lowercase();
        match key.as_str() {
            "threeplayers" | "3" | "3p" => Ok(MultiLayout::ThreePlayers),
            "fourplayers" | "4" | "4p" => Ok(MultiLayout::FourPlayers),
            "fourplayersrows" | "4rows" | "4prows" => Ok(MultiLayout::FourPlayersRows),
            "sixplayers" | "6" | "6p" => Ok(MultiLayout::SixPlayers),
            _ => Err(LayoutError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layout_has_fourteen_disjoint_marbles_a_side() {
        for layout in Layout::ALL {
            let (b, w) = layout.cells();
            assert_eq!((b.count(), w.count()), (14, 14), "{layout}");
            assert!(b.intersection(w).is_empty(), "{layout}");
            assert_eq!(layout.name().parse::<Layout>(), Ok(layout));
        }
        assert_eq!("Belgian Daisy".parse::<Layout>(), Ok(Layout::BelgianDaisy));
        assert!("daisy".parse::<Layout>().is_err());
    }

    #[test]
    fn multi_player_layouts_have_the_seed_counts_and_are_disjoint() {
        for (layout, each) in [
            (MultiLayout::ThreePlayers, 11),
            (MultiLayout::FourPlayers, 9),
            (MultiLayout::FourPlayersRows, 8),
            (MultiLayout::SixPlayers, 6),
        ] {
            let cells = layout.cells();
            assert_eq!(cells.len(), layout.players(), "{layout}");
            let mut all = Bitboard::EMPTY;
            for set in &cells {
                assert_eq!(set.count(), each, "{layout}");
                assert!(all.intersection(*set).is_empty(), "{layout}");
                all = all.union(*set);
            }
            assert_eq!(layout.name().parse::<MultiLayout>(), Ok(layout));
        }
        assert!("five".parse::<MultiLayout>().is_err());
    }
}
