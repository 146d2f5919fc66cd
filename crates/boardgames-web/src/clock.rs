//! The clocks of a timed game: each seat's time left for the whole game, counted by the
//! server while that seat is to move. The page only shows them.

use std::time::{Duration, Instant};

use boardgames_core::Seat;
use serde::Serialize;

/// Each seat's time left and the seat whose clock runs.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// The time each seat had at the start.
    limit: Duration,
    /// Each seat's time left when its clock last stopped.
    left: Vec<Duration>,
    /// The seat whose clock runs, if any.
    running: Option<Seat>,
    /// When it started running.
    since: Instant,
}

/// The clocks as the page is told them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// Each seat's time for the whole game, in milliseconds.
    pub limit_ms: u64,
    /// Each seat's time left, in milliseconds, now.
    pub left_ms: Vec<u64>,
    /// The seat whose clock runs (`None` once the game is over).
    pub running: Option<u8>,
}

/// Milliseconds of `d`, saturated.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Clocks {
    /// Clocks of `limit` for each of `seats` seats, none running.
    #[must_use]
    pub fn new(seats: usize, limit: Duration, now: Instant) -> Clocks {
        Clocks {
            limit,
            left: vec![limit; seats],
            running: None,
            since: now,
        }
    }

    /// The time `seat` has left at `now`.
    #[must_use]
    pub fn left(&self, seat: Seat, now: Instant) -> Duration {
        let Some(&left) = self.left.get(seat.index()) else {
            return Duration::ZERO;
        };
        if self.running == Some(seat) {
            left.saturating_sub(now.saturating_duration_since(self.since))
        } else {
            left
        }
    }

    /// Stops the running clock at `now` (its seat charged the time it took) and starts that
    /// of `seat` (none: the clocks stop).
    pub fn switch(&mut self, seat: Option<Seat>, now: Instant) {
        if let Some(running) = self.running {
            let left = self.left(running, now);
            if let Some(slot) = self.left.get_mut(running.index()) {
                *slot = left;
            }
        }
        self.running = seat;
        self.since = now;
    }

    /// The seat whose time ran out at `now`, if any.
    #[must_use]
    pub fn flag(&self, now: Instant) -> Option<Seat> {
        self.running.filter(|&s| self.left(s, now).is_zero())
    }

    /// The clocks at `now` as the page shows them.
    #[must_use]
    pub fn view(&self, now: Instant) -> ClockView {
        ClockView {
            limit_ms: millis(self.limit),
            left_ms: (0..self.left.len())
                .filter_map(|s| u8::try_from(s).ok())
                .map(|s| millis(self.left(Seat(s), now)))
                .collect(),
            running: self.running.map(|s| s.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_clock_alone_counts_down_and_flags_at_zero() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(2, Duration::from_secs(10), t0);
        clocks.switch(Some(Seat(0)), t0);
        let t1 = t0 + Duration::from_secs(4);
        assert_eq!(clocks.left(Seat(0), t1), Duration::from_secs(6));
        assert_eq!(clocks.left(Seat(1), t1), Duration::from_secs(10));
        clocks.switch(Some(Seat(1)), t1);
        let t2 = t1 + Duration::from_secs(11);
        assert_eq!(clocks.left(Seat(0), t2), Duration::from_secs(6));
        assert_eq!(clocks.flag(t2), Some(Seat(1)));
        assert_eq!(clocks.view(t2).left_ms, vec![6000, 0]);
        clocks.switch(None, t2);
        assert_eq!(clocks.flag(t2 + Duration::from_secs(60)), None);
    }
}
