//! The static theory of eyes (Vilà and Cazenave) and the shapes it is stated on.
//!
//! Takes eye shapes as cells on a grid; gives what the paper reads from the shape alone, and
//! the solver's check of it:
//!
//! - [`polyomino`]: free polyominoes by size, their isomers and holes;
//! - [`placement`]: a shape in the centre, on a side, in a corner, as a solver space;
//! - [`zobrist`]: a shape recognised on the board in one probe, in any orientation;
//! - [`neighbour`]: the neighbour class (`[112224]`) and the `[112233]` sub-classes;
//! - [`points`]: vital and end points, the static life property;
//! - [`status`]: the static eye status (Nakade, Unsettled, Alive, AliveInAtari) and hot point;
//! - [`life`]: the life property and the status decided by the solver instead;
//! - [`status_check`]: the static status and vital points against the solver's, position by
//!   position, each difference sorted by kind;
//! - [`table`]: Table 1 computed, beside the paper's;
//! - [`paper`]: the paper's Table 1 as printed, to print beside the computed one.
//!
//! This folder uses the solver ([`crate::evaluation::solve`]) and nothing above it.

pub mod life;
pub mod neighbour;
pub mod paper;
pub mod placement;
pub mod points;
pub mod polyomino;
pub mod status;
pub mod status_check;
pub mod table;
pub mod zobrist;
