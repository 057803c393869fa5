//! The classic heap games by their own names: Kayles, Dawson's Kayles, Dawson's chess,
//! Officers, Grundy's game and Treblecross, each one a take-and-break code.
//!
//! Rules: `kayles(n, ...)`, one heap per argument, is `tb[0.77](n, ...)`, and so on (the
//! table in [`families`]). A name builds the very ruleset of its code, so positions print in
//! the code's form (`kayles(5)` prints as `tb[0.77](5)`), which parses back to an equal
//! position, shares its tables and periods, and mixes with `tb[...]` terms of the same code.
//! What a heap is, game by game (Winning Ways, chapter 4, unless said otherwise):
//! - Kayles `0.77`: a row of n pins; knock down one pin or two adjacent pins.
//! - Dawson's Kayles `0.07`: a row of n pins; knock down two adjacent pins.
//! - Dawson's chess `0.137`: a 3 x n board, white pawns on the first rank, black pawns on
//!   the third, moving and capturing as in chess (no double step), captures compulsory, the
//!   player who cannot move loses. Pushing a pawn starts a forced exchange that kills its file
//!   and its neighbours, so a move removes one file (a board of one file), two files at an
//!   edge or three inside, splitting the board. Its heap n is Dawson's Kayles' n + 1
//!   (A002187's comment: G_0.07(n + 1) = G_0.137(n)). Dawson posed the misere version.
//! - Officers `0.6`: take one counter from a heap, leaving one or two nonempty heaps.
//! - Grundy's game `4!.0`: split a heap into two nonempty heaps of different sizes.
//! - Treblecross `0.11337`: a strip of n >= 3 empty cells; both players put crosses on free
//!   cells and whoever completes three in a row wins. A cross next to or two cells from
//!   another hands the opponent three in a row, so each move kills its cell and up to two
//!   free cells on each side: on a strip of free cells, take 1 to 5 cells, leaving the free
//!   cells beyond. Winning Ways writes it `0.007` on n + 2 (two dead cells padded at each end
//!   become one heap of n + 2 that loses 3 cells a move): `treblecross(n) = tb[0.007](n + 2)`.
//!
//! The tests play every game by its own rules (pins, the chess board, the strip of crosses)
//! and compare with the codes, and compare the tables with the published sequences.

use crate::rules::{BuildContext, Family};

/// One classic game: its names, its code, and what its heap is.
struct Classic {
    name: &'static str,
    aliases: &'static [&'static str],
    code: &'static str,
    /// What an argument counts, for the syntax line.
    heap: &'static str,
    summary: &'static str,
    example: &'static str,
    help: &'static str,
}

const CLASSICS: &[Classic] = &[
    Classic {
        name: "kayles",
        aliases: &[],
        code: "0.77",
        heap: "n pins in a row",
        summary: "Kayles: knock down one pin or two adjacent pins of a row (tb[0.77])",
        example: "kayles(5,7)",
        help: "kayles(n) is tb[0.77](n): a row of n pins; a move knocks down one pin or two \
               adjacent pins, which may split the row in two. Period 12 from heap 71 \
               (OEIS A002186).",
    },
    Classic {
        name: "dawsons_kayles",
        aliases: &["dawson", "dawson_kayles"],
        code: "0.07",
        heap: "n pins in a row",
        summary: "Dawson's Kayles: knock down two adjacent pins of a row (tb[0.07])",
        example: "dawsons_kayles(20)",
        help: "dawsons_kayles(n) is tb[0.07](n): a row of n pins; a move knocks down two \
               adjacent pins. Period 34 from heap 53. dawsons_kayles(n + 1) is Dawson's chess \
               on n files.",
    },
    Classic {
        name: "dawsons_chess",
        aliases: &["dawson_chess"],
        code: "0.137",
        heap: "n files of a 3 x n board",
        summary: "Dawson's chess: pawns on a 3 x n board, captures compulsory (tb[0.137])",
        example: "dawsons_chess(9)",
        help: "dawsons_chess(n) is tb[0.137](n): white pawns on the first rank and black \
               pawns on the third of a 3 x n board move and capture as in chess (no double \
               step), captures are compulsory, and the player who cannot move loses (--misere \
               gives Dawson's own version, where that player wins). Pushing a pawn starts a \
               forced exchange that removes its file and its neighbours. It has the values of \
               Dawson's Kayles with one more pin: dawsons_chess(n) = dawsons_kayles(n + 1).",
    },
    Classic {
        name: "officers",
        aliases: &[],
        code: "0.6",
        heap: "n counters per heap",
        summary: "Officers: take one counter, leaving one or two nonempty heaps (tb[0.6])",
        example: "officers(10)",
        help: "officers(n) is tb[0.6](n): a move takes one counter from a heap and leaves \
               the rest as one or two nonempty heaps, so a heap of one counter is dead. No \
               period is known (OEIS A046695).",
    },
    Classic {
        name: "grundys_game",
        aliases: &["grundy_game"],
        code: "4!.0",
        heap: "n counters per heap",
        summary: "Grundy's game: split one heap into two unequal nonempty heaps (tb[4!.0])",
        example: "grundys_game(10)",
        help: "grundys_game(n) is tb[4!.0](n): a move splits one heap into two nonempty \
               heaps of different sizes, so heaps of 1 and 2 are dead. No period is known \
               (OEIS A002188).",
    },
    Classic {
        name: "treblecross",
        aliases: &["crosses_and_crosses"],
        code: "0.11337",
        heap: "a strip of n >= 3 empty cells",
        summary: "Treblecross: put a cross on a strip; three in a row wins (tb[0.11337])",
        example: "treblecross(10)",
        help: "treblecross(n) is tb[0.11337](n): both players put crosses on free cells of \
               a strip of n cells and whoever completes three in a row wins (POJ 3537). A \
               cross next to or two cells from another hands the opponent the win, so a move \
               kills its cell and up to two free cells on each side, leaving the free cells \
               beyond as one or two strips. Winning Ways writes it 0.007 on two more: \
               treblecross(n) = tb[0.007](n + 2). On fewer than 3 cells no three in a row \
               can be made; such a heap stands for free cells inside a longer strip.",
    },
];

