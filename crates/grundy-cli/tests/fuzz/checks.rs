//! What every run must satisfy (the CLI contract), and the files it may touch.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::runner::{Ending, Run};

/// The kinds of contract violation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// "panicked" on stderr (exit 101).
    Panic,
    /// Killed by SIGABRT: a failed allocation under the memory limit, a stack overflow.
    Abort,
    /// Killed by another signal (SIGSEGV, SIGKILL by the kernel, SIGPIPE).
    Signal,
    /// Stopped by the watchdog with no progress line on stderr for 2 s.
    Hang,
    /// An exit status outside {0, 1, 2, 3, 130}.
    Status,
    /// A failure status with nothing on stderr.
    Silent,
    /// `--json` output that is not one JSON value.
    Json,
    /// A device node given as an output was replaced by a regular file.
    Device,
    /// An `--out` or checkpoint file left truncated, damaged, or changed by a failed run.
    OutFile,
    /// A temporary file left behind by a run that ended normally.
    Stray,
    /// An answer that contradicts another answer of the binary (a wrong answer).
    Wrong,
}

/// How often long runs print a progress line on a non-terminal stderr.
pub const PROGRESS_PERIOD: Duration = Duration::from_secs(10);

/// The statuses the contract allows.
pub const ALLOWED: [i32; 5] = [0, 1, 2, 3, 130];

/// Checks the ending and stderr of a run. `interrupted`: SIGINT was sent, so death by SIGINT
/// is the default behaviour of a program without a handler, as the spec allows.
pub fn contract(run: &Run, interrupted: bool) -> Vec<(Kind, String)> {
    let mut found = Vec::new();
    let err = String::from_utf8_lossy(&run.stderr);
    if err.contains("panicked") {
        found.push((Kind::Panic, "a panic message on stderr".to_string()));
    }
    match &run.ending {
        Ending::Exit(c) if !ALLOWED.contains(c) => {
            if !err.contains("panicked") {
                found.push((Kind::Status, format!("exit status {c}")));
            }
        }
        Ending::Exit(0) => {}
        Ending::Exit(c) => {
            if err.trim().is_empty() {
                found.push((
                    Kind::Silent,
                    format!("exit status {c} with an empty stderr"),
                ));
            }
        }
        Ending::Signal(2) if interrupted => {}
        Ending::Signal(6) => found.push((Kind::Abort, "killed by SIGABRT".to_string())),
        Ending::Signal(s) => found.push((Kind::Signal, format!("killed by signal {s}"))),
        Ending::Killed { silent } => {
            // Long runs print a progress line every 10 s when stderr is not a terminal (the
            // README's promise): a run that printed one counts as progressing while its
            // silence stays within that period and the 2 s of grace; one that never printed
            // anything hangs after 2 s.
            let printed = !run.stderr.is_empty();
            let grace = if printed {
                PROGRESS_PERIOD + Duration::from_secs(2)
            } else {
                Duration::from_secs(2)
            };
            if *silent > grace {
                found.push((
                    Kind::Hang,
                    format!(
                        "stopped by the watchdog after {:.0} s, silent on stderr for {:.1} s",
                        run.elapsed.as_secs_f64(),
                        silent.as_secs_f64()
                    ),
                ));
            }
        }
    }
    found
}

/// Whether a path is a character device.
pub fn is_char_device(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::metadata(p).is_ok_and(|m| m.file_type().is_char_device())
}

/// The kind of content an `--out` file must have after success.
#[derive(Clone, Debug)]
pub enum OutKind {
    /// A finished table file of this many values.
    Table {
        values: u64,
    },
    Svg,
    Png,
}

/// A file a case watches.
#[derive(Clone, Debug)]
pub enum Watch {
    /// A private device node that must stay one.
    Device(PathBuf),
    /// An `--out` file (or link to one) and what it held before the run.
    Out {
        path: PathBuf,
        before: Option<Vec<u8>>,
        kind: OutKind,
    },
    /// A checkpoint file and what it held before the run.
    Checkpoint {
        path: PathBuf,
        before: Option<Vec<u8>>,
    },
    /// A directory that must hold only these names after a run that ended normally.
    Dir { path: PathBuf, allowed: Vec<String> },
}

fn regular(p: &Path) -> bool {
    fs::metadata(p).is_ok_and(|m| m.is_file())
}

/// The contents of a regular file (links followed); `None` for anything else, so that the
/// suite never reads a device without end.
pub fn read_regular(p: &Path) -> Option<Vec<u8>> {
    if regular(p) {
        fs::read(p).ok()
    } else {
        None
    }
}

