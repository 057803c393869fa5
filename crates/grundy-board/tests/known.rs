//! Cram's published values of empty boards (P. Beling's table, impartial-games README, 2025;
//! smaller boards by Lemoine and Viennot, Schneider 2009, Uiterwijk 2019), and Dawson's Kayles
//! (OEIS A002187, shifted by one) for strips; each computed here by the pruned search.

use grundy_board::cram::parts_of;
use grundy_board::kayles::{grid_parts, path_values};
use grundy_board::{Cram, Frame, GridKayles, Search};
use grundy_types::Limits;

fn cram(h: u32, w: u32) -> u8 {
    let f = Frame::<u64>::new(h, w);
    let mut s = Search::with_capacity(Cram::<u64>::default(), 1 << 22);
    s.value_of_sum(&parts_of(&f, f.full), &Limits::default())
        .expect("no limit")
}

#[test]
fn cram_matches_the_published_table() {
    // (rows, columns, value) from the table; the larger ones are in BENCHMARKS.md.
    for (h, w, v) in [
        (4, 4, 0),
        (4, 5, 2),
        (4, 6, 0),
        (4, 7, 3),
        (4, 8, 0),
        (5, 5, 0),
        (5, 6, 2),
        (4, 14, 0),
        (6, 10, 0),
        (8, 8, 0),
    ] {
        assert_eq!(cram(h, w), v, "cram {h}x{w}");
    }
}

#[test]
fn strips_are_dawsons_kayles() {
    // A002187 (Dawson's chess, octal 0.137) from n = 0: Cram on a 1 x n strip is octal 0.07,
    // whose G(n) is A002187(n - 1).
    let a002187 = [
        0u8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
    ];
    for (n, &v) in a002187.iter().enumerate() {
        assert_eq!(cram(1, n as u32 + 1), v, "cram 1x{}", n + 1);
        // Node Kayles on a path of n vertices is octal 0.137 itself.
        assert_eq!(path_values(60)[n], v, "path of {n}");
        if n >= 1 {
            let f = Frame::<u64>::new(1, n as u32);
            let mut s = Search::with_capacity(GridKayles::<u64>::default(), 1 << 16);
            let got = s.value_of_sum(&grid_parts(&f, f.full), &Limits::default());
            assert_eq!(got, Ok(v), "node kayles 1x{n}");
        }
    }
}
