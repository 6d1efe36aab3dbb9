//! Closed convex solids and open sheets, the two kinds of part the teaching level is made of.
//!
//! A solid is a convex polygon swept along a vector (a prism): boxes, wedges, ramps and
//! pillars are all prisms. Faces are planar convex polygons, counter-clockwise seen from
//! outside, so every normal points out of the solid (glTF front faces). Corners shared by
//! two faces are computed once, so a solid is closed by construction: each edge belongs to
//! exactly two of its triangles. Solids of one station may touch or overlap; nothing
//! requires welded vertices between them.

use glam::DVec3;

use super::material::MaterialId;
use super::snap::snap3;

/// A planar convex polygon, counter-clockwise seen from its front (outside) side.
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    /// Station-local metres, already snapped to the 2⁻²⁰ m grid.
    pub vertices: Vec<DVec3>,
}

impl Face {
    /// Unit normal by Newell's method (robust for any planar polygon).
    pub fn normal(&self) -> DVec3 {
        let n = self.vertices.len();
        let mut sum = DVec3::ZERO;
        for i in 0..n {
            let a = self.vertices[i];
            let b = self.vertices[(i + 1) % n];
            sum += DVec3::new(
                (a.y - b.y) * (a.z + b.z),
                (a.z - b.z) * (a.x + b.x),
                (a.x - b.x) * (a.y + b.y),
            );
        }
        sum.normalize_or_zero()
    }

    /// Fan triangulation: `(0, i, i + 1)` for `i` in `1..n-1`, keeping the winding.
    pub fn triangles(&self) -> impl Iterator<Item = [DVec3; 3]> + '_ {
        let v = &self.vertices;
        (1..v.len().saturating_sub(1)).map(move |i| [v[0], v[i], v[i + 1]])
    }
}

/// Whether a part encloses volume or is a one-sided walkable sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// Closed convex polyhedron with outward normals.
    Solid,
    /// Open, upward-facing sheet (the ground floor and the seam floor).
    Surface,
}

impl PartKind {
    /// Name written to the node's `extras.part.kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            PartKind::Solid => "solid",
            PartKind::Surface => "surface",
        }
    }
}

/// One named piece of a station: one glTF node, mesh and material.
#[derive(Debug, Clone)]
pub struct Part {
    pub name: String,
    pub kind: PartKind,
    pub material: MaterialId,
    pub faces: Vec<Face>,
}

impl Part {
    /// A closed solid: `base` (convex, planar, any winding) swept along `along`.
    pub fn prism(name: &str, material: MaterialId, base: &[DVec3], along: DVec3) -> Self {
        Self {
            name: name.to_owned(),
            kind: PartKind::Solid,
            material,
            faces: prism_faces(base, along),
        }
    }

    /// An axis-aligned box between corners `min` and `max`.
    pub fn cuboid(name: &str, material: MaterialId, min: DVec3, max: DVec3) -> Self {
        let base = [
            DVec3::new(min.x, min.y, min.z),
            DVec3::new(max.x, min.y, min.z),
            DVec3::new(max.x, min.y, max.z),
            DVec3::new(min.x, min.y, max.z),
        ];
        Self::prism(name, material, &base, DVec3::new(0.0, max.y - min.y, 0.0))
    }

    /// A vertical box standing on `y = bottom`, centred at `(cx, cz)`, `size = (x, y, z)` before
    /// turning it by `yaw_deg` (counter-clockwise about +Y, seen from above).
    pub fn yawed_box(
        name: &str,
        material: MaterialId,
        centre: DVec3,
        size: DVec3,
        yaw_deg: f64,
    ) -> Self {
        let ax = super::snap::yaw_dir(yaw_deg);
        let az = DVec3::new(-ax.z, 0.0, ax.x); // ax turned by -90°: completes a right-handed frame
        let (hx, hz) = (size.x / 2.0, size.z / 2.0);
        let base: Vec<DVec3> = [(-hx, -hz), (hx, -hz), (hx, hz), (-hx, hz)]
            .iter()
            .map(|&(u, w)| centre + ax * u + az * w)
            .collect();
        Self::prism(name, material, &base, DVec3::new(0.0, size.y, 0.0))
    }

    /// An open sheet made of the given faces (each already counter-clockwise from above).
    pub fn surface(name: &str, material: MaterialId, faces: Vec<Face>) -> Self {
        Self {
            name: name.to_owned(),
            kind: PartKind::Surface,
            material,
            faces,
        }
    }

    /// Number of triangles after fan triangulation.
    pub fn triangle_count(&self) -> usize {
        self.faces
            .iter()
            .map(|f| f.vertices.len().saturating_sub(2))
            .sum()
    }
}

/// Faces of the prism `base` swept along `along`, all counter-clockwise seen from outside.
fn prism_faces(base: &[DVec3], along: DVec3) -> Vec<Face> {
    let along = snap3(along);
    let mut bottom: Vec<DVec3> = base.iter().map(|&p| snap3(p)).collect();
    // The base cap must face away from the sweep direction.
    if (Face {
        vertices: bottom.clone(),
    })
    .normal()
    .dot(along)
        > 0.0
    {
        bottom.reverse();
    }
    let top: Vec<DVec3> = bottom.iter().rev().map(|&p| p + along).collect();
    let n = bottom.len();
    let mut faces = Vec::with_capacity(n + 2);
    faces.push(Face {
        vertices: bottom.clone(),
    });
    faces.push(Face { vertices: top });
    for i in 0..n {
        let a = bottom[i];
        let b = bottom[(i + 1) % n];
        faces.push(Face {
            vertices: vec![a, a + along, b + along, b],
        });
    }
    faces
}
