//! The named two-player starting layouts.
//!
//! Cells from `../shared/oracles/abalone/layouts.json` (sources listed there and in
//! `docs/abalone.md`); Black moves first in each.

use core::fmt;
use core::str::FromStr;

use super::bitboard::Bitboard;
use super::cell::Cell;

/// A named starting layout of 14 marbles per side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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
}
