//! Play notation as written: parsed leniently without a position, then resolved against a
//! position and its dice.
//!
//! The canonical form is gnubg's (see [`Play`]'s `Display`). Parsing accepts, in any case:
//! `bar` / `b` / `25` for the bar, `off` / `o` / `0` for borne off, `*` after a point (or
//! none), one checker's steps split (`24/18 18/13`) or merged (`24/13`, `24/18/13`), `(n)`
//! after a move for `n` equal moves, moves separated by spaces or commas, and `pass` (or
//! `-`, `none`) for the empty play.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use super::dice::Dice;
use super::error::{IllegalPlay, NotationError, NotationProblem};
use super::play::{write_point, Play};

/// The most points one move of the notation may list (`24/21/18/15/12`).
const MAX_POINTS: usize = 5;
/// The most moves one play's notation may list after expanding `(n)`.
const MAX_MOVES: usize = 4;

/// One checker's move as written: its points (`25` = bar, `0` = off), each with whether `*`
/// followed it, and how many times it is repeated.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WrittenMove {
    /// The points passed, source first, `2..=5` of them.
    pub points: ArrayVec<(u8, bool), MAX_POINTS>,
    /// How many equal moves (`(n)`), `1..=4`.
    pub count: u8,
}

/// A play as written (`24/18*/13 6/5(2)`), parsed but not yet resolved against a position.
///
/// `Display` prints it back normalised (lower case, `bar`, `off`, moves separated by
/// spaces); [`PlayNotation::resolve`] finds the legal play it means.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PlayNotation {
    /// The moves; empty for `pass`.
    pub moves: ArrayVec<WrittenMove, MAX_MOVES>,
}

impl PlayNotation {
    /// The notation of a play, as gnubg prints it (`Display` prints the same text as the
    /// play's).
    #[must_use]
    pub fn of(play: &Play) -> PlayNotation {
        PlayNotation {
            moves: play.written_moves(),
        }
    }

    /// Whether this is the pass.
    #[must_use]
    pub fn is_pass(&self) -> bool {
        self.moves.is_empty()
    }

    /// The net change of the mover's checkers per slot (0 = off .. 25 = bar), the points
    /// marked `*`, the intermediate points named, and the hops written.
    fn effect(&self) -> ([i8; 26], u32, u32, ArrayVec<(u8, u8), 16>) {
        let mut delta = [0i8; 26];
        let mut stars = 0u32;
        let mut via = 0u32;
        let mut hops = ArrayVec::new();
        for m in &self.moves {
            let first = m.points[0].0 as usize;
            let last = m.points[m.points.len() - 1].0 as usize;
            delta[first] -= m.count as i8;
            delta[last] += m.count as i8;
            for (i, &(p, star)) in m.points.iter().enumerate() {
                if star {
                    stars |= 1 << p;
                }
                if i > 0 && i + 1 < m.points.len() {
                    via |= 1 << p;
                }
            }
            for w in m.points.windows(2) {
                let _ = hops.try_push((w[0].0, w[1].0));
            }
        }
        (delta, stars, via, hops)
    }

    /// The points written as landing points (every point of a move but its source; not
    /// off), bits 1..=24.
    fn landings(&self) -> u32 {
        let mut m = 0u32;
        for mv in &self.moves {
            for &(p, _) in mv.points.iter().skip(1) {
                if (1..=24).contains(&p) {
                    m |= 1 << p;
                }
            }
        }
        m
    }

