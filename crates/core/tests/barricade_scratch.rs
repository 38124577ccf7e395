use billes_core::barricade::*;
use billes_core::*;
#[test]
fn show() {
    print!("{}", names_diagram());
    let rules = Barricade::default();
    let g = rules.simulate(&SimOptions { players: 4, ..Default::default() }, &mut Rng::new(3)).unwrap();
    println!("{}", billes_notation::write_game(&g));
    let mut last = String::new();
    replay_with(&rules, &g, &mut |s| last = s.state.text_board()).unwrap();
    print!("{last}");
}
