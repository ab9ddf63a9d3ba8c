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
    /// Shapes that can be corner eyes (§6: a placement holding the corner point and its two
    /// neighbours).
    pub corner_eyes: usize,
    /// Of the shapes with the property in the centre that can be corner eyes, those that keep
    /// it in every corner eye, by the solver.
    pub solver_corner_life: Option<usize>,
    /// Of those that lose it in the corner, the ones that lose it only by ko.
    pub corner_lost_by_ko: Option<usize>,
    /// Shapes breaking §6's chain "no property in the centre ⇒ none on the side ⇒ none in the
    /// corner": a shape with the property in a side or corner eye but not in a placement
    /// nearer the centre (its side eyes, then its centre). By the solver.
    pub chain_breaks: Option<usize>,
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

/// The corner placements of a shape that are corner eyes in the paper's sense (the corner
/// point and its two neighbours in the eye).
pub fn corner_eyes(shape: &Shape) -> Vec<super::placement::Placement> {
    placements(shape)
        .into_iter()
        .filter(|p| {
            p.edge == Edge::Corner && [(0, 0), (0, 1), (1, 0)].iter().all(|c| p.cells.contains(c))
        })
        .collect()
}

/// How a group of placements fares: every one keeps the property, or the worst failure.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fare {
    Holds,
    Ko,
    Kill,
}

fn fare(ps: &[super::placement::Placement]) -> Result<Fare, SolveError> {
    let mut worst = Fare::Holds;
    for p in ps {
        match life_property(p)? {
            LifeVerdict::Holds => {}
            LifeVerdict::FailsByKo(_) => {
                if worst == Fare::Holds {
                    worst = Fare::Ko;
                }
            }
            LifeVerdict::FailsByKill(_) => worst = Fare::Kill,
        }
    }
    Ok(worst)
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
            let corner_count = members
                .iter()
                .filter(|s| !corner_eyes(s).is_empty())
                .count();
            let (mut solver_life, mut side_life, mut by_ko) = (None, None, None);
            let (mut corner_life, mut corner_ko, mut breaks) = (None, None, None);
            if read {
                let (mut l, mut sl, mut ko) = (0, 0, 0);
                let (mut cl, mut cko, mut br) = (0, 0, 0);
                for s in &members {
                    let centre = life_property(&placements(s)[0])?.holds();
                    let sides = side_eyes(s);
                    let side = fare(&sides)?;
                    let corners = corner_eyes(s);
                    let corner = fare(&corners)?;
                    // The chain, read on the placements a shape has: the property in its
                    // corner eyes needs it in its side eyes (if any), which needs it in the
                    // centre.
                    let side_ok = sides.is_empty() || side == Fare::Holds;
                    if (!corners.is_empty() && corner == Fare::Holds && !(side_ok && centre))
                        || (!sides.is_empty() && side == Fare::Holds && !centre)
                    {
                        br += 1;
                    }
                    if !centre {
                        continue;
                    }
                    l += 1;
                    match side {
                        Fare::Holds => sl += 1,
                        Fare::Ko => ko += 1,
                        Fare::Kill => {}
                    }
                    match corner {
                        _ if corners.is_empty() => {}
                        Fare::Holds => cl += 1,
                        Fare::Ko => cko += 1,
                        Fare::Kill => {}
                    }
                }
                solver_life = Some(l);
                side_life = Some(sl);
                by_ko = Some(ko);
                corner_life = Some(cl);
                corner_ko = Some(cko);
                breaks = Some(br);
            }
            classes.push(ClassRow {
                paper: paper_row(&class),
                class,
                shapes: members.len(),
                static_life,
                solver_life,
                solver_side_life: side_life,
                side_lost_by_ko: by_ko,
                corner_eyes: corner_count,
                solver_corner_life: corner_life,
                corner_lost_by_ko: corner_ko,
                chain_breaks: breaks,
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
