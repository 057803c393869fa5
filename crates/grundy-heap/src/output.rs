//! Writing output files safely.
//!
//! A regular file (or a path that does not exist yet) is written through a temporary file in
//! the same directory, synced, then renamed over the path: an interrupted run never leaves a
//! truncated file under the final name. A path that exists and is not a regular file (a
//! device such as /dev/null, a named pipe) is written in place, never replaced. Symbolic links
//! are followed, so the file they point to is written and the link stays a link. Every write
//! is checked, through the final flush and sync.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// The most symbolic links followed in a row (as the kernel's own limit).
const MAX_LINKS: usize = 40;

/// Follows symbolic links from `path` to the path they finally name (which may not exist).
///
/// Arguments: a path.
/// Returns: the path after following every link, or an error for a loop of links.
/// Complexity: one `lstat` per link.
/// Example: `resolve_links(Path::new("out.bin"))` is `out.bin` when that is not a link.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&p)?;
                p = if target.is_absolute() {
                    target
                } else {
                    p.parent().unwrap_or(Path::new("")).join(target)
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Whether two paths name the same file: the same file on disk when both exist, else the
/// same path once links are followed and the directories are made absolute.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ra), Ok(rb)) = (resolve_links(a), resolve_links(b)) else {
        return false;
    };
    if let (Ok(ma), Ok(mb)) = (fs::metadata(&ra), fs::metadata(&rb)) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            return ma.dev() == mb.dev() && ma.ino() == mb.ino();
        }
        #[cfg(not(unix))]
        {
            let _ = (ma, mb);
        }
    }
    absolute(&ra) == absolute(&rb)
}

fn absolute(p: &Path) -> PathBuf {
    let name = p.file_name().map(PathBuf::from).unwrap_or_default();
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::canonicalize(&dir).unwrap_or(dir).join(name)
}

/// Writes an output file safely (see the module documentation).
///
/// Arguments: `path`, the file to write; `write`, which writes the contents into a buffered
/// writer.
/// Returns: `Ok` once every byte is written, flushed and (for regular files) synced and
/// renamed into place; otherwise the first error, with the temporary file removed and any old
/// file at `path` untouched.
/// Complexity: one pass over the contents.
/// Example:
/// ```
/// let p = std::env::temp_dir().join("grundy-heap-doc-output.txt");
/// grundy_heap::write_output(&p, |w| std::io::Write::write_all(w, b"hello")).unwrap();
/// assert_eq!(std::fs::read(&p).unwrap(), b"hello");
/// ```
pub fn write_output(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let target = resolve_links(path)?;
    match fs::metadata(&target) {
        Ok(m) if m.is_dir() => Err(io::Error::other(format!(
            "{} is a directory; give a file name",
            path.display()
        ))),
        Ok(m) if !m.is_file() => {
            // A device or a pipe: write into it, never replace it.
            let f = OpenOptions::new().write(true).open(&target)?;
            let mut w = BufWriter::with_capacity(1 << 20, f);
            write(&mut w)?;
            w.flush()?;
            Ok(())
        }
        Ok(m) => replace(&target, Some(m.permissions()), write),
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace(&target, None, write),
        Err(e) => Err(e),
    }
}

/// Writes `target` through a temporary file and a rename.
fn replace(
    target: &Path,
    permissions: Option<fs::Permissions>,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::other(format!("{} names no file", target.display())))?;
    let dir = target.parent().unwrap_or(Path::new(""));
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        let mut w = BufWriter::with_capacity(1 << 20, f);
        write(&mut w)?;
        let f = w.into_inner().map_err(|e| e.into_error())?;
        if let Some(p) = permissions {
            f.set_permissions(p)?;
        }
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
        return result;
    }
    if !dir.as_os_str().is_empty() {
        // Syncing the directory makes the rename itself durable; failure is harmless.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("grundy-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn regular_files_are_replaced_whole() {
        let d = dir("regular");
        let p = d.join("out.txt");
        fs::write(&p, b"old contents").unwrap();
        write_output(&p, |w| w.write_all(b"new")).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"new");
        // A failing writer leaves the old file and no temporary file behind.
        let err = write_output(&p, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("stop"))
        });
        assert!(err.is_err());
        assert_eq!(fs::read(&p).unwrap(), b"new");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_and_kept() {
        let d = dir("links");
        let real = d.join("real.txt");
        fs::write(&real, b"x").unwrap();
        let link = d.join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        write_output(&link, |w| w.write_all(b"through the link")).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"through the link");
        assert!(same_file(&link, &real));
        assert!(!same_file(&link, &d.join("other.txt")));
    }

    /// A private character device like /dev/null (1, 3) or /dev/full (1, 7), made with
    /// mknod; `None` when this user may not make devices (not root).
    #[cfg(unix)]
    fn private_device(d: &Path, name: &str, minor: u32) -> Option<PathBuf> {
        let p = d.join(name);
        let ok = std::process::Command::new("mknod")
            .arg(&p)
            .args(["c", "1", &minor.to_string()])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        ok.then_some(p)
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_written_in_place_and_errors_reported() {
        use std::os::unix::fs::FileTypeExt;
        let d = dir("devices");
        let Some(null) = private_device(&d, "null", 3) else {
            eprintln!("skipped: mknod needs root");
            return;
        };
        write_output(&null, |w| w.write_all(b"gone")).unwrap();
        assert!(fs::metadata(&null).unwrap().file_type().is_char_device());
        let full = private_device(&d, "full", 7).unwrap();
        let err = write_output(&full, |w| w.write_all(&[0u8; 100]));
        assert!(err.is_err(), "writing a full device must fail");
        assert!(fs::metadata(&full).unwrap().file_type().is_char_device());
        // Through a link, the device stays a device.
        let link = d.join("link");
        std::os::unix::fs::symlink(&null, &link).unwrap();
        write_output(&link, |w| w.write_all(b"x")).unwrap();
        assert!(fs::metadata(&null).unwrap().file_type().is_char_device());
    }

    #[test]
    fn directories_are_refused() {
        let d = dir("isdir");
        assert!(write_output(&d, |w| w.write_all(b"x")).is_err());
    }
}
