//! Every refusal of bad input that needs no file of its own, from one table
//! (`refusals.json`: the arguments, a piece of the error line, the test group it belongs to and,
//! where it helps, why it is there): exit code 2, nothing on stdout, one line on stderr that
//! starts with `error: ` and says what is wrong, and no panic.

mod common;

use common::rejects;

#[test]
fn every_refusal_in_the_table() {
    let table: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("refusals.json")).expect("refusals.json is JSON");
    let rows: Vec<(Vec<String>, String)> = table
        .iter()
        .map(|row| {
            let args = row["args"]
                .as_array()
                .expect("args")
                .iter()
                .map(|a| a.as_str().expect("an argument").to_owned())
                .collect();
            (args, row["error"].as_str().expect("error").to_owned())
        })
        .collect();
    assert!(rows.len() >= 150, "{} rows", rows.len());
    // Four at a time: each row is a process of its own.
    std::thread::scope(|scope| {
        for chunk in rows.chunks(rows.len().div_ceil(4)) {
            scope.spawn(move || {
                for (args, error) in chunk {
                    let args: Vec<&str> = args.iter().map(String::as_str).collect();
                    rejects(&args, error);
                }
            });
        }
    });
}
