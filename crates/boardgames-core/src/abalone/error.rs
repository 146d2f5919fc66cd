//! Why an Abalone move is refused, and why a setup is not a valid position.

use core::fmt;

use super::cell::{Cell, Direction};
use super::moves::Move;
use super::notation::Notation;
use super::position::{Colour, EndReason, Position, EJECTED_TO_WIN};
use crate::game::Team;

/// Why a move (or a notation) is not legal in a position. The position is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended (six marbles ejected, time out or move limit); no move is accepted.
    #[error("the game is over")]
    GameOver,
    /// A time-out of a colour that plays no seat in this game
    /// ([`Position::time_out`](super::Position::time_out)).
    #[error("{0} plays no seat in a game of this many players")]
    NotSeated(Colour),
    /// The cell holds no marble of the side to move.
    #[error("{0} holds no marble of the side to move")]
    NotOwn(Cell),
    /// The cell holds a partner's marble: with teams a line may go on through partners'
    /// marbles, but it must start (at the trailing end) with one of the mover's own (seed 004).
    #[error("{0} holds a partner's marble: a line must start with one of the mover's own marbles")]
    PartnerTail(Cell),
    /// A broadside move includes a partner's marble: broadside moves use own marbles only
    /// (seed 004).
    #[error("{0} holds a partner's marble: a broadside move uses only the mover's own marbles")]
    PartnerBroadside(Cell),
    /// Four or more own (or, with teams, own and partners') marbles in a row: at most three
    /// move.
    #[error("more than three own marbles in a row from {0}: at most three may move")]
    TooManyMarbles(Cell),
    /// The move would put an own marble (the one on this cell) off the board.
    #[error("the marble on {0} would leave the board: a player never pushes his own marble off")]
    OwnMarbleOff(Cell),
    /// An in-line move runs into at least as many opponent marbles as it moves (pac, or a
    /// single marble, which never pushes).
    #[error("{marbles} against {opponents} is no sumito: a push needs more marbles than it moves against")]
    NoSumito {
        /// Own marbles in the moving line, 1..=3.
        marbles: usize,
        /// Opponent marbles in contact ahead (counted up to the first that makes it pac).
        opponents: usize,
    },
    /// The push is blocked: an own marble stands right behind the pushed opponent marbles.
    #[error("the push is blocked by the mover's own marble on {0}")]
    PushBlocked(Cell),
    /// A broadside move needs every destination empty; it never pushes.
    #[error("broadside destination {0} is not empty")]
    BroadsideBlocked(Cell),
    /// The move's marble and push counts are not what this position gives its cells.
    #[error(
        "{mv} moves {} pushing {pushed} here, but the move says {} pushing {}",
        count_marbles(*.marbles),
        .mv.marbles(),
        .mv.pushed()
    )]
    Shape {
        /// The move as given, with the counts it says.
        mv: Move,
        /// Marbles that move here.
        marbles: usize,
        /// Opponent marbles pushed here.
        pushed: usize,
    },
    /// A hand-built notation value (or move) that does not describe a move shape (parsed
    /// notation never gives this).
    #[error("{0} does not describe a move")]
    Malformed(Notation),
    /// No in-line move has these counts: the trailing marble and direction given, whose
    /// marble and push counts found here make no move (the rules never give this).
    #[error("{tail} {dir} does not describe a move")]
    MalformedInLine {
        /// The trailing marble.
        tail: Cell,
        /// The direction.
        dir: Direction,
    },
}

/// Why a setup (or its text) is not a valid Abalone position: every problem found, in the
/// order the checks found them.
///
/// `Display` prints `invalid Abalone position: ` and the problems separated by `; `.
///
/// ```
/// use boardgames_core::abalone::{Colour, Setup, SetupProblem};
///
/// let err = "5/6/7/8/4b4/8/7/6/4w w 0-7".parse::<Setup>()?.into_position().unwrap_err();
/// let seven = SetupProblem::TooManyCaptured { colour: Colour::White, captured: 7 };
/// assert!(err.contains(&seven));
/// assert_eq!(
///     err.to_string(),
///     "invalid Abalone position: 7 White marbles captured: at most 6 can be (the game ends \
///      at six)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type SetupError = crate::problems::SetupError<SetupProblem>;

