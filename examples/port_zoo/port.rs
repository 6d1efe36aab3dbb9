//! One port of the zoo: collide-and-slide with a set of rules (convention switches, each a
//! value a real port uses) and at most one injected bug. The rules are applied by the core's
//! own stages (`slidescope-collision` with the switches set), so a port whose rules are
//! declared agrees with the reference move for move and any divergence is a rule or the bug;
//! the bug is injected around the call, as real ports have them: a broad phase that skips
//! triangles, detection without vertex spheres, a scaled velocity, a 0/0 at t = 0, a padding
//! applied into the surface, a crease left unnormalised, a sliver met anywhere in its plane,
//! a corner of its own copy of the level moved by the padding of each vertex contact, the
//! face's point taken at the motion's end.

use glam::Vec3;
use slidescope::collision::conventions::Switch;
use slidescope::collision::{CaseKind, Trace};
use slidescope_collision::{
    CollisionMesh, ContactTime, Ellipsoid, Scratch, SlideSettings, collide_and_slide_with,
};

pub const RADII: Vec3 = Vec3::new(0.4, 0.9, 0.4);
/// The port's skin (eSpace), sent with every move.
pub const SKIN_ES: f32 = 0.005;
/// The port's iteration limit, sent with every move: small, so the limit's rule bites.
pub const MAX_ITERATIONS: u32 = 4;

/// A bug a port can be built with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bug {
    None,
    /// The broad phase keeps only triangles with a vertex within this distance (m) of the
    /// move's start: a large triangle under the mover is never tested.
    BroadPhase(f32),
    /// Detection without the vertex spheres of the Minkowski sum.
    NoVertices,
    /// Detection without the face slab (jesters-bakery's face test is commented out): only
    /// a triangle's edges and corners stop the mover.
    NoFaces,
    /// The face test at the point the motion reaches at its end, `centre - normal + velocity`
    /// (kouchkarting's `WorldCollision`; the core's `DebugKnobs::face_point_at_motion_end`).
    PointAtEnd,
    /// The whole move scaled (`0.5`: half the velocity moved).
    Scale(f32),
    /// A contact at t = 0 divides 0/0: the end is NaN.
    NanAtT0,
    /// The skin padding's sign inverted: the end a skin inside the last contact's surface
    /// instead of a skin out (twice the last push-back, from the touching centre to the
    /// padded one, taken off the end: whatever the padding's direction and units).
    InvertedPadding,
    /// Linahan's crease motion measured along `n1 × n2` before it is normalised (exengine's
    /// `entity.c`): a slide along a crease shortened by the sine of its planes' angle. Bites
    /// only with Linahan's projection.
    UnnormalisedCrease,
    /// The level's last triangle, a sliver (`main.rs` adds one), met anywhere in its plane, as
    /// Fauerby 2003's sign-bit point-in-triangle test meets one of almost no area (Dark Basic
    /// Pro on lavaducts): the port's detection has, beside the sliver, a triangle covering the
    /// level in its plane, whose contacts it numbers as the sliver's.
    SliverWall,
    /// The port's own copy of the level has each corner a vertex contact met moved a padding
    /// back along the call's velocity once the call is done: later moves meet the triangle
    /// where the level has no corner. After jesters-bakery's `intersection_point -=
    /// very_close_distance * v`, which moves its cached corner in place, along each
    /// iteration's velocity, only where the contact is no nearer than the padding, and before
    /// the call's next iteration.
    MovedCorner,
}

impl Bug {
    pub fn parse(s: &str) -> Result<Self, String> {
        let (name, arg) = s.split_once(':').unwrap_or((s, ""));
        let num = || {
            arg.parse::<f32>()
                .map_err(|_| format!("{name} needs a number: {s}"))
        };
        Ok(match name {
            "none" => Self::None,
            "broad_phase" => Self::BroadPhase(num()?),
            "no_vertices" => Self::NoVertices,
            "no_faces" => Self::NoFaces,
            "point_at_end" => Self::PointAtEnd,
            "scale" => Self::Scale(num()?),
            "nan_at_t0" => Self::NanAtT0,
            "inverted_padding" => Self::InvertedPadding,
            "unnormalised_crease" => Self::UnnormalisedCrease,
            "sliver_wall" => Self::SliverWall,
            "moved_corner" => Self::MovedCorner,
            _ => return Err(format!("unknown bug {s}")),
        })
    }
}

/// What one move of a port produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    pub end: Vec3,
    pub integration_velocity: Vec3,
    pub iterations: u32,
    pub contacts: Vec<slidescope_probe::Contact>,
}

impl Moved {
    /// Whether two results differ by more than `tol` (m) at the end (NaN differs).
    pub fn differs(&self, other: &Moved, tol: f32) -> bool {
        let d = self.end.distance(other.end);
        d.is_nan() || d > tol
    }
}

