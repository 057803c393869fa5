//! `grundy play` driven through a pseudo-terminal, as a person would play it.
//!
//! Every wait has a timeout of several seconds (a hung game fails the test instead of hanging
//! it); nothing asserts on timing.

use std::process::Command;

use rexpect::reader::{Options, ReadUntil};
use rexpect::session::{spawn_with_options, PtySession};

const PROMPT: &str = "your move> ";

fn start(args: &[&str]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.arg("play").args(args);
    spawn_with_options(
        cmd,
        Options::new()
            .timeout_ms(Some(20_000))
            .strip_ansi_escape_codes(true),
    )
    .expect("the grundy binary starts in a pseudo-terminal")
}

/// Reads until the prompt or the end of the game; returns the text read and whether the game
/// is over (with the final message).
fn next(p: &mut PtySession) -> (String, Option<String>) {
    let (before, found) = p
        .exp_any(vec![
            ReadUntil::String(PROMPT.to_string()),
            ReadUntil::String("you win".to_string()),
            ReadUntil::String("the engine wins".to_string()),
        ])
        .expect("a prompt or the end of the game");
    if found == PROMPT {
        (before, None)
    } else {
        (before, Some(found))
    }
}

#[test]
fn following_the_hints_wins() {
    let mut p = start(&["nim(2,3,6)", "--hint"]);
    for _ in 0..40 {
        let (_, over) = next(&mut p);
        if let Some(end) = over {
            assert_eq!(end, "you win");
            p.exp_eof().expect("the game ends");
            return;
        }
        p.send_line("hint").expect("send");
        let (_, line) = p.exp_regex(r"hint: \S+").expect("a hint");
        let to = line.trim_start_matches("hint: ").to_string();
        assert!(to.starts_with("nim("), "{line}");
        p.exp_string(PROMPT).expect("prompt after the hint");
        p.send_line(&to).expect("send");
        p.exp_string("you: ").expect("the move is accepted");
    }
    panic!("the game did not end in 40 turns");
}

#[test]
fn the_engine_wins_against_careless_play() {
    // The engine starts from an N-position, so it wins whatever the human does.
    let mut p = start(&["nim(3,4,5)", "--engine-first"]);
    p.exp_string("engine: take 2 from the heap of 3")
        .expect("the engine plays the one winning move");
    for _ in 0..40 {
        let (_, over) = next(&mut p);
        if let Some(end) = over {
            assert_eq!(end, "the engine wins");
            p.exp_eof().expect("the game ends");
            return;
        }
        p.send_line("1").expect("send");
    }
    panic!("the game did not end in 40 turns");
}

#[test]
fn bad_entries_are_explained_and_asked_again() {
    let mut p = start(&["nim(3,4,5)"]);
    p.exp_string(PROMPT).expect("prompt");
    p.send_line("13").expect("send");
    p.exp_string("there is no move 13").expect("explained");
    p.exp_string(PROMPT).expect("asked again");
    p.send_line("3 -> 7").expect("send");
    p.exp_string("cannot become").expect("explained");
    p.exp_string(PROMPT).expect("asked again");
    p.send_line("nim(3,4,7)").expect("send");
    p.exp_string("cannot be reached in one move")
        .expect("explained");
    p.exp_string(PROMPT).expect("asked again");
    p.send_line("banana(").expect("send");
    p.exp_string("not a move").expect("explained");
    p.exp_string(PROMPT).expect("asked again");
    p.send_line("hint").expect("send");
    p.exp_string("hints are off").expect("explained");
    p.exp_string(PROMPT).expect("asked again");
    // The short form is accepted, and the engine answers.
    p.send_line("3 -> 1").expect("send");
    p.exp_string("you: take 2 from the heap of 3")
        .expect("accepted");
    p.exp_string("engine: ").expect("the engine answers");
    p.exp_string(PROMPT).expect("prompt");
    p.send_line("quit").expect("send");
    p.exp_string("game abandoned").expect("goodbye");
    p.exp_eof().expect("the game ends");
}

#[test]
fn end_of_input_leaves_cleanly() {
    let mut p = start(&["nim(3,4,5) + sub[1..3](10)"]);
    p.exp_string(PROMPT).expect("prompt");
    p.send_control('d').expect("send end of input");
    p.exp_string("end of input: game abandoned")
        .expect("goodbye");
    p.exp_eof().expect("the game ends");
    // rexpect does not re-export nix's WaitStatus; its Debug form names the exit code.
    let status = format!("{:?}", p.process().wait());
    assert!(
        status.starts_with("Ok(Exited(") && status.ends_with(", 0))"),
        "{status}"
    );
}

#[test]
fn ctrl_c_leaves_with_a_message() {
    let mut p = start(&["nim(3,4,5)"]);
    p.exp_string(PROMPT).expect("prompt");
    p.send_control('c').expect("send Ctrl-C");
    p.exp_string("interrupted: game abandoned")
        .expect("goodbye");
    p.exp_eof().expect("the game ends");
}

#[test]
fn huge_heaps_are_listed_with_a_cap() {
    let mut p = start(&["nim(1000000, 999999)"]);
    let (listing, over) = next(&mut p);
    assert!(over.is_none());
    assert!(
        listing.contains("more moves than the 30 listed"),
        "{listing}"
    );
    assert!(listing.lines().count() < 60, "{listing}");
    p.send_line("1000000 -> 999999").expect("send");
    p.exp_string("you: take 1 from the heap of 1000000")
        .expect("accepted");
    p.exp_string(PROMPT).expect("prompt");
    p.send_line("quit").expect("send");
    p.exp_eof().expect("the game ends");
}

#[test]
fn a_script_position_can_be_typed_as_a_move() {
    // The session read typed positions with the built-in families only: `bash(7)` was refused
    // as "unknown ruleset 'bash'", and kiki's board could be played by move numbers only.
    let dir = std::env::temp_dir().join(format!("grundy-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let bash = dir.join("bash.luau");
    std::fs::write(
        &bash,
        "function moves(n)\n    local out = {}\n    for k = 1, 3 do if k <= n then out[#out + 1] = n - k end end\n    return out\nend\n",
    )
    .expect("the script is written");
    let kiki = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/kiki.luau"
    );
    let bash = bash.display().to_string();
    for (args, typed, said) in [
        (
            ["--rules", bash.as_str(), "bash(10)"],
            "bash(7)",
            "you: bash(10) -> bash(7)",
        ),
        (
            ["--rules", kiki, "kiki(3,3)"],
            "kiki(2, 2)",
            "you: kiki(3, 3) -> kiki(2, 2)",
        ),
    ] {
        let mut p = start(&args);
        p.exp_string(PROMPT).expect("prompt");
        p.send_line(typed).expect("send");
        let (_, answer) = p
            .exp_regex("(you|not a move): [^\r\n]*")
            .expect("the move is answered");
        assert_eq!(answer.trim_end(), said, "{typed}");
        p.exp_string("engine: ").expect("the engine answers");
        if next(&mut p).1.is_none() {
            p.send_line("quit").expect("send");
        }
        p.exp_eof().expect("the game ends");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
