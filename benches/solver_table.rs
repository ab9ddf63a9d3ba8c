//! The solver's rows of the speed table (issue 10) as a markdown table: open spaces, board
//! analysis without the size rule, the solver against GNU Go per graph. Run:
//! `cargo bench --bench solver_table`.

#[path = "speed_table/solver_rows.rs"]
mod solver_rows;

fn main() {
    println!("| path | before | after | target |");
    println!("|---|---|---|---|");
    for [path, before, after, target] in solver_rows::rows() {
        println!("| {path} | {before} | {after} | {target} |");
    }
}
