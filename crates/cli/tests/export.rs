//! `billes export`: the tables agree with `validate` and `replay`, parts
//! are whole and in order, and nothing of the user's is overwritten.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use super::common::{billes_in, root, stderr, stdout, write, VALID};

/// Simulated games of the three games (teams, three players, no dice) in
/// one folder.
fn archive(d: &Path) {
    for (name, args) in [
        (
            "a.bgn",
            &[
                "--game",
                "aggravation",
                "--teams",
                "R+G,B+Y",
                "--games",
                "6",
            ][..],
        ),
        (
            "b.bgn",
            &["--game", "barricade", "--players", "3", "--games", "4"][..],
        ),
        ("c.bgn", &["--game", "offboard", "--games", "3"][..]),
    ] {
        let mut v = vec!["simulate", "--seed", "5", "-o", name];
        v.extend_from_slice(args);
        let out = billes_in(d, &v);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

fn jsonl(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(json)
        .collect()
}

/// The turn lines `billes replay` prints for a game (`12. R6 r9-r15*`).
fn replay_lines(d: &Path, file: &str, game: u64) -> Vec<String> {
    let out = billes_in(d, &["replay", file, "--game", &game.to_string()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .map(str::to_string)
        .collect()
}

/// The Position tag `billes moves` gives after turn `at`.
fn position_after(d: &Path, file: &str, game: u64, at: u64) -> String {
    let args = [
        "moves",
        file,
        "--game",
        &game.to_string(),
        "--at",
        &at.to_string(),
        "--format",
        "json",
    ];
    let out = billes_in(d, &args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&stdout(&out))["position"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A turn row as a line of `billes replay` (`3. B6 b9-c`).
fn turn_line(number: u64, seat: &str, roll: Option<u64>, mover: Option<&str>, mv: &str) -> String {
    let roll = roll.map(|r| r.to_string()).unwrap_or_default();
    let mover = mover.map(|m| format!(">{m}")).unwrap_or_default();
    format!("{number}. {seat}{roll}{mover} {mv}")
}

#[test]
fn jsonl_tables_agree_with_validate_replay_and_moves() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    archive(d);
    let out = billes_in(
        d,
        &[
            "export",
            ".",
            "--to",
            "jsonl",
            "--out",
            "t",
            "--part-games",
            "5",
            "--columns",
            "+position",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = json(&stdout(&billes_in(
        d,
        &["validate", "--format", "json", "."],
    )));
    let mut games = Vec::new();
    let mut turns = Vec::new();
    // 13 games, 5 a part: parts 0, 1, 2, in input order.
    for part in 0..3 {
        games.extend(jsonl(&d.join(format!("t/games/part-{part:05}.jsonl"))));
        turns.extend(jsonl(&d.join(format!("t/turns/part-{part:05}.jsonl"))));
    }
    assert!(!d.join("t/games/part-00003.jsonl").exists());
    assert!(!d.join("t/mistakes").exists());
    assert_eq!(games.len() as u64, report["games"].as_u64().unwrap());
    assert_eq!(turns.len() as u64, report["turns"].as_u64().unwrap());
    let sum: u64 = games.iter().map(|g| g["turns"].as_u64().unwrap()).sum();
    assert_eq!(sum, turns.len() as u64);
    assert!(
        stderr(&out).contains("exported 13 of 13 games"),
        "{}",
        stderr(&out)
    );
    // Every game's turns, and a sample of positions, against replay and moves.
    for g in &games {
        let (file, index) = (g["file"].as_str().unwrap(), g["index"].as_u64().unwrap());
        let rows: Vec<_> = turns
            .iter()
            .filter(|t| t["file"] == g["file"] && t["index"] == g["index"])
            .collect();
        let lines = replay_lines(d, file, index);
        assert_eq!(rows.len(), lines.len(), "{file} game {index}");
        for (i, (t, line)) in rows.iter().zip(&lines).enumerate() {
            assert_eq!(t["turn"].as_u64(), Some(i as u64 + 1));
            assert_eq!(t["key"], g["key"]);
            let mine = turn_line(
                t["number"].as_u64().unwrap(),
                t["seat"].as_str().unwrap(),
                t["roll"].as_u64(),
                t["mover"].as_str(),
                t["move"].as_str().unwrap(),
            );
            assert_eq!(&mine, line, "{file} game {index}");
        }
        for t in rows.iter().step_by(37).chain(rows.last()) {
            let at = t["turn"].as_u64().unwrap();
            assert_eq!(
                t["position"].as_str().unwrap(),
                position_after(d, file, index, at)
            );
        }
        assert_eq!(
            g["winners"].as_array().map(Vec::len),
            g["result"].as_str().map(|r| r.split('+').count())
        );
    }
    // Each turn row has the common keys, then its game's own, and no key
    // of another game.
    for g in &games {
        let kind = billes_core::registry::named(g["game"].as_str().unwrap()).unwrap();
        let mut expected: Vec<&str> = billes_archive::export::schema::TURNS
            .iter()
            .map(|c| c.name)
            .collect();
        expected.extend(
            billes_core::registry::turn_columns(kind)
                .iter()
                .map(|c| c.name),
        );
        for t in turns
            .iter()
            .filter(|t| t["file"] == g["file"] && t["index"] == g["index"])
        {
            let mut keys: Vec<&str> = t.as_object().unwrap().keys().map(String::as_str).collect();
            keys.sort_unstable();
            let mut sorted = expected.clone();
            sorted.sort_unstable();
            assert_eq!(keys, sorted, "{kind}");
        }
    }
    // Teams: every Aggravation turn has its seat's team.
    assert!(turns
        .iter()
        .filter(|t| t["file"].as_str().unwrap().ends_with("a.bgn"))
        .all(|t| matches!(t["team"].as_str(), Some("R+G" | "B+Y"))));
}

#[cfg(feature = "parquet")]
mod parquet_files {
    use super::*;
    use arrow_array::cast::AsArray;
    use arrow_array::types::{UInt32Type, UInt8Type};
    use arrow_array::{Array, RecordBatch};
    use billes_core::registry::turn_columns;

    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    fn read(path: &Path) -> Vec<RecordBatch> {
        let file = std::fs::File::open(path).unwrap();
        let reader = ParquetRecordBatchReaderBuilder::try_new(file)
            .unwrap()
            .build()
            .unwrap();
        reader.map(Result::unwrap).collect()
    }

    /// The Parquet files read back with the parquet crate: as many games
    /// and turns as `validate --format json` counts, the same turns as
    /// `replay` prints, the same positions as `moves` gives; zstd inside.
    #[test]
    fn parquet_tables_read_back_agree_with_validate_and_replay() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        archive(d);
        let out = billes_in(
            d,
            &[
                "export",
                ".",
                "--to",
                "parquet",
                "--out",
                "t",
                "-j",
                "2",
                "--columns",
                "all",
            ],
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let report = json(&stdout(&billes_in(
            d,
            &["validate", "--format", "json", "."],
        )));
        let games = read(&d.join("t/games/part-00000.parquet"));
        let turns = read(&d.join("t/turns/part-00000.parquet"));
        let rows = |b: &[RecordBatch]| b.iter().map(RecordBatch::num_rows).sum::<usize>() as u64;
        assert_eq!(rows(&games), report["games"].as_u64().unwrap());
        assert_eq!(rows(&turns), report["turns"].as_u64().unwrap());
        let meta = ParquetRecordBatchReaderBuilder::try_new(
            std::fs::File::open(d.join("t/turns/part-00000.parquet")).unwrap(),
        )
        .unwrap()
        .metadata()
        .clone();
        let compression = meta.row_group(0).column(0).compression();
        assert!(
            format!("{compression:?}").starts_with("ZSTD"),
            "{compression:?}"
        );
        // The columns that count up are written as differences, not
        // through a dictionary; the rolls through one.
        let schema = meta.file_metadata().schema_descr();
        let chunk = |name: &str| {
            let i = (0..schema.num_columns())
                .find(|&i| schema.column(i).path().string() == name)
                .unwrap();
            meta.row_group(0).column(i)
        };
        let encodings = |name: &str| format!("{:?}", chunk(name).encodings().collect::<Vec<_>>());
        for name in ["index", "turn", "number"] {
            let e = encodings(name);
            assert!(e.contains("DELTA_BINARY_PACKED"), "{name}: {e}");
            assert!(!e.contains("DICTIONARY"), "{name}: {e}");
        }
        assert!(encodings("roll").contains("RLE_DICTIONARY"));
        // Statistics where a filter can use them, not for the texts whose
        // least and greatest value skip nothing.
        let statistics = |name: &str| chunk(name).statistics().is_some();
        for name in ["file", "index", "turn", "roll"] {
            assert!(statistics(name), "{name}");
        }
        for name in ["key", "seat", "move", "captured.list.item"] {
            assert!(!statistics(name), "{name}");
        }
        // A sample of turns: every 50th row, against replay and moves.
        let mut seen = 0;
        for batch in &turns {
            let col = |name: &str| batch.column_by_name(name).unwrap();
            let file = col("file").as_string::<i32>();
            let index = col("index").as_primitive::<UInt32Type>();
            let turn = col("turn").as_primitive::<UInt32Type>();
            let number = col("number").as_primitive::<UInt32Type>();
            let seat = col("seat").as_string::<i32>();
            let roll = col("roll").as_primitive::<UInt8Type>();
            let mover = col("mover").as_string::<i32>();
            let mv = col("move").as_string::<i32>();
            let position = col("position").as_string::<i32>();
            for i in (0..batch.num_rows()).step_by(50) {
                let (f, g, t) = (file.value(i), u64::from(index.value(i)), turn.value(i));
                let line = turn_line(
                    u64::from(number.value(i)),
                    seat.value(i),
                    (!roll.is_null(i)).then(|| u64::from(roll.value(i))),
                    (!mover.is_null(i)).then(|| mover.value(i)),
                    mv.value(i),
                );
                assert_eq!(
                    line,
                    replay_lines(d, f, g)[t as usize - 1],
                    "{f} game {g} turn {t}"
                );
                assert_eq!(position.value(i), position_after(d, f, g, u64::from(t)));
                seen += 1;
            }
        }
        assert!(seen > 20, "{seen}");
        // The own columns of the three games: each null in the rows of the
        // games that lack it, and filled in its game's rows where it may
        // not be null.
        let mut game_of = std::collections::HashMap::new();
        for batch in &games {
            let col = |name: &str| batch.column_by_name(name).unwrap();
            let (file, index) = (
                col("file").as_string::<i32>(),
                col("index").as_primitive::<UInt32Type>(),
            );
            let game = col("game").as_string::<i32>();
            for i in 0..batch.num_rows() {
                let kind = billes_core::registry::named(game.value(i)).unwrap();
                game_of.insert((file.value(i).to_string(), index.value(i)), kind);
            }
        }
        let mut filled = 0;
        for batch in &turns {
            let col = |name: &str| batch.column_by_name(name).unwrap();
            let (file, index) = (
                col("file").as_string::<i32>(),
                col("index").as_primitive::<UInt32Type>(),
            );
            for kind in billes_core::registry::all() {
                for column in turn_columns(kind) {
                    let cells = col(column.name);
                    for i in 0..batch.num_rows() {
                        let row = game_of[&(file.value(i).to_string(), index.value(i))];
                        if !turn_columns(row).iter().any(|c| c.name == column.name) {
                            assert!(cells.is_null(i), "{}: {row} row {i}", column.name);
                        } else if !column.nullable {
                            assert!(!cells.is_null(i), "{}: {row} row {i}", column.name);
                            filled += 1;
                        }
                    }
                }
            }
        }
        assert!(filled > 100, "{filled}");
    }

    /// A Parquet `turns` file has the columns `--columns` keeps, in the
    /// table's order, and by default no `position`.
    #[test]
    fn columns_chooses_the_parquet_columns() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "ok.bgn", VALID);
        let args = ["export", "ok.bgn", "--to", "parquet", "--out"];
        let chosen = [&args[..], &["s", "--columns", "position,move,turn"]].concat();
        assert_eq!(billes_in(d, &chosen).status.code(), Some(0));
        assert_eq!(
            schema_of(&d.join("s/turns/part-00000.parquet")),
            "  turn: UInt32 not null\n  move: Utf8 not null\n  position: Utf8 not null\n"
        );
        let default = [&args[..], &["t"]].concat();
        assert_eq!(billes_in(d, &default).status.code(), Some(0));
        let schema = schema_of(&d.join("t/turns/part-00000.parquet"));
        assert!(
            schema.contains("  move: ") && !schema.contains("position"),
            "{schema}"
        );
    }

    /// The fields of a Parquet file's schema, one a line.
    fn schema_of(path: &Path) -> String {
        let file = std::fs::File::open(path).unwrap();
        let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
        let mut schema = String::new();
        for f in builder.schema().fields() {
            schema.push_str(&format!(
                "  {}: {} {}\n",
                f.name(),
                f.data_type(),
                if f.is_nullable() { "null" } else { "not null" }
            ));
        }
        schema
    }

    /// The schema of the three tables, held by a snapshot: a change of a
    /// column is deliberate (and docs/export.md says it).
    #[test]
    fn the_schema_is_held() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "ok.bgn", VALID);
        write(
            d,
            "bad.bgn",
            "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n",
        );
        let out = billes_in(
            d,
            &["export", ".", "--to", "parquet", "--out", "t", "--invalid"],
        );
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let mut schema = String::new();
        for table in ["games", "mistakes"] {
            schema.push_str(&format!("{table}:\n"));
            schema.push_str(&schema_of(&d.join(format!("t/{table}/part-00000.parquet"))));
        }
        assert_snapshot!("parquet_schema", schema);
        // `turns`: the common columns, then the own columns of the games
        // the export holds: of each game alone, its own; of the three, each
        // game's.
        for kind in billes_core::registry::all() {
            let sub = d.join(kind.name());
            std::fs::create_dir(&sub).unwrap();
            let args = [
                "simulate",
                "--game",
                kind.name(),
                "--games",
                "2",
                "-o",
                "g.bgn",
            ];
            assert_eq!(billes_in(&sub, &args).status.code(), Some(0));
            let out = billes_in(&sub, &["export", "g.bgn", "--to", "parquet", "--out", "t"]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let turns = schema_of(&sub.join("t/turns/part-00000.parquet"));
            assert_snapshot!(
                format!("parquet_schema_turns_{kind}"),
                format!("turns:\n{turns}")
            );
        }
        let mixed = d.join("mixed");
        std::fs::create_dir(&mixed).unwrap();
        archive(&mixed);
        let out = billes_in(&mixed, &["export", ".", "--to", "parquet", "--out", "t"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let turns = schema_of(&mixed.join("t/turns/part-00000.parquet"));
        assert_snapshot!("parquet_schema_turns_mixed", format!("turns:\n{turns}"));
        // docs/export.md lists the same columns with their types.
        let docs = std::fs::read_to_string(root().join("docs/export.md")).unwrap();
        let expected = billes_archive::export::schema::markdown();
        assert!(
            docs.contains(&expected),
            "docs/export.md must hold:\n{expected}"
        );
    }
}

/// `--columns` chooses the turns' columns: by default all but `position`;
/// `+NAME` adds to that, a list of names is exactly those, in the table's
/// order; a name that is no column is a usage error naming the columns.
#[test]
fn columns_chooses_the_turns_columns() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "ok.bgn", VALID);
    let keys = |out: &str, columns: &[&str]| -> Vec<String> {
        let mut args = vec!["export", "ok.bgn", "--to", "jsonl", "--out", out];
        args.extend(columns);
        let run = billes_in(d, &args);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
        let text = std::fs::read_to_string(d.join(out).join("turns/part-00000.jsonl")).unwrap();
        let first = text.lines().next().unwrap();
        let mut keys: Vec<(usize, String)> = json(first)
            .as_object()
            .unwrap()
            .keys()
            .map(|k| (first.find(&format!("\"{k}\":")).unwrap(), k.clone()))
            .collect();
        keys.sort();
        keys.into_iter().map(|(_, k)| k).collect()
    };
    let default = keys("a", &[]);
    assert!(default.contains(&"move".to_string()) && !default.contains(&"position".to_string()));
    let with = keys("b", &["--columns", "+position"]);
    assert_eq!(with.last().map(String::as_str), Some("position"));
    assert_eq!(with.len(), default.len() + 1);
    // Exactly the columns named, in the table's order whatever the list's.
    assert_eq!(
        keys("c", &["--columns", "move,turn,key"]),
        ["key", "turn", "move"]
    );
    assert_eq!(
        keys("e", &["--columns", "all,-comment"]).len(),
        with.len() - 1
    );
    // A list that starts with `-` is the list, not a flag, written after
    // the option or with `=`.
    let without = keys("f", &["--columns", "-comment,-nags"]);
    assert_eq!(without.len(), default.len() - 2);
    assert!(!without.iter().any(|k| k == "comment" || k == "nags"));
    assert_eq!(keys("g", &["--columns=-comment,-nags"]), without);
    for (bad, says) in [
        ("moves", "\"moves\": no column of turns has this name"),
        ("key,-key", "leaves no column"),
        ("+", "an empty item"),
        ("-q", "\"q\": no column of turns has this name"),
        ("\u{1b}[31mred", "no column of turns has this name"),
    ] {
        let out = billes_in(
            d,
            &[
                "export",
                "ok.bgn",
                "--to",
                "jsonl",
                "--out",
                "x",
                "--columns",
                bad,
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(stderr(&out).contains(says), "{bad}: {}", stderr(&out));
        // A control character in the list is never written to the terminal.
        assert!(!stderr(&out).contains('\u{1b}'), "{bad}: {}", stderr(&out));
        assert!(!d.join("x").exists(), "{bad}: nothing written");
    }
}

#[test]
fn a_folder_that_is_not_empty_is_never_overwritten_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "ok.bgn", VALID);
    write(d, "t/notes.txt", "mine");
    let out = billes_in(d, &["export", "ok.bgn", "--to", "jsonl", "--out", "t"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("t: the folder is not empty (--force"),
        "{}",
        stderr(&out)
    );
    assert!(!d.join("t/games").exists());
    // --force replaces the parts of an earlier export, and nothing else.
    write(d, "t/games/part-00007.parquet", "old");
    write(d, "t/mistakes/part-00000.jsonl", "old");
    write(d, "t/games/mine.parquet", "mine");
    let out = billes_in(
        d,
        &["export", "ok.bgn", "--to", "jsonl", "--out", "t", "--force"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!d.join("t/games/part-00007.parquet").exists());
    assert!(!d.join("t/mistakes/part-00000.jsonl").exists());
    assert_eq!(
        std::fs::read_to_string(d.join("t/notes.txt")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("t/games/mine.parquet")).unwrap(),
        "mine"
    );
    assert_eq!(jsonl(&d.join("t/turns/part-00000.jsonl")).len(), 3);
    // No temporary file is left beside the parts.
    let names: Vec<_> = std::fs::read_dir(d.join("t/turns"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["part-00000.jsonl"]);
    // An --out that is a file is refused.
    let out = billes_in(d, &["export", "ok.bgn", "--to", "jsonl", "--out", "ok.bgn"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(std::fs::read_to_string(d.join("ok.bgn")).unwrap() == VALID);
}

#[test]
fn invalid_games_are_left_out_or_exported_with_their_mistakes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "a.bgn",
        format!("{VALID}\n[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r13 *\n"),
    );
    let out = billes_in(d, &["export", "a.bgn", "--to", "jsonl", "--out", "t"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("error[illegal-move]") || err.contains("error["),
        "{err}"
    );
    assert!(err.contains("exported 1 of 2 games, 3 turns, in 1 part to t; 1 invalid left out (--invalid adds them)"), "{err}");
    assert_eq!(jsonl(&d.join("t/games/part-00000.jsonl")).len(), 1);
    let out = billes_in(
        d,
        &[
            "export",
            "a.bgn",
            "--to",
            "jsonl",
            "--out",
            "u",
            "--invalid",
            "-q",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let games = jsonl(&d.join("u/games/part-00000.jsonl"));
    let mistakes = jsonl(&d.join("u/mistakes/part-00000.jsonl"));
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["valid"], false);
    assert_eq!(games[1]["first_mistake_turn"], 2);
    assert_eq!(games[1]["turns"], 2);
    assert_eq!(mistakes[0]["index"], 2);
    assert_eq!(mistakes[0]["turn"], 2);
    assert_eq!(mistakes[0]["kind"], games[1]["first_mistake_kind"]);
    // Only the valid game's turns.
    assert_eq!(jsonl(&d.join("u/turns/part-00000.jsonl")).len(), 3);
}

/// The formats this build writes.
fn formats() -> Vec<&'static str> {
    let mut formats = vec!["jsonl"];
    if cfg!(feature = "parquet") {
        formats.push("parquet");
    }
    formats
}

/// The bytes of the first `parts` parts of each table (`games`, `turns`,
/// `mistakes`), exported from `inputs` in `d` to `to` with `--invalid` on
/// `jobs` threads, and `more` flags (the inputs hold an invalid game: exit 1).
fn exported(
    d: &Path,
    inputs: &[&str],
    (to, jobs): (&str, &str),
    more: &[&str],
    parts: usize,
) -> Vec<Vec<u8>> {
    let out_dir = format!("{to}-{jobs}");
    let mut args = vec!["export"];
    args.extend(inputs);
    args.extend([
        "--to",
        to,
        "--out",
        &out_dir,
        "--invalid",
        "--jobs",
        jobs,
        "-q",
    ]);
    args.extend(more);
    let out = billes_in(d, &args);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let mut files = Vec::new();
    for table in ["games", "turns", "mistakes"] {
        for part in 0..parts {
            let path = d
                .join(&out_dir)
                .join(format!("{table}/part-{part:05}.{to}"));
            files.push(std::fs::read(path).unwrap());
        }
    }
    files
}

/// The rows are built on the threads that check the games: every number
/// of threads writes the same bytes, in the same order, parts included.
#[test]
fn the_tables_are_the_same_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    archive(d);
    write(
        d,
        "d.bgn",
        format!("{VALID}\n[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r13 *\n"),
    );
    let inputs = ["a.bgn", "b.bgn", "c.bgn", "d.bgn"];
    for to in formats() {
        let parts = ["--part-games", "5"];
        let one = exported(d, &inputs, (to, "1"), &parts, 3);
        // Games and turns in every part (mistakes only in the last).
        assert!(one[..6].iter().all(|f| !f.is_empty()));
        assert!(
            one == exported(d, &inputs, (to, "3"), &parts, 3),
            "{to}: the tables differ with --jobs 3"
        );
    }
}

/// A game longer than the pipeline's HEAVY_BYTES (256 KiB) is checked by
/// the collecting thread when its turn comes, not by the thread that read
/// it (its tree and rows held one at a time): the tables are the same.
#[test]
fn long_games_give_the_same_tables_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // 25,000 pairs of passes on one line: 300 KB, 50,000 turns.
    let long = |end: &str| {
        format!(
            "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n{}{end}\n\n",
            "R2 -- G2 -- ".repeat(25_000)
        )
    };
    let bad = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n\n";
    let games = [
        VALID,
        "\n",
        &long("*"),
        bad,
        &long("R3 r9-r12 *"),
        VALID,
        "\n",
        &long("*"),
    ];
    write(d, "long.bgn", games.concat());
    for to in formats() {
        let one = exported(d, &["long.bgn"], (to, "1"), &[], 1);
        if to == "jsonl" {
            let lines = |table: &[u8]| String::from_utf8_lossy(table).lines().count();
            assert_eq!(lines(&one[0]), 6);
            // The valid games' turns.
            assert_eq!(lines(&one[1]), 2 * 50_000 + 2 * 3);
        }
        assert!(
            one == exported(d, &["long.bgn"], (to, "4"), &[], 1),
            "{to}: the tables differ with --jobs 4"
        );
    }
}

/// A valid game longer than HEAVY_BYTES (256 KiB) is checked as it is
/// read and its rows are made from its text a piece at a time, never held
/// whole: they are the rows it has when it is short. A tag of 300 KB makes
/// simulated games of every game long without changing their turns.
#[test]
fn a_long_games_rows_are_those_it_has_when_short() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut games = String::new();
    for kind in billes_core::registry::all() {
        let name = format!("{kind}.bgn");
        let args = ["simulate", "--game", kind.name(), "--games", "2", "-o"];
        let out = billes_in(d, &[&args[..], &[name.as_str()]].concat());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        games.push_str(&std::fs::read_to_string(d.join(&name)).unwrap());
        games.push('\n');
    }
    // House rules: a variant's game is checked whole (its script may
    // `print`), then its rows are made from its text as the others'.
    for folder in ["aggravation", "barricade"] {
        let dir = root().join("examples").join(folder).join("house-rules");
        let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let name = entry.file_name().to_string_lossy().to_string();
            if name.ends_with(".lua") {
                write(d, &format!("short/{name}"), &text);
                write(d, &format!("long/{name}"), &text);
            } else if name.ends_with(".bgn") {
                games.push_str(&text);
                games.push('\n');
            }
        }
    }
    // And an invalid game, long too: checked whole.
    games.push_str("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n\n");
    let tag = format!("[Annotator \"{}\"]\n[Seats", "x".repeat(300_000));
    write(d, "short/g.bgn", games.clone());
    write(d, "long/g.bgn", games.replace("[Seats", &tag));
    for to in formats() {
        let short = exported(&d.join("short"), &["g.bgn"], (to, "2"), &[], 1);
        let long = exported(&d.join("long"), &["g.bgn"], (to, "2"), &[], 1);
        if to == "jsonl" {
            let lines = String::from_utf8_lossy(&short[1]).lines().count();
            assert!(lines > 1_000, "{lines} turns");
        }
        assert!(short[1] == long[1], "{to}: the turns differ");
        // The invalid game is checked whole: its mistake is the same, a
        // line further down for the tag's line.
        if to == "jsonl" {
            let mistake = |table: &[u8]| {
                let mut row = json(String::from_utf8_lossy(table).trim());
                let line = row["line"].take();
                (row, line.as_u64().unwrap())
            };
            let ((short_row, short_line), (long_row, long_line)) =
                (mistake(&short[2]), mistake(&long[2]));
            assert_eq!(short_row, long_row);
            assert_eq!(
                long_line,
                short_line + games.matches("[Seats").count() as u64
            );
        }
        assert!(short[0] != long[0], "{to}: the games table has the tag");
    }
}

/// A house rule's script prints for a long game what it prints when the
/// game is checked (`billes validate`), once: the replays that make the
/// rows from the game's text load the script without `print`.
#[test]
fn a_long_game_under_a_script_prints_what_its_check_prints() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = "print(\"loaded\")\n\
        return { name = \"loud\", game = \"aggravation\", hooks = {\n\
        allow = function(move, pos) print(\"allowed \" .. move.to) return true end } }\n";
    let tag = format!("[Annotator \"{}\"]\n", "x".repeat(300_000));
    let game = format!(
        "[Game \"aggravation\"]\n[Rules \"loud.lua\"]\n{tag}[Seats \"R B\"]\n\n\
        1. R6 +\n2. R1 r9-r10\n3. B2 --\n*\n"
    );
    write(d, "loud.lua", script);
    write(d, "g.bgn", game);
    let printed = |args: &[&str]| {
        let out = billes_in(d, args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let mut lines: Vec<String> = stderr(&out)
            .lines()
            .filter(|l| l.starts_with("loud.lua"))
            .map(str::to_string)
            .collect();
        lines.sort();
        lines
    };
    let checked = printed(&["validate", "g.bgn", "-q"]);
    assert!(
        checked.iter().any(|l| l.ends_with("allowed r10")),
        "{checked:?}"
    );
    let exported = printed(&["export", "g.bgn", "--to", "jsonl", "--out", "t", "-q"]);
    assert_eq!(checked, exported);
}

/// A stranger's archive: a link out of it is not read (nor with
/// --follow), control characters reach the tables as data but never the
/// terminal, a huge tag is cut at 64 KiB and said, a binary file is wrong
/// input (exit 1) and a missing path an I/O error (exit 2).
#[cfg(unix)]
#[test]
fn a_strangers_archive_is_exported_within_bounds() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "secret/club/x.bgn",
        VALID.replace("[Seats", "[Event \"secret game\"]\n[Seats"),
    );
    write(d, "archive/ok.bgn", VALID);
    symlink(d.join("secret/club"), d.join("archive/club")).unwrap();
    for follow in [&[][..], &["--follow"]] {
        let mut args = vec![
            "export", "--to", "jsonl", "--force", "--out", "t", "archive",
        ];
        args.extend_from_slice(follow);
        let out = billes_in(d, &args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let games = std::fs::read_to_string(d.join("t/games/part-00000.jsonl")).unwrap();
        assert!(!games.contains("secret game"), "{games}");
        assert_eq!(games.lines().count(), 1);
    }
    // Control characters: data in the tables, pictures on the terminal.
    let event = "a\u{1b}]0;x\u{7}b\u{1b}[2J";
    let huge = "x".repeat(100_000);
    write(
        d,
        "odd\u{1b}[2J.bgn",
        format!(
            "{}\n[Game \"aggravation\"]\n[Event \"{event}\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n",
            VALID.replace("[Seats", &format!("[Site \"{huge}\"]\n[Seats"))
        ),
    );
    let out = billes_in(
        d,
        &[
            "export",
            "--to",
            "jsonl",
            "--invalid",
            "--out",
            "u",
            "odd\u{1b}[2J.bgn",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(!err.contains(['\u{1b}', '\u{7}']), "{err:?}");
    assert!(err.contains("odd\u{241b}[2J.bgn"), "{err}");
    assert!(err.contains("1 with a text cut at 65536 bytes"), "{err}");
    // As validate's diagnostics (the same renderer).
    let report = stdout(&billes_in(d, &["validate", "odd\u{1b}[2J.bgn"]));
    assert!(
        !report.contains('\u{1b}') && report.contains("--> odd\u{241b}[2J.bgn:"),
        "{report:?}"
    );
    let games = jsonl(&d.join("u/games/part-00000.jsonl"));
    assert_eq!(games[0]["tags"]["Site"].as_str().unwrap().len(), 65536);
    assert_eq!(games[0]["cut"], true);
    assert_eq!(games[1]["event"], event);
    assert_eq!(games[1]["cut"], false);
    // A binary file, a path that is not there.
    write(d, "bin.bgn", b"\x7fELF\x02\x01\x01\0\0\0\0");
    let out = billes_in(
        d,
        &[
            "export",
            "--to",
            "jsonl",
            "--invalid",
            "--out",
            "v",
            "bin.bgn",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let mistakes = jsonl(&d.join("v/mistakes/part-00000.jsonl"));
    assert_eq!(mistakes[0]["kind"], "encoding");
    assert_eq!(mistakes[0]["index"], serde_json::Value::Null);
    let out = billes_in(d, &["export", "--to", "jsonl", "--out", "w", "missing.bgn"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // The output folder is never a link: written through, it could land anywhere.
    symlink(d.join("secret"), d.join("out-link")).unwrap();
    let out = billes_in(
        d,
        &[
            "export",
            "--to",
            "jsonl",
            "--out",
            "out-link",
            "archive/ok.bgn",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!d.join("secret/games").exists());
}

/// Every file under `dir`, hidden ones too, as paths relative to it with
/// `/` between folders, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The marker of a finished run, read as JSON.
fn marker(out: &Path) -> serde_json::Value {
    json(&std::fs::read_to_string(out.join("_SUCCESS")).unwrap())
}

/// A run that finishes writes `_SUCCESS` last: its JSON names every part
/// there is, with its rows, and the run's totals and exit code (also when
/// records are invalid: the tables are whole all the same).
#[test]
fn the_marker_lists_every_part_of_a_finished_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    archive(d);
    write(
        d,
        "d.bgn",
        format!("{VALID}\n[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r13 *\n"),
    );
    let args = [
        "export",
        ".",
        "--to",
        "jsonl",
        "--out",
        "t",
        "--invalid",
        "--part-games",
        "5",
    ];
    let out = billes_in(d, &args);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let m = marker(&d.join("t"));
    assert_eq!(m["format"], "jsonl");
    assert_eq!(m["part_games"], 5);
    assert_eq!(
        m["tables"],
        serde_json::json!(["games", "turns", "mistakes"])
    );
    assert_eq!(m["exit_code"], 1);
    assert_eq!(
        (m["games_read"].as_u64(), m["games_invalid"].as_u64()),
        (Some(15), Some(1))
    );
    let parts = m["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 3);
    let mut expected = vec!["_SUCCESS".to_string()];
    for table in ["games", "turns", "mistakes"] {
        let mut sum = 0;
        for part in parts {
            let name = part["name"].as_str().unwrap();
            let rows = jsonl(&d.join("t").join(table).join(name)).len() as u64;
            assert_eq!(part[table].as_u64(), Some(rows), "{table}/{name}");
            expected.push(format!("{table}/{name}"));
            sum += rows;
        }
        assert_eq!(m["rows"][table].as_u64(), Some(sum), "{table}");
    }
    expected.sort();
    // Nothing else: no temporary file left.
    assert_eq!(files_under(&d.join("t")), expected);
    // Without --invalid, no mistakes table and no count of it.
    let out = billes_in(d, &["export", "a.bgn", "--to", "jsonl", "--out", "u"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let m = marker(&d.join("u"));
    assert_eq!(m["tables"], serde_json::json!(["games", "turns"]));
    assert_eq!(m["parts"][0].get("mistakes"), None);
    assert_eq!(m["exit_code"], 0);
    assert_eq!(m["rows"]["games"], 6);
}

/// A run killed by `kill -9` leaves its temporary files (simulated here);
/// a `--force` rerun removes them with the old marker. A rerun that fails
/// has removed the old marker before writing anything, and leaves only
/// whole parts: here the turns' part 1 cannot be named (a folder holds
/// the name), so the games' part 1, renamed first, goes again.
#[test]
fn a_forced_rerun_removes_what_a_killed_run_left_and_its_marker_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    archive(d);
    let leftovers = [
        "t/.part-Ab12Cd.tmp",
        "t/games/.part-x1Y2z3.tmp",
        "t/turns/.part-Qq9Rr8.tmp",
        "t/mistakes/.part-Mm7Nn6.tmp",
    ];
    for name in leftovers {
        write(d, name, vec![b'x'; 4096]);
    }
    write(d, "t/_SUCCESS", "{\"old\": true}");
    write(d, "t/games/.part-mine.keep", "mine");
    let export = |extra: &[&str]| {
        let mut args = vec![
            "export",
            "a.bgn",
            "b.bgn",
            "c.bgn",
            "--to",
            "jsonl",
            "--out",
            "t",
            "--force",
            "--part-games",
            "5",
        ];
        args.extend_from_slice(extra);
        billes_in(d, &args)
    };
    let out = export(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for name in leftovers {
        assert!(!d.join(name).exists(), "{name} is left");
    }
    assert!(d.join("t/games/.part-mine.keep").exists());
    assert_eq!(marker(&d.join("t"))["parts"].as_array().unwrap().len(), 3);
    // The rerun that fails: no marker (not the old one), whole parts only.
    std::fs::remove_file(d.join("t/turns/part-00001.jsonl")).unwrap();
    std::fs::create_dir(d.join("t/turns/part-00001.jsonl")).unwrap();
    let out = export(&[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("cannot write t/turns/part-00001.jsonl: "),
        "{err}"
    );
    assert!(!d.join("t/_SUCCESS").exists());
    assert_eq!(
        files_under(&d.join("t")),
        [
            "games/.part-mine.keep",
            "games/part-00000.jsonl",
            "turns/part-00000.jsonl",
        ]
    );
}

/// Parts and the marker are made as any other output: `0666` less the
/// umask (before, `0600` whatever the umask, so another user's DuckDB
/// could not read them).
#[cfg(unix)]
#[test]
fn parts_are_made_under_the_umask_as_any_output() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "ok.bgn", VALID);
    let mut formats = vec!["jsonl"];
    if cfg!(feature = "parquet") {
        formats.push("parquet");
    }
    for to in formats {
        for (umask, mode) in [("022", 0o644), ("027", 0o640)] {
            let out_dir = format!("{to}-{umask}");
            let out = std::process::Command::new("sh")
                .args(["-c", &format!("umask {umask}; exec \"$0\" \"$@\"")])
                .arg(env!("CARGO_BIN_EXE_billes"))
                .args(["export", "ok.bgn", "--to", to, "--out", &out_dir, "-q"])
                .current_dir(d)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let files = files_under(&d.join(&out_dir));
            for file in &files {
                let meta = std::fs::metadata(d.join(&out_dir).join(file)).unwrap();
                let got = meta.permissions().mode() & 0o777;
                assert_eq!(got, mode, "{out_dir}/{file}: {got:o} under umask {umask}");
            }
            // The two parts and the marker.
            assert_eq!(files.len(), 3, "{files:?}");
        }
    }
}

/// Ctrl-C (SIGINT) stops an export as an error does: no marker, no
/// temporary file, whole parts only, exit 130 as the signal would give.
/// (Before, the signal ended the process and left the `.part-*.tmp` files.)
/// The games come on a pipe kept open, so the run is surely still going,
/// waiting for more, when the signal comes.
#[cfg(unix)]
#[test]
fn an_interrupted_export_leaves_no_temporary_file_and_no_marker() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    archive(d);
    let mut child = Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(["export", "-", "--to", "jsonl", "--out", "t"])
        .args(["--part-games", "1", "-j", "1", "-q"])
        .current_dir(d)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(&std::fs::read(d.join("a.bgn")).unwrap())
        .unwrap();
    // Two parts written: the run is reading the pipe.
    while !d.join("t/turns/part-00001.jsonl").exists() {
        assert!(child.try_wait().unwrap().is_none(), "the export ended");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(d.join("t").read_dir().unwrap().any(|e| {
        let name = e.unwrap().file_name();
        name.to_string_lossy().starts_with(".part-")
    }));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("billes: interrupted: the tables are not finished (no _SUCCESS written)"),
        "{err}"
    );
    let left = files_under(&d.join("t"));
    let games: Vec<_> = left
        .iter()
        .filter_map(|f| f.strip_prefix("games/"))
        .collect();
    let turns: Vec<_> = left
        .iter()
        .filter_map(|f| f.strip_prefix("turns/"))
        .collect();
    assert_eq!(games, turns, "{left:?}");
    assert_eq!(games.len() + turns.len(), left.len(), "{left:?}");
    assert!(games.iter().all(|f| f.starts_with("part-")), "{left:?}");
}

/// A full disk: the export is run in a mount namespace of its own on a
/// small tmpfs (half what the tables need), as `unshare` permits; where it
/// cannot be made (no `unshare`, no user namespaces, a container without
/// the right to mount), the test says so and passes.
#[cfg(target_os = "linux")]
mod full_disk {
    use super::*;

    /// Exports `a.bgn` in `d` to a tmpfs of `size` bytes mounted in a
    /// namespace of its own: the run's exit code and stderr, its folder
    /// copied to `kept-FORMAT`; or why no namespace or tmpfs could be made.
    fn export_on_a_small_disk(d: &Path, size: u64, to: &str) -> Result<(i32, String), String> {
        // Inside: mount the tmpfs, plant an old marker (--force must remove
        // it first), export, keep the code, stderr and a copy of the folder.
        let script = format!(
            "mount -t tmpfs -o size={size} tmpfs small || exit 97
             mkdir small/t && echo '{{\"old\":true}}' > small/t/_SUCCESS || exit 98
             \"$0\" export a.bgn --to {to} --out small/t --force --part-games 40 -j 1 -q 2>err
             echo $? > rc
             cp -a small/t kept-{to} || exit 99"
        );
        let mut why = Vec::new();
        for unshare in [&["-r", "-m"][..], &["-m"]] {
            let _ = std::fs::remove_file(d.join("rc"));
            std::fs::create_dir_all(d.join("small")).unwrap();
            let run = std::process::Command::new("unshare")
                .args(unshare)
                .args(["sh", "-c", &script, env!("CARGO_BIN_EXE_billes")])
                .current_dir(d)
                .output();
            match run {
                Ok(out) if out.status.success() => {
                    let rc = std::fs::read_to_string(d.join("rc")).unwrap();
                    let err = std::fs::read_to_string(d.join("err")).unwrap();
                    return Ok((rc.trim().parse().unwrap(), err));
                }
                Ok(out) => why.push(format!(
                    "unshare {}: {} {}",
                    unshare.join(" "),
                    out.status,
                    stderr(&out).trim()
                )),
                Err(e) => {
                    why.push(format!("unshare: {e}"));
                    break;
                }
            }
        }
        Err(why.join("; "))
    }

    #[test]
    fn a_full_disk_leaves_whole_part_sets_and_no_marker() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let args = [
            "simulate",
            "--game",
            "aggravation",
            "--seed",
            "3",
            "--games",
            "200",
            "-o",
            "a.bgn",
        ];
        assert_eq!(billes_in(d, &args).status.code(), Some(0));
        // Parquet first: its files are written when a part ends, so the disk
        // fills between one table's file and the next.
        let mut formats = vec!["jsonl"];
        if cfg!(feature = "parquet") {
            formats.insert(0, "parquet");
        }
        for to in formats {
            // The whole export, on the real disk: 5 parts.
            let full = format!("full-{to}");
            let args = [
                "export",
                "a.bgn",
                "--to",
                to,
                "--out",
                &full,
                "--part-games",
                "40",
                "-q",
            ];
            let out = billes_in(d, &args);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let all = files_under(&d.join(&full));
            assert_eq!(all.iter().filter(|f| f.contains("/part-")).count(), 10);
            let bytes: u64 = all
                .iter()
                .map(|f| std::fs::metadata(d.join(&full).join(f)).unwrap().len())
                .sum();
            let size = (bytes / 2).next_multiple_of(4096);
            let (code, err) = match export_on_a_small_disk(d, size, to) {
                Ok(ran) => ran,
                Err(why) => {
                    eprintln!("skipped: no small disk could be mounted here ({why})");
                    return;
                }
            };
            assert_eq!(code, 2, "{err}");
            let kept = d.join(format!("kept-{to}"));
            let left = files_under(&kept);
            // Each part in both tables, whole (as the full run wrote it);
            // no marker (neither the old one nor a new one), no temporary
            // file.
            let parts = |table: &str| -> Vec<&str> {
                left.iter()
                    .filter_map(|f| f.strip_prefix(table)?.strip_prefix('/'))
                    .filter(|f| f.starts_with("part-"))
                    .collect()
            };
            let (games, turns) = (parts("games"), parts("turns"));
            assert_eq!(games, turns, "{to}: {left:?}");
            assert_eq!(games.len() + turns.len(), left.len(), "{to}: {left:?}");
            assert!(!games.is_empty() && games.len() < 5, "{to}: {left:?}");
            for (i, name) in games.iter().enumerate() {
                assert_eq!(*name, format!("part-{i:05}.{to}"));
            }
            for file in &left {
                assert!(
                    std::fs::read(kept.join(file)).unwrap()
                        == std::fs::read(d.join(&full).join(file)).unwrap(),
                    "{to}: {file} is not whole"
                );
            }
            // The error names the file that could not be written.
            assert!(
                err.contains("billes: error: cannot write small/t/")
                    && err.contains("(os error 28)"),
                "{err}"
            );
        }
    }
}