    /// Finds the legal play (among `legal`, the plays of `dice` in the position) that this
    /// notation means: the one with the same resulting checkers; where several differ only
    /// in the blots they hit, the one hitting on every point written as a landing point
    /// where a blot stands, and on the points marked `*` (`*` marks may be missing: real
    /// records often leave them out); else the one whose hits are the points marked `*`
    /// (and that passes the intermediate points written).
    ///
    /// # Errors
    /// [`IllegalPlay::NotLegal`] when no legal play fits (a hop no die makes, a blocked or
    /// wrong move), [`IllegalPlay::Ambiguous`] when several fit equally.
    pub fn resolve(&self, legal: &[Play], dice: Dice) -> Result<Play, IllegalPlay> {
        let not_legal = || IllegalPlay::NotLegal {
            play: self.clone(),
            dice,
            legal: legal.to_vec(),
        };
        if self.is_pass() {
            return match legal {
                [only] if only.is_pass() => Ok(*only),
                _ => Err(not_legal()),
            };
        }
        let (delta, stars, via, hops) = self.effect();
        // Every written hop must be something the dice can make.
        let (h, l) = (dice.high(), dice.low());
        for &(a, b) in &hops {
            if b == 0 {
                continue;
            }
            let dist = a.saturating_sub(b);
            let ok = if dice.is_double() {
                dist > 0 && dist % h == 0 && dist / h <= 4
            } else {
                dist == h || dist == l || dist == h + l
            };
            if !ok {
                return Err(not_legal());
            }
        }
        let mut same: ArrayVec<Play, 8> = ArrayVec::new();
        for p in legal {
            if play_delta(p) == delta && same.try_push(*p).is_err() {
                break;
            }
        }
        let pick = |f: &dyn Fn(&Play) -> bool| -> ArrayVec<Play, 8> {
            same.iter().copied().filter(|p| f(p)).collect()
        };
        if same.len() == 1 {
            return Ok(same[0]);
        }
        if same.is_empty() {
            return Err(not_legal());
        }
        // A written landing point where some candidate hits is a hit, marked or not
        // (`6/2 2/1` with a blot on 2 is `6/2*/1*`, not `6/1*` by way of 5).
        let lands = self.landings();
        let blots = same.iter().fold(0u32, |m, p| m | p.hit_points());
        let required = (lands & blots) | stars;
        let implied = pick(&|p| p.hit_points() == required);
        if implied.len() == 1 {
            return Ok(implied[0]);
        }
        let exact = pick(&|p| p.hit_points() == stars && visits(p) & via == via);
        if exact.len() == 1 {
            return Ok(exact[0]);
        }
        let loose = pick(&|p| p.hit_points() & stars == stars && visits(p) & via == via);
        match loose.len() {
            1 => Ok(loose[0]),
            0 => Err(not_legal()),
            _ => Err(IllegalPlay::Ambiguous {
                play: self.clone(),
                dice,
                candidates: loose.to_vec(),
            }),
        }
    }
}

/// The points a play's steps land on (bits 1..=24).
fn visits(p: &Play) -> u32 {
    p.steps().fold(0, |m, s| m | (1 << s.to))
}

/// The net change of the mover's checkers per slot.
fn play_delta(p: &Play) -> [i8; 26] {
    let mut d = [0i8; 26];
    for s in p.steps() {
        d[s.from as usize] -= 1;
        d[s.to as usize] += 1;
    }
    d
}

impl fmt::Display for PlayNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            return f.write_str("pass");
        }
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            for (j, &(p, star)) in m.points.iter().enumerate() {
                if j > 0 {
                    f.write_str("/")?;
                }
                write_point(f, p)?;
                if star {
                    f.write_str("*")?;
                }
            }
            if m.count > 1 {
                write!(f, "({})", m.count)?;
            }
        }
        Ok(())
    }
}

impl FromStr for PlayNotation {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = |at: usize, problem: NotationProblem| NotationError {
            text: text.chars().take(80).collect(),
            at,
            problem,
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(err(0, NotationProblem::Empty));
        }
        let lower = trimmed.to_ascii_lowercase();
        if matches!(
            lower.as_str(),
            "pass" | "-" | "none" | "no move" | "cannot move"
        ) {
            return Ok(PlayNotation::default());
        }
        let bytes = text.as_bytes();
        let mut moves: ArrayVec<WrittenMove, MAX_MOVES> = ArrayVec::new();
        let mut total = 0usize;
        let mut i = 0;
        let mut cur: Option<WrittenMove> = None;
        let mut expect_point = true; // after '/' or at a move's start
        while i < bytes.len() {
            let c = bytes[i].to_ascii_lowercase();
            match c {
                b' ' | b'\t' | b',' => {
                    if let Some(m) = cur.take() {
                        if expect_point {
                            return Err(err(i, NotationProblem::EndsWithSlash));
                        }
                        finish(&mut moves, &mut total, m).map_err(|w| err(i, w))?;
                    }
                    expect_point = true;
                    i += 1;
                }
                b'/' => {
                    if cur.is_none() || expect_point {
                        return Err(err(i, NotationProblem::SlashWithoutPoint));
                    }
                    expect_point = true;
                    i += 1;
                }
                b'*' => {
                    match cur.as_mut().and_then(|m| m.points.last_mut()) {
                        Some(last) if !expect_point => last.1 = true,
                        _ => return Err(err(i, NotationProblem::StarWithoutPoint)),
                    }
                    i += 1;
                }
                b'(' => {
                    let Some(m) = cur.as_mut() else {
                        return Err(err(i, NotationProblem::CountWithoutMove));
                    };
                    if expect_point || m.points.len() < 2 {
                        return Err(err(i, NotationProblem::CountWithinMove));
                    }
                    let close = text[i..]
                        .find(')')
                        .map(|k| i + k)
                        .ok_or_else(|| err(i, NotationProblem::MissingParenthesis))?;
                    let n: u8 = text[i + 1..close]
                        .trim()
                        .parse()
                        .map_err(|_| err(i + 1, NotationProblem::CountNotANumber))?;
                    if !(1..=4).contains(&n) {
                        return Err(err(i + 1, NotationProblem::CountOutOfRange { count: n }));
                    }
                    m.count = n;
                    i = close + 1;
                }
                b'0'..=b'9' => {
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n: u32 = text[start..i].parse().unwrap_or(u32::MAX);
                    if n > 25 {
                        return Err(err(start, NotationProblem::PointOutOfRange { point: n }));
                    }
                    push_point(&mut cur, &mut expect_point, n as u8).map_err(|w| err(start, w))?;
                }
                b'b' | b'o' => {
                    let word: &[u8] = if c == b'b' { b"bar" } else { b"off" };
                    let start = i;
                    let mut k = 0;
                    while k < word.len()
                        && i < bytes.len()
                        && bytes[i].to_ascii_lowercase() == word[k]
                    {
                        i += 1;
                        k += 1;
                    }
                    let p = if c == b'b' { 25 } else { 0 };
                    push_point(&mut cur, &mut expect_point, p).map_err(|w| err(start, w))?;
                }
                _ => {
                    let found = text
                        .get(i..)
                        .and_then(|t| t.chars().next())
                        .unwrap_or(char::REPLACEMENT_CHARACTER);
                    return Err(err(i, NotationProblem::UnexpectedCharacter(found)));
                }
            }
        }
        if let Some(m) = cur.take() {
            if expect_point {
                return Err(err(bytes.len(), NotationProblem::EndsWithSlash));
            }
            finish(&mut moves, &mut total, m).map_err(|w| err(bytes.len(), w))?;
        }
        if moves.is_empty() {
            return Err(err(0, NotationProblem::NoMove));
        }
        Ok(PlayNotation { moves })
    }
}

