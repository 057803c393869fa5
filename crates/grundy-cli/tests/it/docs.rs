//! The documents show what the binary prints: every `$ grundy ...` command in a `text` block
//! of the README, docs/judge.md and docs/cli.md is run, and its output must be the lines that
//! follow it.
//! Blocks that elide output (a line `...`) or chain commands through files are not run.

use crate::cli::{grundy, root};

/// One shown command: its words (single quotes group) and the output printed under it.
struct Shown {
    doc: &'static str,
    words: Vec<String>,
    output: String,
}

/// Splits a shown command line into words: spaces separate, single quotes group.
fn words(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            // Shell syntax beyond quoting (pipes, redirections, chains) is not run here.
            ';' | '|' | '>' | '<' | '&' | '$' | '"' if !quoted => return None,
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    (!quoted).then_some(out)
}

/// The runnable commands of the `text` blocks of a document.
fn shown(doc: &'static str, text: &str) -> Vec<Shown> {
    let mut all = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        if block.iter().any(|l| l.trim() == "...") {
            continue;
        }
        let mut current: Option<(Option<Vec<String>>, Vec<&str>)> = None;
        for l in block.iter().copied().chain(std::iter::once("$ ")) {
            if let Some(cmd) = l.strip_prefix("$ ") {
                if let Some((Some(w), out)) = current.take() {
                    if w.first().map(String::as_str) == Some("grundy") {
                        let mut output = out.join("\n");
                        output.push('\n');
                        all.push(Shown {
                            doc,
                            words: w[1..].to_vec(),
                            output,
                        });
                    }
                }
                current = Some((words(cmd), Vec::new()));
            } else if let Some((_, out)) = current.as_mut() {
                out.push(l);
            }
        }
    }
    all
}

#[test]
fn every_command_shown_in_the_docs_prints_what_the_docs_say() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for doc in ["README.md", "docs/judge.md", "docs/cli.md"] {
        let text = std::fs::read_to_string(root().join(doc)).unwrap();
        // The documents stay here for the life of the test: leak them so `Shown` can borrow.
        let name: &'static str = Box::leak(doc.to_string().into_boxed_str());
        for s in shown(name, &text) {
            let args: Vec<&str> = s.words.iter().map(String::as_str).collect();
            let out = grundy(&args);
            let got = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            checked += 1;
            if got.trim_end() != s.output.trim_end() {
                wrong.push(format!(
                    "{}: grundy {}\n--- the document shows:\n{}--- the binary prints:\n{}",
                    s.doc,
                    args.join(" "),
                    s.output,
                    got
                ));
            }
        }
    }
    assert!(checked >= 10, "only {checked} commands were found to check");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn shown_commands_are_read_as_a_shell_reads_them() {
    assert_eq!(
        words("grundy analyze 'nim(3,4,5) + tb[0.07](20)'"),
        Some(vec![
            "grundy".to_string(),
            "analyze".to_string(),
            "nim(3,4,5) + tb[0.07](20)".to_string()
        ])
    );
    assert_eq!(words("grundy verify x; echo $?"), None);
    let doc = "```text\n$ grundy list --json\n[]\n$ grundy graph g.txt\na\t0\tP\n```\n\
               ```text\n$ grundy table x\n...\n```\n";
    let s = shown("test", doc);
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].words, ["list", "--json"]);
    assert_eq!(s[0].output, "[]\n");
    assert_eq!(s[1].output, "a\t0\tP\n");
}
