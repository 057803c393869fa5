//! `grundy play`: a line-based game against the engine in the terminal.
//!
//! The game logic (legal moves, reading a move, the engine's choice) is the library's
//! `grundy::api` (its play calls); this file only reads lines and prints. Standard input is read line by line,
//! so a game can be piped in as well as typed.
//! Leaving: `quit`, end of input (exit status 0, "end of input: game abandoned") or Ctrl-C
//! ("interrupted: game abandoned", exit status 130 as for any program stopped by SIGINT); no
//! raw terminal mode is used, so nothing needs restoring.

use std::io::{BufRead, Read, Write};

use grundy::api::{self, Engine, MoveList, PLAY_BUDGET};
use grundy::position::Position;
use grundy::solve::Limits;
use grundy::Play;

use crate::failure::Failure;

/// The longest move read from standard input (a position of a million heaps fits).
const MAX_LINE: u64 = 64 << 20;

/// The most moves listed with numbers; the other moves are typed as positions or `a -> b`.
const LIST_CAP: usize = 30;

/// The most components for which the listing shows the position after each move.
const SHOW_POSITIONS_UP_TO: usize = 40;

/// The longest position text printed; longer ones are cut with their size said.
const MAX_SHOWN: usize = 200;

/// Plays one game: `grundy play EXPR [--misere] [--engine-first] [--hint]`.
pub fn run(
    reg: &grundy::Registry,
    text: &str,
    misere: bool,
    engine_first: bool,
    hint: bool,
) -> Result<(), Failure> {
    if text.trim() == "-" {
        return Err(Failure::input(
            "play reads the moves from standard input, so the position must be given on the \
             command line",
        ));
    }
    let mut pos = reg.parse(text).map_err(|e| Failure::at(e, text))?;
    // Without raw mode, Ctrl-C only needs a goodbye; failing to install it is not fatal.
    let _ = ctrlc::set_handler(|| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "\ninterrupted: game abandoned");
        let _ = out.flush();
        std::process::exit(130);
    });
    let play = Play::from_misere(misere);
    let mut engine = Engine::new(play, Limits::default().with_nodes(PLAY_BUDGET));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let rule = match play {
        Play::Normal => "the player who cannot move loses",
        Play::Misere => "misere play: the player who cannot move wins",
    };
    say(&format!("grundy play: {} ({rule})", shown(&pos)))?;
    say("type a move as its number, as the position after it, or as a -> b (the heap of a becomes b)")?;
    say(&format!(
        "commands: moves, {}help, quit",
        if hint { "hint (or ?), " } else { "" }
    ))?;
    let mut human = !engine_first;
    loop {
        say("")?;
        say(&format!("position: {}", shown(&pos)))?;
        if !api::has_moves(&pos) {
            let mover_wins = play == Play::Misere;
            let msg = match (human, mover_wins) {
                (true, false) => "you cannot move: the engine wins",
                (true, true) => "you cannot move: you win",
                (false, false) => "the engine cannot move: you win",
                (false, true) => "the engine cannot move: the engine wins",
            };
            say(msg)?;
            return Ok(());
        }
        if !human {
            // The engine's search may take seconds: show that it works.
            let thinking = crate::context::Reporter::new();
            let chosen = engine.choose(&pos);
            thinking.finish();
            // The position has moves (checked above), so the engine either finds one or says
            // why not; never wait for a move that will not come.
            let Some(c) = chosen? else {
                say("the engine finds no move here: game abandoned")?;
                return Ok(());
            };
            pos = c.mv.apply(&pos);
            say(&format!("engine: {}", c.mv.text))?;
            human = true;
            continue;
        }
        let list = api::legal_moves(&pos, LIST_CAP);
        print_moves(&pos, &list)?;
        loop {
            prompt("your move> ")?;
            // A line is read up to a limit, so that endless input (/dev/zero) is an error,
            // not an allocation that grows until the process aborts.
            let mut bytes = Vec::new();
            match (&mut input)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut bytes)
            {
                Ok(0) => {
                    say("\nend of input: game abandoned")?;
                    return Ok(());
                }
                Ok(_) => {}
                Err(e) => {
                    return Err(Failure::input(format!(
                        "cannot read a move from standard input: {e}"
                    )))
                }
            }
            if bytes.len() as u64 > MAX_LINE {
                return Err(Failure::Limit(format!(
                    "a move on standard input is longer than the limit of {MAX_LINE} bytes"
                )));
            }
            let line = String::from_utf8_lossy(&bytes);
            let entry = line.trim();
            match entry {
                "quit" | "q" | "exit" => {
                    say("game abandoned")?;
                    return Ok(());
                }
                "help" | "h" => {
                    say("a move is its number in the list, the position after it (nim(1,4,5)), or a -> b: the heap of a becomes b (a -> b c splits it in two, a -> 0 takes it all)")?;
                    say("commands: moves (list the moves again), hint or ? (a winning move, with --hint), quit")?;
                    continue;
                }
                "moves" | "list" => {
                    print_moves(&pos, &list)?;
                    continue;
                }
                "hint" | "?" => {
                    if !hint {
                        say("hints are off: start the game with --hint to use them")?;
                    } else {
                        let thinking = crate::context::Reporter::new();
                        let hint = engine.hint(&pos);
                        thinking.finish();
                        match hint? {
                            Some(c) => say(&format!(
                                "hint: {}    ({}, a winning move)",
                                shown(&c.mv.apply(&pos)),
                                c.mv.text
                            ))?,
                            None => say(
                                "hint: there is no winning move here: every move loses against \
                                 perfect play, so make the game last and hope for a mistake",
                            )?,
                        }
                    }
                    continue;
                }
                _ => {}
            }
            match api::parse_move(reg, &pos, entry, &list) {
                Ok(m) => {
                    say(&format!("you: {}", m.text))?;
                    pos = m.apply(&pos);
                    human = false;
                    break;
                }
                Err(e) => say(&format!(
                    "not a move: {e}; try again ('moves' lists the moves, 'help' explains)"
                ))?,
            }
        }
    }
}

/// Prints one line at once (the other side may be waiting for it), checked.
fn say(s: &str) -> Result<(), Failure> {
    prompt(&format!("{s}\n"))
}

fn prompt(s: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout();
    out.write_all(s.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::Output)
}

/// A position for the terminal, cut when long (a million heaps stay one line).
fn shown(pos: &Position) -> String {
    let s = pos.shown();
    if let Some(head) = grundy::render::head(&s, MAX_SHOWN) {
        return format!(
            "{head}... ({} components, {} characters)",
            pos.components().len(),
            s.chars().count()
        );
    }
    s
}

fn print_moves(pos: &Position, list: &MoveList) -> Result<(), Failure> {
    let with_positions = pos.components().len() <= SHOW_POSITIONS_UP_TO;
    say("moves:")?;
    for (i, m) in list.moves.iter().enumerate() {
        if with_positions {
            say(&format!(
                "  {:>3}. {}    ({})",
                i + 1,
                m.apply(pos).shown(),
                m.text
            ))?;
        } else {
            say(&format!("  {:>3}. {}", i + 1, m.text))?;
        }
    }
    if !list.complete {
        say(&format!(
            "  ... more moves than the {} listed: type the position after your move or a -> b",
            list.moves.len()
        ))?;
    }
    Ok(())
}
