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
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// [`write_atomic`] of what `write` writes, through a buffer, without holding it whole (a
/// certificate of 4.4 * 10^8 values). The temporary file is removed when `write` fails.
///
/// Errors: [`CensusError::Io`] naming the file.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut std::io::BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> Result<(), CensusError> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| CensusError::Io { path: p, source }
    };
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(name);
    let f = std::fs::File::create(&tmp).map_err(io(&tmp))?;
    let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
    let written = write(&mut w)
        .and_then(|()| w.flush())
        .and_then(|()| w.get_ref().sync_all());
    if let Err(e) = written {
        drop(w);
        let _ = std::fs::remove_file(&tmp);
        return Err(io(&tmp)(e));
    }
    drop(w);
    std::fs::rename(&tmp, path).map_err(io(path))
}
