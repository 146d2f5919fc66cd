//! A neural network that values a backgammon position for the side on roll: the five
//! outcome probabilities (win, win a gammon, win a backgammon, lose a gammon, lose a
//! backgammon), and from them the cubeless equity.

use arrayvec::ArrayVec;
use boardgames_core::backgammon::{Board, Side};
use boardgames_core::rand::{Rng, SeedableRng};
use boardgames_core::ChaCha8Rng;
use multiversion::multiversion;

use super::features::{features, FEATURES};

/// The inputs of the board encoding ([`Encoding::Board`]). For each side, the side on roll
/// first, in its own numbering: four units for each of its points 1 to 24 (one checker or
/// more, two or more, three or more, and half of the checkers beyond three), then half its
/// checkers on the bar and a fifteenth of those borne off: `2 * (24 * 4 + 2)`. This is the
/// "truncated unary" board encoding of G. Tesauro's TD-Gammon (*Temporal difference
/// learning and TD-Gammon*, Communications of the ACM 38(3), 1995).
pub const INPUTS: usize = 2 * SIDE_INPUTS;

/// The board inputs of one side.
const SIDE_INPUTS: usize = 24 * 4 + 2;

/// The most inputs of any encoding: the board's and the [`FEATURES`].
pub const MAX_INPUTS: usize = INPUTS + FEATURES;

/// What a network's inputs are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// The board alone ([`INPUTS`]).
    Board,
    /// The board, then the [`features`] of the position: what the checkers' places mean
    /// (escapes, primes, shots, the race; [`MAX_INPUTS`] in all).
    Knowledge,
}

impl Encoding {
    /// The number of inputs.
    #[must_use]
    pub const fn inputs(self) -> usize {
        match self {
            Encoding::Board => INPUTS,
            Encoding::Knowledge => MAX_INPUTS,
        }
    }

    /// Its number in a weights file.
    const fn code(self) -> u32 {
        match self {
            Encoding::Board => 0,
            Encoding::Knowledge => 1,
        }
    }

    /// The encoding of a number in a weights file.
    const fn from_code(code: u32) -> Option<Encoding> {
        match code {
            0 => Some(Encoding::Board),
            1 => Some(Encoding::Knowledge),
            _ => None,
        }
    }
}

/// The outputs: win, win a gammon (or more), win a backgammon, lose a gammon (or more),
/// lose a backgammon, each a probability for the side on roll.
pub const OUTPUTS: usize = 5;

/// The largest hidden layer a [`Network`] may have.
pub const MAX_HIDDEN: usize = 256;

/// The chances of the side on roll, before it rolls, that a [`Network`] gives (or a
/// finished game's result states). `win_gammon` includes backgammons and `lose_gammon`
/// likewise, as in GNU Backgammon's outputs.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Outcomes {
    /// The side on roll wins.
    pub win: f32,
    /// It wins a gammon or a backgammon.
    pub win_gammon: f32,
    /// It wins a backgammon.
    pub win_backgammon: f32,
    /// It loses a gammon or a backgammon.
    pub lose_gammon: f32,
    /// It loses a backgammon.
    pub lose_backgammon: f32,
}

impl Outcomes {
    /// The cubeless money equity for the side on roll, in points a game of cube 1, -3 to 3:
    /// each single game won or lost counts one, a gammon two, a backgammon three.
    #[must_use]
    pub fn equity(&self) -> f32 {
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon
            - self.lose_backgammon
    }