impl crate::problems::Problem for SetupProblem {
    const GAME: &'static str = "Abalone";
}

impl From<SyntaxProblem> for SetupError {
    /// The error of this one problem of the text.
    fn from(problem: SyntaxProblem) -> SetupError {
        SetupProblem::Syntax(problem).into()
    }
}

/// One reason an Abalone setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The position string does not parse (see [`Setup`](super::Setup)'s module docs).
    #[error("{0}")]
    Syntax(SyntaxProblem),
    /// The colours with a marble list are not those of a game of `seats` players (Black,
    /// White, then Red, Green, Yellow, Purple in turn).
    #[error(
        "a {seats}-player position needs the colours {}, found {}",
        ColourNames(&Colour::SEATS[..(*.seats).min(6)]),
        ColourNames(.found)
    )]
    Players {
        /// The players of the position asked for.
        seats: usize,
        /// The colours with a marble list.
        found: Vec<Colour>,
    },
    /// The colour to move plays no seat of the game.
    #[error("{turn} is to move, but plays no seat of a {seats}-player game")]
    TurnNotSeated {
        /// The colour to move.
        turn: Colour,
        /// The players of the game.
        seats: usize,
    },
    /// A captured or ejected count is given for a colour that plays no seat.
    #[error("{colour} has a count but plays no seat here")]
    CountNotSeated {
        /// The colour.
        colour: Colour,
    },
    /// The cell is in the marble lists more than once (in one list, or in two).
    #[error("{0} is listed twice")]
    ListedTwice(Cell),
    /// More marbles of a colour captured than can be: the game ends at six (two, four and six
    /// players).
    #[error(
        "{captured} {colour} marbles captured: at most {} can be (the game ends at six)",
        EJECTED_TO_WIN
    )]
    TooManyCaptured {
        /// The colour whose marbles were captured.
        colour: Colour,
        /// Its captured count.
        captured: u32,
    },
    /// A colour's marbles on the board and captured are more than a seat starts with.
    #[error(
        "{colour} has {on_board} marbles on the board and {captured} captured: more than {most}"
    )]
    TooManyMarbles {
        /// The colour.
        colour: Colour,
        /// Its marbles on the board.
        on_board: usize,
        /// Its marbles captured.
        captured: u32,
        /// The marbles a seat starts with (14, 11, 9 or 6).
        most: usize,
    },
    /// Two players: the ejected counts given are not the other side's captured ones.
    #[error(
        "ejected {}-{} does not match captured {}-{} (each side ejected the other's lost marbles)",
        .ejected[0],
        .ejected[1],
        .captured[0],
        .captured[1]
    )]
    EjectedMismatch {
        /// Ejected by Black, by White, as given.
        ejected: [u32; 2],
        /// Black's and White's captured marbles.
        captured: [u32; 2],
    },
    /// Teams: a team's ejected marbles are not the marbles the other team lost.
    #[error(
        "team {} ejected {ejected} marbles, but the other team lost {lost}",
        team_name(*.seats, *.team)
    )]
    TeamEjected {
        /// The players of the game (4 or 6).
        seats: usize,
        /// The team.
        team: Team,
        /// The marbles its seats ejected.
        ejected: u64,
        /// The marbles the other team lost.
        lost: u64,
    },
    /// Three players: the marbles ejected in all are not the marbles captured in all.
    #[error("{ejected} marbles ejected in all, but {captured} captured")]
    TotalEjected {
        /// The marbles all seats ejected.
        ejected: u64,
        /// The marbles all colours lost.
        captured: u64,
    },
    /// Three players: a player ejected more marbles than the other players lost in all (each
    /// keeps the marbles it pushed off, which are the opponents', seed 004).
    #[error("{colour} ejected {ejected} marbles, but the other players lost {others_lost}")]
    EjectedMoreThanOthersLost {
        /// The player's colour.
        colour: Colour,
        /// The marbles it ejected.
        ejected: u64,
        /// The marbles the other players lost.
        others_lost: u64,
    },
    /// Teams: a team has ejected six and its seat moved last, but that seat ejected nothing,
    /// so the sixth ejection, which ends the game at once, was not the last move.
    #[error(
        "{} has ejected six marbles, but {last}, who moved last, ejected none: the game ended on the ejecting move",
        team_name(*.seats, *.team)
    )]
    SixEjectedNotByLast {
        /// The players of the game (4 or 6).
        seats: usize,
        /// The team that ejected six.
        team: Team,
        /// The colour that moved last.
        last: Colour,
    },
    /// Two players: the colour to move has ejected six, so the game ended on its last move.
    #[error("{colour} has ejected six marbles but is to move: the game ended on its last move")]
    SixEjectedToMove {
        /// The colour to move.
        colour: Colour,
    },
    /// Three or more players: a side has ejected six but its last seat did not move last.
    #[error(
        "{} has ejected six marbles, but {last} moved last: the game ended on the ejecting move",
        team_name(*.seats, *.team)
    )]
    SixEjectedNotLast {
        /// The players of the game.
        seats: usize,
        /// The side (player or team) that ejected six.
        team: Team,
        /// The colour that moved last (the one before the colour to move).
        last: Colour,
    },
    /// Two players: both have lost six marbles.
    #[error("both sides have lost six marbles")]
    BothLostSix,
    /// Three or more players: more than one side has ejected six marbles.
    #[error("more than one side has ejected six marbles")]
    SeveralEjectedSix,
    /// The ply does not fit in `0..=65535`.
    #[error("ply {ply} is out of range (at most 65535)")]
    Ply {
        /// The ply given.
        ply: u32,
    },
    /// The ply is past the move limit.
    #[error("ply {ply} is past the move limit {limit}")]
    PastMoveLimit {
        /// The ply.
        ply: u16,
        /// The move limit.
        limit: u16,
    },
    /// The move limit does not fit in `1..=65535`.
    #[error("move limit {limit} is out of range (1..=65535)")]
    MoveLimit {
        /// The move limit given.
        limit: u32,
    },
    /// The colour that timed out plays no seat.
    #[error("{colour} timed out, but plays no seat here")]
    TimeOutNotSeated {
        /// The colour that timed out.
        colour: Colour,
    },
    /// A colour timed out in a game that had already ended otherwise.
    #[error("{colour} timed out, but the game had ended {}", ended(.end))]
    TimeOutAfterEnd {
        /// The colour that timed out.
        colour: Colour,
        /// How the game had ended: six ejected or the move limit.
        end: EndReason,
    },
}

