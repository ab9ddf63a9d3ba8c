//! Table 1 computed: the classes of each size, their shapes, and the life property by the
//! theorem and (on request) by the solver, beside the paper's printed row.
//!
//! Takes a largest size; gives one [`SizeRow`] per size with its [`ClassRow`]s.

use std::collections::BTreeMap;

use super::life::{life_property, LifeVerdict};
use super::neighbour::NeighbourClass;
use super::paper::paper_row;
use super::placement::{placements, Edge};
use super::points::shape_points;
use super::polyomino::{free_polyominoes, Shape};
use crate::evaluation::solve::SolveError;

/// One class of one size.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ClassRow {
    /// The class digits, e.g. `112224`.
    pub class: String,
    /// Hole-free shapes in the class.
    pub shapes: usize,
    /// Shapes with the life property by the theorem (no nakade shape one smaller inside).
    pub static_life: usize,
    /// Shapes whose centre placement has the life property by the solver (`None`: not read).
    pub solver_life: Option<usize>,
    /// Of those, shapes that keep it in every side placement that is a side eye (at least
    /// three cells on the edge), by the solver.
    pub solver_side_life: Option<usize>,
    /// Shapes that lose it on the side only by ko.
    pub side_lost_by_ko: Option<usize>,
    /// The paper's count and life property, when it prints the class.
    pub paper: Option<(usize, bool)>,
}

/// One size.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SizeRow {
    /// Cells.
    pub size: usize,
    /// Free polyominoes, holed ones included.
    pub polyominoes: usize,
    /// Of those, the holed ones (not eye shapes of the paper: counted apart).
    pub holed: usize,
    /// The classes of the hole-free shapes, by class digits.
    pub classes: Vec<ClassRow>,
}

/// The side placements of a shape that are side eyes in the paper's sense.
fn side_eyes(shape: &Shape) -> Vec<super::placement::Placement> {
    placements(shape)
        .into_iter()
        .filter(|p| p.edge == Edge::Side && p.cells.iter().filter(|c| c.0 == 0).count() >= 3)
        .collect()
}

/// Table 1 up to `up_to` cells; with `solver`, the life property read by the solver too, for
/// sizes up to `solver_up_to`.
pub fn class_table(up_to: usize, solver_up_to: Option<usize>) -> Result<Vec<SizeRow>, SolveError> {
    let mut out = Vec::new();
    for (k, shapes) in free_polyominoes(up_to).into_iter().enumerate() {
        let size = k + 1;
        let holed = shapes.iter().filter(|s| s.is_holed()).count();
        let read = solver_up_to.is_some_and(|m| size <= m);
        let mut groups: BTreeMap<String, Vec<Shape>> = BTreeMap::new();
        for s in shapes.iter().filter(|s| !s.is_holed()) {
            groups
                .entry(NeighbourClass::of(s.cells()).digits())
                .or_default()
                .push(s.clone());
        }
        let mut classes = Vec::new();
        for (class, members) in groups {
            let static_life = members
                .iter()
                .filter(|s| shape_points(s.cells()).life_property)
                .count();
            let (mut solver_life, mut side_life, mut by_ko) = (None, None, None);
            if read {
                let (mut l, mut sl, mut ko) = (0, 0, 0);
                for s in &members {
                    let centre = &placements(s)[0];
                    if !life_property(centre)?.holds() {
                        continue;
                    }
                    l += 1;
                    let mut keeps = true;
                    let mut kill = false;
                    for p in side_eyes(s) {
                        match life_property(&p)? {
                            LifeVerdict::Holds => {}
                            LifeVerdict::FailsByKo(_) => keeps = false,
                            LifeVerdict::FailsByKill(_) => {
                                keeps = false;
                                kill = true;
                            }
                        }
                    }
                    if keeps {
                        sl += 1;
                    } else if !kill {
                        ko += 1;
                    }
                }
                solver_life = Some(l);
                side_life = Some(sl);
                by_ko = Some(ko);
            }
            classes.push(ClassRow {
                paper: paper_row(&class),
                class,
                shapes: members.len(),
                static_life,
                solver_life,
                solver_side_life: side_life,
                side_lost_by_ko: by_ko,
            });
        }
        // The paper's order: largest class first within a size.
        classes.sort_by(|a, b| b.shapes.cmp(&a.shapes).then(a.class.cmp(&b.class)));
        out.push(SizeRow {
            size,
            polyominoes: shapes.len(),
            holed,
            classes,
        });
    }
    Ok(out)
}
