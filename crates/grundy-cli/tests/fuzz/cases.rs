//! The cases of each area: what to run, with which input and output, and what to watch.

use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::checks::{encode_checkpoint, OutKind, Watch};
use crate::exprs::{self, GraphSource, Sizes};
use crate::rng::Rng;
use crate::runner::{Input, Invocation, Output};
use crate::scripts;

/// Private device nodes (made with mknod in the suite's own directory, only as root).
#[derive(Clone, Debug)]
pub struct Devices {
    pub full: PathBuf,
    pub null: PathBuf,
}

/// What every generator may use.
pub struct Ctx {
    /// The workspace root (the binary runs there, so `examples/graphs/cycle.txt` resolves).
    pub root: PathBuf,
    /// The suite's private directory.
    pub scratch: PathBuf,
    pub devices: Option<Devices>,
    /// Every family of `grundy list --json`: name and example.
    pub families: Vec<(String, String)>,
    /// The long mode: slow sizes too.
    pub long: bool,
}

/// A cross-check run after the case itself (answers must agree with each other).
#[derive(Clone, Debug)]
pub enum Follow {
    /// An `analyze --json` answer: its fields agree, a winning move leads to a P-position,
    /// and the canonical game parses back to itself. `extra`: the options to repeat.
    Analyze { extra: Vec<String> },
    /// The nim-value of a sum is the XOR of its parts' values.
    Sum { parts: Vec<String> },
    /// A `table --json` answer: N + 1 values, the period holds, a value equals `analyze`.
    Table { ruleset: String },
    /// A rule script's `analyze --json` answer: a well-formed script's nim-value is the one
    /// the suite computed (`Some`), and the answer holds as for [`Follow::Analyze`]; a hostile
    /// script (`None`) is refused, never answered. Checked after a failure too.
    Script {
        nimber: Option<u64>,
        extra: Vec<String>,
        what: String,
    },
    /// A finished table file equals `table --json`.
    TableFile {
        ruleset: String,
        to: u64,
        out: PathBuf,
    },
}

/// One case: an invocation and what to check besides the contract.
#[derive(Clone, Debug)]
pub struct Case {
    pub area: &'static str,
    pub index: u64,
    pub inv: Invocation,
    /// The output is one JSON value (checked on success when captured).
    pub json: bool,
    pub watch: Vec<Watch>,
    pub follow: Option<Follow>,
    /// The case's private directory, removed after the run.
    pub dir: PathBuf,
}

/// The areas, with the share of `GRUNDY_FUZZ_CASES` each gets (in percent), or a fixed count.
pub const AREAS: &[(&str, Share)] = &[
    ("fixed", Share::Fixed(FIXED_COUNT)),
    ("analyze", Share::Percent(100)),
    ("hostile", Share::Percent(100)),
    ("explain", Share::Percent(30)),
    ("play", Share::Percent(25)),
    ("table", Share::Percent(35)),
    ("table-out", Share::Percent(30)),
    ("plot", Share::Percent(12)),
    ("graph", Share::Percent(30)),
    ("script", Share::Percent(40)),
    ("sigint", Share::Percent(2)),
    ("list", Share::Percent(3)),
];

#[derive(Clone, Copy, Debug)]
pub enum Share {
    Percent(u64),
    Fixed(u64),
}

impl Ctx {
    fn case(&self, area: &'static str, index: u64, args: Vec<OsString>) -> Case {
        Case {
            area,
            index,
            inv: Invocation {
                args,
                stdin: Input::Empty,
                stdout: Output::Capture,
                cwd: self.root.clone(),
                interrupt_after: None,
            },
            json: false,
            watch: Vec::new(),
            follow: None,
            dir: self.scratch.join(format!("{area}-{index}")),
        }
    }

    /// Builds case `index` of `area` (writing its input files into its directory).
    pub fn build(&self, area: &'static str, index: u64, seed: u64) -> Case {
        let mut r = Rng::for_case(seed, area, index);
        let mut c = self.case(area, index, Vec::new());
        let _ = fs::create_dir_all(&c.dir);
        match area {
            "fixed" => self.fixed(&mut c, index),
            "analyze" => self.analyze(&mut r, &mut c),
            "hostile" => self.hostile(&mut r, &mut c),
            "explain" => self.explain(&mut r, &mut c),
            "play" => self.play(&mut r, &mut c),
            "table" => self.table(&mut r, &mut c),
            "table-out" => self.table_out(&mut r, &mut c),
            "plot" => self.plot(&mut r, &mut c),
            "graph" => self.graph(&mut r, &mut c),
            "script" => self.script(&mut r, &mut c, index),
            "sigint" => self.sigint(&mut r, &mut c),
            _ => self.list(&mut r, &mut c),
        }
        c
    }

