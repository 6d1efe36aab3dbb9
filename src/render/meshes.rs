//! Unit base meshes for instanced debug drawing. Each is drawn many times with a per-instance
//! model matrix, so a hundred arrows cost one draw call.

use std::f32::consts::{PI, TAU};

use bytemuck::{Pod, Zeroable};
use glam::Vec3;

/// A base-mesh vertex (object space).
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
pub struct ShapeVertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
}

/// An indexed base mesh in object space.
#[derive(Debug, Clone, Default)]
pub struct MeshData {
    pub vertices: Vec<ShapeVertex>,
    pub indices: Vec<u32>,
}

impl MeshData {
    fn push(&mut self, p: Vec3, n: Vec3) -> u32 {
        self.vertices.push(ShapeVertex {
            position: p.to_array(),
            normal: n.to_array(),
        });
        self.vertices.len() as u32 - 1
    }
}

/// Unit sphere (radius 1, centred at the origin).
pub fn sphere(segments: u32, rings: u32) -> MeshData {
    let mut m = MeshData::default();
    for r in 0..=rings {
        let phi = PI * r as f32 / rings as f32;
        for s in 0..=segments {
            let theta = TAU * s as f32 / segments as f32;
            let p = Vec3::new(phi.sin() * theta.cos(), phi.cos(), phi.sin() * theta.sin());
            m.push(p, p);
        }
    }
    let row = segments + 1;
    for r in 0..rings {
        for s in 0..segments {
            let a = r * row + s;
            let b = a + row;
            m.indices.extend_from_slice(&[a, a + 1, b, a + 1, b + 1, b]);
        }
    }
    m
}

/// Unit cylinder: radius 1 around +Y, from y = 0 to y = 1, with caps.
pub fn cylinder(segments: u32) -> MeshData {
    let mut m = MeshData::default();
    for s in 0..segments {
        let t0 = TAU * s as f32 / segments as f32;
        let t1 = TAU * (s + 1) as f32 / segments as f32;
        let (d0, d1) = (
            Vec3::new(t0.cos(), 0.0, t0.sin()),
            Vec3::new(t1.cos(), 0.0, t1.sin()),
        );
        let a = m.push(d0, d0);
        let b = m.push(d1, d1);
        let c = m.push(d1 + Vec3::Y, d1);
        let d = m.push(d0 + Vec3::Y, d0);
        m.indices.extend_from_slice(&[a, d, c, a, c, b]);
        for (y, n) in [(0.0, -Vec3::Y), (1.0, Vec3::Y)] {
            let o = m.push(Vec3::new(0.0, y, 0.0), n);
            let p = m.push(d0 + Vec3::Y * y, n);
            let q = m.push(d1 + Vec3::Y * y, n);
            m.indices.extend_from_slice(&[o, p, q]);
        }
    }
    m
}

/// Unit cone: base radius 1 at y = 0, tip at y = 1, with a base cap.
pub fn cone(segments: u32) -> MeshData {
    let mut m = MeshData::default();
    for s in 0..segments {
        let t0 = TAU * s as f32 / segments as f32;
        let t1 = TAU * (s + 1) as f32 / segments as f32;
        let tm = 0.5 * (t0 + t1);
        let (d0, d1) = (
            Vec3::new(t0.cos(), 0.0, t0.sin()),
            Vec3::new(t1.cos(), 0.0, t1.sin()),
        );
        let side_n = |d: Vec3| (d + Vec3::Y).normalize();
        let a = m.push(d0, side_n(d0));
        let b = m.push(d1, side_n(d1));
        let tip = m.push(Vec3::Y, side_n(Vec3::new(tm.cos(), 0.0, tm.sin())));
        m.indices.extend_from_slice(&[a, tip, b]);
        let o = m.push(Vec3::ZERO, -Vec3::Y);
        let p = m.push(d0, -Vec3::Y);
        let q = m.push(d1, -Vec3::Y);
        m.indices.extend_from_slice(&[o, q, p]);
    }
    m
}

/// Unit quad in the XZ plane, [-1, 1]², facing +Y (drawn two-sided).
pub fn quad() -> MeshData {
    let mut m = MeshData::default();
    for (x, z) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (1.0, -1.0)] {
        m.push(Vec3::new(x, 0.0, z), Vec3::Y);
    }
    m.indices = vec![0, 1, 2, 0, 2, 3];
    m
}

/// Three unit great circles (XY, YZ, XZ) plus the horizon ring as a line list: the wire
/// outline of an ellipsoid once scaled by its radii.
pub fn rings(segments: u32) -> MeshData {
    let mut m = MeshData::default();
    let planes: [fn(f32, f32) -> Vec3; 3] = [
        |c, s| Vec3::new(c, s, 0.0),
        |c, s| Vec3::new(0.0, c, s),
        |c, s| Vec3::new(c, 0.0, s),
    ];
    for f in planes {
        let first = m.vertices.len() as u32;
        for i in 0..segments {
            let t = TAU * i as f32 / segments as f32;
            let p = f(t.cos(), t.sin());
            m.push(p, p);
            m.indices
                .extend_from_slice(&[first + i, first + (i + 1) % segments]);
        }
    }
    m
}

/// Outline of the unit quad ([-1, 1]² in XZ) as a line list.
pub fn square_outline() -> MeshData {
    let mut m = quad();
    m.indices = vec![0, 1, 1, 2, 2, 3, 3, 0];
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sphere_vertices_are_on_the_unit_sphere() {
        let m = sphere(16, 8);
        assert!(
            m.vertices
                .iter()
                .all(|v| (Vec3::from(v.position).length() - 1.0).abs() < 1e-5)
        );
        assert!(m.indices.iter().all(|&i| (i as usize) < m.vertices.len()));
    }

    #[test]
    fn line_meshes_have_even_index_counts() {
        assert_eq!(rings(32).indices.len() % 2, 0);
        assert_eq!(square_outline().indices.len(), 8);
    }
}
