//! The Python exceptions: one base, `BoardgamesError` (a `ValueError`), and one subclass per
//! kind of mistake.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::dynamic::Failure;

create_exception!(
    boardgames,
    BoardgamesError,
    PyValueError,
    "Every error the library raises: a ValueError."
);
create_exception!(
    boardgames,
    NotationError,
    BoardgamesError,
    "Text that is not a move, outcome or position of the game."
);
create_exception!(
    boardgames,
    IllegalMoveError,
    BoardgamesError,
    "A move, action or outcome that is not legal in this position; the state is unchanged."
);
create_exception!(
    boardgames,
    SetupError,
    BoardgamesError,
    "A position that is not valid, with every problem found."
);

/// The longest message raised: the library's messages quote the text they refused, which
/// may be any size.
const MAX_MESSAGE: usize = 400;

/// `message` if it has at most [`MAX_MESSAGE`] characters; else its start and a note of its
/// length, [`MAX_MESSAGE`] characters in all.
fn bounded(message: String) -> String {
    let n = message.chars().count();
    if n <= MAX_MESSAGE {
        return message;
    }
    let note = format!("... ({n} characters)");
    let cut: String = message
        .chars()
        .take(MAX_MESSAGE - note.chars().count())
        .collect();
    format!("{cut}{note}")
}

/// The Python exception of a failure, with the library's message.
pub fn to_py(f: Failure) -> PyErr {
    match f {
        Failure::Notation(m) => NotationError::new_err(bounded(m)),
        Failure::Illegal(m) => IllegalMoveError::new_err(bounded(m)),
        Failure::Setup(m) => SetupError::new_err(bounded(m)),
        Failure::Value(m) => BoardgamesError::new_err(bounded(m)),
    }
}

/// A `BoardgamesError` with `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    to_py(Failure::Value(message.into()))
}

/// The index argument `name` (any Python integer, numpy's included) if it lies in
/// `0..limit`, else a `BoardgamesError` naming it; a `TypeError` for what is not an integer.
/// Faster than a 128-bit conversion on the calls made once a move.
pub fn index_arg<T: TryFrom<i64>>(
    name: &str,
    value: &Bound<'_, PyAny>,
    limit: usize,
) -> Result<T, PyErr> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    match value.extract::<i64>() {
        Ok(v) if (0..limit).contains(&v) => {
            T::try_from(v).map_err(|_| value_error(format!("{name} {v} is out of range")))
        }
        Ok(v) => Err(value_error(format!(
            "{name} {v} is out of range 0..{limit}"
        ))),
        Err(e) if value.is_instance_of::<PyInt>() => {
            drop(e);
            Err(value_error(format!(
                "{name} {value} is out of range 0..{limit}"
            )))
        }
        Err(e) => Err(e),
    }
}

/// The integer argument `name` if it lies in `lo..=hi`, else a `BoardgamesError` naming it.
pub fn int_arg<T: TryFrom<i128>>(name: &str, value: i128, lo: i128, hi: i128) -> Result<T, PyErr> {
    if (lo..=hi).contains(&value) {
        if let Ok(v) = T::try_from(value) {
            return Ok(v);
        }
    }
    Err(value_error(format!(
        "{name} {value} is out of range {lo}..={hi}"
    )))
}
