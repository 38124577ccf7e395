//! Legal turn counts ("perft") from fixed positions, kept as data in
//! tests/data/offboard/perft.txt, counted by `Offboard::perft` (a fast
//! counter on the typed moves, for the bench) and by the game API's
//! reference `billes_core::game::perft`, which must agree with it.

use billes_core::game::{perft, RulesPosition};
use billes_core::offboard::Offboard;

use super::support::abalone;

const DATA: &str = include_str!("../data/offboard/perft.txt");

#[test]
fn legal_turn_counts_match_the_data_file() {
    let mut checked = 0;
    for line in DATA.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [rules_name, position, counts] = fields[..] else {
            panic!("bad line: {line}");
        };
        let rules = match rules_name {
            "standard" => Offboard::default(),
            "abalone" => abalone(),
            other => panic!("unknown rules {other}"),
        };
        let state = match position {
            "start" => rules.start(),
            p => rules.position(p).unwrap(),
        };
        for count in counts.split_whitespace() {
            let (depth, expected) = count.split_once('=').unwrap();
            let depth: u32 = depth.parse().unwrap();
            let got = rules.perft(&state, depth);
            // None of these positions is won, where the two differ (the
            // fast counter counts a won game as no sequence).
            let reference = RulesPosition::from_state(&rules, state, 0);
            assert_eq!(
                perft(&reference, depth).unwrap(),
                got,
                "{line}: the game API and the fast counter at depth {depth}"
            );
            if std::env::var_os("PERFT_PRINT").is_some() {
                println!("{rules_name} | {position} | {depth}={got}");
                continue;
            }
            assert_eq!(
                got,
                expected.parse::<u64>().unwrap(),
                "{line} at depth {depth}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 10 || std::env::var_os("PERFT_PRINT").is_some());
}
