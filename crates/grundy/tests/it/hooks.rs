//! The search's hooks `canonical` and `split` (issue 43): a family that gives them is valued
//! through them (its parts apart, each by its canonical form, and the arena stores only
//! canonical positions), while the moves shown stay the real positions.

use std::sync::{Arc, Mutex};

use grundy::analysis::{analyze, Options};
use grundy::rules::{arena_value, Arg, ArgError, Family, Opt, Ruleset, RulesetRef};
use grundy::solve::Arena;
use grundy::{Error, Limits, Nimber, Outcome, Registry};

/// Nim on a row of heaps in any order, `row(4,2,1)`: one position for the whole row. Its
/// canonical form is the row sorted without empty heaps, and a row splits into its heaps.
/// Records every position whose moves are listed.
struct Row {
    hooks: bool,
    listed: Arc<Mutex<Vec<Vec<u64>>>>,
}

impl Ruleset for Row {
    type P = Vec<u64>;

    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        "row".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Vec<u64>>, ArgError> {
        let heaps = args
            .iter()
            .enumerate()
            .map(|(i, a)| a.as_u64().map_err(|e| ArgError::at(i, e)))
            .collect::<Result<Vec<u64>, ArgError>>()?;
        Ok(vec![heaps])
    }

    fn args(&self, p: &Vec<u64>) -> Vec<Arg> {
        p.iter().map(|&n| Arg::int(n)).collect()
    }

    fn options(&self, p: &Vec<u64>, _: &Limits) -> Result<Vec<Opt<Vec<u64>>>, Error> {
        self.listed.lock().unwrap().push(p.clone());
        let mut out = Vec::new();
        for (i, &n) in p.iter().enumerate() {
            for k in 0..n {
                let mut q = p.clone();
                q[i] = k;
                out.push(vec![q]);
            }
        }
        Ok(out)
    }

    fn reduces(&self) -> bool {
        self.hooks
    }

    fn canonical(&self, p: &Vec<u64>, _: &Limits) -> Result<Option<Vec<u64>>, Error> {
        let mut q: Vec<u64> = p.iter().copied().filter(|&n| n > 0).collect();
        q.sort_unstable();
        Ok(Some(q))
    }

    fn split(&self, p: &Vec<u64>, _: &Limits) -> Result<Option<Vec<Vec<u64>>>, Error> {
        Ok((p.len() > 1).then(|| p.iter().map(|&n| vec![n]).collect()))
    }
}

fn row(hooks: bool) -> (Row, Arc<Mutex<Vec<Vec<u64>>>>) {
    let listed = Arc::new(Mutex::new(Vec::new()));
    let r = Row {
        hooks,
        listed: listed.clone(),
    };
    (r, listed)
}

#[test]
fn the_search_stores_only_canonical_parts() {
    let (r, listed) = row(true);
    let mut arena = Arena::new();
    let v = arena_value(&mut arena, &r, &vec![5, 0, 3, 6], &Limits::default()).unwrap();
    assert_eq!(v, Nimber::new(5 ^ 3 ^ 6));
    // Every position listed is one heap or none (the heaps 0 to 6), each listed once.
    let listed = listed.lock().unwrap().clone();
    assert!(listed.iter().all(|p| p.len() <= 1), "{listed:?}");
    assert_eq!(listed.len(), 7, "{listed:?}");
}

#[test]
fn values_through_the_hooks_equal_plain_search() {
    for p in [vec![4, 2, 1], vec![3, 5, 6], vec![0, 0], vec![7, 1, 7, 2]] {
        let (plain, _) = row(false);
        let (hooked, _) = row(true);
        let limits = Limits::default();
        let want = arena_value(&mut Arena::new(), &plain, &p, &limits).unwrap();
        let got = arena_value(&mut Arena::new(), &hooked, &p, &limits).unwrap();
        assert_eq!(got, want, "{p:?}");
    }
}

#[test]
fn winning_moves_are_shown_as_the_real_positions() {
    let mut reg = Registry::builtin();
    reg.register(Family::new(
        "row",
        &[],
        "row(n, ...)",
        "nim on a row of heaps, with hooks",
        "row(4, 2, 1)",
        None,
        |_, _| Ok(RulesetRef::of(row(true).0)),
    ))
    .unwrap();
    let pos = reg.parse("row(4,2,1)").unwrap();
    let a = analyze(&pos, &Options::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let to: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    // Not the canonical image `row(1,2,3)`, nor its parts.
    assert_eq!(to, vec!["row(3,2,1)"]);
}
