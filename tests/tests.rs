//! The integration tests: one binary, one module per subject.

mod support;

mod analyze_cli;
mod authoring_fmt;
mod batch_quick;
mod benson;
mod board_fuzz;
mod board_gnugo;
mod board_positions;
mod board_truth;
mod c_abi;
mod canonical;
mod cli;
mod cli_consistency;
mod corpus;
mod default_db;
mod enclosed_stones;
mod eval_eye;
mod eval_eye_corpus;
mod eyegraph_gnugo;
mod gogui;
mod gtp_fuzz;
mod ko_half_eyes;
mod layout;
mod library;
mod limits;
mod lint_eyes_db;
mod malformed;
mod pictures;
mod solver_centre_pockets;
mod solver_harness;
mod solver_placements;
mod solver_vs_gnugo;
mod theory;
mod unconditional;
mod verify_eyes_db;
