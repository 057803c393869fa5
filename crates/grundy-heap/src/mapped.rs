//! A column of values kept in a file instead of memory, for tables larger than memory.
//!
//! The file is mapped shared, so the kernels read and append values through an ordinary
//! slice while the operating system writes them to the file. What bounds the memory is a
//! thread that hands back the resident pages of the column's middle (`madvise`
//! `MADV_DONTNEED`, which on a shared file mapping keeps the contents: a later read loads
//! them from the file again). The first and the last `keep` values stay resident, which is
//! where the sparse kernel reads: small heaps, and the partners of rare heaps just behind
//! the heap computed. Whatever the kernel reads elsewhere is still correct, only slower.
//!
//! The module is the crate's only unsafe code: the slice over the mapping and the
//! `madvise` calls. Values are stored little-endian, as in table files, so the mapping is
//! used only on little-endian machines.

#![allow(unsafe_code)]

use std::fs::{File, OpenOptions};
use std::io;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use memmap2::{MmapMut, MmapOptions};

use crate::values::{Cell, Column};

/// Bytes before the values in the file of a bounded run: room for the finished table's
/// header, and a multiple of every page size, so the values are aligned.
pub(crate) const HEADER_SPACE: usize = 1 << 16;

/// How often the middle of the column is handed back: a pass over the whole table (a period
/// search) reads about 2 GB a second, so this bounds what it leaves resident to some 50 MB.
const TRIM_EVERY: Duration = Duration::from_millis(25);

/// Values of one width in a mapped file: heaps 0..len at byte `HEADER_SPACE` on, room for
/// `cap` values and an 8-byte checksum after them.
pub(crate) struct Mapped<T: Cell> {
    path: PathBuf,
    file: File,
    map: MmapMut,
    len: usize,
    cap: usize,
    /// `len`, for the trimming thread.
    shared_len: Arc<AtomicUsize>,
    trimmer: Option<Trimmer>,
    cell: PhantomData<T>,
}

fn size_for<T>(cap: usize) -> io::Result<usize> {
    cap.checked_mul(std::mem::size_of::<T>())
        .and_then(|b| b.checked_add(HEADER_SPACE + 8))
        .ok_or_else(|| io::Error::other("the table is too large for this machine's addresses"))
}