/// The registry entries, in the order `grundy list` shows them.
pub fn families() -> Vec<Family> {
    CLASSICS
        .iter()
        .map(|c| {
            let tb = super::tb::family().build;
            let code = c.code;
            Family::new(
                c.name,
                c.aliases,
                &format!(
                    "{}(n, ...) with {}; positions print as tb[{}]",
                    c.name, c.heap, c.code
                ),
                c.summary,
                c.example,
                None,
                // The registry refuses brackets after a family without parameters.
                move |_: Option<&str>, ctx: &BuildContext<'_>| tb(Some(code), ctx),
            )
            .with_help(c.help)
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests unwrap what they built themselves.
mod tests {
    use std::collections::HashMap;
    use std::hash::Hash;

    use super::*;
    use crate::analysis::{analyze, Options};
    use crate::expr::{parse, parse_ruleset};
    use crate::{Limits, Outcome, Play};

    /// The values of heaps 0..=n of a ruleset, as the engine computes them.
    fn table(ruleset: &str, n: u64) -> Vec<u64> {
        let r = parse_ruleset(ruleset).unwrap();
        let t = r
            .rules()
            .heap_table(n, &Limits::default())
            .unwrap()
            .unwrap();
        t.values.iter().map(u64::from).collect()
    }

    fn outcome(expr: &str, play: Play) -> Outcome {
        let opts = Options {
            play,
            remoteness: false,
            ..Options::default()
        };
        analyze(&parse(expr).unwrap(), &opts).unwrap().outcome
    }

    fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
        let seen: std::collections::HashSet<u64> = values.into_iter().collect();
        (0..).find(|v| !seen.contains(v)).unwrap()
    }

    /// The nim-value of `s` by plain recursion over `options` (tests only: the states are
    /// small, so the depth is small).
    fn value_of<S: Clone + Eq + Hash>(
        s: &S,
        options: &dyn Fn(&S) -> Vec<S>,
        memo: &mut HashMap<S, u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(s) {
            return v;
        }
        let opts: Vec<u64> = options(s)
            .iter()
            .map(|t| value_of(t, options, memo))
            .collect();
        let v = mex(opts);
        memo.insert(s.clone(), v);
        v
    }

    #[test]
    fn every_name_is_its_code_and_prints_back() {
        for c in CLASSICS {
            for name in std::iter::once(&c.name).chain(c.aliases) {
                let pos = parse(&format!("{name}(3,4) + nim(2)")).unwrap();
                let want = parse(&format!("tb[{}](3,4) + nim(2)", c.code)).unwrap();
                assert_eq!(pos, want, "{name}");
                // The printed form is the code's, and it parses back to the same position.
                let printed = pos.to_string();
                assert!(printed.starts_with("tb["), "{name}: {printed}");
                assert_eq!(parse(&printed).unwrap(), pos, "{name}: {printed}");
            }
            // The example parses, and parameters are refused with a way out.
            parse(c.example).unwrap();
            let err = parse(&format!("{}[1](3)", c.name)).unwrap_err().to_string();
            assert!(err.contains("takes no parameters"), "{err}");
        }
    }

    #[test]
    fn names_are_free_of_other_families() {
        let all = super::super::builtin_families();
        for c in CLASSICS {
            for name in std::iter::once(&c.name).chain(c.aliases) {
                let owners = all.iter().filter(|f| f.answers_to(name)).count();
                assert_eq!(owners, 1, "{name} names {owners} families");
            }
        }
    }

    // OEIS A002186 (Kayles), offset 0, as copied in the project's reference of known results.
    const A002186: [u64; 105] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];

    // OEIS A002187 (Dawson's chess), offset 0, as copied in the project's reference.
    const A002187: [u64; 132] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
        3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];

    // OEIS A002188 (Grundy's game), offset 0, as copied in the project's reference.
    const A002188: [u64; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];

    #[test]
    fn tables_are_the_published_sequences() {
        assert_eq!(table("kayles", 104), A002186);
        assert_eq!(table("dawsons_chess", 131), A002187);
        assert_eq!(table("grundys_game", 104), A002188);
        // Dawson's Kayles is Dawson's chess shifted by one (A002187's comment).
        let dk = table("dawsons_kayles", 132);
        assert_eq!(dk[0], 0);
        assert_eq!(&dk[1..], A002187);
        // And beyond the published terms, through both periods.
        let chess = table("dawsons_chess", 3000);
        assert_eq!(&table("dawson", 3001)[1..], chess.as_slice());
    }

    /// A row of pins as a bit mask: the options knocking down `widths` adjacent pins.
    fn pins(widths: &'static [u32]) -> impl Fn(&u32) -> Vec<u32> {
        move |&row: &u32| {
            let mut out = Vec::new();
            for &w in widths {
                let block = (1u32 << w) - 1;
                for at in 0..32 - w {
                    if row & (block << at) == block << at {
                        out.push(row & !(block << at));
                    }
                }
            }
            out
        }
    }

    #[test]
    fn kayles_and_dawsons_kayles_are_rows_of_pins() {
        for (name, widths) in [("kayles", &[1u32, 2][..]), ("dawsons_kayles", &[2u32][..])] {
            let options = pins(widths);
            let mut memo = HashMap::new();
            let got: Vec<u64> = (0..=16u32)
                .map(|n| value_of(&((1u32 << n) - 1), &options, &mut memo))
                .collect();
            assert_eq!(got, table(name, 16), "{name}");
        }
    }

    #[test]
    fn officers_and_grundys_game_follow_their_rules() {
        // Officers: take one counter, leave one or two nonempty heaps. Grundy's game: split
        // into two unequal nonempty heaps. Heaps as sorted lists.
        let officers = |h: &Vec<u64>| -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            for (i, &n) in h.iter().enumerate() {
                let rest: Vec<u64> = [&h[..i], &h[i + 1..]].concat();
                for a in 0..n.saturating_sub(1) {
                    let b = n - 1 - a;
                    let mut next = rest.clone();
                    next.extend([a, b].into_iter().filter(|&x| x > 0));
                    next.sort_unstable();
                    out.push(next);
                }
            }
            out
        };
        let grundy = |h: &Vec<u64>| -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            for (i, &n) in h.iter().enumerate() {
                for a in 1..n.div_ceil(2) {
                    let mut next: Vec<u64> = [&h[..i], &h[i + 1..], &[a, n - a]].concat();
                    next.sort_unstable();
                    out.push(next);
                }
            }
            out
        };
        let mut memo = HashMap::new();
        let got: Vec<u64> = (0..=30)
            .map(|n| value_of(&vec![n], &officers, &mut memo))
            .collect();
        assert_eq!(got, table("officers", 30));
        let mut memo = HashMap::new();
        let got: Vec<u64> = (0..=40)
            .map(|n| value_of(&vec![n], &grundy, &mut memo))
            .collect();
        assert_eq!(got, table("grundy_game", 40));
    }

    /// Dawson's chess played on the board: 3 ranks of `files` cells (0 empty, 1 white pawn,
    /// 2 black pawn), white moving up the ranks and black down, captures compulsory, no
    /// promotion (a pawn on its last rank stays). A file that starts empty separates two
    /// boards, so one board can hold a sum.
    struct Chess {
        files: usize,
    }

    type Board = (Vec<u8>, u8);

    impl Chess {
        fn start(&self, layout: &[bool]) -> Board {
            let mut cells = vec![0u8; 3 * self.files];
            for (f, &full) in layout.iter().enumerate() {
                if full {
                    cells[f] = 1;
                    cells[2 * self.files + f] = 2;
                }
            }
            (cells, 1)
        }

        fn moves(&self, (cells, side): &Board) -> Vec<Board> {
            let at = |r: usize, f: usize| cells[r * self.files + f];
            let forward = |r: usize| if *side == 1 { r + 1 } else { r.wrapping_sub(1) };
            let other = 3 - side;
            let (mut captures, mut pushes) = (Vec::new(), Vec::new());
            for r in 0..3 {
                let r2 = forward(r);
                if r2 > 2 {
                    continue;
                }
                for f in 0..self.files {
                    if at(r, f) != *side {
                        continue;
                    }
                    let go = |f2: usize, list: &mut Vec<Board>| {
                        let mut next = cells.clone();
                        next[r * self.files + f] = 0;
                        next[r2 * self.files + f2] = *side;
                        list.push((next, other));
                    };
                    for f2 in [f.wrapping_sub(1), f + 1] {
                        if f2 < self.files && at(r2, f2) == other {
                            go(f2, &mut captures);
                        }
                    }
                    if at(r2, f) == 0 {
                        go(f, &mut pushes);
                    }
                }
            }
            if captures.is_empty() {
                pushes
            } else {
                captures
            }
        }
    }

    /// Whether the player to move wins (under misere play, a player without a move wins).
    fn wins<S: Clone + Eq + Hash>(
        s: &S,
        moves: &dyn Fn(&S) -> Vec<S>,
        misere: bool,
        memo: &mut HashMap<S, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(s) {
            return w;
        }
        let next = moves(s);
        let w = if next.is_empty() {
            misere
        } else {
            next.iter().any(|t| !wins(t, moves, misere, memo))
        };
        memo.insert(s.clone(), w);
        w
    }

    fn won(win: bool) -> Outcome {
        if win {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    #[test]
    fn dawsons_chess_is_the_board_game() {
        // Single boards, and two boards side by side (an empty file between them), in normal
        // and misere play, against the code's analysis.
        let mut layouts: Vec<(Vec<bool>, String)> = (0..=8)
            .map(|n| (vec![true; n], format!("dawsons_chess({n})")))
            .collect();
        for a in 1..=4 {
            for b in a..=4 {
                let mut l = vec![true; a];
                l.push(false);
                l.extend(vec![true; b]);
                layouts.push((l, format!("dawsons_chess({a},{b})")));
            }
        }
        for (layout, expr) in layouts {
            let chess = Chess {
                files: layout.len(),
            };
            let start = chess.start(&layout);
            let moves = |b: &Board| chess.moves(b);
            for (play, misere) in [(Play::Normal, false), (Play::Misere, true)] {
                let board = won(wins(&start, &moves, misere, &mut HashMap::new()));
                assert_eq!(board, outcome(&expr, play), "{expr} {play:?}");
            }
        }
    }

    /// Treblecross on strips of cells (bit masks of crosses), several strips at once: a move
    /// puts a cross on a free cell, and completing three in a row wins at once.
    fn treblecross_wins(
        strips: &[u32],
        crosses: Vec<u32>,
        memo: &mut HashMap<Vec<u32>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&crosses) {
            return w;
        }
        let three = |m: u32| (0..30).any(|i| (m >> i) & 7 == 7);
        let mut w = false;
        'all: for (s, &len) in strips.iter().enumerate() {
            for c in 0..len {
                if crosses[s] & (1 << c) != 0 {
                    continue;
                }
                let mut next = crosses.clone();
                next[s] |= 1 << c;
                if three(next[s]) || !treblecross_wins(strips, next, memo) {
                    w = true;
                    break 'all;
                }
            }
        }
        memo.insert(crosses, w);
        w
    }

    #[test]
    fn treblecross_is_the_strip_game() {
        let mut cases: Vec<Vec<u32>> = (3..=14).map(|n| vec![n]).collect();
        for a in 3..=7 {
            for b in a..=7 {
                cases.push(vec![a, b]);
            }
        }
        for strips in cases {
            let strip = won(treblecross_wins(
                &strips,
                vec![0; strips.len()],
                &mut HashMap::new(),
            ));
            let args: Vec<String> = strips.iter().map(u32::to_string).collect();
            let expr = format!("treblecross({})", args.join(","));
            assert_eq!(strip, outcome(&expr, Play::Normal), "{expr}");
        }
        // Winning Ways' code for it: 0.007 on two more cells.
        let tc = table("treblecross", 3000);
        assert_eq!(&table("tb[0.007]", 3002)[2..], tc.as_slice());
    }
}