fn push_point(
    cur: &mut Option<WrittenMove>,
    expect_point: &mut bool,
    p: u8,
) -> Result<(), NotationProblem> {
    if !*expect_point {
        return Err(NotationProblem::PointWithoutSlash);
    }
    let m = cur.get_or_insert_with(|| WrittenMove {
        points: ArrayVec::new(),
        count: 1,
    });
    if m.count > 1 {
        return Err(NotationProblem::AfterCount);
    }
    if m.points.is_empty() && p == 0 {
        return Err(NotationProblem::FromOff);
    }
    if let Some(&(prev, _)) = m.points.last() {
        if prev == 0 {
            return Err(NotationProblem::AfterOff);
        }
        if p == 25 {
            return Err(NotationProblem::ToBar);
        }
        if p >= prev {
            return Err(NotationProblem::Backwards);
        }
    }
    m.points
        .try_push((p, false))
        .map_err(|_| NotationProblem::TooManyPoints)?;
    *expect_point = false;
    Ok(())
}

fn finish(
    moves: &mut ArrayVec<WrittenMove, MAX_MOVES>,
    total: &mut usize,
    m: WrittenMove,
) -> Result<(), NotationProblem> {
    if m.points.len() < 2 {
        return Err(NotationProblem::NoDestination);
    }
    *total += (m.points.len() - 1) * usize::from(m.count);
    if *total > 16 {
        return Err(NotationProblem::TooManySteps);
    }
    moves.try_push(m).map_err(|_| NotationProblem::TooManyMoves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_leniently() {
        let n: PlayNotation = "Bar/22*/16 6/OFF(2)".parse().unwrap();
        assert_eq!(n.to_string(), "bar/22*/16 6/off(2)");
        let n: PlayNotation = "25/22, 13/0".parse().unwrap();
        assert_eq!(n.to_string(), "bar/22 13/off");
        assert!("".parse::<PlayNotation>().is_err());
        assert!("13/".parse::<PlayNotation>().is_err());
        assert!("13/15".parse::<PlayNotation>().is_err());
        assert!("13/7(9)".parse::<PlayNotation>().is_err());
        assert!("x".parse::<PlayNotation>().is_err());
        assert!("pass".parse::<PlayNotation>().unwrap().is_pass());
    }

    #[test]
    fn the_notation_of_a_play_is_the_parsed_text_of_the_play() {
        use crate::backgammon::Backgammon;
        use crate::Game;

        // A deterministic walk through many games: every legal play's notation, built from
        // its steps, is what parsing its text gives, prints the same, and resolves to it.
        let mut pos = Backgammon::new();
        let mut checked = 0;
        for ply in 0..3000usize {
            if pos.is_over() {
                pos = Backgammon::new();
            }
            let dice = Dice::all().nth((ply * 5) % 21).unwrap();
            let legal = pos.plays(dice);
            for play in &legal {
                let n = PlayNotation::of(play);
                assert_eq!(Ok(&n), play.to_string().parse::<PlayNotation>().as_ref());
                assert_eq!(n.to_string(), play.to_string());
                assert_eq!(n.resolve(&legal, dice), Ok(*play));
                checked += 1;
            }
            pos.set_dice(Some(dice));
            let mv = legal[(ply * 7) % legal.len()];
            pos.play(mv).unwrap();
        }
        assert!(checked > 10_000, "{checked}");
    }
}