impl<T: Cell> Mapped<T> {
    /// A new empty column in a new file at `path` (an existing file is replaced), with room
    /// for `cap` values; the first and last `keep` values stay resident.
    pub(crate) fn create(path: &Path, cap: usize, keep: usize) -> io::Result<Mapped<T>> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(path)?;
        Self::with_file(path, file, 0, cap, keep)
    }

    /// The column of an existing file at `path` holding at least `len` values, with room
    /// for `cap`; values past `len` are dropped.
    pub(crate) fn open(path: &Path, len: usize, cap: usize, keep: usize) -> io::Result<Mapped<T>> {
        let file = OpenOptions::new().read(true).write(true).open(path)?;
        let have = file.metadata()?.len();
        let need = (HEADER_SPACE as u64)
            .saturating_add((len as u64).saturating_mul(std::mem::size_of::<T>() as u64));
        if have < need {
            return Err(io::Error::other(format!(
                "holds {have} bytes, fewer than the {need} its checkpoint says were written"
            )));
        }
        Self::with_file(path, file, len, cap, keep)
    }

    fn with_file(
        path: &Path,
        file: File,
        len: usize,
        cap: usize,
        keep: usize,
    ) -> io::Result<Mapped<T>> {
        if cfg!(target_endian = "big") {
            return Err(io::Error::other(
                "tables kept in a file need a little-endian machine",
            ));
        }
        let len = len.min(cap);
        let bytes = size_for::<T>(cap)?;
        file.set_len(bytes as u64)?;
        reserve(&file, bytes)?;
        // SAFETY: the file is this run's own (created or opened for it, never shared with
        // another writer), and its length is fixed above for the life of the map.
        let map = unsafe { MmapOptions::new().len(bytes).map_mut(&file)? };
        // Values after `len` (an interrupted run's last ones) are never read: every heap
        // is stored before any kernel reads it.
        let shared_len = Arc::new(AtomicUsize::new(len));
        let trimmer = Trimmer::start(
            map.as_ptr() as usize,
            bytes,
            std::mem::size_of::<T>(),
            keep,
            Arc::clone(&shared_len),
        );
        Ok(Mapped {
            path: path.to_path_buf(),
            file,
            map,
            len,
            cap,
            shared_len,
            trimmer: Some(trimmer),
            cell: PhantomData,
        })
    }

    /// The file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Room for values.
    pub(crate) fn cap(&self) -> usize {
        self.cap
    }

    /// Keeps the first `n` values.
    pub(crate) fn truncate(&mut self, n: usize) {
        if n < self.len {
            self.len = n;
            self.shared_len.store(n, Ordering::Relaxed);
        }
    }

    /// The stored values' bytes, as in a table file (little-endian).
    pub(crate) fn value_bytes(&self) -> &[u8] {
        &self.map[HEADER_SPACE..HEADER_SPACE + self.len * std::mem::size_of::<T>()]
    }

    /// Writes the values stored so far to the disk.
    pub(crate) fn flush(&self) -> io::Result<()> {
        self.map
            .flush_range(HEADER_SPACE, self.len * std::mem::size_of::<T>())
    }

    /// Turns the file into a finished table: `head` (at most [`HEADER_SPACE`] bytes) before
    /// the values, the checksum `sum(head and padding, values)` after them, the file cut to
    /// that length and written to the disk. Returns the file's path.
    pub(crate) fn finish(
        mut self,
        head: &[u8],
        sum: impl FnOnce(&[u8]) -> u64,
    ) -> io::Result<PathBuf> {
        if head.len() > HEADER_SPACE {
            return Err(io::Error::other("the table's header is too long"));
        }
        self.map[..head.len()].copy_from_slice(head);
        self.map[head.len()..HEADER_SPACE].fill(0);
        let end = HEADER_SPACE + self.len * std::mem::size_of::<T>();
        let checksum = sum(&self.map[..end]);
        self.map[end..end + 8].copy_from_slice(&checksum.to_le_bytes());
        self.map.flush()?;
        let (file, path) = (self.file.try_clone()?, self.path.clone());
        drop(self);
        file.set_len(end as u64 + 8)?;
        file.sync_all()?;
        Ok(path)
    }

    fn stop_trimming(&mut self) {
        if let Some(t) = self.trimmer.take() {
            t.stop();
        }
    }
}

impl<T: Cell> Drop for Mapped<T> {
    fn drop(&mut self) {
        // The thread reads the mapping's address: it ends before the mapping does.
        self.stop_trimming();
    }
}

impl<T: Cell> std::ops::Deref for Mapped<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: the map holds HEADER_SPACE + cap * size_of::<T>() + 8 bytes and
        // len <= cap; it is page-aligned and HEADER_SPACE is a multiple of 4096, so the
        // values are aligned for T; T is u8, u16 or u32, for which every bit pattern is a
        // value. The trimming thread's madvise keeps the contents of a shared file mapping.
        unsafe {
            std::slice::from_raw_parts(self.map.as_ptr().add(HEADER_SPACE).cast::<T>(), self.len)
        }
    }
}

impl<T: Cell> Column<T> for Mapped<T> {
    #[inline]
    fn push(&mut self, v: T) {
        assert!(
            self.len < self.cap,
            "a bounded table was given more values than its target"
        );
        // SAFETY: len < cap, so the cell lies inside the map (see `deref`), aligned; the
        // map is borrowed mutably through `self`, so no slice of it is alive.
        unsafe {
            self.map
                .as_mut_ptr()
                .add(HEADER_SPACE)
                .cast::<T>()
                .add(self.len)
                .write(v);
        }
        self.len += 1;
        self.shared_len.store(self.len, Ordering::Relaxed);
    }
}

