//! The analysis records which rule gave its answer ([`Rule`]), and `explain` narrates that
//! record instead of working the answer out a second time.

use std::io::Write;

use grundy::analysis::{analyze, Options, Rule, Source};
use grundy::{Limits, Nimber, Play};

fn record(text: &str, play: Play) -> (Rule, String) {
    let reg = crate::common::registry_with_files();
    let opts = Options {
        play,
        limits: Limits::for_play(play),
        ..Options::default()
    };
    let a = analyze(&reg.parse(text).unwrap(), &opts).unwrap();
    let explained: String = grundy::api::explain(&reg, text, play, &Limits::for_play(play))
        .unwrap()
        .iter()
        .map(|e| format!("{e:?}"))
        .collect();
    (a.rule, explained)
}

fn nimbers(xs: &[u64]) -> Vec<Nimber> {
    xs.iter().map(|&x| Nimber::new(x)).collect()
}

#[test]
fn each_way_of_answering_is_recorded_and_narrated() {
    // Normal play: the XOR of the parts' values, the same the columns show.
    let (rule, text) = record("nim(3,4,5) + kayles(7)", Play::Normal);
    assert_eq!(
        rule,
        Rule::Xor {
            parts: nimbers(&[3, 4, 5, 2]),
            sources: vec![
                Source::Nimber,
                Source::Nimber,
                Source::Nimber,
                Source::Table
            ],
        }
    );
    assert!(text.contains("XOR"), "{text}");
    // A part whose value is out of reach, every other part 0: its outcome alone.
    let huge = "wythoff(1000000000000000000000000000000,1000000000000000000000000000007)";
    let (rule, text) = record(&format!("nim(0) + {huge}"), Play::Normal);
    assert_eq!(rule, Rule::OutcomeAlone { part: 1 });
    assert!(text.contains("out of reach at this size"), "{text}");
    // Misere Nim: Bouton's rule.
    let (rule, text) = record("nim(1,2,3)", Play::Misere);
    assert_eq!(
        rule,
        Rule::MisereNim {
            heaps: nimbers(&[1, 2, 3])
        }
    );
    assert!(text.contains("Bouton"), "{text}");
    // Heaps of one octal game: its misere quotient, which the explanation now names (it said
    // the whole sum was searched).
    let (rule, text) = record("tb[0.77](5,6,7)", Play::Misere);
    assert_eq!(rule, Rule::MisereQuotient);
    assert!(
        text.contains("misere quotient of tb[0.77]") && !text.contains("searched"),
        "{text}"
    );
    // Two rulesets: the whole sum searched.
    let (rule, text) = record("tb[0.77](3,4) + sub[1,2](3)", Play::Misere);
    assert_eq!(rule, Rule::MisereSearch);
    assert!(text.contains("the whole sum was searched"), "{text}");
    // Fibonacci Nim alone in misere play: its closed form.
    let (rule, text) = record("fibnim(20)", Play::Misere);
    assert!(matches!(&rule, Rule::MisereAlone { .. }), "{rule:?}");
    assert!(text.contains("nothing was searched"), "{text}");
}

#[test]
fn games_with_cycles_are_recorded_as_loopy() {
    let path = std::env::temp_dir().join(format!("grundy-record-{}.txt", std::process::id()));
    let mut f = std::fs::File::create(&path).unwrap();
    // a <-> b, b -> c: a two-cycle with an exit.
    writeln!(f, "a b\nb a\nb c").unwrap();
    drop(f);
    let text = format!("graph[{}](a)", path.display());
    let (rule, explained) = record(&text, Play::Normal);
    assert_eq!(rule, Rule::Loopy);
    assert!(explained.contains("Smith"), "{explained}");
    let _ = std::fs::remove_file(&path);
}

/// Each component's value is recorded with how it was found, and `explain` says the same: a
/// heap of Lasker's Nim beyond the tables comes from its closed form (explain said a proven
/// period), one of Dawson's Kayles from its period, one of a subtraction set with an amount
/// beyond any table from its periodic pieces.
#[test]
fn each_component_records_how_its_value_was_found() {
    let huge = "1000000000000000000000000000000";
    let cases = [
        ("*3", Source::Nimber, None),
        ("kayles(7)", Source::Table, None),
        (
            &format!("tb[4.[3]]({huge})") as &str,
            Source::ClosedForm,
            Some("comes from the closed form proven for tb[4.[3]]"),
        ),
        (
            &format!("tb[0.07]({huge})"),
            Source::Period,
            Some("comes from the period proven for tb[0.07]"),
        ),
        (
            "sub[1,2,999999999](1000000000000)",
            Source::Pieces,
            Some("comes from the periodic pieces proven for sub[1,2,999999999]"),
        ),
        ("wythoff(3,5)", Source::Theory, None),
        ("mult[2..9,162](1)", Source::Search, None),
    ];
    for (text, source, said) in cases {
        let (rule, explained) = record(text, Play::Normal);
        let Rule::Xor { sources, .. } = &rule else {
            panic!("{text}: {rule:?}");
        };
        assert_eq!(sources, &vec![source], "{text}");
        if let Some(said) = said {
            assert!(explained.contains(said), "{text}: {explained}");
        }
    }
    // A sum records each part in the order of its components.
    let (rule, _) = record("nim(2) + *1 + mult[2..9,162](1)", Play::Normal);
    let Rule::Xor { sources, .. } = &rule else {
        panic!("{rule:?}");
    };
    assert_eq!(
        sources,
        &vec![Source::Nimber, Source::Nimber, Source::Search]
    );
}
