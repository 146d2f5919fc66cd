//! The named starting layouts of every player count: [`Layout`].
//!
//! Cells from `crates/boardgames-core/tests/data/abalone/layouts.json` (sources listed there and in
//! `docs/abalone.md`); Black (seat 0) moves first in each.

use core::fmt;
use core::str::FromStr;

use super::bitboard::Bitboard;
use super::cell::Cell;

/// A named starting layout, for two players (14 marbles a side) or for three, four or six
/// (the marbles of each seat listed in seat, that is turn, order).
///
/// With more than two players, seats are numbered as in the source layouts, clockwise round
/// the board with the board drawn row I at the top: the turn passes clockwise round the
/// table. With four players the partners (seats 0 and 2, 1 and 3) start in opposite
/// triangles; with six, the teams (seats 0, 2, 4 and 1, 3, 5) alternate round the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Layout {
    /// Two players: Black on rows A and B and C3-C5, White on rows H and I and G5-G7 (44
    /// legal moves).
    #[default]
    Standard,
    /// Two players: two "daisies" per side in opposite corners; the tournament layout (52
    /// moves).
    BelgianDaisy,
    /// Two players: daisies one row further in (80 moves).
    GermanDaisy,
    /// Two players: Belgian Daisy with each daisy's centre marble given to the opponent (44
    /// moves).
    DutchDaisy,
    /// Two players: German Daisy with each daisy's centre marble given to the opponent (64
    /// moves).
    SwissDaisy,
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

/// The layouts of three, four and six players, in the order of [`Layout::ALL`].
pub(crate) const MULTI_PLAYER: &[Layout] = Layout::ALL.split_at(5).1;

impl Layout {
    /// Every layout, in the order above: the two-player layouts, then those of three, four
    /// and six players.
    pub const ALL: [Layout; 9] = [
        Layout::Standard,
        Layout::BelgianDaisy,
        Layout::GermanDaisy,
        Layout::DutchDaisy,
        Layout::SwissDaisy,
        Layout::ThreePlayers,
        Layout::FourPlayers,
        Layout::FourPlayersRows,
        Layout::SixPlayers,
    ];

