//! The driver shared by the behaviour targets (`*_play`): builds a position from fuzz bytes by
//! playing fuzz-chosen legal moves and chance outcomes from a start, and at every step checks
//! the promises of [`Game`] that hold for any game:
//!
//! * the generated moves agree with [`Game::count_legal_moves`], each chosen one is accepted
//!   by [`Game::is_legal`] and [`Game::play`], and [`Game::play_unchecked`] gives the same
//!   position; its notation resolves back to it;
//! * a move built from the bytes or legal in an earlier position is accepted by `is_legal`
//!   and by `play` exactly when it was generated, and a refused one leaves the position
//!   unchanged (compared with a clone); the same for chance outcomes;
//! * the setup round-trips, in value and in text: `from_setup(to_setup(x)) == x` and
//!   `from_text(to_setup(x).to_string()) == x`;
//! * a finished game has an outcome and no moves.
//!
//! At the end, when the first byte of the walk is odd, the last position goes through the
//! library's own conformance kit ([`boardgames_core::conformance::check_position`]) with the
//! game's candidate moves, which also plays every generated move and checks perft(2) (on every
//! input it would slow the targets several times).

use boardgames_core::conformance::{check_position, Report};
use boardgames_core::{Game, Turn};

/// The fuzz bytes, read front to back; reads past the end give `None`.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// The next byte.
    pub fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.data.split_first()?;
        self.data = rest;
        Some(b)
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> Option<u16> {
        Some(u16::from(self.byte()?) | u16::from(self.byte()?) << 8)
    }

    /// Whether every byte is read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The rest of the bytes, consumed.
    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.data)
    }
}

/// What a game's target adds to the generic walk.
pub struct Hooks<G: Game> {
    /// A move built from the bytes (any shape the public API can build, legal or not).
    pub foreign_move: fn(&G, &mut Bytes) -> Option<G::Move>,
    /// A chance outcome built from the bytes (legal or not).
    pub foreign_chance: fn(&G, &mut Bytes) -> Option<G::Chance>,
    /// Moves to try on the last position with the conformance kit (every point, ...).
    pub candidates: fn(&G) -> Vec<G::Move>,
    /// Game-specific checks of every position met (IDs, JSON, ...).
    pub check: fn(&G),
    /// A game-specific operation driven by the bytes (e.g. a resignation offered out of
    /// turn), which must leave the position unchanged when it is refused.
    pub operate: fn(&mut G, &mut Bytes),
}

/// Moves remembered from earlier positions, tried in later ones.
const MEMORY: usize = 64;

