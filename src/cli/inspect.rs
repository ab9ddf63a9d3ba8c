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
    outln!("diagram:")?;
    for row in diagram.render(' ') {
        outln!("  {row}")?;
    }
    let g = EyeGraph::from_diagram(&diagram)?;
    outln!("vertices:")?;
    for i in 0..g.len() {
        let v = g.vertex(i);
        let (r, c) = g.coordinate(i).unwrap_or((0, 0));
        let marker = v.marker().map_or('?', |m| m.to_char());
        outln!(
            "  {i:>2} {marker} at {r},{c} edge {} neighbours {:?}",
            v.edge,
            g.neighbors(i)
        )?;
    }
    outln!("neighbour class: {}", g.neighbour_class())?;
    outln!("connected: {}", g.is_connected())?;
    match g.canonical_form() {
        Some(f) => {
            outln!("canonical key: {}", f.key)?;
            outln!("canonical order: {:?}", f.order)?;
            outln!("automorphisms: {}", f.automorphisms.len())?;
        }
        None => outln!("canonical key: {}", g.canonical_key())?,
    }
    match db.lookup(&g) {
        Some(m) => outln!(
            "match: pattern {} value {} in {}",
            m.pattern,
            m.value,
            db.name()
        )?,
        None => outln!("match: none in {}", db.name())?,
    }
    Ok(ExitCode::SUCCESS)
}