/// The thread that hands back the resident pages of a column's middle.
struct Trimmer {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// Reserves the disk blocks of the first `bytes` bytes of `file`: a store into a mapped page
/// the disk has no room for would kill the process (SIGBUS) instead of failing a write, so
/// the room is taken before any value is stored. A file system that cannot reserve
/// (`EOPNOTSUPP`) keeps a sparse file.
fn reserve(file: &File, bytes: usize) -> io::Result<()> {
    use std::os::unix::io::AsRawFd;
    let len = libc::off_t::try_from(bytes).map_err(io::Error::other)?;
    // SAFETY: the descriptor is open for writing for the call's duration.
    let err = unsafe { libc::posix_fallocate(file.as_raw_fd(), 0, len) };
    match err {
        0 | libc::EOPNOTSUPP | libc::EINVAL => Ok(()),
        e => Err(io::Error::from_raw_os_error(e)),
    }
}

/// Bytes free for an unprivileged user on the file system of `dir`, when it can be read.
pub(crate) fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut st = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: `c` is a NUL-terminated path and `st` room for one statvfs, which the call
    // fills when it returns 0.
    let st = unsafe {
        if libc::statvfs(c.as_ptr(), st.as_mut_ptr()) != 0 {
            return None;
        }
        st.assume_init()
    };
    Some((st.f_bavail as u64).saturating_mul(st.f_frsize as u64))
}

/// Bytes resident in this process (`/proc/self/statm`), when it can be read.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages.saturating_mul(page_size() as u64))
}

fn page_size() -> usize {
    // SAFETY: sysconf only reads a configuration value.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(p).ok().filter(|&p| p > 0).unwrap_or(4096)
}

impl Trimmer {
    fn start(
        base: usize,
        bytes: usize,
        width: usize,
        keep: usize,
        len: Arc<AtomicUsize>,
    ) -> Trimmer {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("grundy-trim".into())
            .spawn(move || {
                let page = page_size();
                // The middle runs from `lo` to `hi`, page-aligned inwards.
                let lo = (HEADER_SPACE + keep.saturating_mul(width)).div_ceil(page) * page;
                let mut trimmed_to = lo;
                // Resident growth since the last full trim above which the whole middle is
                // handed back rather than only the part the column grew by: the kernel's
                // scans and the passes over the whole table (a period search, a rebuild after
                // resuming) read the middle. As much as one end keeps, at least 1 MiB.
                let regrow = (keep.saturating_mul(width) as u64).max(1 << 20);
                let mut after_full = resident_bytes().unwrap_or(0);
                while !flag.load(Ordering::Relaxed) {
                    std::thread::park_timeout(TRIM_EVERY);
                    let l = len.load(Ordering::Relaxed);
                    let hi = (HEADER_SPACE + l.saturating_sub(keep).saturating_mul(width))
                        .min(bytes)
                        / page
                        * page;
                    let grown = resident_bytes().is_some_and(|r| r > after_full + regrow);
                    let from = if grown { lo } else { trimmed_to.max(lo) };
                    if hi > from {
                        // SAFETY: [from, hi) lies inside the mapping, which lives until
                        // this thread is joined; MADV_DONTNEED on a shared file mapping
                        // drops resident pages and keeps their contents (dirty pages stay
                        // in the page cache and are written to the file).
                        unsafe {
                            libc::madvise(
                                (base + from) as *mut libc::c_void,
                                hi - from,
                                libc::MADV_DONTNEED,
                            );
                        }
                        trimmed_to = hi;
                    }
                    if grown {
                        after_full = resident_bytes().unwrap_or(0);
                    }
                }
            })
            .ok();
        Trimmer { stop, thread }
    }

    fn stop(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}