    /// The same chances seen by the other side.
    #[must_use]
    pub fn flipped(&self) -> Outcomes {
        Outcomes {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// A finished game's result for the winner: a win of `points` 1 (single), 2 (gammon) or
    /// 3 (backgammon); other values count as single.
    #[must_use]
    pub fn won(points: u32) -> Outcomes {
        Outcomes {
            win: 1.0,
            win_gammon: if points >= 2 { 1.0 } else { 0.0 },
            win_backgammon: if points >= 3 { 1.0 } else { 0.0 },
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        }
    }

    /// These chances of `on_roll` made consistent with each other and with what can still
    /// happen on `board`: each within 0 to 1, a gammon no likelier than the win it is one of
    /// (a lost gammon than the loss), a backgammon than its gammon; no gammon won once the
    /// other side has borne off a checker (lost once `on_roll` has), and no backgammon won
    /// while the other side has no checker on the bar or in `on_roll`'s home board (lost
    /// likewise). A network's outputs are each learned apart and need not be so.
    #[must_use]
    pub fn possible_on(mut self, board: &Board, on_roll: Side) -> Outcomes {
        let other = on_roll.other();
        // A side's checkers on the bar or in the other side's home board (its own 19- to
        // 24-points): the ones a backgammon needs.
        let back = |side: Side| (19..=25).any(|slot| board.count(side, slot) > 0);
        self.win = self.win.clamp(0.0, 1.0);
        self.win_gammon = self.win_gammon.clamp(0.0, self.win);
        self.win_backgammon = self.win_backgammon.clamp(0.0, self.win_gammon);
        self.lose_gammon = self.lose_gammon.clamp(0.0, 1.0 - self.win);
        self.lose_backgammon = self.lose_backgammon.clamp(0.0, self.lose_gammon);
        if board.off(other) > 0 {
            self.win_gammon = 0.0;
            self.win_backgammon = 0.0;
        } else if !back(other) {
            self.win_backgammon = 0.0;
        }
        if board.off(on_roll) > 0 {
            self.lose_gammon = 0.0;
            self.lose_backgammon = 0.0;
        } else if !back(on_roll) {
            self.lose_backgammon = 0.0;
        }
        self
    }

    fn to_array(self) -> [f32; OUTPUTS] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
    }

    fn from_array(a: [f32; OUTPUTS]) -> Outcomes {
        Outcomes {
            win: a[0],
            win_gammon: a[1],
            win_backgammon: a[2],
            lose_gammon: a[3],
            lose_backgammon: a[4],
        }
    }
}

/// The inputs of a position that are not zero, as (input, value) pairs in increasing input
/// order (a position has some 30 to 60 of the [`INPUTS`], and up to [`FEATURES`] more).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inputs(ArrayVec<(u16, f32), MAX_INPUTS>);

impl Inputs {
    /// The inputs of `board` with `on_roll` to roll in `encoding`.
    #[must_use]
    pub fn encode(board: &Board, on_roll: Side, encoding: Encoding) -> Inputs {
        let mut x = Inputs::of(board, on_roll);
        if encoding == Encoding::Knowledge {
            for (k, v) in features(board, on_roll).into_iter().enumerate() {
                if v != 0.0 {
                    x.0.push(((INPUTS + k) as u16, v));
                }
            }
        }
        x
    }

    /// The inputs of `board` with `on_roll` to roll in the board encoding (see [`INPUTS`]).
    #[must_use]
    pub fn of(board: &Board, on_roll: Side) -> Inputs {
        let mut active = ArrayVec::new();
        for (block, side) in [on_roll, on_roll.other()].into_iter().enumerate() {
            let base = block * SIDE_INPUTS;
            let packed = board.packed(side);
            for point in 1..=24usize {
                let n = ((packed >> (4 * point)) & 15) as u8;
                let at = base + (point - 1) * 4;
                for (k, unit) in [(0, 1u8), (1, 2), (2, 3)] {
                    if n >= unit {
                        active.push(((at + k) as u16, 1.0));
                    }
                }
                if n > 3 {
                    active.push(((at + 3) as u16, f32::from(n - 3) / 2.0));
                }
            }
            let bar = board.bar(side);
            if bar > 0 {
                active.push(((base + 96) as u16, f32::from(bar) / 2.0));
            }
            let off = board.off(side);
            if off > 0 {
                active.push(((base + 97) as u16, f32::from(off) / 15.0));
            }
        }
        Inputs(active)
    }