/// Checks the watched files after a run.
pub fn files(watch: &[Watch], ending: &Ending) -> Vec<(Kind, String)> {
    let mut found = Vec::new();
    let ok = *ending == Ending::Exit(0);
    let normal_end = matches!(ending, Ending::Exit(_));
    for w in watch {
        match w {
            Watch::Device(p) => {
                if !is_char_device(p) {
                    found.push((
                        Kind::Device,
                        format!("{} is no longer a device node", p.display()),
                    ));
                }
            }
            Watch::Out { path, before, kind } => {
                if is_char_device(path) || fs::metadata(path).is_ok_and(|m| m.is_dir()) {
                    continue;
                }
                let now = read_regular(path);
                if ok {
                    match (&now, kind) {
                        (None, _) => found.push((
                            Kind::OutFile,
                            format!("success but {} does not exist", path.display()),
                        )),
                        (Some(b), OutKind::Table { values }) => match decode_table(b) {
                            Err(e) => found.push((
                                Kind::OutFile,
                                format!("{}: not a valid table file: {e}", path.display()),
                            )),
                            Ok(t) if t.checkpoint || t.values.len() as u64 != *values => found
                                .push((
                                    Kind::OutFile,
                                    format!(
                                        "{}: {} values{}, {values} asked",
                                        path.display(),
                                        t.values.len(),
                                        if t.checkpoint { " in a checkpoint" } else { "" }
                                    ),
                                )),
                            Ok(_) => {}
                        },
                        (Some(b), OutKind::Svg) => {
                            let t = String::from_utf8_lossy(b);
                            if !t.trim_end().ends_with("</svg>") {
                                found.push((
                                    Kind::OutFile,
                                    format!("{}: the SVG does not end in </svg>", path.display()),
                                ));
                            }
                        }
                        (Some(b), OutKind::Png) => {
                            const IEND: [u8; 12] =
                                [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82];
                            if !b.starts_with(b"\x89PNG\r\n\x1a\n") || !b.ends_with(&IEND) {
                                found.push((
                                    Kind::OutFile,
                                    format!("{}: a truncated or damaged PNG", path.display()),
                                ));
                            }
                        }
                    }
                } else if now != *before && !(now.is_none() && before.is_none()) {
                    let what = match (before, &now) {
                        (None, Some(b)) => format!("a file of {} bytes appeared", b.len()),
                        (Some(_), None) => "the old file was removed".to_string(),
                        _ => "the old file was changed".to_string(),
                    };
                    found.push((
                        Kind::OutFile,
                        format!("failed run, yet at {}: {what}", path.display()),
                    ));
                }
            }
            Watch::Checkpoint { path, before } => {
                if !regular(path) && before.is_none() {
                    continue;
                }
                let now = read_regular(path);
                match ending {
                    Ending::Exit(0) if now.is_some() && regular(path) => {
                        found.push((
                            Kind::OutFile,
                            format!(
                                "success, yet the checkpoint {} is still there",
                                path.display()
                            ),
                        ));
                    }
                    Ending::Exit(0) => {}
                    Ending::Exit(130) | Ending::Signal(2) => {
                        if let Some(b) = &now {
                            if let Err(e) = decode_table(b) {
                                found.push((
                                    Kind::OutFile,
                                    format!("the checkpoint after Ctrl-C is damaged: {e}"),
                                ));
                            }
                        }
                    }
                    Ending::Exit(2) if before.is_some() && now != *before => found.push((
                        Kind::OutFile,
                        format!("a refused checkpoint {} was changed", path.display()),
                    )),
                    _ => {}
                }
            }
            Watch::Dir { path, allowed } => {
                if !normal_end {
                    continue;
                }
                let Ok(entries) = fs::read_dir(path) else {
                    continue;
                };
                for e in entries.flatten() {
                    let name = e.file_name().to_string_lossy().into_owned();
                    if !allowed.contains(&name) {
                        found.push((Kind::Stray, format!("{} left in {}", name, path.display())));
                    }
                }
            }
        }
    }
    found
}

/// A decoded table or checkpoint file (the format of grundy-heap's table.rs, read here
/// independently).
#[derive(Clone, Debug)]
pub struct TableFile {
    pub checkpoint: bool,
    pub rules: String,
    pub target: u64,
    pub values: Vec<u32>,
    /// (preperiod, period, saltus, proven).
    pub period: Option<(u64, u64, u64, bool)>,
}

