//! Files written whole or not at all.

use std::io::Write as _;
use std::path::Path;

use crate::error::CensusError;

/// Writes `bytes` to `path` through a temporary file in the same directory, flushed to
/// disk, then renamed over `path`: a reader (or a census resumed after kill -9 or a power
/// cut) sees the old file or the new one, never a piece.
///
/// Errors: [`CensusError::Io`] naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CensusError> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| CensusError::Io { path: p, source }
    };
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(name);
    let mut f = std::fs::File::create(&tmp).map_err(io(&tmp))?;
    f.write_all(bytes).map_err(io(&tmp))?;
    f.sync_all().map_err(io(&tmp))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(io(path))
}
