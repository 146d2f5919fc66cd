//! GNU Backgammon's Position ID and Match ID, byte-compatible with gnubg.
//!
//! Layouts: gnubg's manual ("A technical description of the Position ID", "... of the Match
//! ID") and the reference data's README, which adds bit 66 of the Match ID (set when the
//! Jacoby rule is *not* in use; gnubg sets it in match play and with `set jacoby off`).

use super::board::{Board, Side, BAR, CHECKERS};
use super::dice::Dice;
use super::error::IdError;
use crate::problems::Joined;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard Base64 of `bytes` without padding: `ceil(8 * len / 6)` characters.
fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 2);
    let mut acc = 0u32;
    let mut bits = 0;
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 6 {
            bits -= 6;
            out.push(ALPHABET[((acc >> bits) & 63) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (6 - bits)) & 63) as usize] as char);
    }
    out
}

/// Decodes `chars` characters of standard Base64 into `N` bytes; the unused low bits of the
/// last character must be zero. Trailing `=` padding is accepted.
fn unbase64<const N: usize>(kind: &'static str, text: &str) -> Result<[u8; N], IdError> {
    let t = text.trim().trim_end_matches('=');
    let want = (8 * N).div_ceil(6);
    if t.chars().count() != want {
        return Err(IdError::new(
            kind,
            text,
            format!("{} characters, expected {want}", t.chars().count()),
        ));
    }
    let mut out = [0u8; N];
    let mut acc = 0u32;
    let mut bits = 0;
    let mut n = 0;
    for (i, c) in t.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => {
                return Err(IdError::new(
                    kind,
                    text,
                    format!("character {} is not Base64", i + 1),
                ))
            }
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            if n < N {
                out[n] = (acc >> bits) as u8;
                n += 1;
            }
        }
        acc &= (1 << bits) - 1;
    }
    if acc != 0 {
        return Err(IdError::new(
            kind,
            text,
            "the last character has stray low bits",
        ));
    }
    Ok(out)
}

