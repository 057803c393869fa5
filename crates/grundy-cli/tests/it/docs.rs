//! The documents show what the binary prints: every `$ ` command in a `text` block of the
//! README and of each page in docs/ runs in bash, in a scratch folder of its document where
//! `examples/` is the repository's and `grundy` is the binary under test, one command after
//! another (so a file that one writes, the next reads), and its output (standard output, then
//! standard error) must be the lines shown under it.
//!
//! - A line `...` alone stands for any lines, none included: the page cut the output.
//! - A duration (`0.64 s`) matches any duration.
//! - A code block right after a line `<!-- file NAME -->` is written to NAME first, so a page
//!   that shows a script and then runs it runs that very script.
//! - Commands that take minutes are listed in [`SLOW`] with the reason, and not run.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cli::root;

/// Shown commands not run here, by their start, and why.
const SLOW: &[(&str, &str)] = &[
    (
        "grundy table 'tb[0.376]'",
        "3.5 minutes of table (BENCHMARKS.md)",
    ),
    ("grundy verify 0376.cert", "needs the table above"),
    ("grundy table 'tb[0.354]'", "a table of 20 million values"),
    ("grundy verify 0354.cert", "needs the table above"),
    (
        "grundy table 'tb[0.1777]'",
        "169 s and 443 MB of table (README)",
    ),
    (
        "grundy verify --max-values 500000000",
        "needs the table above; 234 s",
    ),
];

/// One shown command: where it is, the command line, and the output printed under it.
#[derive(Debug, PartialEq)]
struct Shown {
    line: usize,
    command: String,
    output: Vec<String>,
}

/// What a document asks for, in its order.
#[derive(Debug, PartialEq)]
enum Step {
    /// Write a file into the scratch folder.
    File { name: String, text: String },
    /// Run a command and compare.
    Run(Shown),
}

/// The files and commands of a document, in order.
fn steps(text: &str) -> Vec<Step> {
    let mut all = Vec::new();
    let mut file: Option<String> = None;
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        let t = line.trim();
        if let Some(name) = t
            .strip_prefix("<!-- file ")
            .and_then(|r| r.strip_suffix("-->"))
        {
            file = Some(name.trim().to_string());
            continue;
        }
        if !t.starts_with("```") {
            if !t.is_empty() {
                file = None;
            }
            continue;
        }
        let is_text = t == "```text";
        let block: Vec<(usize, &str)> = lines
            .by_ref()
            .take_while(|(_, l)| l.trim() != "```")
            .collect();
        if let Some(name) = file.take() {
            let mut text: String = block.iter().map(|(_, l)| format!("{l}\n")).collect();
            if text.is_empty() {
                text.push('\n');
            }
            all.push(Step::File { name, text });
            continue;
        }
        if !is_text {
            continue;
        }
        let mut current: Option<Shown> = None;
        for (i, l) in block {
            if let Some(cmd) = l.strip_prefix("$ ") {
                all.extend(current.take().map(Step::Run));
                current = Some(Shown {
                    line: i + 1,
                    command: cmd.to_string(),
                    output: Vec::new(),
                });
            } else if let Some(s) = current.as_mut() {
                s.output.push(l.trim_end().to_string());
            }
        }
        all.extend(current.map(Step::Run));
    }
    all
}

/// Two words agree: equal, or both numbers of seconds (the word after each is `s`).
fn same_line(shown: &str, got: &str) -> bool {
    let (a, b) = (shown.trim_end(), got.trim_end());
    if a == b {
        return true;
    }
    let (wa, wb): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
    wa.len() == wb.len()
        && wa.iter().zip(&wb).enumerate().all(|(i, (x, y))| {
            x == y
                || (x.parse::<f64>().is_ok()
                    && y.parse::<f64>().is_ok()
                    && wa
                        .get(i + 1)
                        .is_some_and(|n| n.trim_end_matches(',') == "s")
                    && wb
                        .get(i + 1)
                        .is_some_and(|n| n.trim_end_matches(',') == "s"))
        })
}

