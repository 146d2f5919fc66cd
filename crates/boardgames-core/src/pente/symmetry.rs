//! The eight symmetries of the square board (the dihedral group D4) about the centre K10.

use super::bitboard::Bitboard;
use super::point::{Point, SIZE};
use super::position::Pente;
use crate::game::Symmetric;

/// A rotation or reflection of the board about K10. Pente's rules (first stone on K10, the
/// tournament rule's centre square, lines in 8 directions) are unchanged by all eight.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum D4 {
    /// No change.
    Identity,
    /// A quarter turn anticlockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns anticlockwise.
    Rotate270,
    /// Mirror left-right (column A <-> T).
    FlipColumns,
    /// Mirror top-bottom (row 1 <-> 19).
    FlipRows,
    /// Mirror in the diagonal A1-T19 (column <-> row).
    Transpose,
    /// Mirror in the diagonal A19-T1.
    AntiTranspose,
}

const ALL: [D4; 8] = [
    D4::Identity,
    D4::Rotate90,
    D4::Rotate180,
    D4::Rotate270,
    D4::FlipColumns,
    D4::FlipRows,
    D4::Transpose,
    D4::AntiTranspose,
];

impl D4 {
    /// The image of a point.
    #[must_use]
    pub fn apply(self, p: Point) -> Point {
        let (c, r) = (p.col(), p.row());
        let m = SIZE - 1;
        let (c, r) = match self {
            D4::Identity => (c, r),
            D4::Rotate90 => (m - r, c),
            D4::Rotate180 => (m - c, m - r),
            D4::Rotate270 => (r, m - c),
            D4::FlipColumns => (m - c, r),
            D4::FlipRows => (c, m - r),
            D4::Transpose => (r, c),
            D4::AntiTranspose => (m - r, m - c),
        };
        Point::new(c, r).expect("a symmetry maps the board onto itself")
    }
}

impl Symmetric for Pente {
    type Transform = D4;

    fn transforms() -> &'static [D4] {
        &ALL
    }

    fn transformed(&self, t: D4) -> Pente {
        let map = |b: &Bitboard| b.iter().map(|p| t.apply(p)).collect::<Bitboard>();
        self.with_stones([
            map(self.stones(crate::Seat(0))),
            map(self.stones(crate::Seat(1))),
        ])
    }

    fn transform_move(mv: Point, t: D4) -> Point {
        t.apply(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pente::{OpeningRule, Variant};
    use crate::Game;

    #[test]
    fn symmetries_commute_with_play_and_move_generation() {
        let mut pos = Pente::new(Variant::KeryoPente, OpeningRule::Tournament);
        for m in ["K10", "L11", "N10", "M12", "P13", "L9", "A1"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        for &t in Pente::transforms() {
            let image = pos.transformed(t);
            let mut want: Vec<Point> = pos.moves().iter().map(|&m| t.apply(m)).collect();
            let mut got = image.moves().to_vec();
            want.sort();
            got.sort();
            assert_eq!(got, want, "{t:?}");
            let mv = pos.moves()[17];
            let (mut a, mut b) = (pos, image);
            a.play(mv).unwrap();
            b.play(t.apply(mv)).unwrap();
            assert_eq!(a.transformed(t), b, "{t:?}");
        }
        assert_eq!(D4::Rotate90.apply("A1".parse().unwrap()).to_string(), "T1");
        assert_eq!(D4::Transpose.apply("B1".parse().unwrap()).to_string(), "A2");
    }
}
