//! The chances of a position as the backgammon examples write them in JSON: the fields
//! `win`, `win_gammon`, `win_backgammon`, `lose_gammon` and `lose_backgammon`.

use boardgames_ai::backgammon::Outcomes;
use serde_json::Value;

/// The chances in the fields of `v`.
///
/// # Errors
/// `no "FIELD"` when a field is missing or not a number.
pub fn from_json(v: &Value) -> Result<Outcomes, String> {
    let f = |k: &str| {
        v[k].as_f64()
            .map(|x| x as f32)
            .ok_or_else(|| format!("no {k:?}"))
    };
    Ok(Outcomes {
        win: f("win")?,
        win_gammon: f("win_gammon")?,
        win_backgammon: f("win_backgammon")?,
        lose_gammon: f("lose_gammon")?,
        lose_backgammon: f("lose_backgammon")?,
    })
}