    /// The layouts of a number of players, in the order of [`Layout::ALL`]: five for two
    /// players, one for three, two for four, one for six; none for other counts.
    #[must_use]
    pub const fn of_players(players: usize) -> &'static [Layout] {
        let (from, to) = match players {
            2 => (0, 5),
            3 => (5, 6),
            4 => (6, 8),
            6 => (8, 9),
            _ => (0, 0),
        };
        Layout::ALL.split_at(to).0.split_at(from).1
    }

    /// The layout used for a number of players when none is named: the standard layout
    /// with two players, the one with the seed's marble count with three, four or six.
    /// `None` for counts other than 2, 3, 4 and 6.
    #[must_use]
    pub const fn default_for(players: usize) -> Option<Layout> {
        match players {
            2 => Some(Layout::Standard),
            3 => Some(Layout::ThreePlayers),
            4 => Some(Layout::FourPlayers),
            6 => Some(Layout::SixPlayers),
            _ => None,
        }
    }

    /// The number of players: 2, 3, 4 or 6.
    #[must_use]
    pub const fn players(self) -> usize {
        match self {
            Layout::Standard
            | Layout::BelgianDaisy
            | Layout::GermanDaisy
            | Layout::DutchDaisy
            | Layout::SwissDaisy => 2,
            Layout::ThreePlayers => 3,
            Layout::FourPlayers | Layout::FourPlayersRows => 4,
            Layout::SixPlayers => 6,
        }
    }

    /// The name used in files and options: `standard`, `belgian_daisy`, `german_daisy`,
    /// `dutch_daisy`, `swiss_daisy`, `three_players`, `four_players`, `four_players_rows`,
    /// `six_players`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Standard => "standard",
            Layout::BelgianDaisy => "belgian_daisy",
            Layout::GermanDaisy => "german_daisy",
            Layout::DutchDaisy => "dutch_daisy",
            Layout::SwissDaisy => "swiss_daisy",
            Layout::ThreePlayers => "three_players",
            Layout::FourPlayers => "four_players",
            Layout::FourPlayersRows => "four_players_rows",
            Layout::SixPlayers => "six_players",
        }
    }

    /// The cells of each seat, in seat order, space separated.
    const fn cell_names(self) -> &'static [&'static str] {
        match self {
            Layout::Standard => &[
                "A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5",
                "G5 G6 G7 H4 H5 H6 H7 H8 H9 I5 I6 I7 I8 I9",
            ],
            Layout::BelgianDaisy => &[
                "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
                "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
            ],
            Layout::GermanDaisy => &[
                "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
                "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
            ],
            Layout::DutchDaisy => &[
                "A1 A2 B1 B3 B5 C2 C3 G7 G8 H5 H7 H9 I8 I9",
                "A4 A5 B2 B4 B6 C5 C6 G4 G5 H4 H6 H8 I5 I6",
            ],
            Layout::SwissDaisy => &[
                "B1 B2 C1 C3 C6 D2 D3 F7 F8 G4 G7 G9 H8 H9",
                "B5 B6 C2 C5 C7 D6 D7 F3 F4 G3 G5 G8 H4 H5",
            ],
            Layout::ThreePlayers => &[
                "H4 H5 H6 H7 H8 H9 I5 I6 I7 I8 I9",
                "A4 A5 B5 B6 C6 C7 D7 D8 E8 E9 F9",
                "A1 A2 B1 B2 C1 C2 D1 D2 E1 E2 F2",
            ],
            Layout::FourPlayers => &[
                "G5 G6 H5 H6 H7 I5 I6 I7 I8",
                "E7 E8 E9 F7 F8 F9 G8 G9 H9",
                "A2 A3 A4 A5 B3 B4 B5 C4 C5",
                "B1 C1 C2 D1 D2 D3 E1 E2 E3",
            ],
            Layout::FourPlayersRows => &[
                "H4 H5 H6 H7 I5 I6 I7 I8",
                "D8 E8 E9 F8 F9 G8 G9 H9",
                "A2 A3 A4 A5 B3 B4 B5 B6",
                "B1 C1 C2 D1 D2 E1 E2 F2",
            ],
            Layout::SixPlayers => &[
                "G6 H6 H7 I6 I7 I8",
                "F7 F8 F9 G8 G9 H9",
                "B6 C6 C7 D6 D7 D8",
                "A2 A3 A4 B3 B4 C4",
                "B1 C1 C2 D1 D2 D3",
                "F2 F3 F4 G3 G4 H4",
            ],
        }
    }

    /// The starting cells of each seat, in seat order: [`Layout::players`] sets (Black's and
    /// White's with two players).
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

    /// The layout of `players` players a text names, read as [`Layout::from_str`] reads.
    ///
    /// # Errors
    /// [`LayoutError::Unknown`] (expecting the layouts of `players` players) when the text
    /// names no layout; [`LayoutError::Players`] when it names one of another player count.
    pub fn parse_for(name: &str, players: usize) -> Result<Layout, LayoutError> {
        let layout = lookup(name).ok_or_else(|| LayoutError::Unknown {
            name: name.to_owned(),
            expected: Layout::of_players(players),
        })?;
        layout.check_players(players)
    }

    /// The layout itself when it is for `players` players.
    ///
    /// # Errors
    /// [`LayoutError::Players`] when it is for another number of players.
    pub const fn check_players(self, players: usize) -> Result<Layout, LayoutError> {
        if self.players() == players {
            Ok(self)
        } else {
            Err(LayoutError::Players {
                layout: self,
                players,
            })
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a layout could not be had: a text that names none, or a layout for another number
/// of players.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// A text that names no layout of those expected.
    #[error("unknown layout {name:?} (expected {})", names(expected))]
    Unknown {
        /// The text as given.
        name: String,
        /// The layouts it could have named (all of them, or those of a player count).
        expected: &'static [Layout],
    },
    /// A layout for another number of players than the game has.
    #[error("layout {layout} is for {} players, not {players}", layout.players())]
    Players {
        /// The layout.
        layout: Layout,
        /// The number of players of the game.
        players: usize,
    },
}

/// Layout names for a message: `a, b or c`.
fn names(layouts: &[Layout]) -> String {
    match layouts.split_last() {
        None => "no layout".to_owned(),
        Some((last, [])) => last.name().to_owned(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(|l| l.name()).collect();
            format!("{} or {}", rest.join(", "), last.name())
        }
    }
}

/// The layout a text names, in any case, with `_`, `-` or a space between the words, or in
/// a short form.
fn lookup(s: &str) -> Option<Layout> {
    let key: String = s
        .trim()
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .collect::<String>()
        .to_ascii_lowercase();
    Some(match key.as_str() {
        "standard" | "classic" => Layout::Standard,
        "belgiandaisy" | "belgian" => Layout::BelgianDaisy,
        "germandaisy" | "german" => Layout::GermanDaisy,
        "dutchdaisy" | "dutch" => Layout::DutchDaisy,
        "swissdaisy" | "swiss" => Layout::SwissDaisy,
        "threeplayers" | "3" | "3p" => Layout::ThreePlayers,
        "fourplayers" | "4" | "4p" => Layout::FourPlayers,
        "fourplayersrows" | "4rows" | "4prows" => Layout::FourPlayersRows,
        "sixplayers" | "6" | "6p" => Layout::SixPlayers,
        _ => return None,
    })
}

impl FromStr for Layout {
    type Err = LayoutError;

    /// Accepts the names above in any case, with `_`, `-` or a space between the words, and
    /// the short forms `belgian`, `german`, `dutch`, `swiss`, `classic`, `3`, `4`, `4rows`,
    /// `6` (also `3p`, `4p`, `4prows`, `6p`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        lookup(s).ok_or_else(|| LayoutError::Unknown {
            name: s.to_owned(),
            expected: &Layout::ALL,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layout_has_the_seed_counts_and_is_disjoint() {
        for (layout, each) in [
            (Layout::Standard, 14),
            (Layout::BelgianDaisy, 14),
            (Layout::GermanDaisy, 14),
            (Layout::DutchDaisy, 14),
            (Layout::SwissDaisy, 14),
            (Layout::ThreePlayers, 11),
            (Layout::FourPlayers, 9),
            (Layout::FourPlayersRows, 8),
            (Layout::SixPlayers, 6),
        ] {
            let cells = layout.cells();
            assert_eq!(cells.len(), layout.players(), "{layout}");
            let mut all = Bitboard::EMPTY;
            for set in &cells {
                assert_eq!(set.count(), each, "{layout}");
                assert!(all.intersection(*set).is_empty(), "{layout}");
                all = all.union(*set);
            }
            assert_eq!(layout.name().parse::<Layout>(), Ok(layout));
            assert!(Layout::of_players(layout.players()).contains(&layout));
        }
        assert_eq!("Belgian Daisy".parse::<Layout>(), Ok(Layout::BelgianDaisy));
        assert_eq!("4-rows".parse::<Layout>(), Ok(Layout::FourPlayersRows));
        assert!("daisy".parse::<Layout>().is_err());
        assert!("five".parse::<Layout>().is_err());
        assert_eq!(
            MULTI_PLAYER.len() + Layout::of_players(2).len(),
            Layout::ALL.len()
        );
        for players in [2, 3, 4, 6] {
            let default = Layout::default_for(players).map(Layout::players);
            assert_eq!(default, Some(players));
        }
        assert!(Layout::of_players(5).is_empty() && Layout::default_for(5).is_none());
    }

    #[test]
    fn errors_name_the_layouts_expected() {
        assert_eq!(
            Layout::parse_for("hexagon", 2).unwrap_err().to_string(),
            "unknown layout \"hexagon\" (expected standard, belgian_daisy, german_daisy, dutch_daisy or swiss_daisy)"
        );
        assert_eq!(
            Layout::parse_for("hexagon", 6).unwrap_err().to_string(),
            "unknown layout \"hexagon\" (expected six_players)"
        );
        assert_eq!(
            Layout::parse_for("six-players", 2),
            Err(LayoutError::Players {
                layout: Layout::SixPlayers,
                players: 2
            })
        );
        assert_eq!(
            Layout::SixPlayers.check_players(2).unwrap_err().to_string(),
            "layout six_players is for 6 players, not 2"
        );
        let all = "x".parse::<Layout>().unwrap_err().to_string();
        assert!(
            all.ends_with(
                "swiss_daisy, three_players, four_players, four_players_rows or six_players)"
            ),
            "{all}"
        );
    }
}