    /// The (input, value) pairs that are not zero.
    #[must_use]
    pub fn active(&self) -> &[(u16, f32)] {
        &self.0
    }
}

/// Why a weights file is not a network.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NetworkError {
    /// The file does not start with the magic bytes `BGNN`.
    #[error("not a network file: it does not start with BGNN")]
    Magic,
    /// A version of the format this library does not read.
    #[error("network file version {0}: this library reads versions 1 and 2")]
    Version(u32),
    /// An encoding this library does not know.
    #[error("network file encoding {0}: this library knows 0 (the board) and 1 (with features)")]
    Encoding(u32),
    /// Another number of inputs than the encoding's.
    #[error("the network has {found} inputs, its encoding {expected}")]
    Inputs {
        /// The inputs the file states.
        found: u32,
        /// The inputs of its encoding.
        expected: usize,
    },
    /// A hidden layer of 0 or more than [`MAX_HIDDEN`] units.
    #[error("a hidden layer of {0} units: 1 to {MAX_HIDDEN} are allowed")]
    Hidden(u32),
    /// The file is not as long as its header says.
    #[error("the network file has {found} bytes, its header asks for {expected}")]
    Length {
        /// The bytes the header implies.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// A weight that is not a finite number.
    #[error("weight {0} is not a finite number")]
    NotFinite(usize),
}

/// A network of one hidden layer of sigmoid units and [`OUTPUTS`] sigmoid outputs over the
/// [`Inputs`] of a position: f32 weights, the first layer stored input by input so that a
/// position adds only the rows of its active inputs (a few dozen of 196), each a run the
/// compiler vectorises.
///
/// ```
/// use boardgames_ai::backgammon::Network;
/// use boardgames_core::backgammon::{Board, Side};
///
/// let net = Network::random(40, 7).unwrap();
/// let out = net.evaluate(&Board::standard(), Side::X);
/// assert!((0.0..=1.0).contains(&out.win));
/// let bytes = net.to_bytes();
/// assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    encoding: Encoding,
    hidden: usize,
    /// `w1[i * hidden + j]`: input i to hidden unit j.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// `w2[o * hidden + j]`: hidden unit j to output o.
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

/// The logistic function, `1 / (1 + e^-x)`, within 2.5 units in the last place (above
/// -87; below, about `e^-87`).
///
/// `e^-x` is worked out from basic operations only, so that a loop of them runs in vector
/// registers and gives the same bits on every machine (no library call, no fused
/// multiply-add): `-x`, held within ±87 (beyond, the result is 1 to `f32` precision on one
/// side and below 2e-38 on the other), is split as `n ln 2 + r` with `n` the nearest integer
/// to `-x / ln 2` and `|r| <= ln 2 / 2`; `e^r` is its Taylor polynomial of degree 6 (the
/// first term left out is below 1e-7 of it), and `2^n` is made from its exponent bits.
#[inline(always)]
fn sigmoid(x: f32) -> f32 {
    /// Adding it rounds a float below 2^22 in size to an integer (`1.5 * 2^23`).
    const ROUND: f32 = 12_582_912.0;
    const LN2_HIGH: f32 = 0.693_145_75;
    const LN2_LOW: f32 = 1.428_606_8e-6;
    let y = -x;
    let y = if y > 87.0 { 87.0 } else { y };
    let y = if y < -87.0 { -87.0 } else { y };
    let shifted = y * core::f32::consts::LOG2_E + ROUND;
    let n = shifted - ROUND;
    let r = (y - n * LN2_HIGH) - n * LN2_LOW;
    let p = 1.0
        + r * (1.0
            + r * (1.0 / 2.0
                + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0))))));
    // `n` as an integer is the low bits of `shifted`; 2^n is `n + 127` in the exponent field.
    let n_bits = shifted.to_bits().wrapping_sub(ROUND.to_bits());
    let scale = f32::from_bits(n_bits.wrapping_add(127) << 23);
    1.0 / (1.0 + p * scale)
}

/// The hidden units [`hidden_layer`] sums at once, kept in vector registers over all the
/// active inputs (eight registers of eight lanes: enough sums in flight that the additions
/// do not wait on one another).
const BLOCK: usize = 64;

