//! The speed table of issue 10 in one run: each path's figure before and after, and its
//! target, printed as one markdown table. `cargo bench --bench speed_table`.

#[path = "speed_table/throughput_rows.rs"]
mod throughput_rows;

fn main() {
    // `cargo bench` passes `--bench`; a filter or `--list` from the harness asks for nothing.
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let rows = throughput_rows::rows();
    println!("| path | before | after | target |");
    println!("|---|---|---|---|");
    for [path, before, after, target] in rows {
        println!("| {path} | {before} | {after} | {target} |");
    }
}
