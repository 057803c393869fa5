//! Where files named inside expressions (`graph[FILE](v)`) come from.
//!
//! **Boundary:** the core reads no file; a front that allows `graph[FILE](v)` hands in a
//! [`Loader`] (the CLI reads the disk, the web server only uploaded files).

use std::io::Read;

use crate::Error;

/// Where files named inside expressions (`graph[FILE](v)`) come from.
pub trait Loader: Send + Sync {
    /// Opens the file `name` for reading.
    fn open(&self, name: &str) -> Result<Box<dyn Read + Send>, Error>;
}

/// The loader of fronts that read no files: every name is refused.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoFiles;

impl Loader for NoFiles {
    fn open(&self, name: &str) -> Result<Box<dyn Read + Send>, Error> {
        Err(Error::unsupported(format!(
            "'{name}': files named in expressions cannot be read here"
        )))
    }
}

/// The loader of fronts that read files named in expressions from the disk (the CLI, the
/// Python module: their user names their own files). A server must not use it.
#[derive(Debug, Default, Clone, Copy)]
pub struct DiskLoader;

impl Loader for DiskLoader {
    fn open(&self, name: &str) -> Result<Box<dyn Read + Send>, Error> {
        std::fs::File::open(name)
            .map(|f| Box::new(f) as Box<dyn Read + Send>)
            .map_err(|e| Error::Io {
                message: format!("cannot read {name}: {e}"),
            })
    }
}
