//! Running the real binary under a memory limit and a wall-clock watchdog.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where standard input comes from.
#[derive(Clone, Debug)]
pub enum Input {
    /// Nothing (`/dev/null`-like: end of input at once).
    Empty,
    /// These bytes, then end of input.
    Bytes(Vec<u8>),
    /// A file or device opened for reading (`/dev/zero`, `/dev/urandom`: endless).
    File(PathBuf),
}

/// Where standard output goes.
#[derive(Clone, Debug)]
pub enum Output {
    /// A pipe the suite reads.
    Capture,
    /// A pipe whose reading end is closed before the program starts.
    ClosedPipe,
    /// A private device node (a full one or a null one), opened for writing.
    Device(PathBuf),
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited with this status.
    Exit(i32),
    /// The program was killed by this signal (not by the watchdog).
    Signal(i32),
    /// The watchdog killed the program; the time since its last byte on stderr.
    Killed { silent: Duration },
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Run {
    pub ending: Ending,
    /// The first bytes of standard output (see [`KEEP`]).
    pub stdout: Vec<u8>,
    /// Every byte written to standard output.
    pub stdout_len: u64,
    /// The first bytes of standard error.
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
}

/// The most bytes of each stream kept for the checks (the rest is read and counted).
pub const KEEP: usize = 32 << 20;

/// One invocation of the binary.
#[derive(Clone, Debug)]
pub struct Invocation {
    pub args: Vec<OsString>,
    pub stdin: Input,
    pub stdout: Output,
    pub cwd: PathBuf,
    /// Send SIGINT (as Ctrl-C does) this long after the start.
    pub interrupt_after: Option<Duration>,
}

/// Limits of every run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// `ulimit -v`, in KiB.
    pub memory_kib: u64,
    /// The watchdog's wall-clock limit.
    pub timeout: Duration,
}

/// Runs `bin` as `sh -c 'ulimit -v KIB; exec "$0" "$@"' BIN ARGS...`: the shell sets the
/// limit and replaces itself by the program, so the process watched is the program itself.
pub fn run(bin: &Path, inv: &Invocation, limits: &Limits) -> std::io::Result<Run> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!(
            "ulimit -v {}; exec \"$0\" \"$@\"",
            limits.memory_kib
        ))
        .arg(bin)
        .args(&inv.args)
        .current_dir(&inv.cwd)
        .env("RUST_BACKTRACE", "0")
        .stderr(Stdio::piped());
    match &inv.stdin {
        Input::Empty => cmd.stdin(Stdio::null()),
        Input::Bytes(_) => cmd.stdin(Stdio::piped()),
        Input::File(p) => cmd.stdin(Stdio::from(std::fs::File::open(p)?)),
    };
    match &inv.stdout {
        Output::Capture => {
            cmd.stdout(Stdio::piped());
        }
        Output::ClosedPipe => {
            let (reader, writer) = std::io::pipe()?;
            drop(reader);
            cmd.stdout(Stdio::from(writer));
        }
        Output::Device(p) => {
            let f = std::fs::OpenOptions::new().write(true).open(p)?;
            cmd.stdout(Stdio::from(f));
        }
    }
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    // The command object holds our copies of the pipe ends; drop them so that the program's
    // end of output is seen.
    drop(cmd);

    let feeder = match (&inv.stdin, child.stdin.take()) {
        (Input::Bytes(b), Some(mut w)) => {
            let bytes = b.clone();
            // A program that stops reading early closes the pipe: that error is expected.
            Some(std::thread::spawn(move || {
                let _ = w.write_all(&bytes);
            }))
        }
        _ => None,
    };
    let out_reader = child
        .stdout
        .take()
        .map(|r| std::thread::spawn(move || drain(r, None)));
    let last_err = Arc::new(AtomicU64::new(0));
    let err_reader = child.stderr.take().map(|r| {
        let mark = (last_err.clone(), start);
        std::thread::spawn(move || drain(r, Some(mark)))
    });

    let mut interrupted = false;
    let mut nap = Duration::from_millis(1);
    let ending = loop {
        if let Some(status) = child.try_wait()? {
            break match (status.code(), status.signal()) {
                (Some(c), _) => Ending::Exit(c),
                (None, Some(s)) => Ending::Signal(s),
                (None, None) => Ending::Signal(0),
            };
        }
        let elapsed = start.elapsed();
        if let Some(after) = inv.interrupt_after {
            if !interrupted && elapsed >= after {
                interrupted = true;
                let _ = Command::new("kill")
                    .args(["-INT", &child.id().to_string()])
                    .status();
            }
        }
        if elapsed >= limits.timeout {
            let _ = child.kill();
            let _ = child.wait();
            let last = Duration::from_millis(last_err.load(Ordering::SeqCst));
            break Ending::Killed {
                silent: elapsed.saturating_sub(last),
            };
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(20));
    };
    let elapsed = start.elapsed();
    if let Some(f) = feeder {
        let _ = f.join();
    }
    let (stdout, stdout_len) = out_reader
        .map(|h| h.join().unwrap_or_default())
        .unwrap_or_default();
    let (stderr, _) = err_reader
        .map(|h| h.join().unwrap_or_default())
        .unwrap_or_default();
    Ok(Run {
        ending,
        stdout,
        stdout_len,
        stderr,
        elapsed,
    })
}

/// Reads a stream to its end, keeping the first [`KEEP`] bytes; with a mark, records when
/// the last bytes came (milliseconds since `start`), which tells progress from a hang.
fn drain(mut r: impl Read, mark: Option<(Arc<AtomicU64>, Instant)>) -> (Vec<u8>, u64) {
    let mut kept = Vec::new();
    let mut total = 0u64;
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match r.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                total += n as u64;
                if kept.len() < KEEP {
                    let room = KEEP - kept.len();
                    kept.extend_from_slice(&buf[..n.min(room)]);
                }
                if let Some((at, start)) = &mark {
                    at.store(start.elapsed().as_millis() as u64, Ordering::SeqCst);
                }
            }
        }
    }
    (kept, total)
}
