//! Standard output with every write checked.
//!
//! `println!` panics when standard output is closed or full; here every write returns an
//! error instead, which `main` turns into a quiet exit for a closed pipe (as Unix tools do)
//! and into an error message with exit status 1 for any other failure (`> /dev/full`).

use std::io::{BufWriter, Stdout, Write};

use crate::failure::Failure;

/// A buffered, checked writer on standard output.
pub struct Out {
    w: BufWriter<Stdout>,
}

impl Out {
    /// Standard output, buffered.
    pub fn new() -> Out {
        Out {
            w: BufWriter::with_capacity(1 << 16, std::io::stdout()),
        }
    }

    /// Writes `text` as it is.
    pub fn put(&mut self, text: &str) -> Result<(), Failure> {
        self.w.write_all(text.as_bytes()).map_err(Failure::Output)
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.put(text)?;
        self.put("\n")
    }

    /// Sends what is buffered (before waiting for input, and at the end).
    pub fn flush(&mut self) -> Result<(), Failure> {
        Write::flush(&mut self.w).map_err(Failure::Output)
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.w.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.w.flush()
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        // Commands flush explicitly and report errors; this only covers early returns, whose
        // own error is the one worth reporting.
        let _ = self.w.flush();
    }
}

/// Prints one line to standard output, checked; for places that write a single line.
pub fn print_line(text: &str) -> Result<(), Failure> {
    let mut out = Out::new();
    out.line(text)?;
    out.flush()
}

/// A typed result as one line of JSON.
pub fn to_json(v: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string(v).map_err(|e| Failure::input(format!("cannot write JSON: {e}")))
}