/// The hidden layer's activations into `h` (one entry a unit): the biases `b1`, plus each
/// active input's row of the first layer `w1` (stored input by input) times its value, through
/// the logistic function.
///
/// The units are summed [`BLOCK`] at a time, each block's sums held in registers while every
/// input's row is added, rather than loaded and stored again for each input. Built also for
/// wider vector units, chosen at run time; every form adds each unit's terms in the same order
/// with no fused multiply-add, so all give the same bits.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl", "x86_64+avx2"))]
fn hidden_layer(h: &mut [f32], b1: &[f32], w1: &[f32], active: &[(u16, f32)]) {
    let n = h.len();
    let mut blocks = h.chunks_exact_mut(BLOCK);
    for (k, out) in blocks.by_ref().enumerate() {
        let at = k * BLOCK;
        let mut sum = [0f32; BLOCK];
        sum.copy_from_slice(&b1[at..at + BLOCK]);
        for &(i, v) in active {
            let start = usize::from(i) * n + at;
            let row = &w1[start..start + BLOCK];
            for j in 0..BLOCK {
                sum[j] += v * row[j];
            }
        }
        for (o, a) in out.iter_mut().zip(&sum) {
            *o = sigmoid(*a);
        }
    }
    let rest = blocks.into_remainder();
    let at = n - rest.len();
    rest.copy_from_slice(&b1[at..n]);
    for &(i, v) in active {
        let row = &w1[usize::from(i) * n + at..][..rest.len()];
        rest.iter_mut().zip(row).for_each(|(a, w)| *a += v * w);
    }
    rest.iter_mut().for_each(|a| *a = sigmoid(*a));
}

/// The outputs from the hidden activations `h`: each output's row of `w2` (stored output by
/// output) dotted with `h`, plus its bias, through the logistic function.
///
/// The five dot products run side by side, each in eight lanes (partial sums added
/// together at the end), so that their additions do not wait on one another. Built as
/// [`hidden_layer`].
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl", "x86_64+avx2"))]
fn output_layer(h: &[f32], w2: &[f32], b2: &[f32; OUTPUTS]) -> [f32; OUTPUTS] {
    let n = h.len();
    let whole = n - n % 8;
    let mut lanes = [[0f32; 8]; OUTPUTS];
    for at in (0..whole).step_by(8) {
        let x = &h[at..at + 8];
        for (o, lane) in lanes.iter_mut().enumerate() {
            let row = &w2[o * n + at..o * n + at + 8];
            for k in 0..8 {
                lane[k] += row[k] * x[k];
            }
        }
    }
    core::array::from_fn(|o| {
        let tail: f32 = w2[o * n + whole..(o + 1) * n]
            .iter()
            .zip(&h[whole..])
            .map(|(w, a)| w * a)
            .sum();
        sigmoid(b2[o] + (lanes[o].iter().sum::<f32>() + tail))
    })
}

/// The magic bytes and the format version of a weights file.
const MAGIC: &[u8; 4] = b"BGNN";
const VERSION: u32 = 2;

impl Network {
    /// A network of the board encoding with `hidden` units and small random weights
    /// ([`Network::random_with`]).
    ///
    /// # Errors
    /// [`NetworkError::Hidden`] unless `hidden` is 1 to [`MAX_HIDDEN`].
    pub fn random(hidden: usize, seed: u64) -> Result<Network, NetworkError> {
        Network::random_with(Encoding::Board, hidden, seed)
    }

    /// A network of `encoding` with `hidden` units and small random weights (uniform in
    /// -0.1..0.1) drawn from a generator seeded with `seed`: the start of training.
    ///
    /// # Errors
    /// [`NetworkError::Hidden`] unless `hidden` is 1 to [`MAX_HIDDEN`].
    pub fn random_with(
        encoding: Encoding,
        hidden: usize,
        seed: u64,
    ) -> Result<Network, NetworkError> {
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(NetworkError::Hidden(
                u32::try_from(hidden).unwrap_or(u32::MAX),
            ));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut draw =
            |n: usize| -> Vec<f32> { (0..n).map(|_| rng.random_range(-0.1..0.1)).collect() };
        Ok(Network {
            encoding,
            hidden,
            w1: draw(encoding.inputs() * hidden),
            b1: draw(hidden),
            w2: draw(OUTPUTS * hidden),
            b2: [0.0; OUTPUTS],
        })
    }

    /// The number of hidden units.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// What its inputs are.
    #[must_use]
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The hidden layer's activations into `h` (its first [`Network::hidden`] entries) and
    /// the outputs.
    fn forward(&self, x: &Inputs, h: &mut [f32; MAX_HIDDEN]) -> [f32; OUTPUTS] {
        let h = &mut h[..self.hidden];
        hidden_layer(h, &self.b1, &self.w1, x.active());
        output_layer(h, &self.w2, &self.b2)
    }

