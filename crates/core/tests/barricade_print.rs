#[test]
#[ignore]
fn print_diagrams() {
    print!("{}", billes_core::barricade::names_diagram());
}
