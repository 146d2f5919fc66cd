//! `boardgames-web`: the local web board. Prints its address and serves the page and the
//! API on 127.0.0.1 unless `--addr` says otherwise.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use boardgames_web::{serve, Config};
use clap::Parser;

/// Play Pente, Keryo-Pente, Abalone and backgammon in the browser, against people or the
/// engines.
#[derive(Parser, Debug)]
#[command(name = "boardgames-web", version)]
struct Args {
    /// The address to serve on (default 127.0.0.1:8765, or a free port of 127.0.0.1 when
    /// that one is taken).
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// The most games kept at once; the least recently used goes first.
    #[arg(long, default_value_t = 64)]
    max_games: usize,
    /// The engine's time for a move, in milliseconds, at most.
    #[arg(long, default_value_t = 5000)]
    think_ms: u64,
}

/// The address served when none is given.
const DEFAULT_ADDR: &str = "127.0.0.1:8765";

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let listener = match args.addr {
        Some(addr) => tokio::net::TcpListener::bind(addr).await,
        None => match tokio::net::TcpListener::bind(DEFAULT_ADDR).await {
            Ok(l) => Ok(l),
            Err(_) => tokio::net::TcpListener::bind("127.0.0.1:0").await,
        },
    };
    let listener = match listener {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen: {e}");
            return ExitCode::from(2);
        }
    };
    let addr = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    println!("http://{addr}/");
    let config = Config {
        max_games: args.max_games,
        think_time: Duration::from_millis(args.think_ms),
        ..Config::default()
    };
    let served = serve(listener, config, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