    /// A random valid position: a sum of 1 to 3 terms of random families (and nimbers);
    /// returns the text and its terms. A generated graph is written into `dir`.
    pub fn position(&self, r: &mut Rng, dir: &Path, sizes: Sizes) -> (String, Vec<String>) {
        let sizes = if self.long && sizes.huge {
            Sizes::LONG
        } else {
            sizes
        };
        let k = match r.below(10) {
            0..=5 => 1,
            6..=8 => 2,
            _ => 3,
        };
        let mut graph = None;
        let mut parts = Vec::new();
        for _ in 0..k {
            if r.chance(1, 8) {
                parts.push(exprs::nimber(r));
                continue;
            }
            let (name, example) = r.pick(&self.families).clone();
            let term = exprs::family_term(r, &name, &mut graph, sizes).unwrap_or(example);
            parts.push(term);
        }
        let graph_path = dir.join("graph.txt");
        if let Some(GraphSource::Generated { text, .. }) = &graph {
            let _ = fs::write(&graph_path, text);
        }
        let parts: Vec<String> = parts
            .into_iter()
            .map(|p| {
                p.replace("@GRAPH@", &graph_path.to_string_lossy())
                    .replace("@EXAMPLE@", "examples/graphs/cycle.txt")
            })
            .collect();
        let mut text = String::new();
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                text.push_str(exprs::space(r));
                text.push('+');
                text.push_str(exprs::space(r));
            }
            if r.chance(1, 12) {
                text.push_str(&format!("({p})"));
            } else {
                text.push_str(p);
            }
        }
        (text, parts)
    }

    /// Puts an expression on the command line, or on standard input as `-` (always when long).
    fn expr_arg(&self, r: &mut Rng, c: &mut Case, text: String, stdin_ok: bool) {
        if stdin_ok && (text.len() > 60_000 || r.chance(1, 6)) {
            c.inv.args.push("-".into());
            c.inv.stdin = Input::Bytes(text.into_bytes());
        } else {
            c.inv.args.push(argv_safe(&text));
        }
    }

    fn analyze(&self, r: &mut Rng, c: &mut Case) {
        let misere = r.chance(1, 4);
        let sizes = if misere { Sizes::SMALL } else { Sizes::CI };
        let (text, parts) = self.position(r, &c.dir, sizes);
        c.inv.args.push("analyze".into());
        let json = r.chance(2, 3);
        let mut extra = Vec::new();
        if misere {
            extra.push("--misere".to_string());
        }
        if r.chance(1, 3) {
            extra.push("--max-nodes".into());
            extra.push(
                r.pick(&["0", "1", "10", "1000", "100000", "5000000"])
                    .to_string(),
            );
        }
        let mut opts = extra.clone();
        if json {
            opts.push("--json".into());
        }
        if r.chance(1, 4) {
            opts.push("--max-moves".into());
            opts.push(r.pick(&["0", "1", "2", "5", "1000"]).to_string());
        }
        if r.chance(1, 6) {
            opts.push("--no-count".into());
        }
        c.inv.args.extend(opts.iter().map(OsString::from));
        self.expr_arg(r, c, text, true);
        c.json = json;
        if json {
            c.follow = Some(if !misere && parts.len() > 1 && r.chance(1, 2) {
                Follow::Sum { parts }
            } else {
                Follow::Analyze { extra }
            });
        }
    }

    fn hostile(&self, r: &mut Rng, c: &mut Case) {
        let base = if r.chance(1, 3) {
            r.pick(&self.families).1.clone()
        } else {
            self.position(r, &c.dir, Sizes::CI).0
        };
        let text = exprs::mutate(r, &base);
        let cmd = *r.pick(&["analyze", "analyze", "analyze", "explain", "play", "table"]);
        c.inv.args.push(cmd.into());
        match cmd {
            "analyze" => {
                if r.chance(1, 2) {
                    c.inv.args.push("--json".into());
                    c.json = true;
                }
                if r.chance(1, 4) {
                    c.inv.args.push("--misere".into());
                }
            }
            "explain" => {
                if r.chance(1, 2) {
                    c.inv.args.push("--markdown".into());
                }
            }
            "table" => {
                // The mutated text as a ruleset.
                c.inv.args.push(argv_safe(&text));
                c.inv.args.push("--to".into());
                c.inv
                    .args
                    .push(r.pick(&["10", "100", "0"]).to_string().into());
                return;
            }
            _ => {
                c.inv.args.push(argv_safe(&text));
                c.inv.stdin = Input::Bytes(b"1\nmoves\n2\nquit\n".to_vec());
                return;
            }
        }
        if r.chance(1, 3) {
            // Raw bytes on standard input: NUL, invalid UTF-8, as they come.
            let mut bytes = text.into_bytes();
            if r.chance(1, 2) {
                let at = r.index(bytes.len() + 1);
                let junk: &[u8] = *r.pick(&[
                    &b"\0"[..],
                    b"\xff",
                    b"\xc3",
                    b"\xed\xa0\x80",
                    b"\xf4\x90\x80\x80",
                ]);
                bytes.splice(at..at, junk.iter().copied());
            }
            c.inv.args.push("-".into());
            c.inv.stdin = Input::Bytes(bytes);
        } else if r.chance(1, 10) {
            // Invalid UTF-8 on the command line.
            let mut bytes = text.replace('\0', "").into_bytes();
            let at = r.index(bytes.len() + 1);
            bytes.insert(at, 0xff);
            c.inv.args.push(OsString::from_vec(bytes));
        } else {
            c.inv.args.push(argv_safe(&text));
        }
    }

    fn explain(&self, r: &mut Rng, c: &mut Case) {
        let misere = r.chance(1, 4);
        let (text, _) = self.position(r, &c.dir, if misere { Sizes::SMALL } else { Sizes::CI });
        c.inv.args.push("explain".into());
        if r.chance(1, 2) {
            c.inv.args.push("--markdown".into());
        }
        if misere {
            c.inv.args.push("--misere".into());
        }
        if r.chance(1, 3) {
            c.inv.args.push("--max-nodes".into());
            c.inv
                .args
                .push(r.pick(&["0", "1", "100", "100000"]).to_string().into());
        }
        self.expr_arg(r, c, text, true);
    }

    fn play(&self, r: &mut Rng, c: &mut Case) {
        let (text, _) = self.position(r, &c.dir, Sizes::SMALL);
        c.inv.args.push("play".into());
        for flag in ["--misere", "--engine-first", "--hint"] {
            if r.chance(1, 3) {
                c.inv.args.push(flag.into());
            }
        }
        c.inv.args.push(argv_safe(&text));
        let mut script = Vec::new();
        let lines = r.below(25);
        for _ in 0..lines {
            let line: Vec<u8> = match r.below(14) {
                0..=4 => r.range(1, 35).to_string().into_bytes(),
                5 => b"moves".to_vec(),
                6 => r
                    .pick(&[&b"hint"[..], b"?", b"help", b"h", b"list"])
                    .to_vec(),
                7 => format!("{} -> {}", exprs::number(r), exprs::number(r)).into_bytes(),
                8 => format!("{} -> {} {}", r.below(30), r.below(30), r.below(30)).into_bytes(),
                9 => exprs::mutate(r, &text).into_bytes(),
                10 => self.position(r, &c.dir, Sizes::SMALL).0.into_bytes(),
                11 => r
                    .pick(&[&b""[..], b"   ", b"\r", b"\x1b[A", b"\xff\xfe", b"\0"])
                    .to_vec(),
                12 => vec![b'7'; *r.pick(&[1000usize, 1 << 20])],
                _ => exprs::hostile_number(r).into_bytes(),
            };
            script.extend_from_slice(&line);
            script.push(b'\n');
        }
        if r.chance(1, 3) {
            script.extend_from_slice(*r.pick(&[&b"quit\n"[..], b"q", b"exit\n", b"1"]));
        }
        c.inv.stdin = Input::Bytes(script);
    }

    fn table(&self, r: &mut Rng, c: &mut Case) {
        let ruleset = if r.chance(1, 5) {
            {
                let base = exprs::heap_ruleset(r);
                exprs::mutate(r, &base)
            }
        } else {
            exprs::heap_ruleset(r)
        };
        let to = bounded_to(&self.long, &ruleset, to_value(r));
        c.inv.args.push("table".into());
        let json = r.chance(1, 2);
        if json {
            c.inv.args.push("--json".into());
            c.json = true;
        }
        c.inv.args.push(argv_safe(&ruleset));
        c.inv.args.push("--to".into());
        c.inv.args.push(argv_safe(&to));
        if json && to.parse::<u64>().is_ok_and(|n| n <= 100_000) {
            c.follow = Some(Follow::Table { ruleset });
        }
    }

    /// An `--out` or `--checkpoint` path of one of many kinds; returns the path, what it
    /// held before and whether it is a device.
    fn out_path(&self, r: &mut Rng, dir: &Path, name: &str) -> (PathBuf, Option<Vec<u8>>, bool) {
        let p = dir.join(name);
        match r.below(12) {
            0..=4 => (p, None, false),
            5 | 6 => {
                let old = b"an old file that a failed run must leave as it is\n".to_vec();
                let _ = fs::write(&p, &old);
                (p, Some(old), false)
            }
            7 => {
                // A link to a file: the link must stay, the file is written.
                let target = dir.join(format!("{name}.target"));
                let _ = fs::write(&target, b"old target");
                let _ = std::os::unix::fs::symlink(&target, &p);
                (p, Some(b"old target".to_vec()), false)
            }
            8 | 9 => match &self.devices {
                Some(d) => {
                    let dev = if r.chance(1, 2) { &d.full } else { &d.null };
                    if r.chance(1, 3) {
                        // A link to a device.
                        let _ = std::os::unix::fs::symlink(dev, &p);
                        (p, None, true)
                    } else {
                        (dev.clone(), None, true)
                    }
                }
                None => (p, None, false),
            },
            10 => (dir.join("no/such/dir").join(name), None, false),
            _ => {
                let d = dir.join(format!("{name}.dir"));
                let _ = fs::create_dir_all(&d);
                (d, None, false)
            }
        }
    }

    fn table_out(&self, r: &mut Rng, c: &mut Case) {
        let ruleset = if r.chance(1, 8) {
            {
                let base = exprs::heap_ruleset(r);
                exprs::mutate(r, &base)
            }
        } else {
            exprs::heap_ruleset(r)
        };
        let n = *r.pick(&[0u64, 1, 2, 10, 1000, 10_000, 100_000, 1_000_000]);
        let to = if r.chance(1, 10) {
            to_value(r)
        } else {
            n.to_string()
        };
        let to = bounded_to(&self.long, &ruleset, to);
        let n = to.parse::<u64>().unwrap_or(n);
        let (out, before, out_dev) = self.out_path(r, &c.dir, "t.bin");
        c.inv.args.extend([
            "table".into(),
            argv_safe(&ruleset),
            "--to".into(),
            argv_safe(&to),
        ]);
        c.inv.args.push("--out".into());
        c.inv.args.push(out.clone().into());
        let mut allowed = vec![
            "t.bin".to_string(),
            "t.bin.target".into(),
            "t.bin.dir".into(),
        ];
        if out_dev {
            c.watch.push(Watch::Device(
                self.devices
                    .as_ref()
                    .map(|d| d.full.clone())
                    .unwrap_or_default(),
            ));
            c.watch.push(Watch::Device(
                self.devices
                    .as_ref()
                    .map(|d| d.null.clone())
                    .unwrap_or_default(),
            ));
        } else if to.parse::<u64>().is_ok() {
            c.watch.push(Watch::Out {
                path: out.clone(),
                before: before.clone(),
                kind: OutKind::Table {
                    values: to.parse::<u64>().unwrap_or(0).saturating_add(1),
                },
            });
        }
        // A checkpoint is the program's own state: its values are trusted (its checksum
        // guards against damage, not forgery), so a run resumed from forged values writes
        // them, and its file is not compared with `table --json`.
        let mut forged = false;
        if r.chance(1, 2) {
            let (cp, cp_before) = self.checkpoint(r, &c.dir, &ruleset, n, &out);
            forged = cp_before
                .as_deref()
                .and_then(crate::checks::checkpoint_count)
                .is_some_and(|k| k > 0);
            allowed.extend([
                "c.ckpt".to_string(),
                "c.ckpt.target".into(),
                "c.ckpt.dir".into(),
            ]);
            c.inv.args.push("--checkpoint".into());
            c.inv.args.push(cp.clone().into());
            c.watch.push(Watch::Checkpoint {
                path: cp,
                before: cp_before,
            });
        }
        if r.chance(1, 3) {
            c.inv.args.push("--memory-limit".into());
            c.inv.args.push(
                r.pick(&[
                    "1",
                    "0",
                    "1K",
                    "64K",
                    "1M",
                    "500M",
                    "8G",
                    "1T",
                    "99999999999T",
                    "18446744073709551615",
                    "-1",
                    "abc",
                    "1.5G",
                    "",
                    "10^9",
                    "5 G",
                    "4GB",
                    "1g",
                ])
                .to_string()
                .into(),
            );
        }
        c.watch.push(Watch::Dir {
            path: c.dir.clone(),
            allowed,
        });
        if let Ok(n) = to.parse::<u64>() {
            if n <= 10_000 && !out_dev && !forged {
                c.follow = Some(Follow::TableFile {
                    ruleset,
                    to: n,
                    out,
                });
            }
        }
    }

    /// A checkpoint path: new, crafted (a correct prefix or hostile bytes), a device, a
    /// directory, or the `--out` file itself.
    fn checkpoint(
        &self,
        r: &mut Rng,
        dir: &Path,
        ruleset: &str,
        n: u64,
        out: &Path,
    ) -> (PathBuf, Option<Vec<u8>>) {
        let p = dir.join("c.ckpt");
        let canonical = canonical_ruleset(ruleset);
        let target = n.saturating_add(1);
        let bytes: Option<Vec<u8>> = match r.below(16) {
            0..=4 => None,
            5 => Some(encode_checkpoint(&canonical, target, 0, 1, &[])),
            // A prefix of zeros: wrong values, but a well-formed file (the checkpoint is trusted).
            6 => {
                let k = r.below(target.min(1 << 16) + 1);
                Some(encode_checkpoint(
                    &canonical,
                    target,
                    k,
                    1,
                    &vec![0; k as usize],
                ))
            }
            // Values beyond any nim-value of these games, in a well-formed file.
            7 => {
                let k = r.below(target.min(100) + 1);
                let v = *r.pick(&[255u32, 65_535, 1 << 24, u32::MAX]);
                let w = if v < 256 {
                    1
                } else if v < 65_536 {
                    2
                } else {
                    4
                };
                Some(encode_checkpoint(
                    &canonical,
                    target,
                    k,
                    w,
                    &vec![v; k as usize],
                ))
            }
            // More values than the run asks for.
            8 => Some(encode_checkpoint(
                &canonical,
                target,
                target + 5,
                1,
                &vec![0; target as usize + 5],
            )),
            9 => Some(encode_checkpoint(&canonical, target, u64::MAX, 1, &[0; 4])),
            10 => Some(encode_checkpoint(&canonical, target, 3, 3, &[0, 0, 0])),
            11 => Some(encode_checkpoint("tb[0.07]", 5, 2, 1, &[0, 0])),
            12 => {
                let mut b = encode_checkpoint(&canonical, target, 2, 1, &[0, 0]);
                let cut = r.index(b.len());
                b.truncate(cut);
                Some(b)
            }
            13 => {
                let mut b = encode_checkpoint(&canonical, target, 2, 1, &[0, 0]);
                let at = r.index(b.len());
                b[at] ^= 1 << r.below(8);
                Some(b)
            }
            14 => {
                // A length field that claims four gigabytes of rules text.
                let mut b = encode_checkpoint(&canonical, target, 0, 1, &[]);
                b[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
                let body = b.len() - 8;
                let sum = crate::checks::fnv1a(&b[..body]);
                b[body..].copy_from_slice(&sum.to_le_bytes());
                Some(b)
            }
            _ => {
                return match r.below(3) {
                    0 => match &self.devices {
                        Some(d) => (
                            if r.chance(1, 2) {
                                d.null.clone()
                            } else {
                                d.full.clone()
                            },
                            None,
                        ),
                        None => (p, None),
                    },
                    1 => {
                        let d = dir.join("c.ckpt.dir");
                        let _ = fs::create_dir_all(&d);
                        (d, None)
                    }
                    _ => (out.to_path_buf(), crate::checks::read_regular(out)),
                };
            }
        };
        if let Some(b) = &bytes {
            let _ = fs::write(&p, b);
        }
        (p, bytes)
    }

    fn plot(&self, r: &mut Rng, c: &mut Case) {
        let ruleset = exprs::heap_ruleset(r);
        let to = if r.chance(1, 8) {
            to_value(r)
        } else {
            r.pick(&["0", "1", "10", "100", "1000", "10000", "100000"])
                .to_string()
        };
        let to = bounded_to(&self.long, &ruleset, to);
        let ext = *r.pick(&["svg", "png", "svg", "png", "SVG", "txt", ""]);
        let name = if ext.is_empty() {
            "p".to_string()
        } else {
            format!("p.{ext}")
        };
        let (out, before, dev) = self.out_path(r, &c.dir, &name);
        c.inv.args.extend([
            "plot".into(),
            argv_safe(&ruleset),
            "--to".into(),
            argv_safe(&to),
        ]);
        c.inv.args.push("--out".into());
        c.inv.args.push(out.clone().into());
        for flag in ["--width", "--height"] {
            if r.chance(1, 4) {
                c.inv.args.push(flag.into());
                c.inv.args.push(
                    r.pick(&[
                        "0",
                        "1",
                        "2",
                        "17",
                        "3000",
                        "100000",
                        "4294967295",
                        "-1",
                        "x",
                    ])
                    .to_string()
                    .into(),
                );
            }
        }
        if dev {
            if let Some(d) = &self.devices {
                c.watch.push(Watch::Device(d.full.clone()));
                c.watch.push(Watch::Device(d.null.clone()));
            }
        } else {
            let kind = if ext.eq_ignore_ascii_case("png") {
                OutKind::Png
            } else {
                OutKind::Svg
            };
            c.watch.push(Watch::Out {
                path: out,
                before,
                kind,
            });
        }
        c.watch.push(Watch::Dir {
            path: c.dir.clone(),
            allowed: vec![
                name.clone(),
                format!("{name}.target"),
                format!("{name}.dir"),
            ],
        });
    }

    fn graph(&self, r: &mut Rng, c: &mut Case) {
        let file = c.dir.join("g.txt");
        let n = r.range(1, 60) as usize;
        let path: PathBuf = match r.below(20) {
            0..=5 => {
                let (t, _) = exprs::edge_list(r, n);
                let _ = fs::write(&file, t);
                file
            }
            6..=8 => {
                let (t, _) = exprs::dot(r, n);
                let _ = fs::write(&file, t);
                file
            }
            9..=12 => {
                let (t, _) = if r.chance(1, 2) {
                    exprs::dot(r, n)
                } else {
                    exprs::edge_list(r, n)
                };
                let mut bytes = exprs::mutate(r, &t).into_bytes();
                if r.chance(1, 4) {
                    let at = r.index(bytes.len() + 1);
                    bytes.insert(at, *r.pick(&[0u8, 0xff, 0x80, b'\r', 0x1b]));
                }
                let _ = fs::write(&file, bytes);
                file
            }
            13 => {
                let len = r.skewed(1 << 16) as usize;
                let bytes: Vec<u8> = (0..len).map(|_| r.below(256) as u8).collect();
                let _ = fs::write(&file, bytes);
                file
            }
            14 => {
                let text = r
                    .pick(&[
                        "",
                        "\n",
                        "# only a comment\n",
                        "digraph {",
                        "digraph { a -> }",
                        "a",
                        "a b c\n",
                        "graph { a -- b",
                        "digraph { subgraph { a -> b } }",
                        "digraph { a -> b [label=\"x]\n }",
                        "\u{feff}a b\n",
                        "a\tb\r\nb a\r\n",
                        "strict digraph G { a -> a }",
                        "digraph{{{{{{{{{{}}}}}}}}}}",
                        "\"a b\" \"c\n",
                        "a b # c d\n//x\n/* y */",
                    ])
                    .to_string();
                let _ = fs::write(&file, text);
                file
            }
            15 => {
                // One line longer than any limit, or very many edges.
                let text = if r.chance(1, 2) {
                    format!(
                        "a {}\n",
                        "b".repeat(*r.pick(&[1 << 20, (1 << 20) + 1, 3 << 20]))
                    )
                } else {
                    let m = *r.pick(&[10_000usize, 200_000]);
                    let mut t = String::new();
                    for i in 0..m {
                        t.push_str(&format!("{} {}\n", i, (i * 7 + 3) % m));
                    }
                    t
                };
                let _ = fs::write(&file, text);
                file
            }
            16 => c.dir.clone(),
            17 => c.dir.join("missing.txt"),
            18 => PathBuf::from(*r.pick(&["/dev/zero", "/dev/urandom"])),
            _ => match &self.devices {
                Some(d) => d.null.clone(),
                None => PathBuf::from("examples/graphs/cycle.txt"),
            },
        };
        c.inv.args.push("graph".into());
        match r.below(6) {
            0 | 1 => {
                c.inv.args.push("--json".into());
                c.json = true;
            }
            2 => c.inv.args.push("--csv".into()),
            3 => c.inv.args.extend(["--json".into(), "--csv".into()]),
            _ => {}
        }
        if r.chance(1, 3) {
            c.inv.args.push("--misere".into());
        }
        c.inv.args.push(path.into());
    }

    fn sigint(&self, r: &mut Rng, c: &mut Case) {
        let ruleset = *r.pick(&["tb[0.6]", "tb[0.16]", "tb[4!.0]"]);
        let out = c.dir.join("t.bin");
        let cp = c.dir.join("c.ckpt");
        c.inv
            .args
            .extend(["table".into(), ruleset.into(), "--to".into(), "10^8".into()]);
        c.inv
            .args
            .extend(["--out".into(), out.clone().into_os_string()]);
        if r.chance(3, 4) {
            c.inv
                .args
                .extend(["--checkpoint".into(), cp.clone().into_os_string()]);
            c.watch.push(Watch::Checkpoint {
                path: cp,
                before: None,
            });
        }
        c.inv.interrupt_after = Some(Duration::from_millis(r.range(50, 1500)));
        c.watch.push(Watch::Out {
            path: out,
            before: None,
            kind: OutKind::Table {
                values: 100_000_001,
            },
        });
        c.watch.push(Watch::Dir {
            path: c.dir.clone(),
            allowed: vec!["t.bin".into(), "c.ckpt".into()],
        });
    }

    /// A rule script of random arity and language, well-formed or hostile (see `scripts`).
    fn script(&self, r: &mut Rng, c: &mut Case, index: u64) {
        let s = scripts::script(r, index);
        let path = c.dir.join(&s.file);
        fs::write(&path, &s.source).unwrap();
        let mut extra = vec!["--rules".to_string(), path.display().to_string()];
        extra.extend(s.flags);
        c.inv.args.push("analyze".into());
        c.inv.args.push("--json".into());
        c.inv.args.extend(extra.iter().map(OsString::from));
        c.inv.args.push(argv_safe(&s.expr));
        c.json = true;
        c.follow = Some(Follow::Script {
            nimber: s.nimber,
            extra,
            what: s.what,
        });
    }

    fn list(&self, r: &mut Rng, c: &mut Case) {
        c.inv.args.push("list".into());
        if r.chance(1, 2) {
            c.inv.args.push("--json".into());
            c.json = true;
        }
    }
}

