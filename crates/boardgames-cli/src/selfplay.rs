//! `selfplay`: the computer against itself, every seat played by [`GameCli::player`] at
//! `--level` (the game's engine at 1 to 5; 0, or a game without an engine, uniformly random
//! legal moves from [`GameCli::computer`]), as in the three programs alike.
//!
//! The players and the chance generator (ChaCha8, seeded with `--seed`) go on from one game
//! to the next, so the same seed gives the same output. Each game is written as a record
//! ([`GameCli::write_record`], in [`GameCli::record_format`] unless the game says otherwise), after a comment `# game G of K, seed S` and before a comment
//! `# result: ...`; the whole output reads back with `replay` and `convert`.

use std::io::{self, Write};

use boardgames_core::player::Player;
use boardgames_core::record::Applied;
use boardgames_core::{search, Game, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::args::SelfplayArgs;
use crate::common::Exit;
use crate::frontend::GameCli;
use crate::save::write_game_record;

/// One game from `start`: each seat's move chosen by its player, chance drawn from `rng`.
/// Stops when the game ends, a player has no move, or after `max_steps` steps. Returns the
/// steps applied and the last position.
pub fn play_out<G: Game>(
    start: &G,
    players: &mut [Box<dyn Player<G>>],
    rng: &mut ChaCha8Rng,
    max_steps: usize,
) -> (Vec<Applied<G>>, G) {
    let mut pos = start.clone();
    let mut steps = Vec::new();
    // The keys of the positions before `pos`, told to each player before it chooses.
    let mut keys = Vec::new();
    while steps.len() < max_steps {
        let step = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => search::random_chance(&pos, rng).map(Applied::Chance),
            Turn::Seat(s) => players
                .get_mut(s.index())
                .and_then(|p| {
                    p.history(&keys);
                    p.choose(&pos)
                })
                .map(Applied::Move),
        };
        let Some(step) = step else { break };
        let key = pos.key();
        if step.apply(&mut pos).is_err() {
            break;
        }
        keys.push(key);
        steps.push(step);
    }
    (steps, pos)
}

/// Runs `selfplay` as described in the module docs.
///
/// # Errors
/// Only errors writing `out`.
pub fn selfplay<C: GameCli>(cli: &C, args: &SelfplayArgs, out: &mut dyn Write) -> io::Result<Exit> {
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let start = cli.start();
    let mut players: Vec<Box<dyn Player<C::Game>>> = (0..start.seat_count())
        .map(|s| cli.player(Seat(s as u8), args.seed, Some(args.level)))
        .collect();
    for game in 1..=args.games {
        let (steps, end) = play_out(&start, &mut players, &mut rng, args.max_steps);
        let header = format!("game {game} of {}, seed {}", args.games, args.seed);
        write_game_record(cli, out, &header, &start, &steps, &end)?;
    }
    Ok(Exit::Success)
}