/// How a game had ended, for [`SetupProblem::TimeOutAfterEnd`].
fn ended(end: &EndReason) -> &'static str {
    match end {
        EndReason::SixEjected => "with six ejected",
        EndReason::MoveLimit | EndReason::TimeOut(_) => "at the move limit",
    }
}

/// A team's name in a game of `seats` players (see [`Position::team_name`]).
fn team_name(seats: usize, team: Team) -> String {
    match seats {
        3 => Position::<3>::team_name(team),
        4 => Position::<4>::team_name(team),
        6 => Position::<6>::team_name(team),
        _ => Position::<2>::team_name(team),
    }
}

/// Colour names (`black, white, red`), separated by `, `.
struct ColourNames<'a>(&'a [Colour]);

impl fmt::Display for ColourNames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(c.name())?;
        }
        Ok(())
    }
}

/// A field of the position string as messages name it: `field 2 (turn)`, `field 3
/// (captured)`, `field 4`.
struct Field(usize);

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            2 => f.write_str("field 2 (turn)"),
            3 => f.write_str("field 3 (captured)"),
            n => write!(f, "field {n}"),
        }
    }
}

/// Why a text is not an Abalone position string: the field, and for the board the row and
/// character, that is wrong. Fields are numbered from 1 (1 the board, 2 the turn, 3 the
/// captured counts, then the `key=value` fields), characters from 1 within the row's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxProblem {
    /// Fewer than the three fields needed.
    #[error("expected at least 3 fields (board, turn, captured), found {found}")]
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// The board does not have 9 rows.
    #[error("field 1: the board has {found} rows, expected 9 (I down to A)")]
    Rows {
        /// The number of rows found.
        found: usize,
    },
    /// A marble or count of the row reaches past its last cell.
    #[error("field 1: row {row} is longer than its {cells} cells (at character {at})")]
    RowTooLong {
        /// The row letter, `A`..=`I`.
        row: char,
        /// The cells of the row.
        cells: usize,
        /// The character that reaches past them, from 1.
        at: usize,
    },
    /// A character of the row is not a colour letter or a count.
    #[error(
        "field 1: row {row}, character {at}: {found:?} is not b, w, r, g, y, p or a count 1..9"
    )]
    Character {
        /// The row letter, `A`..=`I`.
        row: char,
        /// The character's position, from 1.
        at: usize,
        /// The character found.
        found: char,
    },
    /// The row does not cover exactly its cells.
    #[error("field 1: row {row} covers {covers} cells, expected {cells}")]
    RowLength {
        /// The row letter, `A`..=`I`.
        row: char,
        /// The cells it covers.
        covers: usize,
        /// The cells of the row.
        cells: usize,
    },
    /// The text of the turn (field 2) or of `timeout=` is not a colour.
    #[error("{}: {text:?} is not a colour (b, w, r, g, y or p)", Field(*.field))]
    Colour {
        /// The field.
        field: usize,
        /// The text given.
        text: String,
    },
    /// A count (of field 3, `ejected=`, `ply=` or `limit=`) is not a number below a billion.
    #[error("{}: {text:?} is not a number", Field(*.field))]
    Number {
        /// The field.
        field: usize,
        /// The text given.
        text: String,
    },
    /// Field 3 or `ejected=` does not have 2, 3, 4 or 6 counts.
    #[error(
        "{}: {text:?} should be one count per player (2, 3, 4 or 6) like 0-2",
        Field(*.field)
    )]
    Counts {
        /// The field.
        field: usize,
        /// The text given.
        text: String,
    },
    /// A marble of a colour beyond the players that field 3 counts.
    #[error("field 1: {colour} marble on {cell}, but field 3 gives counts for {players} players")]
    MarbleWithoutCount {
        /// The marble's colour.
        colour: Colour,
        /// Its cell.
        cell: Cell,
        /// The players field 3 counts.
        players: usize,
    },
    /// `ejected=` does not have one count per player.
    #[error("{}: {found} ejected counts for {players} players", Field(*.field))]
    EjectedCounts {
        /// The field.
        field: usize,
        /// The counts given.
        found: usize,
        /// The players field 3 counts.
        players: usize,
    },
    /// A field past the third that is not `ply=`, `limit=`, `timeout=` or `ejected=`.
    #[error(
        "{}: {text:?} is not ply=N, limit=N, timeout=C or ejected=N-N-...",
        Field(*.field)
    )]
    UnknownField {
        /// The field.
        field: usize,
        /// The text given.
        text: String,
    },
    /// A `key=` field given twice.
    #[error("{}: {key}= given a second time (first in field {first})", Field(*.field))]
    RepeatedField {
        /// The field that repeats it.
        field: usize,
        /// The key: `ply`, `limit`, `timeout` or `ejected`.
        key: &'static str,
        /// The field that gave it first.
        first: usize,
    },
}

/// `1 marble`, `3 marbles`.
fn count_marbles(n: usize) -> String {
    if n == 1 {
        "1 marble".to_owned()
    } else {
        format!("{n} marbles")
    }
}
