//! The integration tests, as one binary: one link of the app and its GPU/UI dependencies instead
//! of one per file (that saved CI minutes and gigabytes of disk — see README "Tests").

mod common;

mod bad_input;
mod cli_info;
mod cli_query;
mod debugger_ui;
mod dynamic_app;
mod dynamic_core;
mod dynamic_gltf;
mod dynamic_sim;
mod issues_suite;
mod lessons;
mod level_broken_files;
mod level_fuzz;
mod level_gltf_geometry;
mod level_obj;
mod level_real_files;
mod long_moves;
mod open_scenario;
mod probe_c;
mod probe_explain;
mod probe_files;
mod probe_game;
mod probe_ui;
mod properties;
mod render_colour_modes;
mod render_dynamic;
mod render_lessons;
mod render_minkowski;
mod render_open_side;
mod render_screenshot;
mod scenarios_run;
mod seed_scenarios;
mod sim_properties;
mod sim_recording;
mod sim_timeline;
mod sim_walking;
mod solvers_agreement;
mod solvers_gradient;
mod solvers_plane_space;
mod solvers_static;
mod sweep_analytic;
mod teaching_level;
mod touching;
mod workbench_layout;
