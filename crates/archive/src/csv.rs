//! CSV fields as every table billes writes them (`billes run --format
//! csv`, `billes standings --format csv`).
//!
//! ```
//! use billes_archive::csv::field;
//!
//! assert_eq!(field("Ann", false), "Ann");
//! assert_eq!(field("Smith, Ann", false), "\"Smith, Ann\"");
//! assert_eq!(field("=cmd|' /C calc'!A0", false), "'=cmd|' /C calc'!A0");
//! assert_eq!(field("-3", true), "-3");
//! ```

/// A CSV field, quoted when it must be. A text that a spreadsheet would
/// read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
/// return) gets a leading `'`, as OWASP advises against CSV injection: a
/// player named `=cmd|' /C calc'!A0` stays a name. Numbers are written as
/// they are.
pub fn field(text: &str, number: bool) -> String {
    let formula = !number && text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let text = if formula {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}
