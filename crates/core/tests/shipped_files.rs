//! The board files the games' crates embed are copies of the ones users
//! read in the workspace's `rules/` folder (a crate only embeds files
//! inside itself, so that it packages on its own): each copy is the same.

use std::path::Path;

#[test]
fn the_embedded_boards_are_the_files_of_the_rules_folder() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = crate_dir.join("../../rules");
    if !rules.is_dir() {
        // The crate outside its workspace (as packaged): nothing to compare.
        return;
    }
    for (game, embedded) in [
        ("aggravation", billes_core::aggravation::BOARD_YAML),
        ("barricade", billes_core::barricade::BOARD_YAML),
        ("offboard", billes_core::offboard::RULES_YAML),
    ] {
        let shown =
            std::fs::read_to_string(rules.join(format!("{game}.yaml"))).expect("rules file");
        assert!(
            shown == embedded,
            "rules/{game}.yaml and crates/{game}/boards/{game}.yaml differ: copy one onto the other"
        );
    }
}
