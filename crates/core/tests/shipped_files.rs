//! The board files the crate embeds are copies of the ones users read in
//! the workspace's `rules/` folder (the crate only embeds files inside
//! itself, so that it packages on its own): each copy is the same.

use std::path::Path;

#[test]
fn the_embedded_boards_are_the_files_of_the_rules_folder() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = crate_dir.join("../../rules");
    if !rules.is_dir() {
        // The crate outside its workspace (as packaged): nothing to compare.
        return;
    }
    for (name, embedded) in [
        ("aggravation.yaml", billes_core::aggravation::BOARD_YAML),
        ("barricade.yaml", billes_core::barricade::BOARD_YAML),
        ("offboard.yaml", billes_core::offboard::RULES_YAML),
    ] {
        let shown = std::fs::read_to_string(rules.join(name)).expect("rules file");
        assert!(
            shown == embedded,
            "rules/{name} and crates/core/boards/{name} differ: copy one onto the other"
        );
    }
}
