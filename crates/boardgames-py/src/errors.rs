//! The Python exceptions: one base, `BoardgamesError` (a `ValueError`), and one subclass per
//! kind of mistake.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

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

/// The Python exception of a failure, with the library's message.
pub fn to_py(f: Failure) -> PyErr {
    match f {
        Failure::Notation(m) => NotationError::new_err(m),
        Failure::Illegal(m) => IllegalMoveError::new_err(m),
        Failure::Setup(m) => SetupError::new_err(m),
        Failure::Value(m) => BoardgamesError::new_err(m),
    }
}