/// The shown lines match the printed ones, `...` standing for any run of lines.
fn matches(shown: &[String], got: &[&str]) -> bool {
    match shown.split_first() {
        None => got.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=got.len()).any(|k| matches(rest, &got[k..]))
        }
        Some((first, rest)) => {
            got.first().is_some_and(|g| same_line(first, g)) && matches(rest, &got[1..])
        }
    }
}

/// Drops the blank lines at the end.
fn trimmed<T: AsRef<str>>(mut lines: Vec<T>) -> Vec<T> {
    while lines.last().is_some_and(|l| l.as_ref().trim().is_empty()) {
        lines.pop();
    }
    lines
}

/// A scratch folder for one document, with the repository's examples in it.
fn scratch(doc: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "grundy-docs-{}-{}",
        std::process::id(),
        doc.replace('/', "-")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(root().join("examples"), dir.join("examples")).unwrap();
    dir
}

/// Runs one command line in bash in `dir`, with the binary under test first on the PATH.
fn run(dir: &Path, command: &str) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .expect("bash runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The documents whose commands are checked: the README and every page of docs/.
fn documents() -> Vec<String> {
    let mut docs = vec!["README.md".to_string()];
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    pages.sort();
    docs.extend(pages);
    docs
}

#[test]
fn every_command_shown_in_the_docs_prints_what_the_docs_say() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(root().join(&doc)).unwrap();
        let dir = scratch(&doc);
        for step in steps(&text) {
            match step {
                Step::File { name, text } => std::fs::write(dir.join(name), text).unwrap(),
                Step::Run(s) => {
                    if SLOW.iter().any(|(start, _)| s.command.starts_with(start)) {
                        continue;
                    }
                    let got = run(&dir, &s.command);
                    let got_lines = trimmed(got.lines().collect());
                    checked += 1;
                    if !matches(&trimmed(s.output.clone()), &got_lines) {
                        wrong.push(format!(
                            "{doc}:{}: $ {}\n--- the document shows:\n{}\n--- the binary prints:\n{}",
                            s.line,
                            s.command,
                            s.output.join("\n"),
                            got
                        ));
                    }
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(checked >= 25, "only {checked} commands were found to check");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn shown_commands_files_and_cuts_are_read_as_written() {
    let doc = "<!-- file g.txt -->\n```\na b\n```\n\
               ```text\n$ grundy list --json\n[]\n$ grundy graph g.txt\na\t0\tP\n```\n\
               ```rhai\nfn moves(n) {}\n```\n\
               ```text\n$ grundy table x\n...\n```\n";
    let s = steps(doc);
    assert_eq!(s.len(), 4, "{s:?}");
    assert_eq!(
        s[0],
        Step::File {
            name: "g.txt".into(),
            text: "a b\n".into()
        }
    );
    let Step::Run(ref list) = s[1] else {
        panic!("{s:?}")
    };
    assert_eq!(list.command, "grundy list --json");
    assert_eq!(list.output, ["[]"]);
    let Step::Run(ref table) = s[3] else {
        panic!("{s:?}")
    };
    assert_eq!(table.output, ["..."]);
    // A cut stands for any lines, none included; the other lines must agree.
    let shown = |t: &str| t.lines().map(String::from).collect::<Vec<_>>();
    assert!(matches(&shown("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(matches(&shown("a\n...\nd"), &["a", "d"]));
    assert!(!matches(&shown("a\n...\nd"), &["a", "b"]));
    assert!(!matches(&shown("a\nd"), &["a", "b", "d"]));
    // Durations may differ; other numbers may not.
    assert!(same_line(
        "work: 6741 evaluations, 0.00 s",
        "work: 6741 evaluations, 0.03 s"
    ));
    assert!(!same_line(
        "work: 6841 evaluations, 0.00 s",
        "work: 6741 evaluations, 0.00 s"
    ));
}
