//! Records built by programs (JSON, YAML, the API) can hold actions the
//! parser never produces. Replay must reject them with an error, never panic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_notation::{parse_game, Action, Span};

const RECORDS: [&str; 3] = [
    "[Game \"aggravation\"]\n[Seats \"R B\"]\n1. R6 +\n2. R3 r9-r12\n*\n",
    "[Game \"barricade\"]\n[Seats \"R B\"]\n1. B6 h-j1\n2. B3 j1-i3#\n*\n",
    "[Game \"offboard\"]\n[Seats \"R B\"]\n1. R a3:b3>nw\n*\n",
];

fn odd_actions() -> Vec<Action> {
    let span = Span::default();
    vec![
        Action::Move {
            path: vec!["r9".into()].into(),
            capture: None,
            barricade: false,
            span,
        },
        Action::Move {
            path: vec![].into(),
            capture: None,
            barricade: true,
            span,
        },
        Action::Line {
            from: "".into(),
            to: Some("".into()),
            direction: "".into(),
            capture: None,
            span,
        },
        Action::Place {
            to: Some("zz99".into()),
            capture: None,
            span,
        },
        Action::Barricade {
            at: "".into(),
            span,
        },
    ]
}

#[test]
fn malformed_actions_are_errors_not_panics() {
    for record in RECORDS {
        let game = parse_game(record).unwrap();
        assert!(
            billes_core::replay(&game, &mut |_| std::ops::ControlFlow::Continue(())).is_ok(),
            "{record}"
        );
        let last = game.line.turns.len() - 1;
        let mut actions = odd_actions();
        // A one-point path on a point that exists, for each point of the real move.
        if let Action::Move { path, .. } = &game.line.turns[last].actions[0] {
            for point in path {
                actions.push(Action::Move {
                    path: vec![*point].into(),
                    capture: None,
                    barricade: false,
                    span: Span::default(),
                });
            }
        }
        for action in actions {
            let mut broken = game.clone();
            broken.line.turns[last].actions = vec![action.clone()].into();
            assert!(
                billes_core::replay(&broken, &mut |_| std::ops::ControlFlow::Continue(())).is_err(),
                "{record} with {action:?}"
            );
            broken.line.turns[last].actions = Default::default();
            assert!(
                billes_core::replay(&broken, &mut |_| std::ops::ControlFlow::Continue(())).is_err()
            );
        }
    }
}