/// Walks at most `max_steps` steps from `start` as the bytes choose, checking each position
/// met (see the crate docs); returns the last position.
pub fn walk<G: Game>(start: G, bytes: &mut Bytes, max_steps: usize, hooks: &Hooks<G>) -> G {
    let mut pos = start;
    let kit = bytes.byte().is_some_and(|b| b & 1 == 1);
    let mut seen: Vec<G::Move> = Vec::new();
    for _ in 0..max_steps {
        let Some(op) = bytes.byte() else { break };
        check_setup(&pos);
        (hooks.check)(&pos);
        let moves = pos.moves();
        assert_eq!(pos.count_legal_moves(), moves.len(), "count_legal_moves");
        // Every few steps, a foreign move or outcome and a game-specific operation.
        match op >> 5 {
            0 => {
                if let Some(mv) = (hooks.foreign_move)(&pos, bytes) {
                    try_move(&pos, &moves, mv);
                }
            }
            1 => {
                if let Some(&mv) = seen.get(usize::from(op) % MEMORY) {
                    try_move(&pos, &moves, mv);
                }
            }
            2 => {
                if let Some(c) = (hooks.foreign_chance)(&pos, bytes) {
                    try_chance(&pos, c);
                }
            }
            3 => (hooks.operate)(&mut pos, bytes),
            _ => {}
        }
        match pos.turn() {
            Turn::Over => {
                assert!(pos.outcome().is_some(), "game over without an outcome");
                assert!(pos.moves().is_empty(), "moves after the end");
                assert!(pos.chance_outcomes().is_empty(), "chance after the end");
                break;
            }
            Turn::Chance => {
                assert!(pos.moves().is_empty(), "moves at a chance node");
                let outcomes = pos.chance_outcomes();
                assert!(!outcomes.is_empty(), "chance node without outcomes");
                let i = usize::from(bytes.byte().unwrap_or(op)) % outcomes.len();
                let (c, _) = outcomes[i];
                let text = pos.chance_notation(c).to_string();
                assert_eq!(
                    pos.parse_chance(&text).ok(),
                    Some(c),
                    "chance notation {text}"
                );
                pos.apply_chance(c).expect("a listed outcome applies");
            }
            Turn::Seat(seat) => {
                assert!(seat.index() < pos.seat_count());
                assert!(pos.outcome().is_none(), "outcome while a seat is to move");
                let moves = pos.moves();
                if moves.is_empty() {
                    // A seat to move with no move: only legal if the game says so; nothing to
                    // play, so stop here (the conformance kit looks at it).
                    break;
                }
                let n = usize::from(bytes.u16().unwrap_or(u16::from(op)));
                let mv = moves[n % moves.len()];
                if seen.len() < MEMORY {
                    seen.push(mv);
                } else {
                    seen[n % MEMORY] = mv;
                }
                assert!(pos.is_legal(mv), "generated {mv} refused by is_legal");
                assert_eq!(
                    pos.nth_legal_move(n % moves.len()),
                    Some(mv),
                    "nth_legal_move"
                );
                let text = pos.notation(mv).to_string();
                match pos.parse_move(&text) {
                    Ok(back) => assert_eq!(back, mv, "notation {text:?} resolves to another move"),
                    Err(e) => panic!("notation {text:?} of generated {mv:?} fails: {e}"),
                }
                let mut unchecked = pos.clone();
                unchecked.play_unchecked(mv);
                if let Err(e) = pos.play(mv) {
                    panic!("generated move {mv} refused by play: {e}");
                }
                assert_eq!(pos, unchecked, "play_unchecked({mv}) differs from play");
            }
        }
    }
    check_setup(&pos);
    (hooks.check)(&pos);
    if !kit {
        return pos;
    }
    let mut candidates = (hooks.candidates)(&pos);
    candidates.extend(seen);
    for _ in 0..32 {
        if bytes.is_empty() {
            break;
        }
        candidates.extend((hooks.foreign_move)(&pos, bytes));
    }
    if let Err(e) = check_position(&pos, &candidates, &mut Report::default()) {
        panic!("{e}");
    }
    pos
}

/// Tries a move that may or may not be legal: `is_legal` and `play` agree with the move list,
/// and a refused move leaves the position unchanged.
pub fn try_move<G: Game>(pos: &G, moves: &[G::Move], mv: G::Move) {
    let generated = moves.contains(&mv);
    assert_eq!(
        pos.is_legal(mv),
        generated,
        "is_legal({mv:?}) vs the move list"
    );
    let mut tried = pos.clone();
    match tried.play(mv) {
        Ok(()) => {
            assert!(generated, "play accepts {mv:?}, which was not generated");
            let mut unchecked = pos.clone();
            unchecked.play_unchecked(mv);
            assert_eq!(tried, unchecked, "play_unchecked({mv:?}) differs from play");
        }
        Err(e) => {
            assert!(!generated, "generated {mv:?} refused by play: {e}");
            assert_eq!(&tried, pos, "refused {mv:?} changed the position");
        }
    }
}

/// Tries a chance outcome that may or may not be one of the listed outcomes: applying it
/// succeeds exactly when it is listed, and a refused one leaves the position unchanged.
pub fn try_chance<G: Game>(pos: &G, c: G::Chance) {
    let listed = pos.chance_outcomes().iter().any(|&(o, _)| o == c);
    let mut tried = pos.clone();
    match tried.apply_chance(c) {
        Ok(()) => assert!(listed, "apply_chance accepts {c}, which is not listed"),
        Err(e) => {
            assert!(!listed, "listed outcome {c} refused: {e}");
            assert_eq!(&tried, pos, "refused outcome {c} changed the position");
        }
    }
}

/// The setup round-trips in value and in text.
pub fn check_setup<G: Game>(pos: &G) {
    let setup = pos.to_setup();
    let text = setup.to_string();
    match G::from_setup(setup) {
        Ok(back) => assert_eq!(&back, pos, "from_setup(to_setup()) is another position"),
        Err(e) => panic!("from_setup(to_setup()) fails: {e}\n{pos}"),
    }
    match G::from_text(&text) {
        Ok(back) => assert_eq!(&back, pos, "setup text {text:?} reads as another position"),
        Err(e) => panic!("setup text {text:?} does not read back: {e}"),
    }
}