/// A mesh with each of its triangles' number in the level.
type Numbered = (CollisionMesh, Vec<u32>);

/// A port: its settings (the rules over seed 001's, two-sided) and its bug.
pub struct Port {
    settings: SlideSettings,
    pub bug: Bug,
    scratch: Scratch,
    trace: Trace,
    /// With [`Bug::SliverWall`], the level as its detection sees it (built once; inner `None`:
    /// the level has no sliver plane to cover, and the bug does nothing).
    walled: Option<Option<Numbered>>,
    /// With [`Bug::MovedCorner`], the port's copy of the level, its met corners moved, and
    /// its mesh numbered as the level.
    moved: Option<(Vec<[Vec3; 3]>, Option<Numbered>)>,
}

impl Port {
    pub fn new(rules: &[Switch], bug: Bug) -> Self {
        let mut settings = SlideSettings::default();
        settings.tuning.skin_es = SKIN_ES;
        settings.tuning.max_iterations = MAX_ITERATIONS;
        for r in rules {
            r.apply(&mut settings.conventions, SKIN_ES);
        }
        Self {
            settings,
            bug,
            scratch: Scratch::default(),
            trace: Trace::default(),
            walled: None,
            moved: None,
        }
    }

    /// The bug it was built with.
    pub fn bug(&self) -> Bug {
        self.bug
    }

    /// One move from `start` asked to go `velocity` (world, m), with the bug or without.
    pub fn step(&mut self, level: &CollisionMesh, start: Vec3, velocity: Vec3, bug: bool) -> Moved {
        let bug = if bug { self.bug } else { Bug::None };
        let mut settings = self.settings;
        let mut moved_by = velocity;
        let mut kept: Option<(CollisionMesh, Vec<u32>)> = None;
        match bug {
            Bug::NoVertices => {
                settings.debug.cases = settings.debug.cases.with(CaseKind::Vertex, false);
            }
            Bug::NoFaces => settings.debug.cases = settings.debug.cases.with(CaseKind::Face, false),
            Bug::PointAtEnd => settings.debug.face_point_at_motion_end = true,
            Bug::Scale(k) => moved_by = velocity * k,
            Bug::BroadPhase(r) => kept = near(level, start, r),
            Bug::UnnormalisedCrease => settings.debug.crease_unnormalised = true,
            Bug::SliverWall if self.walled.is_none() => self.walled = Some(walled(level)),
            Bug::MovedCorner if self.moved.is_none() => {
                let copy = triangles_of(level);
                let mesh = numbered(&copy);
                self.moved = Some((copy, mesh));
            }
            _ => {}
        }
        let (mesh, numbering) = match (&kept, &self.walled) {
            (Some((m, n)), _) => (m, Some(n)),
            (None, Some(Some((m, n)))) if bug == Bug::SliverWall => (m, Some(n)),
            (None, _) if bug == Bug::MovedCorner => match &self.moved {
                Some((_, Some((m, n)))) => (m, Some(n)),
                _ => (level, None),
            },
            _ => (level, None),
        };
        let Ok(e) = Ellipsoid::new(start, RADII) else {
            return Moved::stay(start);
        };
        self.trace.clear();
        let r = collide_and_slide_with(
            mesh,
            &e,
            moved_by,
            &settings,
            &mut self.scratch,
            Some(&mut self.trace),
        );
        let Ok(r) = r else {
            return Moved::stay(start);
        };
        let contacts = self.contacts(numbering.map(|n| &n[..]));
        if bug == Bug::MovedCorner {
            self.move_met_corners(velocity);
        }
        let mut end = r.position;
        let first_at_zero = contacts.first().is_some_and(|c| c.t == 0.0);
        if bug == Bug::NanAtT0 && first_at_zero {
            end = Vec3::NAN;
        }
        let last = self.trace.iterations.iter().rev().find_map(|it| {
            let c = it.contacts.first()?;
            Some(it.response?.new_center - c.center)
        });
        if bug == Bug::InvertedPadding
            && let Some(padding) = last
        {
            end -= 2.0 * padding;
        }
        Moved {
            end,
            integration_velocity: r.integration_velocity,
            iterations: r.iterations,
            contacts,
        }
    }

