//! The command line of the training examples: `--name value` pairs.

use std::fmt::Display;
use std::str::FromStr;

/// The arguments after the program's name as `(name, value)` pairs.
///
/// # Errors
/// A message when the last option has no value.
pub fn pairs() -> Result<Vec<(String, String)>, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    args.chunks(2)
        .map(|pair| match pair {
            [name, value] => Ok((name.clone(), value.clone())),
            [name] => Err(format!("{name} wants a value")),
            _ => Err("no option".to_owned()),
        })
        .collect()
}

/// The value of option `name` read as a `T`.
///
/// # Errors
/// `name value: why` when it does not read.
pub fn parse<T: FromStr>(name: &str, value: &str) -> Result<T, String>
where
    T::Err: Display,
{
    value.parse().map_err(|e| format!("{name} {value}: {e}"))
}