/// FNV-1a, 64 bits: the checksum of table files.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Reads a table file, verifying every field and the checksum.
pub fn decode_table(bytes: &[u8]) -> Result<TableFile, String> {
    if !bytes.starts_with(b"GRUNDYHT") {
        return Err("bad magic".into());
    }
    if bytes.len() < 16 {
        return Err("truncated".into());
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body) != u64::from_le_bytes(sum.try_into().map_err(|_| "sum")?) {
        return Err("checksum mismatch (truncated or damaged)".into());
    }
    let mut at = 8usize;
    let mut take = |n: usize| -> Result<&[u8], String> {
        let end = at
            .checked_add(n)
            .filter(|&e| e <= body.len())
            .ok_or("truncated")?;
        let s = &body[at..end];
        at = end;
        Ok(s)
    };
    let u32_ = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let u64_ = |b: &[u8]| {
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        u64::from_le_bytes(a)
    };
    if u32_(take(4)?) != 1 {
        return Err("version".into());
    }
    let kind = take(1)?[0];
    let width = take(1)?[0] as usize;
    take(2)?;
    let rules_len = u32_(take(4)?) as usize;
    let rules = String::from_utf8(take(rules_len)?.to_vec()).map_err(|_| "rules not UTF-8")?;
    let target = u64_(take(8)?);
    let count = usize::try_from(u64_(take(8)?)).map_err(|_| "count")?;
    let checkpoint = match kind {
        0 => false,
        1 => true,
        k => return Err(format!("kind {k}")),
    };
    if !checkpoint {
        take(4 + 8 + 4 + 8 + 8 + 8)?;
        let k = u32_(take(4)?) as usize;
        take(k.checked_mul(20).ok_or("stats")?)?;
    }
    let period = match take(1)?[0] {
        0 => None,
        1 => {
            let pre = u64_(take(8)?);
            let per = u64_(take(8)?);
            let sal = u64_(take(8)?);
            take(8)?;
            let proven = take(1)?[0] != 0;
            Some((pre, per, sal, proven))
        }
        f => return Err(format!("period flag {f}")),
    };
    if !matches!(width, 1 | 2 | 4) {
        return Err(format!("width {width}"));
    }
    let data = take(count.checked_mul(width).ok_or("count")?)?;
    let values = data
        .chunks_exact(width)
        .map(|c| {
            let mut a = [0u8; 4];
            a[..width].copy_from_slice(c);
            u32::from_le_bytes(a)
        })
        .collect();
    if at != body.len() {
        return Err("trailing bytes".into());
    }
    Ok(TableFile {
        checkpoint,
        rules,
        target,
        values,
        period,
    })
}

/// Writes a checkpoint file as grundy-heap does, for crafted (and hostile) checkpoints.
pub fn encode_checkpoint(
    rules: &str,
    target: u64,
    count: u64,
    width: u8,
    values: &[u32],
) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(b"GRUNDYHT");
    b.extend_from_slice(&1u32.to_le_bytes());
    b.push(1);
    b.push(width);
    b.extend_from_slice(&[0, 0]);
    b.extend_from_slice(&(rules.len() as u32).to_le_bytes());
    b.extend_from_slice(rules.as_bytes());
    b.extend_from_slice(&target.to_le_bytes());
    b.extend_from_slice(&count.to_le_bytes());
    b.push(0);
    for &v in values {
        b.extend_from_slice(&v.to_le_bytes()[..usize::from(width).min(4)]);
    }
    let sum = fnv1a(&b);
    b.extend_from_slice(&sum.to_le_bytes());
    b
}

#[test]
fn a_crafted_checkpoint_reads_back() {
    let b = encode_checkpoint("tb[0.07]", 10, 3, 2, &[0, 0, 1]);
    let t = decode_table(&b).unwrap();
    assert!(t.checkpoint);
    assert_eq!(
        (t.rules.as_str(), t.target, t.values.as_slice()),
        ("tb[0.07]", 10, &[0, 0, 1][..])
    );
    let mut cut = b.clone();
    cut.pop();
    assert!(decode_table(&cut).is_err());
}

/// The number of values a checkpoint file holds, read from its header (`None` when the bytes
/// are not a checkpoint's).
pub fn checkpoint_count(bytes: &[u8]) -> Option<u64> {
    let rest = bytes.strip_prefix(b"GRUNDYHT")?;
    let kind = *rest.get(4)?;
    let len = u32::from_le_bytes(rest.get(8..12)?.try_into().ok()?) as usize;
    let at = 12usize.checked_add(len)?.checked_add(8)?;
    let count = u64::from_le_bytes(rest.get(at..at.checked_add(8)?)?.try_into().ok()?);
    (kind == 1).then_some(count)
}

#[test]
fn a_checkpoint_count_is_read_from_its_header() {
    let b = encode_checkpoint("sub[pow2]", 1001, 3, 1, &[0, 0, 0]);
    assert_eq!(checkpoint_count(&b), Some(3));
    assert_eq!(checkpoint_count(b"GRUNDYHT"), None);
}
