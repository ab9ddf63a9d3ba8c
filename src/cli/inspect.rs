//! `nakade inspect GRAPH`: every stage of the pipeline for one graph.

use std::process::ExitCode;

use nakade::evaluation::db::Database;
use nakade::pattern::encoded::parse_graph;
use nakade::pattern::graph::EyeGraph;

pub fn run(db: &Database, text: &str) -> anyhow::Result<ExitCode> {
    let diagram = match parse_graph(text) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {text}: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    println!("diagram:");
    for row in diagram.render(' ') {
        println!("  {row}");
    }
    let g = EyeGraph::from_diagram(&diagram)?;
    println!("vertices:");
    for i in 0..g.len() {
        let v = g.vertex(i);
        let (r, c) = g.coordinate(i).unwrap_or((0, 0));
        let marker = v.marker().map_or('?', |m| m.to_char());
        println!(
            "  {i:>2} {marker} at {r},{c} edge {} neighbours {:?}",
            v.edge,
            g.neighbors(i)
        );
    }
    println!("neighbour class: {}", g.neighbour_class());
    println!("connected: {}", g.is_connected());
    match g.canonical_form() {
        Some(f) => {
            println!("canonical key: {}", f.key);
            println!("canonical order: {:?}", f.order);
            println!("automorphisms: {}", f.automorphisms.len());
        }
        None => println!("canonical key: {}", g.canonical_key()),
    }
    match db.lookup(&g) {
        Some(m) => println!(
            "match: pattern {} value {} in {}",
            m.pattern,
            m.value,
            db.name()
        ),
        None => println!("match: none in {}", db.name()),
    }
    Ok(ExitCode::SUCCESS)
}