/// The 10-byte gnubg position key: for the side not on roll, then the side on roll, for each
/// of its points 1..=24 (own numbering) and its bar, one `1` bit per checker and a `0`;
/// packed least significant bit first.
#[must_use]
pub fn position_key(board: &Board, on_roll: Side) -> [u8; 10] {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [on_roll.other(), on_roll] {
        for slot in 1..=BAR {
            for _ in 0..board.count(side, slot) {
                if bit < 80 {
                    key[bit / 8] |= 1 << (bit % 8);
                }
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The gnubg Position ID of `board` with `on_roll` to play: 14 Base64 characters, e.g.
/// `4HPwATDgc/ABMA` for the start.
#[must_use]
pub fn position_id(board: &Board, on_roll: Side) -> String {
    base64(&position_key(board, on_roll))
}

/// Decodes a gnubg Position ID seen from `on_roll` into the board (borne-off counts are the
/// checkers missing from 15).
///
/// # Errors
/// [`IdError`] when the text is not 14 Base64 characters, a side has more than 15 checkers,
/// the bits run out, or a point holds checkers of both sides.
pub fn board_from_position_id(text: &str, on_roll: Side) -> Result<Board, IdError> {
    const KIND: &str = "Position ID";
    let key: [u8; 10] = unbase64(KIND, text)?;
    let mut board = Board::EMPTY;
    let mut bit = 0usize;
    let get = |b: usize| b < 80 && key[b / 8] & (1 << (b % 8)) != 0;
    for side in [on_roll.other(), on_roll] {
        let mut total = 0u32;
        for slot in 1..=BAR {
            let mut n = 0u32;
            while get(bit) {
                n += 1;
                bit += 1;
            }
            if bit >= 80 {
                return Err(IdError::new(KIND, text, "the key ends inside a point"));
            }
            bit += 1;
            total += n;
            if total > u32::from(CHECKERS) {
                return Err(IdError::new(
                    KIND,
                    text,
                    format!("{side} has more than 15 checkers (at slot {slot})"),
                ));
            }
            board.set_count(side, slot, n as u8);
        }
        board.set_count(side, 0, CHECKERS - total as u8);
    }
    if (bit..80).any(get) {
        return Err(IdError::new(KIND, text, "bits set after both sides"));
    }
    let problems = board.problems();
    if !problems.is_empty() {
        return Err(IdError::new(KIND, text, Joined(&problems).to_string()));
    }
    Ok(board)
}

/// The state of play a gnubg Match ID records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// No game started (0).
    NoGame,
    /// A game is being played (1).
    Playing,
    /// The game is over (2).
    Over,
    /// The game ended by a resignation (3).
    Resigned,
    /// The game ended by a dropped double (4).
    Dropped,
}

/// Every field of a gnubg Match ID.
///
/// Players are gnubg's: player 0 = [`Side::O`], player 1 = [`Side::X`]. Scores are
/// `0..32768` (15 bits), the match length likewise (0 = money game).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    /// log2 of the cube value, `0..=15` (cube 1 to 32768).
    pub cube_log2: u8,
    /// Who owns the cube, `None` = centred.
    pub cube_owner: Option<Side>,
    /// The player on roll or who rolled.
    pub dice_owner: Side,
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    /// The state of the game.
    pub state: GameState,
    /// The player to make the next decision (differs from `dice_owner` while a double or a
    /// resignation is pending).
    pub turn: Side,
    /// Whether a double is offered.
    pub double_offered: bool,
    /// Resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon.
    pub resignation: u8,
    /// The dice rolled (`None` = not yet rolled). gnubg writes the higher die first and reads
    /// either order; so does this crate.
    pub dice: Option<Dice>,
    /// The match length, 0 = money game.
    pub match_length: u16,
    /// The score of each side, indexed by [`Side::index`].
    pub score: [u16; 2],
    /// Whether the Jacoby rule is in use (bit 66 clear).
    pub jacoby: bool,
}

impl MatchId {
    /// A money game being played with a centred 1-cube and the Jacoby rule, `side` on roll
    /// with `dice` (as gnubg reports the corpus positions).
    #[must_use]
    pub fn money(side: Side, dice: Option<Dice>) -> MatchId {
        MatchId {
            cube_log2: 0,
            cube_owner: None,
            dice_owner: side,
            crawford: false,
            state: GameState::Playing,
            turn: side,
            double_offered: false,
            resignation: 0,
            dice,
            match_length: 0,
            score: [0, 0],
            jacoby: true,
        }
    }

    /// The 9-byte key: the fields packed least significant bit first (see the module docs).
    #[must_use]
    pub fn key(&self) -> [u8; 9] {
        let mut key = [0u8; 9];
        let mut bit = 0usize;
        let mut put = |value: u32, width: usize| {
            for i in 0..width {
                if value & (1 << i) != 0 {
                    key[bit / 8] |= 1 << (bit % 8);
                }
                bit += 1;
            }
        };
        put(u32::from(self.cube_log2), 4);
        put(
            match self.cube_owner {
                None => 3,
                Some(s) => u32::from(s.gnubg_player()),
            },
            2,
        );
        put(u32::from(self.dice_owner.gnubg_player()), 1);
        put(u32::from(self.crawford), 1);
        put(
            match self.state {
                GameState::NoGame => 0,
                GameState::Playing => 1,
                GameState::Over => 2,
                GameState::Resigned => 3,
                GameState::Dropped => 4,
            },
            3,
        );
        put(u32::from(self.turn.gnubg_player()), 1);
        put(u32::from(self.double_offered), 1);
        put(u32::from(self.resignation), 2);
        let (d1, d2) = self
            .dice
            .map_or((0, 0), |d| (u32::from(d.high()), u32::from(d.low())));
        put(d1, 3);
        put(d2, 3);
        put(u32::from(self.match_length), 15);
        put(u32::from(self.score[Side::O.index()]), 15);
        put(u32::from(self.score[Side::X.index()]), 15);
        put(u32::from(!self.jacoby), 1);
        key
    }

    /// The 12-character Match ID, e.g. `cAkAAAAAAAAA`.
    #[must_use]
    pub fn encode(&self) -> String {
        base64(&self.key())
    }

    /// Decodes a Match ID.
    ///
    /// # Errors
    /// [`IdError`] when the text is not 12 Base64 characters or a field is out of range
    /// (cube owner 2, game state above 4, a die 7, only one die, bits above 66 set). The
    /// dice may be written in either order (gnubg's reader takes both; it writes the higher
    /// die first, as [`MatchId::encode`] does).
    pub fn decode(text: &str) -> Result<MatchId, IdError> {
        const KIND: &str = "Match ID";
        let key: [u8; 9] = unbase64(KIND, text)?;
        let mut bit = 0usize;
        let mut get = |width: usize| -> u32 {
            let mut v = 0;
            for i in 0..width {
                if key[bit / 8] & (1 << (bit % 8)) != 0 {
                    v |= 1 << i;
                }
                bit += 1;
            }
            v
        };
        let cube_log2 = get(4) as u8;
        let owner = get(2);
        let dice_owner = Side::from_gnubg_player(get(1) as u8);
        let crawford = get(1) == 1;
        let state = get(3);
        let turn = Side::from_gnubg_player(get(1) as u8);
        let double_offered = get(1) == 1;
        let resignation = get(2) as u8;
        let d1 = get(3) as u8;
        let d2 = get(3) as u8;
        let match_length = get(15) as u16;
        let score0 = get(15) as u16;
        let score1 = get(15) as u16;
        let jacoby = get(1) == 0;
        let rest = get(5);
        let bad = |what: String| IdError::new(KIND, text, what);
        let cube_owner = match owner {
            0 => Some(Side::O),
            1 => Some(Side::X),
            3 => None,
            _ => return Err(bad("cube owner 2 (bits 4-5) is not a player".into())),
        };
        let state = match state {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            n => return Err(bad(format!("game state {n} (bits 8-10) is not 0-4"))),
        };
        let dice = match (d1, d2) {
            (0, 0) => None,
            (a, b) => Some(Dice::new(a, b).map_err(|_| bad(format!("dice {a}-{b} (bits 15-20)")))?),
        };
        if rest != 0 {
            return Err(bad("bits 67-71 are set".into()));
        }
        let mut score = [0u16; 2];
        score[Side::O.index()] = score0;
        score[Side::X.index()] = score1;
        Ok(MatchId {
            cube_log2,
            cube_owner,
            dice_owner,
            crawford,
            state,
            turn,
            double_offered,
            resignation,
            dice,
            match_length,
            score,
            jacoby,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_id() {
        // The gnubg manual's example: the starting position.
        let b = Board::standard();
        assert_eq!(position_id(&b, Side::X), "4HPwATDgc/ABMA");
        assert_eq!(
            board_from_position_id("4HPwATDgc/ABMA", Side::O).unwrap(),
            b
        );
        assert!(board_from_position_id("4HPwATDgc/AB", Side::X).is_err());
        assert!(board_from_position_id("4HPwATDgc/AB!A", Side::X).is_err());
    }

    #[test]
    fn match_id_fields() {
        // From the reference data's README: money, X (player 1) on roll with 3-1, Jacoby on.
        let m = MatchId::decode("cIkFAAAAAAAA").unwrap();
        assert_eq!(m, MatchId::money(Side::X, Dice::new(3, 1).ok()));
        assert_eq!(m.encode(), "cIkFAAAAAAAA");
        let m = MatchId::decode("QYkqASAAIAAE").unwrap();
        assert_eq!(m.match_length, 9);
        assert_eq!(m.score, [4, 2]);
        assert_eq!(m.cube_owner, Some(Side::O));
        assert!(!m.jacoby);
    }

    #[test]
    fn dice_read_in_either_order() {
        // Hand-worked: `cIkUAAAAAAAA` is the bytes 70 89 14 (hex): cube 1 centred, X (player
        // 1) dice owner and turn, a game playing, die 1 = 1 (bits 15-17), die 2 = 5 (bits
        // 18-20), money. gnubg writes the higher die first (`MatchID` in gnubg's matchid.c
        // swaps them), giving 70 89 06: `cIkGAAAAAAAA`; its reader (`MatchFromKey`) takes
        // either order.
        let low_first = MatchId::decode("cIkUAAAAAAAA").unwrap();
        let high_first = MatchId::decode("cIkGAAAAAAAA").unwrap();
        assert_eq!(low_first, high_first);
        assert_eq!(low_first.dice, Dice::new(5, 1).ok());
        assert_eq!(low_first.encode(), "cIkGAAAAAAAA");
        // The same with game state 0 (bytes 70 88 14), the brief's example.
        let no_game = MatchId::decode("cIgUAAAAAAAA").unwrap();
        assert_eq!(no_game.state, GameState::NoGame);
        assert_eq!(no_game.dice, Dice::new(1, 5).ok());
        assert_eq!(no_game.encode(), "cIgGAAAAAAAA");
        // A session from the low-first ID plays the roll 51.
        let m = crate::backgammon::Match::from_ids("4HPwATDgc/ABMA", "cIkUAAAAAAAA").unwrap();
        assert_eq!(m.position().dice(), Dice::new(5, 1).ok());
        assert_eq!(m.match_id().encode(), "cIkGAAAAAAAA");
    }
}