/// A refused operation left the position as it was; an accepted one is checked by the walk.
pub fn unchanged_if_err<G: Game, E: core::fmt::Display>(
    pos: &mut G,
    op: impl FnOnce(&mut G) -> Result<(), E>,
) {
    let before = pos.clone();
    if let Err(e) = op(pos) {
        assert_eq!(
            *pos, before,
            "a refused operation ({e}) changed the position"
        );
    }
}

/// The Abalone parts of the behaviour targets, for every seat count.
pub mod abalone {
    use boardgames_core::abalone::{Cell, Colour, Direction, Move, Position, INDEX_RANGE};
    use boardgames_core::Game;

    use super::{try_move, unchanged_if_err, Bytes, Hooks};

    /// A move built from the bytes with the public constructors: in-line or broadside, any
    /// counts the constructors take (legal here or not).
    pub fn foreign_move(b: &mut Bytes) -> Option<Move> {
        let tail = Cell::from_index(usize::from(b.byte()?) % INDEX_RANGE)?;
        let shape = b.byte()?;
        let dir = Direction::from_index(usize::from(shape & 7));
        let marbles = usize::from(shape >> 3 & 3);
        if shape & 0x80 == 0 {
            Move::in_line(tail, dir, marbles, usize::from(shape >> 5 & 3))
        } else {
            let axis = Direction::from_index(usize::from(shape >> 5 & 3));
            Move::broadside(tail, axis, marbles, dir)
        }
    }

    /// Every move the constructors build on an empty board from any cell: the candidates of
    /// the conformance kit.
    pub fn every_shape() -> Vec<Move> {
        let mut all = Vec::new();
        for tail in Cell::all() {
            for d in 0..6 {
                let dir = Direction::from_index(d);
                for marbles in 1..=3 {
                    for pushed in 0..marbles {
                        all.extend(Move::in_line(tail, dir, marbles, pushed));
                    }
                    for a in 0..3 {
                        all.extend(Move::broadside(
                            tail,
                            Direction::from_index(a),
                            marbles,
                            dir,
                        ));
                    }
                }
            }
        }
        all
    }

    /// The hooks for `SEATS` players: JSON round trip of every position; operations: a
    /// time-out (refused after the end, then unchanged), a move limit, `in_line_move`
    /// (what it returns is legal).
    pub fn hooks<const SEATS: usize>() -> Hooks<Position<SEATS>> {
        Hooks {
            foreign_move: |_, b| foreign_move(b),
            foreign_chance: |_, _| None,
            candidates: |_| every_shape(),
            check: |pos| {
                let json = serde_json::to_string(pos).expect("a position serialises");
                match serde_json::from_str::<Position<SEATS>>(&json) {
                    Ok(back) => assert_eq!(&back, pos, "JSON {json} reads as another position"),
                    Err(e) => panic!("JSON {json} does not read back: {e}"),
                }
            },
            operate: |pos, b| {
                let Some(op) = b.byte() else { return };
                match op % 4 {
                    0 => {
                        let colour = Colour::SEATS[usize::from(op >> 2) % SEATS];
                        unchanged_if_err(pos, |p| p.time_out(colour));
                    }
                    1 => {
                        let limit = b.u16();
                        pos.set_move_limit(limit);
                    }
                    _ => {
                        let Some(tail) = Cell::from_index(usize::from(op >> 2) % INDEX_RANGE)
                        else {
                            return;
                        };
                        let dir = Direction::from_index(usize::from(b.byte().unwrap_or(0)));
                        if let Ok(mv) = pos.in_line_move(tail, dir) {
                            assert!(pos.is_legal(mv), "in_line_move gives illegal {mv:?}");
                        }
                        if let Some(mv) = foreign_move(b) {
                            try_move(pos, &pos.moves(), mv);
                        }
                    }
                }
            },
        }
    }
}

/// The backgammon parts of the behaviour targets.
pub mod backgammon {
    use boardgames_core::backgammon::{Backgammon, Dice, Play, PlayNotation, Setup, Side, Xgid};
    use boardgames_core::Game;

    use super::Bytes;

