//! The roll of two dice: the chance outcome of a backgammon turn.

use core::fmt;
use core::str::FromStr;

use super::error::{DiceError, DiceProblem};
use crate::game::Probability;

/// A roll of two dice, order irrelevant: stored with the higher die first.
///
/// Both dice are `1..=6`. Printed as the two digits, higher first (`31`, `66`), the way
/// gnubg and match files write rolls; parsed from `31`, `13`, `3-1`, `3 1` or `3,1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice {
    high: u8,
    low: u8,
}

impl Dice {
    /// The roll of `a` and `b` (either order).
    ///
    /// # Errors
    /// [`DiceError`] with [`DiceProblem::OutOfRange`] naming the die (1 for `a`, 2 for `b`;
    /// `a` when both are) that is not `1..=6`; its text is the dice as `a-b`.
    pub fn new(a: u8, b: u8) -> Result<Dice, DiceError> {
        let out = |die: u8, value: u8| DiceError {
            text: format!("{a}-{b}"),
            problem: DiceProblem::OutOfRange { die, value },
        };
        if !(1..=6).contains(&a) {
            return Err(out(1, a));
        }
        if !(1..=6).contains(&b) {
            return Err(out(2, b));
        }
        Ok(if a >= b {
            Dice { high: a, low: b }
        } else {
            Dice { high: b, low: a }
        })
    }

    /// The higher die, `1..=6`.
    #[inline]
    #[must_use]
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The lower die, `1..=6` (equal to [`Dice::high`] for doubles).
    #[inline]
    #[must_use]
    pub const fn low(self) -> u8 {
        self.low
    }

    /// Whether both dice show the same number (played four times).
    #[inline]
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The chance of this roll: `1/36` for doubles, `2/36` for the others.
    #[must_use]
    pub const fn probability(self) -> Probability {
        Probability::new(if self.is_double() { 1 } else { 2 }, 36)
    }

    /// Pips the roll moves at most: `high + low`, or four times the number for doubles.
    #[must_use]
    pub const fn pips(self) -> u8 {
        if self.is_double() {
            4 * self.high
        } else {
            self.high + self.low
        }
    }

    /// The 21 distinct rolls: the 6 doubles and the 15 others, in the order `11, 21, 22, 31,
    /// 32, 33, ...` (by higher die, then lower).
    pub fn all() -> impl Iterator<Item = Dice> {
        (1..=6u8).flat_map(|h| (1..=h).map(move |l| Dice { high: h, low: l }))
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high, self.low)
    }
}

impl FromStr for Dice {
    type Err = DiceError;

    /// Reads two digits `1..=6`, optionally separated by `-`, `,` or spaces: `31`, `3-1`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let digits: Vec<char> = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | ',' | ' ' | '\t'))
            .collect();
        let bad = |problem: DiceProblem| DiceError {
            text: s.to_owned(),
            problem,
        };
        if digits.len() != 2 {
            return Err(bad(DiceProblem::NotTwo));
        }
        let die = |c: char| match c.to_digit(10) {
            Some(d @ 1..=6) => Ok(d as u8),
            _ => Err(bad(DiceProblem::NotADie(c))),
        };
        let (a, b) = (die(digits[0])?, die(digits[1])?);
        Dice::new(a, b).map_err(|_| bad(DiceProblem::NotARoll))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_and_weights() {
        let all: Vec<Dice> = Dice::all().collect();
        assert_eq!(all.len(), 21);
        let weight: u32 = all.iter().map(|d| d.probability().numerator).sum();
        assert_eq!(weight, 36);
        assert_eq!(all.iter().filter(|d| d.is_double()).count(), 6);
        assert_eq!("3-1".parse::<Dice>().unwrap(), Dice::new(1, 3).unwrap());
        assert_eq!(Dice::new(1, 3).unwrap().to_string(), "31");
        assert!("37".parse::<Dice>().is_err());
        assert!("".parse::<Dice>().is_err());
        assert!(Dice::new(0, 3).is_err());
    }
}
