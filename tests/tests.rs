//! The integration tests: one binary, one module per subject.

mod support;

mod analysis_reach;
mod analyze_cli;
mod benson;
mod board_fuzz;
mod board_gnugo;
mod board_positions;
mod board_truth;
mod canonical;
mod cli;
mod cli_consistency;
mod corpus;
mod default_db;
mod enclosed_stones;
mod eval_eye;
mod eyegraph_gnugo;
mod gtp_fuzz;
mod layout;
mod limits;
mod malformed;
mod solver_centre_pockets;
mod solver_harness;
mod solver_placements;
mod solver_record;
mod solver_vs_gnugo;
mod unconditional;
mod verify_eyes_db;
