//! What the games' setup errors share: [`SetupError`], every problem a setup has, of the
//! game's own [`SetupProblem`](crate::pente::SetupProblem)-style kind.

use core::fmt;

/// One reason a game's setup is not a valid position: the kind each game's [`SetupError`]
/// lists.
pub trait Problem: fmt::Display + fmt::Debug + Clone + PartialEq + Eq {
    /// What the error calls the position (`Pente`, `Abalone`, `backgammon`).
    const GAME: &'static str;
}

/// Why a setup (value or text) is not a valid position of a game: every problem found, of
/// the game's kind `P`.
///
/// `Display` prints `invalid <game> position: ` and the problems separated by `; `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError<P> {
    problems: Vec<P>,
}

impl<P: Problem> SetupError<P> {
    /// An error listing these problems (an empty list makes an error that names none).
    #[must_use]
    pub fn new(problems: Vec<P>) -> SetupError<P> {
        SetupError { problems }
    }

    /// Every problem found, in the order found.
    #[must_use]
    pub fn problems(&self) -> &[P] {
        &self.problems
    }

    /// Whether `problem` is one of the problems found.
    pub fn contains(&self, problem: &P) -> bool {
        self.problems.contains(problem)
    }

    /// The problems, by value.
    #[must_use]
    pub fn into_problems(self) -> Vec<P> {
        self.problems
    }
}

impl<P: Problem> From<P> for SetupError<P> {
    /// The error of this one problem.
    fn from(problem: P) -> SetupError<P> {
        SetupError::new(vec![problem])
    }
}

impl<P: Problem> fmt::Display for SetupError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} position: {}",
            P::GAME,
            Joined(&self.problems)
        )
    }
}

/// Displays a list of problems as `p1; p2; ...` (nothing for an empty list).
pub(crate) struct Joined<'a, T>(pub(crate) &'a [T]);

impl<T: fmt::Display> fmt::Display for Joined<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl<P: Problem> std::error::Error for SetupError<P> {}