/// Whether long tables of `ruleset` are cheap: subtraction sets, `take`, and the codes whose
/// period is proven early. Other codes take minutes from 10^4 values on (see KNOWN_FAILURES).
fn cheap_table(ruleset: &str) -> bool {
    ruleset.starts_with("sub")
        || ruleset.starts_with("take")
        || exprs::FAST_CODES
            .iter()
            .any(|c| ruleset == format!("tb[{c}]") || ruleset == format!("octal[{c}]"))
}

/// Keeps a `--to` value within 1000 unless the table is cheap or the long mode asks for all.
fn bounded_to(self_long: &bool, ruleset: &str, to: String) -> String {
    let big = to
        .trim()
        .parse::<u64>()
        .is_ok_and(|n| n > 1000 && n <= 50_000_000)
        || to.contains("10^4")
        || to.contains("10^5")
        || to.contains("10^6")
        || to.contains("10^7");
    if big && !*self_long && !cheap_table(ruleset) {
        "1000".to_string()
    } else {
        to
    }
}

/// A `--to` value: every size from 0 to beyond any memory, and malformed ones.
fn to_value(r: &mut Rng) -> String {
    r.pick(&[
        "0",
        "1",
        "2",
        "10",
        "100",
        "1000",
        "10000",
        "100000",
        "1000000",
        "10^3",
        "10^5",
        "50000001",
        "10^8",
        "10^9",
        "10^20",
        "10^1000",
        "10^300001",
        "18446744073709551615",
        "18446744073709551616",
        "-1",
        "-0",
        "abc",
        "",
        " 7 ",
        "1e3",
        "10^",
        "１０",
        "0x10",
        "7\u{0}",
        "3.5",
        "+3",
    ])
    .to_string()
}

