//! The names of the notes a match file's records carry ([`Record::notes`](crate::record::Record::notes)):
//! what match text says that is no step of the session.

/// At the first step of the first game of a match block: the match length as its header
/// line states it. A record without it (a played session) starts a block of its own.
pub(crate) const MATCH: &str = "match";
/// At the first step of a game: its number (`Game 3`).
pub(crate) const GAME: &str = "game";
/// At the first step of a game: the first player named (the left column).
pub(crate) const PLAYER_1: &str = "player 1";
/// At the first step of a game: the second player named (the right column).
pub(crate) const PLAYER_2: &str = "player 2";
/// At the first step of a game: the score its score line states, `left right`.
pub(crate) const SCORE: &str = "score";
/// After a game's last step: its `Wins` line, `winner points` (winner 0 or 1).
pub(crate) const WINS: &str = "wins";
/// At a play (or at the throw of a roll without a play step): the play as written, where
/// that is not the notation the game writes (`Cannot Move`, `25/22`, a forced play left out).
pub(crate) const PLAY: &str = "play";
/// At an opening throw: the dice as written, where the lower die comes first.
pub(crate) const DICE: &str = "dice";
/// At a double or beaver: the cube value the text states, where the session's differs.
pub(crate) const CUBE: &str = "cube";
/// At a step kept as written or refused: the player whose action it is (0 or 1).
pub(crate) const PLAYER: &str = "player";
/// Where a resignation the text states could not be a step (the resigning side not to
/// decide): `player value`, resolved by the match's replay.
pub(crate) const RESIGN: &str = "resign";
