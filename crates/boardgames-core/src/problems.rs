//! What the error types that list several problems share: the `p1; p2` form of the list.

use core::fmt;

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