    /// The chances of `on_roll`, to roll on `board` (no allocation).
    #[must_use]
    pub fn evaluate(&self, board: &Board, on_roll: Side) -> Outcomes {
        self.evaluate_inputs(&Inputs::encode(board, on_roll, self.encoding))
            .possible_on(board, on_roll)
    }

    /// The value of a play of `mover` that leads to `after`, for `mover`: the other side's
    /// cubeless equity there, on roll, negated; above every other value when `mover` has
    /// borne off its last checker. What the network's players maximise.
    #[must_use]
    pub fn play_value(&self, after: &Board, mover: Side) -> f32 {
        if after.has_won(mover) {
            return f32::MAX;
        }
        -self.evaluate(after, mover.other()).equity()
    }

    /// The chances of a position given by its inputs (in the network's encoding).
    #[must_use]
    pub fn evaluate_inputs(&self, x: &Inputs) -> Outcomes {
        let mut h = [0f32; MAX_HIDDEN];
        Outcomes::from_array(self.forward(x, &mut h))
    }

    /// One step of gradient descent on the squared error between the outputs for `x` and
    /// `target`, with learning rate `rate`; returns the outputs before the step.
    pub fn train(&mut self, x: &Inputs, target: &Outcomes, rate: f32) -> Outcomes {
        let n = self.hidden;
        let mut h = [0f32; MAX_HIDDEN];
        let out = self.forward(x, &mut h);
        let target = target.to_array();
        let delta_out: [f32; OUTPUTS] =
            core::array::from_fn(|o| (target[o] - out[o]) * out[o] * (1.0 - out[o]));
        let mut delta_h = [0f32; MAX_HIDDEN];
        for (j, d) in delta_h[..n].iter_mut().enumerate() {
            let back: f32 = (0..OUTPUTS)
                .map(|o| delta_out[o] * self.w2[o * n + j])
                .sum();
            *d = back * h[j] * (1.0 - h[j]);
        }
        for (o, &d) in delta_out.iter().enumerate() {
            let step = rate * d;
            let row = &mut self.w2[o * n..][..n];
            row.iter_mut()
                .zip(&h[..n])
                .for_each(|(w, a)| *w += step * a);
            self.b2[o] += step;
        }
        for &(i, v) in x.active() {
            let row = &mut self.w1[usize::from(i) * n..][..n];
            let scale = rate * v;
            row.iter_mut()
                .zip(&delta_h[..n])
                .for_each(|(w, d)| *w += scale * d);
        }
        self.b1
            .iter_mut()
            .zip(&delta_h[..n])
            .for_each(|(b, d)| *b += rate * d);
        Outcomes::from_array(out)
    }

