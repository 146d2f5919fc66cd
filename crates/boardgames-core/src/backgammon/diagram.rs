//! The text board diagram with pip counts (the `Display` of [`Backgammon`]).
//!
//! ```text
//!  13 14 15 16 17 18       19 20 21 22 23 24
//! +------------------+---+------------------+  O: pips 167, bar 0, off 0
//! | X           O    |   | O              X |
//! | X           O    |   | O              X |
//! | X           O    |   | O                |
//! | X                |   | O                |
//! | X                |   | O                |
//! |                  |BAR|                  |
//! | O                |   | X                |
//! | O                |   | X                |
//! | O           X    |   | X                |
//! | O           X    |   | X              O |
//! | O           X    |   | X              O |
//! +------------------+---+------------------+  X: pips 167, bar 0, off 0
//!  12 11 10  9  8  7        6  5  4  3  2  1
//! X to roll; cube 1
//! ```
//!
//! Points are numbered from X's side; a stack taller than five shows its count in the fifth
//! row. Checkers on the bar are drawn in the bar column, O's in the top half and X's in the
//! bottom half (each on the side of its pip count), and counted after the pip counts.

use core::fmt;

use super::board::Side;
use super::position::Backgammon;

/// Row `row` (from the board's edge) of a stack of `n` checkers drawn as `c`: the checker,
/// or on the fifth row of a stack taller than five its count.
fn stack(n: u8, c: char, row: usize) -> String {
    let n = usize::from(n);
    if row == 4 && n > 5 {
        format!("{n:>2} ")
    } else if row < n {
        format!(" {c} ")
    } else {
        "   ".into()
    }
}

fn cell(pos: &Backgammon, x_point: usize, row: usize) -> String {
    let b = pos.board();
    if b.count(Side::X, x_point) > 0 {
        stack(b.count(Side::X, x_point), 'X', row)
    } else {
        stack(b.count(Side::O, 25 - x_point), 'O', row)
    }
}

/// The bar column's cell of `side`'s checkers on the bar, `row` from the board's edge.
fn bar_cell(pos: &Backgammon, side: Side, row: usize) -> String {
    let c = if side == Side::X { 'X' } else { 'O' };
    stack(pos.board().bar(side), c, row)
}

fn half_row(pos: &Backgammon, points: &[usize], row: usize) -> String {
    points.iter().map(|&p| cell(pos, p, row)).collect()
}

/// Writes the diagram of `pos` (see the module docs): the board, then the status line.
pub(crate) fn write_diagram(f: &mut fmt::Formatter<'_>, pos: &Backgammon) -> fmt::Result {
    write_board(f, pos)?;
    writeln!(f)?;
    write_status(f, pos)
}

impl Backgammon {
    /// The board of the diagram (the `Display`) without the status line under it: the
    /// points, the checkers, the pip counts.
    #[must_use]
    pub fn board_diagram(&self) -> String {
        let mut text = String::new();
        // Writing to a `String` cannot fail.
        let _ = write_board(&mut text, self);
        text
    }

    /// The status line under the diagram's board: who is to roll or to play which roll and
    /// the cube, or who won.
    #[must_use]
    pub fn status_line(&self) -> String {
        let mut text = String::new();
        let _ = write_status(&mut text, self);
        text
    }
}

/// Writes the board of `pos`'s diagram: the lines above the status, the last without a line
/// break.
fn write_board(f: &mut impl fmt::Write, pos: &Backgammon) -> fmt::Result {
    let b = pos.board();
    let line = "+------------------+---+------------------+";
    let stats = |s: Side| {
        format!(
            "{s}: pips {}, bar {}, off {}",
            b.pip_count(s),
            b.bar(s),
            b.off(s)
        )
    };
    let top_left = [13, 14, 15, 16, 17, 18];
    let top_right = [19, 20, 21, 22, 23, 24];
    let bottom_left = [12, 11, 10, 9, 8, 7];
    let bottom_right = [6, 5, 4, 3, 2, 1];
    writeln!(f, " 13 14 15 16 17 18       19 20 21 22 23 24")?;
    writeln!(f, "{line}  {}", stats(Side::O))?;
    for row in 0..5 {
        writeln!(
            f,
            "|{}|{}|{}|",
            half_row(pos, &top_left, row),
            bar_cell(pos, Side::O, row),
            half_row(pos, &top_right, row)
        )?;
    }
    writeln!(f, "|                  |BAR|                  |")?;
    for row in (0..5).rev() {
        writeln!(
            f,
            "|{}|{}|{}|",
            half_row(pos, &bottom_left, row),
            bar_cell(pos, Side::X, row),
            half_row(pos, &bottom_right, row)
        )?;
    }
    writeln!(f, "{line}  {}", stats(Side::X))?;
    write!(f, " 12 11 10  9  8  7        6  5  4  3  2  1")
}

/// Writes the status line of `pos`'s diagram.
fn write_status(f: &mut impl fmt::Write, pos: &Backgammon) -> fmt::Result {
    match (pos.is_over(), pos.dice()) {
        (true, _) => match pos.win() {
            Some((w, k)) => write!(f, "{w} wins ({k:?}); cube {}", pos.cube_value()),
            None => write!(f, "game over"),
        },
        (false, None) => write!(f, "{} to roll; cube {}", pos.side(), pos.cube_value()),
        (false, Some(d)) => write!(f, "{} to play {d}; cube {}", pos.side(), pos.cube_value()),
    }
}

#[cfg(test)]
mod tests {
    use crate::backgammon::{Backgammon, Board, Side};

    #[test]
    fn checkers_on_the_bar_are_drawn_in_the_bar_column() {
        // Hand-worked: from the start, two of X's checkers from its 24-point and one of O's
        // from its 24-point are on the bar (X's 24-point is O's 1-point, the top right).
        let mut board = Board::standard();
        board.set_count(Side::X, 24, 0);
        board.set_count(Side::X, 25, 2);
        board.set_count(Side::O, 24, 1);
        board.set_count(Side::O, 25, 1);
        let pos = Backgammon::from_parts(board, Side::X, None, 1).expect("15 checkers a side");
        let text = pos.to_string();
        let rows: Vec<&str> = text.lines().collect();
        // Rows 2-6 are the top half (O's bar, from the top edge), 8-12 the bottom half (X's
        // bar, the bottom edge last).
        let bar = |line: &str| line.get(20..23).unwrap_or("").to_owned();
        assert_eq!(bar(rows[2]), " O ", "{text}");
        assert_eq!(bar(rows[3]), "   ", "{text}");
        assert_eq!(bar(rows[12]), " X ", "{text}");
        assert_eq!(bar(rows[11]), " X ", "{text}");
        assert_eq!(bar(rows[10]), "   ", "{text}");
        assert_eq!(rows[7], "|                  |BAR|                  |");
        assert!(text.contains("X: pips"), "{text}");
    }
}
