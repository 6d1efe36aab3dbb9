//! What the student walked into: the level nodes (teaching-level stations and their parts)
//! whose triangles were contacts of walked frames — every recorded frame but the scene's own
//! (frame 0). Read from the recorded traces, like everything the debugger shows.

use std::collections::BTreeSet;

use super::lesson_check::SCENE_FRAME;
use crate::sim::FrameRecord;

/// The node name in a triangle-source description (`"node wall_slide/wall, mesh …"`).
pub fn node_name(source: &str) -> Option<String> {
    let rest = source.strip_prefix("node ")?;
    let end = rest.find(", mesh").unwrap_or(rest.len());
    Some(rest[..end].to_string())
}

/// Node names touched by the static-level contacts of `frames` after the scene's frame;
/// `source_of(triangle)` describes a collision triangle (`World::triangle_source`).
pub fn touched_nodes<'a>(
    frames: impl IntoIterator<Item = &'a FrameRecord>,
    source_of: impl Fn(u32) -> String,
) -> BTreeSet<String> {
    frames
        .into_iter()
        .filter(|r| r.frame > SCENE_FRAME)
        .flat_map(|r| r.trace.iterations.iter().flat_map(|it| &it.contacts))
        .filter(|c| c.source.object().is_none())
        .filter_map(|c| node_name(&source_of(c.triangle)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_names_come_out_of_source_descriptions() {
        assert_eq!(
            node_name("node stairs_low/step_01, mesh #3 primitive 0, material stone, triangle 4"),
            Some("stairs_low/step_01".into())
        );
        assert_eq!(node_name("source id 7"), None);
    }
}
