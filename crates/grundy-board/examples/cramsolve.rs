//! `cargo run --release -p grundy-board --example cramsolve -- R C`: the value of the empty
//! R x C Cram board, with the time and the search's counts.
use grundy_board::cram::parts_of;
use grundy_board::{Cram, Frame, Search};
use grundy_types::Limits;

fn main() {
    let a: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let (h, w) = (
        a.first().copied().unwrap_or(4),
        a.get(1).copied().unwrap_or(5),
    );
    let f = Frame::<u64>::new(h, w);
    let t = std::time::Instant::now();
    let mut s = Search::with_capacity(Cram::default(), 1 << 26);
    let v = s.value_of_sum(&parts_of(&f, f.full), &Limits::default());
    println!("{h}x{w}: {v:?} in {:.3?} {:?}", t.elapsed(), s.stats());
}