/// The canonical spelling of a heap ruleset, as checkpoints record it (a guess for crafted
/// files; a wrong guess only makes the checkpoint one for other rules, which is refused).
fn canonical_ruleset(ruleset: &str) -> String {
    ruleset
        .replace("octal[", "tb[")
        .replace("subtraction[", "sub[")
}

/// Text for the command line: the kernel cannot pass NUL bytes in arguments.
pub fn argv_safe(text: &str) -> OsString {
    OsString::from(text.replace('\0', "\u{1}"))
}

/// The number of fixed cases.
pub const FIXED_COUNT: u64 = 64;

impl Ctx {
    /// The deterministic hostile cases: endless inputs, devices, closed pipes, huge inputs.
    fn fixed(&self, c: &mut Case, index: u64) {
        let zero = PathBuf::from("/dev/zero");
        let urandom = PathBuf::from("/dev/urandom");
        let s = |v: &[&str]| -> Vec<OsString> { v.iter().map(OsString::from).collect() };
        // The commands tried on a closed pipe and on a full device.
        let outputs: [Vec<OsString>; 12] = [
            s(&["list"]),
            s(&["list", "--json"]),
            s(&["analyze", "nim(3,4,5)"]),
            s(&[
                "analyze",
                "--json",
                "nim(3,4,5) + tb[0.07](20) + wythoff(4,7)",
            ]),
            s(&["table", "tb[0.07]", "--to", "100000"]),
            s(&["table", "--json", "sub[1,3,4]", "--to", "100000"]),
            s(&["explain", "--markdown", "nim(3,4,5) + wythoff(4,7)"]),
            s(&["graph", "--json", "examples/graphs/cycle.txt"]),
            s(&["graph", "--csv", "--misere", "examples/graphs/cycle.txt"]),
            s(&["play", "nim(3,4,5)"]),
            s(&["--help"]),
            s(&["analyze", "--max-moves", "100000", "nim(1000000,999999,3)"]),
        ];
        let n_out = outputs.len() as u64;
        if index < 2 * n_out {
            c.inv.args = outputs[(index % n_out) as usize].clone();
            c.inv.stdin = Input::Bytes(b"1\n2\n3\n".to_vec());
            c.inv.stdout = if index < n_out {
                Output::ClosedPipe
            } else {
                match &self.devices {
                    Some(d) => {
                        c.watch.push(Watch::Device(d.full.clone()));
                        Output::Device(d.full.clone())
                    }
                    None => Output::ClosedPipe,
                }
            };
            return;
        }
        let i = index - 2 * n_out;
        let big_nim = |k: usize| format!("nim({})", vec!["7"; k].join(","));
        match i {
            0 => (c.inv.args, c.inv.stdin) = (s(&["analyze", "-"]), Input::File(zero)),
            1 => (c.inv.args, c.inv.stdin) = (s(&["analyze", "--json", "-"]), Input::File(urandom)),
            2 => (c.inv.args, c.inv.stdin) = (s(&["explain", "-"]), Input::File(zero)),
            3 => (c.inv.args, c.inv.stdin) = (s(&["explain", "-"]), Input::File(urandom)),
            4 => (c.inv.args, c.inv.stdin) = (s(&["play", "nim(3,4,5)"]), Input::File(zero)),
            5 => (c.inv.args, c.inv.stdin) = (s(&["play", "nim(3,4,5)"]), Input::File(urandom)),
            6 => c.inv.args = s(&["graph", "/dev/zero"]),
            7 => c.inv.args = s(&["graph", "--json", "/dev/urandom"]),
            8 => c.inv.args = s(&["analyze", "graph[/dev/zero](a)"]),
            9 => c.inv.args = s(&["analyze", "graph[/dev/urandom](a) + nim(1)"]),
            10 => c.inv.args = s(&["explain", "graph[/dev/zero](a)"]),
            11 => {
                c.inv.args = vec![
                    "analyze".into(),
                    format!("graph[{}](a)", c.dir.display()).into(),
                ]
            }
            12 => {
                c.inv.args = s(&["table", "tb[0.07]", "--to", "100", "--out"]);
                c.inv.args.push(c.dir.join("t.bin").into());
                c.inv.args.extend(s(&["--checkpoint", "/dev/zero"]));
                c.watch.push(Watch::Out {
                    path: c.dir.join("t.bin"),
                    before: None,
                    kind: OutKind::Table { values: 101 },
                });
            }
            13 => c.inv.args = s(&[]),
            14 => c.inv.args = s(&["frobnicate"]),
            15 => c.inv.args = s(&["analyze"]),
            16 => c.inv.args = s(&["analyze", "--max-nodes", "-1", "nim(1)"]),
            17 => {
                c.inv.args = s(&[
                    "analyze",
                    "--max-nodes",
                    "99999999999999999999999",
                    "nim(1)",
                ])
            }
            18 => c.inv.args = s(&["table", "tb[0.07]"]),
            19 => c.inv.args = vec!["analyze".into(), OsString::from_vec(b"nim(\xff)".to_vec())],
            20 => c.inv.args = vec![OsString::from_vec(b"\xffanalyze".to_vec())],
            21 => c.inv.args = s(&["table", "--json", "tb[0.07]", "--to", "5", "--out", "x"]),
            22 => c.inv.args = s(&["--version"]),
            23 => c.inv.args = s(&["analyze", "--", "-"]),
            24 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes("(".repeat(100_000).into_bytes()),
                )
            }
            25 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes(
                        format!("{}nim(1){}", "(".repeat(1_000_000), ")".repeat(1_000_000))
                            .into_bytes(),
                    ),
                )
            }
            26 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes(format!("{}(1)", "a".repeat(1_000_000)).into_bytes()),
                )
            }
            27 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "--json", "-"]),
                    Input::Bytes(vec!["*1"; 100_000].join("+").into_bytes()),
                )
            }
            28 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "--json", "--max-moves", "3", "-"]),
                    Input::Bytes(big_nim(1_000_000).into_bytes()),
                )
            }
            29 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "--misere", "--json", "--max-moves", "3", "-"]),
                    Input::Bytes(big_nim(200_000).into_bytes()),
                )
            }
            30 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes(format!("nim({})", "9".repeat(400_000)).into_bytes()),
                )
            }
            31 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes(format!("*{}", "9".repeat(1_000_000)).into_bytes()),
                )
            }
            32 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes(
                        format!(
                            "sub[{}](100)",
                            (1..100_000)
                                .map(|i| i.to_string())
                                .collect::<Vec<_>>()
                                .join(",")
                        )
                        .into_bytes(),
                    ),
                )
            }
            33 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes(format!("tb[0.{}](100)", "7".repeat(100_000)).into_bytes()),
                )
            }
            34 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "-"]),
                    Input::Bytes(" ".repeat(10_000_000).into_bytes()),
                )
            }
            35 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "--json", "-"]),
                    Input::Bytes(
                        format!(
                            "georgia({})",
                            (1..=100_000)
                                .map(|i| (3 * i).to_string())
                                .collect::<Vec<_>>()
                                .join(",")
                        )
                        .into_bytes(),
                    ),
                )
            }
            36 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "--json", "-"]),
                    Input::Bytes(
                        format!(
                            "turtles({})",
                            (0..100_000)
                                .map(|i| (2 * i).to_string())
                                .collect::<Vec<_>>()
                                .join(",")
                        )
                        .into_bytes(),
                    ),
                )
            }
            37 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "--json", "-"]),
                    Input::Bytes(
                        format!(
                            "tree({})",
                            (0..100_000)
                                .map(|i| i.to_string())
                                .collect::<Vec<_>>()
                                .join(",")
                        )
                        .into_bytes(),
                    ),
                )
            }
            38 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["analyze", "--json", "-"]),
                    Input::Bytes(
                        format!(
                            "dag[{}](0)",
                            (1..200_000)
                                .map(|i| i.to_string())
                                .collect::<Vec<_>>()
                                .join(";")
                        )
                        .into_bytes(),
                    ),
                )
            }
            39 => {
                (c.inv.args, c.inv.stdin) = (
                    s(&["explain", "-"]),
                    Input::Bytes(big_nim(300_000).into_bytes()),
                )
            }
            _ => {
                c.inv.args = s(&["list"]);
            }
        }
        c.json = c.inv.args.iter().any(|a| a == "--json");
    }
}
