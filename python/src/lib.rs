//! nakade for Python: the extension module `nakade._nakade`, re-exported by the package
//! `nakade` (python/nakade/__init__.py, typed in __init__.pyi).
//!
//! A thin layer over the Rust crate, which knows nothing of Python: each function converts
//! its arguments, runs the core without the GIL (`Python::detach`), and converts the answer;
//! every error of the core becomes an exception of its own class (module `errors`).
//!
//! Points: an eye graph's cells are `(row, col)` tuples, as `nakade match --json` gives them;
//! a board's points are GTP vertices (`"D4"`) out, vertices or `(column, row)` tuples in.
//!
//! `final_status(position)` and `score(position, rules=..., komi=...)` (module `scoring`) give the
//! end of the game as `nakade score` does.

use pyo3::prelude::*;

mod analysis;
mod errors;
mod graph;
mod position;
mod scoring;

/// The extension module.
#[pymodule]
fn _nakade(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<graph::Database>()?;
    m.add_class::<graph::Match>()?;
    m.add_class::<graph::Solution>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<analysis::Analysis>()?;
    m.add_class::<analysis::Space>()?;
    m.add_class::<analysis::HalfEye>()?;
    m.add_class::<analysis::PassAlive>()?;
    m.add_function(wrap_pyfunction!(graph::match_graph, m)?)?;
    m.add_function(wrap_pyfunction!(graph::solve_graph, m)?)?;
    m.add_function(wrap_pyfunction!(graph::sum_values, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::unconditional_status, m)?)?;
    m.add_class::<scoring::Group>()?;
    m.add_class::<scoring::FinalStatus>()?;
    m.add_class::<scoring::Score>()?;
    m.add_function(wrap_pyfunction!(scoring::final_status, m)?)?;
    m.add_function(wrap_pyfunction!(scoring::score, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
