//! `selfplay`: computer against computer, uniformly random legal moves.
//!
//! One ChaCha8 generator seeded with `--seed` draws every move
//! ([`boardgames_core::search::random_move`]) and chance outcome
//! ([`boardgames_core::search::random_chance`]) of all the games in turn, so the same seed
//! gives the same output. For each game three lines: a comment `# game G of K, seed S`, the
//! record ([`GameCli::write_record`]) and a comment `# result: ...`.

use std::io::{self, Write};

use boardgames_core::{search, Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::args::SelfplayArgs;
use crate::frontend::{apply_step, GameCli, Step};
use crate::Exit;

/// One game of random moves from `start`: the steps played and the last position. Stops when
/// the game ends, nothing can be played, or after `max_steps` steps.
pub fn random_game<G: Game>(
    start: &G,
    rng: &mut ChaCha8Rng,
    max_steps: usize,
) -> (Vec<Step<G>>, G) {
    let mut pos = start.clone();
    let mut steps = Vec::new();
    while steps.len() < max_steps {
        let step = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => search::random_chance(&pos, rng).map(Step::Chance),
            Turn::Seat(_) => search::random_move(&pos, rng).map(Step::Move),
        };
        let Some(step) = step else { break };
        if apply_step(&mut pos, step).is_err() {
            break;
        }
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
    for game in 1..=args.games {
        let (steps, end) = random_game(&start, &mut rng, args.max_steps);
        writeln!(out, "# game {game} of {}, seed {}", args.games, args.seed)?;
        writeln!(out, "{}", cli.write_record(&start, &steps, &end))?;
        writeln!(out, "# result: {}", cli.describe_end(&end))?;
    }
    Ok(Exit::Success)
}
