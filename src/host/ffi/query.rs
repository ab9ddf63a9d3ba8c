//! Eye-space handles: the space a host asks about, from GNU Go's encoded string or from
//! arrays of board coordinates and labels.
//!
//! Takes the host's description; gives a [`NakadeSpace`] whose vertex `i` is the host's own
//! point `i` (the `i`-th entry of its arrays), or the `i`-th vertex of the encoded string in
//! reading order. Every answer about the space (vital points) is given in those indices.

use std::ffi::c_char;

use super::database::utf8;
use super::guard::{guard, write_out, Failure, NakadeStatus};
use crate::pattern::diagram::Content;
use crate::pattern::encoded::parse_graph;
use crate::pattern::graph::{EyeGraph, Vertex, MAX_VERTICES};

/// Label bit: the point is marginal (next to an empty point outside the space).
pub const NAKADE_MARGINAL: u8 = 1;
/// Label bit: an attacker stone stands on the point (otherwise it is empty).
pub const NAKADE_STONE: u8 = 2;
/// Label bit: the point is on one board edge.
pub const NAKADE_EDGE: u8 = 4;
/// Label bit: the point is in a corner (on two board edges). Not with `NAKADE_EDGE`.
pub const NAKADE_CORNER: u8 = 8;
/// The most points an eye space may have.
pub const NAKADE_MAX_POINTS: usize = 32;

// The header states the number itself (cbindgen writes literals); it is the graphs' limit.
const _: () = assert!(NAKADE_MAX_POINTS == MAX_VERTICES);

/// An eye space (opaque): its points, their labels and adjacency. Immutable once made: it
/// may be read from several threads at once. Free it with `nakade_space_free`.
pub struct NakadeSpace {
    pub(crate) graph: EyeGraph,
}

/// A handle's space, or the error for a null one.
///
/// # Safety
///
/// `space` must be null or a handle from `nakade_space_*` not yet freed.
pub(crate) unsafe fn space_ref<'a>(space: *const NakadeSpace) -> Result<&'a NakadeSpace, Failure> {
    // SAFETY: null or a live handle, by the caller's contract.
    unsafe { space.as_ref() }.ok_or_else(|| Failure::null("space"))
}

fn invalid(message: String) -> Failure {
    Failure::new(NakadeStatus::InvalidArgument, message)
}

/// Hand a new space to the caller through `out`.
///
/// # Safety
///
/// `out` must be valid for a write of one pointer.
unsafe fn give(out: *mut *mut NakadeSpace, graph: EyeGraph) -> Result<(), Failure> {
    let handle = Box::into_raw(Box::new(NakadeSpace { graph }));
    // SAFETY: by the caller's contract.
    unsafe { write_out(out, "out", handle) }
}

/// The eye space of GNU Go's one-line encoding (`analyze_eyegraph`'s argument, e.g.
/// `OO!%O.X%!...`: rows split by `%`, `.` empty, `!` marginal, `X` and `$` attacker stones,
/// `|` `-` `+` board edges). Its vertex `i` is the `i`-th vertex marker in reading order;
/// `nakade_space_coordinate` gives its row and column in the string's grid. On failure
/// `*out` is NULL and the message names the column.
///
/// # Safety
///
/// `encoded` must be null or a NUL-terminated string; `out` must be null or valid for a
/// write of one pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_space_from_encoded(
    encoded: *const c_char,
    out: *mut *mut NakadeSpace,
) -> NakadeStatus {
    guard(|| {
        if out.is_null() {
            return Err(Failure::null("out"));
        }
        // SAFETY: `out` is valid for a write by the caller's contract.
        unsafe { out.write(std::ptr::null_mut()) };
        // SAFETY: null or NUL-terminated by the caller's contract.
        let text = unsafe { utf8(encoded, "encoded") }?;
        let diagram = parse_graph(text)
            .map_err(|e| Failure::new(NakadeStatus::Parse, format!("invalid graph: {e}")))?;
        let graph =
            EyeGraph::from_diagram(&diagram).map_err(|e| invalid(format!("invalid graph: {e}")))?;
        // SAFETY: as above.
        unsafe { give(out, graph) }
    })
}