    /// The network as a weights file: `BGNN`, then as little-endian `u32` the version (2),
    /// the encoding (0 the board, 1 with features), the inputs and the hidden units, then as little-endian `f32` the first layer's
    /// weights (input by input), its biases, the output layer's weights (output by output)
    /// and its biases.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20 + 4 * self.weight_count());
        out.extend_from_slice(MAGIC);
        let inputs = self.encoding.inputs() as u32;
        for v in [VERSION, self.encoding.code(), inputs, self.hidden as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for w in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The network of a weights file written by [`Network::to_bytes`] (or by version 1 of
    /// the format, without the encoding: the board's).
    ///
    /// # Errors
    /// [`NetworkError`]: not such a file, another version or shape, a length that does not
    /// match the header, or a weight that is not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < 16 || &bytes[..4] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let word =
            |k: usize| u32::from_le_bytes([bytes[k], bytes[k + 1], bytes[k + 2], bytes[k + 3]]);
        let (encoding, at) = match word(4) {
            1 => (Encoding::Board, 8),
            VERSION if bytes.len() >= 20 => {
                let code = word(8);
                (
                    Encoding::from_code(code).ok_or(NetworkError::Encoding(code))?,
                    12,
                )
            }
            VERSION => return Err(NetworkError::Magic),
            v => return Err(NetworkError::Version(v)),
        };
        let (inputs, hidden) = (word(at), word(at + 4));
        let m = encoding.inputs();
        if inputs as usize != m {
            return Err(NetworkError::Inputs {
                found: inputs,
                expected: m,
            });
        }
        let n = hidden as usize;
        if !(1..=MAX_HIDDEN).contains(&n) {
            return Err(NetworkError::Hidden(hidden));
        }
        let header = at + 8;
        let count = m * n + n + OUTPUTS * n + OUTPUTS;
        let expected = header + 4 * count;
        if bytes.len() != expected {
            return Err(NetworkError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut weights = Vec::with_capacity(count);
        for (k, c) in bytes[header..].chunks_exact(4).enumerate() {
            let w = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if !w.is_finite() {
                return Err(NetworkError::NotFinite(k));
            }
            weights.push(w);
        }
        let b2_at = count - OUTPUTS;
        let mut b2 = [0f32; OUTPUTS];
        b2.copy_from_slice(&weights[b2_at..]);
        let w2 = weights[m * n + n..b2_at].to_vec();
        let b1 = weights[m * n..m * n + n].to_vec();
        weights.truncate(m * n);
        Ok(Network {
            encoding,
            hidden: n,
            w1: weights,
            b1,
            w2,
            b2,
        })
    }

    /// The number of weights and biases.
    fn weight_count(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + OUTPUTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Half the squared error of the outputs for `x` against `target`.
    fn loss(net: &Network, x: &Inputs, target: &Outcomes) -> f64 {
        let out = net.evaluate_inputs(x).to_array();
        let t = target.to_array();
        out.iter()
            .zip(t)
            .map(|(&y, t)| 0.5 * f64::from(t - y).powi(2))
            .sum()
    }

    #[test]
    fn the_logistic_function_is_within_a_few_units_in_the_last_place() {
        // Against the same function in f64 from the standard library, on a fine grid over
        // the range the hidden units meet and beyond, where it saturates to 0 and 1.
        // Below -87 the result is held near 1.6e-38 (`e^-87`), not followed into the
        // subnormal numbers.
        let mut worst = 0f64;
        for k in -348_000..=400_000 {
            let x = (k as f32 * 2.5e-4).max(-87.0);
            let exact = 1.0 / (1.0 + (-f64::from(x)).exp());
            let got = f64::from(sigmoid(x));
            worst = worst.max((got - exact).abs() / (f64::from(f32::EPSILON) * exact));
        }
        assert!(worst <= 2.5, "{worst} units in the last place");
        assert_eq!(sigmoid(0.0), 0.5);
        assert_eq!(sigmoid(200.0), 1.0);
        for x in [-88.0, -200.0, f32::NEG_INFINITY] {
            assert!(sigmoid(x) > 0.0 && sigmoid(x) < 2e-38, "{x}");
        }
        assert_eq!(sigmoid(f32::INFINITY), 1.0);
    }

    #[test]
    fn the_encoding_of_the_start_worked_by_hand() {
        let x = Inputs::of(&Board::standard(), Side::X);
        // Each side: 2 on the 24-point (two units), 5 on the 13 and the 6 (four units, the
        // last 1.0), 3 on the 8 (three units); nothing on the bar or off.
        let want_side = |base: usize| {
            let mut v = Vec::new();
            for (point, n) in [(6usize, 5u8), (8, 3), (13, 5), (24, 2)] {
                let at = base + (point - 1) * 4;
                for k in 0..usize::from(n.min(3)) {
                    v.push(((at + k) as u16, 1.0));
                }
                if n > 3 {
                    v.push(((at + 3) as u16, f32::from(n - 3) / 2.0));
                }
            }
            v
        };
        let mut want = want_side(0);
        want.extend(want_side(SIDE_INPUTS));
        assert_eq!(x.active(), &want[..]);
        // A checker on the bar and two off, for the side not on roll.
        let mut board = Board::standard();
        board.set_count(Side::O, 24, 0);
        board.set_count(Side::O, 25, 1);
        board.set_count(Side::O, 0, 1);
        let x = Inputs::of(&board, Side::X);
        assert!(x.active().contains(&((SIDE_INPUTS + 96) as u16, 0.5)));
        assert!(x
            .active()
            .contains(&((SIDE_INPUTS + 97) as u16, 1.0 / 15.0)));
    }

    /// The network's outputs summed one term at a time in the order the kernels promise:
    /// each hidden unit its bias then the active inputs in turn; each output in eight lanes
    /// (term `j` in lane `j % 8`) added left to right, then the terms past the last whole
    /// eight.
    fn plain_forward(net: &Network, x: &Inputs) -> [f32; OUTPUTS] {
        let n = net.hidden;
        let h: Vec<f32> = (0..n)
            .map(|j| {
                let mut a = net.b1[j];
                for &(i, v) in x.active() {
                    a += v * net.w1[usize::from(i) * n + j];
                }
                sigmoid(a)
            })
            .collect();
        let whole = n - n % 8;
        core::array::from_fn(|o| {
            let mut lanes = [0f32; 8];
            for j in 0..whole {
                lanes[j % 8] += net.w2[o * n + j] * h[j];
            }
            let tail: f32 = (whole..n).map(|j| net.w2[o * n + j] * h[j]).sum();
            sigmoid(net.b2[o] + (lanes.iter().sum::<f32>() + tail))
        })
    }

    #[test]
    fn the_vector_kernels_give_the_bits_of_the_plain_sums() {
        // Whatever vector form this machine runs (AVX-512, AVX2 or the baseline), and for
        // layer sizes with and without a remainder past the blocks of 64 and the lanes of 8.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for hidden in [1, 7, 63, 64, 100, 128, 200, 256] {
            let net = Network::random_with(Encoding::Knowledge, hidden, hidden as u64).unwrap();
            for _ in 0..20 {
                let mut active = ArrayVec::new();
                for i in 0..MAX_INPUTS {
                    if rng.random_range(0..4) == 0 {
                        let v = if rng.random_range(0..3) == 0 {
                            rng.random_range(-2.0..2.0)
                        } else {
                            1.0
                        };
                        active.push((i as u16, v));
                    }
                }
                let x = Inputs(active);
                let mut h = [0f32; MAX_HIDDEN];
                let got = net.forward(&x, &mut h).map(f32::to_bits);
                assert_eq!(
                    got,
                    plain_forward(&net, &x).map(f32::to_bits),
                    "{hidden} units"
                );
            }
        }
    }

    #[test]
    fn a_training_step_follows_the_gradient() {
        let mut net = Network::random(12, 3).unwrap();
        let mut board = Board::standard();
        board.set_count(Side::X, 6, 7);
        board.set_count(Side::X, 13, 3);
        let x = Inputs::of(&board, Side::X);
        let target = Outcomes {
            win: 0.9,
            win_gammon: 0.3,
            win_backgammon: 0.05,
            lose_gammon: 0.02,
            lose_backgammon: 0.0,
        };
        let before = loss(&net, &x, &target);
        // A small step lowers the loss by about rate times the squared gradient; the
        // gradient's size is measured by finite differences on one weight of each layer.
        let probe = |net: &Network, which: usize, k: usize| -> f64 {
            let h = 1e-3f32;
            let mut plus = net.clone();
            let mut minus = net.clone();
            match which {
                0 => {
                    plus.w1[k] += h;
                    minus.w1[k] -= h;
                }
                _ => {
                    plus.w2[k] += h;
                    minus.w2[k] -= h;
                }
            }
            (loss(&plus, &x, &target) - loss(&minus, &x, &target)) / (2.0 * f64::from(h))
        };
        // An active input's row (input 20: the side on roll's 6-point, first unit) and an
        // output weight.
        let (k1, k2) = (20 * 12 + 5, 7);
        let (g1, g2) = (probe(&net, 0, k1), probe(&net, 1, k2));
        let (w1, w2) = (net.w1[k1], net.w2[k2]);
        let rate = 0.01;
        net.train(&x, &target, rate);
        // The step of each weight is -rate times its gradient.
        assert!(
            (f64::from(net.w1[k1] - w1) + f64::from(rate) * g1).abs() < 1e-5,
            "{g1}"
        );
        assert!(
            (f64::from(net.w2[k2] - w2) + f64::from(rate) * g2).abs() < 1e-5,
            "{g2}"
        );
        assert!(loss(&net, &x, &target) < before);
    }

    #[test]
    fn a_weights_file_round_trips_and_bad_ones_are_refused() {
        let net = Network::random(9, 1).unwrap();
        let bytes = net.to_bytes();
        // Header: BGNN, version, encoding, inputs, hidden units.
        assert_eq!(
            bytes.len(),
            20 + 4 * (INPUTS * 9 + 9 + OUTPUTS * 9 + OUTPUTS)
        );
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        let knowing = Network::random_with(Encoding::Knowledge, 9, 1).unwrap();
        let back = Network::from_bytes(&knowing.to_bytes()).unwrap();
        assert_eq!(back.encoding(), Encoding::Knowledge);
        assert_eq!(back, knowing);
        assert_eq!(Network::from_bytes(b"BGN"), Err(NetworkError::Magic));
        let mut v = bytes.clone();
        v[4] = 3;
        assert_eq!(Network::from_bytes(&v), Err(NetworkError::Version(3)));
        let mut v = bytes.clone();
        v[8] = 5;
        assert_eq!(Network::from_bytes(&v), Err(NetworkError::Encoding(5)));
        let mut v = bytes.clone();
        v[12] = 7;
        assert!(matches!(
            Network::from_bytes(&v),
            Err(NetworkError::Inputs { .. })
        ));
        let mut v = bytes.clone();
        v[16..20].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&v), Err(NetworkError::Hidden(0)));
        let v = &bytes[..bytes.len() - 1];
        assert!(matches!(
            Network::from_bytes(v),
            Err(NetworkError::Length { .. })
        ));
        let mut v = bytes.clone();
        v[20..24].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(Network::from_bytes(&v), Err(NetworkError::NotFinite(0)));
        // Version 1: no encoding word, the board's.
        let mut v1 = bytes[..8].to_vec();
        v1[4] = 1;
        v1.extend_from_slice(&bytes[12..]);
        assert_eq!(Network::from_bytes(&v1).unwrap(), net);
        assert!(matches!(
            Network::random(0, 1),
            Err(NetworkError::Hidden(0))
        ));
        assert!(Network::random(MAX_HIDDEN + 1, 1).is_err());
    }

    #[test]
    fn chances_are_made_possible() {
        let raw = Outcomes {
            win: 0.6,
            win_gammon: 0.7,
            win_backgammon: 0.2,
            lose_gammon: 0.5,
            lose_backgammon: 0.1,
        };
        // The start: everything is still possible; only the order is put right.
        let start = raw.possible_on(&Board::standard(), Side::X);
        assert_eq!(start.win_gammon, 0.6);
        assert_eq!(start.win_backgammon, 0.2);
        assert!((start.lose_gammon - 0.4).abs() < 1e-6);
        assert_eq!(start.lose_backgammon, 0.1);
        // O has borne off a checker: X wins no gammon. X's checkers are all home, none in
        // O's home board: X loses no backgammon.
        let mut b = Board::EMPTY;
        b.set_count(Side::X, 6, 15);
        b.set_count(Side::O, 24, 14);
        b.set_count(Side::O, 0, 1);
        let late = raw.possible_on(&b, Side::X);
        assert_eq!((late.win_gammon, late.win_backgammon), (0.0, 0.0));
        assert_eq!(late.lose_backgammon, 0.0);
        assert!(late.lose_gammon > 0.0);
    }

    #[test]
    fn outcomes_seen_by_the_other_side() {
        let o = Outcomes {
            win: 0.6,
            win_gammon: 0.2,
            win_backgammon: 0.01,
            lose_gammon: 0.1,
            lose_backgammon: 0.005,
        };
        let f = o.flipped();
        assert!((f.win - 0.4).abs() < 1e-6 && f.win_gammon == 0.1 && f.lose_gammon == 0.2);
        // 2(0.6) - 1 + 0.2 - 0.1 + 0.01 - 0.005 = 0.305, and the other side's is its negative.
        assert!((o.equity() - 0.305).abs() < 1e-6);
        assert!((f.equity() + 0.305).abs() < 1e-6);
        assert_eq!(Outcomes::won(3).equity(), 3.0);
        assert_eq!(Outcomes::won(1).equity(), 1.0);
    }
}