    /// Moves each corner the trace's vertex contacts met in the port's copy of the level a
    /// padding back along `velocity` (in eSpace, as the padding is measured).
    fn move_met_corners(&mut self, velocity: Vec3) {
        let (Some((copy, mesh)), Some(back_es)) =
            (&mut self.moved, (velocity / RADII).try_normalize())
        else {
            return;
        };
        let back = back_es * SKIN_ES * RADII;
        let mut changed = false;
        for it in &self.trace.iterations {
            let Some(c) = it.contacts.first() else {
                continue;
            };
            let Some(tri) = copy.get_mut(c.triangle as usize) else {
                continue;
            };
            if c.feature.kind() == CaseKind::Vertex
                && let Some(corner) = tri
                    .iter_mut()
                    .min_by(|a, b| a.distance(c.point).total_cmp(&b.distance(c.point)))
            {
                *corner -= back;
                changed = true;
            }
        }
        // A corner moved into a degenerate triangle leaves the last mesh the port had.
        if let Some(rebuilt) = numbered(copy).filter(|_| changed) {
            *mesh = Some(rebuilt);
        }
    }

    /// The trace's first contact of each iteration, numbered as the level numbers them.
    fn contacts(&self, numbering: Option<&[u32]>) -> Vec<slidescope_probe::Contact> {
        let iterations = self.trace.iterations.iter().enumerate();
        iterations
            .filter_map(|(i, it)| {
                let c = it.contacts.first()?;
                let t = match c.time {
                    ContactTime::Toi(t) => t,
                    ContactTime::Embedded { .. } => 0.0,
                };
                let triangle = numbering.map_or(c.triangle, |n| n[c.triangle as usize]);
                Some(slidescope_probe::Contact {
                    iteration: i as u32,
                    case: Some(match c.feature.kind() {
                        CaseKind::Face => slidescope_probe::Case::Face,
                        CaseKind::Edge => slidescope_probe::Case::Edge,
                        CaseKind::Vertex => slidescope_probe::Case::Vertex,
                    }),
                    t,
                    center: c.center.to_array(),
                    point: c.point.to_array(),
                    normal: c.normal.to_array(),
                    triangle: Some(triangle),
                })
            })
            .collect()
    }
}

impl Moved {
    fn stay(at: Vec3) -> Self {
        Self {
            end: at,
            integration_velocity: Vec3::ZERO,
            iterations: 0,
            contacts: Vec::new(),
        }
    }
}

/// `level` with a triangle in the plane of its last one (the sliver) covering the level, as a
/// mesh of its own, each triangle numbered as `level` numbers it and the cover as the sliver.
fn walled(level: &CollisionMesh) -> Option<(CollisionMesh, Vec<u32>)> {
    let count = level.triangle_count() as u32;
    let sliver = level.get_triangle(count.checked_sub(1)?)?.vertices;
    let n = (sliver[1] - sliver[0])
        .cross(sliver[2] - sliver[0])
        .try_normalize()?;
    let (u, w) = n.any_orthonormal_pair();
    let b = level.bounds();
    let reach = 4.0 * (b.max - b.min).length();
    let o = sliver[0];
    let cover = [
        o - (u + w) * reach,
        o + u * 2.0 * reach,
        o + w * 2.0 * reach,
    ];
    let mut triangles = triangles_of(level);
    triangles.push(cover);
    let mut numbering: Vec<u32> = (0..count).collect();
    numbering.push(count - 1);
    Some((CollisionMesh::from_triangles(&triangles).ok()?, numbering))
}

/// `triangles` as a mesh, each numbered as in `triangles` (`None`: one was dropped).
fn numbered(triangles: &[[Vec3; 3]]) -> Option<(CollisionMesh, Vec<u32>)> {
    let mesh = CollisionMesh::from_triangles(triangles).ok()?;
    let n = mesh.triangle_count() as u32;
    (n as usize == triangles.len()).then(|| (mesh, (0..n).collect()))
}

/// Every triangle of `level`, in its order.
pub fn triangles_of(level: &CollisionMesh) -> Vec<[Vec3; 3]> {
    (0..level.triangle_count() as u32)
        .filter_map(|t| Some(level.get_triangle(t)?.vertices))
        .collect()
}

/// The triangles of `level` with a vertex within `radius` of `at`, as a mesh of their own,
/// with each one's number in `level`.
fn near(level: &CollisionMesh, at: Vec3, radius: f32) -> Option<(CollisionMesh, Vec<u32>)> {
    let mut triangles = Vec::new();
    let mut numbering = Vec::new();
    for t in 0..level.triangle_count() as u32 {
        let Some(tri) = level.get_triangle(t) else {
            continue;
        };
        if tri.vertices.iter().any(|v| v.distance(at) <= radius) {
            triangles.push(tri.vertices);
            numbering.push(t);
        }
    }
    if triangles.is_empty() {
        // Nothing near: a mesh of one triangle far away stands for "no triangle".
        let far = Vec3::splat(1e6);
        triangles.push([far, far + Vec3::X, far + Vec3::Z]);
        numbering.push(u32::MAX);
    }
    let mesh = CollisionMesh::from_triangles(&triangles).ok()?;
    Some((mesh, numbering))
}