/// The eye space of `n` board points: point `i` at row `rows[i]`, column `cols[i]` (points
/// one apart in a row or a column are neighbours), labelled `labels[i]`, an OR of
/// `NAKADE_MARGINAL`, `NAKADE_STONE` and one of `NAKADE_EDGE`, `NAKADE_CORNER` (0: an empty,
/// inner point off the edges). Vertex `i` of the space is point `i`. At least one point and
/// at most `NAKADE_MAX_POINTS`; two points on one coordinate, a point with more neighbours
/// and board edges than its four sides, or unknown label bits are
/// `NAKADE_STATUS_INVALID_ARGUMENT`, and the message names the point. On failure `*out` is NULL.
///
/// # Safety
///
/// `rows`, `cols` and `labels` must each be null or valid for reads of `n` elements; `out`
/// must be null or valid for a write of one pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_space_from_points(
    n: usize,
    rows: *const u32,
    cols: *const u32,
    labels: *const u8,
    out: *mut *mut NakadeSpace,
) -> NakadeStatus {
    guard(|| {
        if out.is_null() {
            return Err(Failure::null("out"));
        }
        // SAFETY: `out` is valid for a write by the caller's contract.
        unsafe { out.write(std::ptr::null_mut()) };
        if n == 0 {
            return Err(invalid(
                "no points; an eye space has at least one".to_string(),
            ));
        }
        if n > MAX_VERTICES {
            return Err(invalid(format!(
                "{n} points; an eye space has at most {MAX_VERTICES}"
            )));
        }
        for (p, name) in [
            (rows.cast::<u8>(), "rows"),
            (cols.cast::<u8>(), "cols"),
            (labels, "labels"),
        ] {
            if p.is_null() {
                return Err(Failure::null(name));
            }
        }
        // SAFETY: not null and valid for `n` reads by the caller's contract; `n` is small.
        let (rows, cols, labels) = unsafe {
            (
                std::slice::from_raw_parts(rows, n),
                std::slice::from_raw_parts(cols, n),
                std::slice::from_raw_parts(labels, n),
            )
        };
        let mut points = Vec::with_capacity(n);
        for i in 0..n {
            points.push((
                (rows[i] as usize, cols[i] as usize),
                vertex_of(i, labels[i])?,
            ));
        }
        let graph = EyeGraph::from_coordinates(&points).map_err(|e| invalid(format!("{e}")))?;
        // A point has four sides: its neighbours in the space and its board edges share them.
        for (i, ((r, c), v)) in points.iter().enumerate() {
            let degree = graph.neighbors(i).len();
            if degree + usize::from(v.edge) > 4 {
                return Err(invalid(format!(
                    "point {i} (row {r}, column {c}) has {degree} neighbours in the space and {} \
                     board edges: more than the four sides of a point",
                    v.edge
                )));
            }
        }
        if let Some(k) = first_unjoined(&points) {
            let ((r, c), _) = points[k];
            let ((r0, c0), _) = points[0];
            return Err(invalid(format!(
                "point {k} (row {r}, column {c}) is not joined to point 0 (row {r0}, column {c0}); \
                 an eye space is connected"
            )));
        }
        // SAFETY: as above.
        unsafe { give(out, graph) }
    })
}

/// The first point (in the order given) that no chain of neighbouring points joins to point 0,
/// as the encoded form refuses it.
fn first_unjoined(points: &[((usize, usize), Vertex)]) -> Option<usize> {
    let mut reached = vec![false; points.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(i) = stack.pop() {
        let (r, c) = points[i].0;
        for (j, &((rj, cj), _)) in points.iter().enumerate() {
            if !reached[j] && r.abs_diff(rj) + c.abs_diff(cj) == 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().position(|&r| !r)
}

/// The vertex label of point `i` from its label bits.
fn vertex_of(i: usize, label: u8) -> Result<Vertex, Failure> {
    let known = NAKADE_MARGINAL | NAKADE_STONE | NAKADE_EDGE | NAKADE_CORNER;
    if label & !known != 0 || label & NAKADE_EDGE != 0 && label & NAKADE_CORNER != 0 {
        return Err(invalid(format!(
            "point {i}: label {label} is not an OR of NAKADE_MARGINAL, NAKADE_STONE and one of NAKADE_EDGE, NAKADE_CORNER"
        )));
    }
    let edge = if label & NAKADE_CORNER != 0 {
        2
    } else {
        u8::from(label & NAKADE_EDGE != 0)
    };
    let content = if label & NAKADE_STONE != 0 {
        Content::Stone
    } else {
        Content::Empty
    };
    Ok(Vertex {
        content,
        ..Vertex::empty(label & NAKADE_MARGINAL != 0).on_edges(edge)
    })
}

/// The number of vertices of the space, written to `*count`.
///
/// # Safety
///
/// `space` must be null or a live handle; `count` must be null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn nakade_space_len(
    space: *const NakadeSpace,
    count: *mut usize,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract.
        let space = unsafe { space_ref(space) }?;
        // SAFETY: by the caller's contract.
        unsafe { write_out(count, "count", space.graph.len()) }
    })
}

/// The row and column of vertex `index`: the host's own for a space from points, the place
/// in the string's grid (edge markers counted) for an encoded one.
///
/// # Safety
///
/// `space` must be null or a live handle; `row` and `col` must be null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn nakade_space_coordinate(
    space: *const NakadeSpace,
    index: usize,
    row: *mut u32,
    col: *mut u32,
) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract.
        let space = unsafe { space_ref(space) }?;
        let len = space.graph.len();
        let (r, c) = (index < len)
            .then(|| space.graph.coordinate(index))
            .flatten()
            .ok_or_else(|| invalid(format!("vertex {index} is not in a space of {len}")))?;
        let to_u32 = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        if row.is_null() || col.is_null() {
            return Err(Failure::null(if row.is_null() { "row" } else { "col" }));
        }
        // SAFETY: by the caller's contract.
        unsafe { write_out(row, "row", to_u32(r))? };
        // SAFETY: by the caller's contract.
        unsafe { write_out(col, "col", to_u32(c)) }
    })
}

/// Free a space. NULL is ignored.
///
/// # Safety
///
/// `space` must be null or a handle from `nakade_space_*` not yet freed; it must not be used
/// afterwards, nor be in use by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn nakade_space_free(space: *mut NakadeSpace) {
    let _ = guard(|| {
        if !space.is_null() {
            // SAFETY: a live handle made by `Box::into_raw`, freed once by the caller's contract.
            drop(unsafe { Box::from_raw(space) });
        }
        Ok(())
    });
}