    /// A play built from the bytes: up to four `(from, to, hit)` steps read through the
    /// checked conversion (the JSON form's), or the plays of another roll of `pos`.
    pub fn foreign_play(pos: &Backgammon, b: &mut Bytes) -> Option<Play> {
        let head = b.byte()?;
        if head & 1 == 0 {
            let dice = Dice::new(head >> 1 & 7, head >> 4 & 7).ok()?;
            let plays = pos.plays(dice);
            let i = usize::from(b.byte()?);
            return plays.get(i % plays.len().max(1)).copied();
        }
        let n = usize::from(head >> 1 & 7).min(5);
        let mut steps = Vec::new();
        for _ in 0..n {
            let from = b.byte()? % 27;
            let to = b.byte()?;
            steps.push((from, to & 31, to & 0x80 != 0));
        }
        Play::try_from(steps).ok()
    }

    /// Dice from the bytes, valid or not (`None` for numbers outside `1..=6`).
    pub fn dice(b: &mut Bytes) -> Option<Dice> {
        let x = b.byte()?;
        Dice::new(x & 7, x >> 3 & 7).ok()
    }

    /// The candidates of the conformance kit: the pass, a few plays of every roll, and single
    /// steps from the bar (each candidate costs a move generation, so not many).
    pub fn candidates(pos: &Backgammon) -> Vec<Play> {
        let mut all = vec![Play::PASS];
        for d in Dice::all() {
            all.extend(pos.plays(d).into_iter().take(3));
        }
        for to in 19..=24u8 {
            all.push(Play::from_steps(&[(25, to)], 0));
            all.push(Play::from_steps(&[(25, to)], 1 << to));
        }
        all
    }

    /// The IDs of a checker position round-trip: the Position ID gives the board back, the
    /// Position ID with the money Match ID the whole position, the XGID (the setup's text)
    /// reads as the same XGID and setup, the JSON position reads back; parsed notation that
    /// resolves names a legal play.
    pub fn check(pos: &Backgammon) {
        let pid = pos.position_id();
        match Backgammon::from_position_id(&pid, pos.side()) {
            Ok(back) => assert_eq!(back.board(), pos.board(), "Position ID {pid}"),
            Err(e) => panic!("Position ID {pid} does not decode: {e}"),
        }
        let mid = pos.money_match_id();
        match Backgammon::from_ids(&pid, &mid) {
            Ok(back) => assert_eq!(&back, pos, "Position ID {pid} with Match ID {mid}"),
            Err(e) => panic!("IDs {pid}:{mid} do not decode: {e}"),
        }
        let setup = pos.to_setup();
        let xgid: Xgid = setup.to_xgid().expect("a position's setup has an XGID");
        let text = xgid.to_string();
        match text.parse::<Xgid>() {
            Ok(back) => assert_eq!(back, xgid, "XGID {text}"),
            Err(e) => panic!("XGID {text} does not parse: {e}"),
        }
        match Setup::from_xgid(&xgid).into_position() {
            Ok(back) => assert_eq!(&back, pos, "XGID {text} gives another position"),
            Err(e) => panic!("XGID {text} gives no position: {e}"),
        }
        let json = serde_json::to_string(pos).expect("a position serialises");
        match serde_json::from_str::<Backgammon>(&json) {
            Ok(back) => assert_eq!(&back, pos, "JSON {json}"),
            Err(e) => panic!("JSON {json} does not read back: {e}"),
        }
    }

    /// Notation written in the bytes: when it resolves here, it names a legal play, whose
    /// canonical notation resolves to it again.
    pub fn resolve_text(pos: &Backgammon, b: &mut Bytes) {
        let len = usize::from(b.byte().unwrap_or(0) & 31);
        let text: Vec<u8> = (0..len).filter_map(|_| b.byte()).collect();
        let Ok(text) = std::str::from_utf8(&text) else {
            return;
        };
        let Ok(n) = text.parse::<PlayNotation>() else {
            return;
        };
        if let Ok(play) = pos.resolve(&n) {
            assert!(pos.is_legal(play), "{text:?} resolves to illegal {play}");
            let again = pos.parse_move(&pos.notation(play).to_string()).ok();
            assert_eq!(again, Some(play), "{text:?}: canonical notation");
        }
    }

    /// Both sides.
    pub fn side(b: u8) -> Side {
        Side::BOTH[usize::from(b & 1)]
    }
}
