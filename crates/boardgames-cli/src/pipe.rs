//! An engine program on the other end of two pipes, spoken to one text line at a time: the
//! transport under the arena's external engines, whatever protocol they speak (the
//! `bestmove --jsonl` contract, UBGI).

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running engine program. Its output is read on a thread of its own, so that a silent
/// engine cannot hold its caller past the timeout; dropping it closes the engine's input
/// and, a second later, stops it and what it started.
pub struct Pipe {
    name: String,
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<io::Result<String>>,
    timeout: Duration,
}

impl Pipe {
    /// Starts the program `words[0]` with the arguments `words[1..]`, its standard error
    /// the caller's; `timeout` is the longest wait for a line.
    ///
    /// # Errors
    /// A message when `words` is empty or the program cannot be started.
    pub fn spawn(words: &[String], timeout: Duration) -> Result<Pipe, String> {
        let Some(program) = words.first() else {
            return Err("no program to start".to_owned());
        };
        let name = words.join(" ");
        let mut command = Command::new(program);
        command
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // The engine leads a process group of its own, so that stopping it stops what it
        // started too (a wrapper script's engine).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {name:?}: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("cannot talk to {name:?}"));
        };
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Pipe {
            name,
            child,
            input: Some(input),
            lines,
            timeout,
        })
    }

    /// The program and its arguments, as started.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Writes `line` and a newline to the engine, flushed.
    ///
    /// # Errors
    /// A message naming the engine when it does not read its input.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let name = &self.name;
        let input = self
            .input
            .as_mut()
            .ok_or_else(|| format!("{name:?}: its input is closed"))?;
        writeln!(input, "{line}")
            .and_then(|()| input.flush())
            .map_err(|e| format!("{name:?} does not read its input: {e}"))
    }

    /// The engine's next line of output (without its line end), waiting at most the
    /// timeout.
    ///
    /// # Errors
    /// A message naming the engine when it stops, cannot be read, or says nothing in time.
    pub fn next_line(&mut self) -> Result<String, String> {
        let name = &self.name;
        match self.lines.recv_timeout(self.timeout) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(e)) => Err(format!("{name:?}: cannot read its answer: {e}")),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "{name:?} gave no answer within {} s (see its standard error; \
                 --engine-timeout sets the wait)",
                self.timeout.as_secs()
            )),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("{name:?} stopped without answering"))
            }
        }
    }
}

impl Drop for Pipe {
    fn drop(&mut self) {
        // Closing its input ends an engine's loop; one still running a second later is
        // stopped.
        drop(self.input.take());
        let until = Instant::now() + Duration::from_secs(1);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        stop_group(&self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills the process group `child` leads (see [`Pipe::spawn`]): the engine and every
/// process it started that is still in its group.
#[cfg(unix)]
fn stop_group(child: &Child) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// Elsewhere only the engine itself is stopped.
#[cfg(not(unix))]
fn stop_group(_child: &Child) {}
