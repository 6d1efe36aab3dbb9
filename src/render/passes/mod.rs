//! The frame's GPU passes, one a file behind the small [`Pass`] trait, as in re_renderer's
//! `renderer/` folder. Draw order: level → objects → highlight → shells → outlines → solids.

/// A shader's source: `shaders/frame.wgsl` (the frame uniform and the colour output every
/// shader shares) and then `shaders/<file>`; WGSL has no includes.
macro_rules! shader {
    ($file:literal) => {
        concat!(
            include_str!("../../../shaders/frame.wgsl"),
            include_str!(concat!("../../../shaders/", $file))
        )
    };
}

/// [`shader!`] with `shaders/instance.wgsl` (the per-instance inputs) between the two.
macro_rules! instanced_shader {
    ($file:literal) => {
        concat!(
            include_str!("../../../shaders/frame.wgsl"),
            include_str!("../../../shaders/instance.wgsl"),
            include_str!(concat!("../../../shaders/", $file))
        )
    };
}

mod context;
mod highlight_pass;
mod level_pass;
mod object_pass;
mod outline_pass;
mod shape_instances;
mod shape_pass;
mod shell_pass;
mod solid_pass;
mod stream_buffer;
mod unit_meshes;

pub(crate) use context::{Pass, PassContext};
pub(crate) use highlight_pass::HighlightPass;
pub(crate) use level_pass::LevelPass;
pub(crate) use object_pass::ObjectPass;
pub(crate) use outline_pass::OutlinePass;
pub(crate) use shape_pass::ShapeFrame;
pub(crate) use shell_pass::ShellPass;
pub(crate) use solid_pass::SolidPass;
pub(crate) use unit_meshes::ShapeMeshes;
