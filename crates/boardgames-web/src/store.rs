//! The games in play (and the records opened): at most a set number, each found by its id,
//! the least recently used dropped when a new one would pass the limit, and any unused for
//! too long dropped.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::time::{Duration, Instant};

use crate::error::ApiError;
use crate::session::Session;

/// An item and when it was last used.
struct Entry<S: ?Sized> {
    session: Box<S>,
    last_used: Instant,
}

/// The items (games, or records opened: `S` is `dyn Session` unless said), by id.
pub struct Store<S: ?Sized = dyn Session> {
    games: HashMap<String, Entry<S>>,
    capacity: usize,
    idle: Duration,
    made: u64,
    keys: RandomState,
}

impl<S: ?Sized> Store<S> {
    /// An empty store keeping at most `capacity` games (at least one), each at most `idle`
    /// after its last use.
    #[must_use]
    pub fn new(capacity: usize, idle: Duration) -> Store<S> {
        Store {
            games: HashMap::new(),
            capacity: capacity.max(1),
            idle,
            made: 0,
            keys: RandomState::new(),
        }
    }

    /// The number of games kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether no game is kept.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// A number nobody can guess from the ids made before, for ids and seeds.
    pub fn fresh_number(&mut self) -> u64 {
        self.made += 1;
        self.keys.hash_one((self.made, Instant::now()))
    }

    /// Drops the games unused for longer than the idle time.
    fn expire(&mut self, now: Instant) {
        let idle = self.idle;
        self.games
            .retain(|_, e| now.saturating_duration_since(e.last_used) <= idle);
    }

    /// Keeps `session` under a new id, which it returns; the least recently used game goes
    /// when the store is full.
    pub fn insert(&mut self, session: Box<S>) -> String {
        let now = Instant::now();
        self.expire(now);
        while self.games.len() >= self.capacity {
            let oldest = self
                .games
                .iter()
                .min_by_key(|(_, e)| e.last_used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => self.games.remove(&id),
                None => break,
            };
        }
        let mut id = format!("{:016x}", self.fresh_number());
        while self.games.contains_key(&id) {
            id = format!("{:016x}", self.fresh_number());
        }
        self.games.insert(
            id.clone(),
            Entry {
                session,
                last_used: now,
            },
        );
        id
    }

    /// Runs `f` on the game `id`, marking it used.
    ///
    /// # Errors
    /// [`ApiError::unknown_id`] when no game has that id (or it expired).
    pub fn with<R>(&mut self, id: &str, f: impl FnOnce(&mut S) -> R) -> Result<R, ApiError> {
        let now = Instant::now();
        self.expire(now);
        let entry = self
            .games
            .get_mut(id)
            .ok_or_else(|| ApiError::unknown_id(id))?;
        entry.last_used = now;
        Ok(f(entry.session.as_mut()))
    }

    /// Drops the game `id`; whether there was one.
    pub fn remove(&mut self, id: &str) -> bool {
        self.games.remove(id).is_some()
    }
}
