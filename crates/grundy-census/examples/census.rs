//! Runs a census from the command line and reports its time (the `grundy census` command
//! of the CLI is the supported front; this example is for measuring).
//!
//! Usage: `cargo run --release -p grundy-census --example census -- DIGITS N OUT [STATE]`
//! writes OUT.csv and OUT.json (and resumes from STATE when given); DIGITS may end in `+4`
//! (`3+4`) to include the codes with d0 = 4.

use std::path::PathBuf;
use std::time::Instant;

use grundy_census::{census, octal_codes, CensusOptions, FirstDigit};
use grundy_types::{Limits, Progress};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        return Err("usage: census DIGITS[+4] N OUT [STATE]".into());
    }
    let (digits, first) = match args[0].strip_suffix("+4") {
        Some(d) => (d.parse::<usize>()?, FirstDigit::ZeroAndFour),
        None => (args[0].parse::<usize>()?, FirstDigit::Zero),
    };
    let n: u64 = args[1].parse()?;
    let out = PathBuf::from(&args[2]);
    let codes = octal_codes(digits, first);
    let start = Instant::now();
    let report = move |p: &Progress| {
        if p.done % 64 == 0 || Some(p.done) == p.total {
            eprintln!(
                "{}/{} done ({:.1} s)",
                p.done,
                p.total.unwrap_or(0),
                start.elapsed().as_secs_f64()
            );
        }
    };
    let opts = CensusOptions {
        state: args.get(3).map(PathBuf::from),
        ..CensusOptions::default()
    };
    let limits = Limits {
        progress: Some(std::sync::Arc::new(report)),
        ..Limits::default()
    };
    let table = census(&codes, n, &opts, &limits)?;
    let secs = start.elapsed().as_secs_f64();
    table.write_csv(&out.with_extension("csv"))?;
    table.write_json(&out.with_extension("json"))?;
    let proven = table.rows.iter().filter(|r| r.proven).count();
    let checked = table
        .rows
        .iter()
        .filter(|r| r.verified == Some(true))
        .count();
    println!(
        "{} codes to N = {n}: {proven} periods proven, {checked} certificates checked \
         independently, {secs:.1} s on {} threads",
        table.rows.len(),
        rayon::current_num_threads()
    );
    for r in table.rows.iter().filter(|r| !r.note.is_empty()) {
        println!("{}: {}", r.code, r.note);
    }
    Ok(())
}
