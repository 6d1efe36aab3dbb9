//! Seed 004's static test (sphere against polygon, with and without its readers' two
//! corrections) against the exact distance.

use slidescope_collision::solvers::reference::{RefSpace, closest_on_triangle};
use slidescope_collision::solvers::static_overlap::{StaticCorrections, sphere_polygon_overlap};

use crate::clearance::ref_triangle;
use crate::{CompareQuery, Scene};

/// False positives/negatives of one variant of seed 004's static test.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StaticStats {
    pub corrections: Option<StaticCorrections>,
    pub tests: usize,
    pub overlaps: usize,
    pub false_positives: usize,
    pub false_negatives: usize,
}

/// Seed 004's static test against the exact distance, at the centre at `t = 0, ½, 1` of each
/// query, on every candidate triangle, for each combination of the two corrections.
pub fn static_check(scene: &Scene, queries: &[CompareQuery]) -> [StaticStats; 4] {
    let variants = [
        StaticCorrections::NONE,
        StaticCorrections {
            plane_circle_radius: true,
            clamp_to_segment: false,
        },
        StaticCorrections {
            plane_circle_radius: false,
            clamp_to_segment: true,
        },
        StaticCorrections::BOTH,
    ];
    let mut out = variants.map(|c| StaticStats {
        corrections: Some(c),
        ..Default::default()
    });
    let mut cand = Vec::new();
    for q in queries {
        scene.candidates(&q.query, &mut cand);
        let space = RefSpace::new(&q.query);
        // The unit-sphere space of the solvers, relative to the start centre.
        let e = &q.query.ellipsoid;
        let es = e.space();
        for t in [0.0f32, 0.5, 1.0] {
            let c_es = space.v_es * t as f64;
            let c_f32 = es.vector_to_es(q.query.velocity * t);
            for &i in &cand {
                let tri = ref_triangle(&space, scene.mesh, i);
                let d = (c_es - closest_on_triangle(c_es, tri.v).0).length();
                // Skip touching-within-rounding cases: the static test is f32.
                if (d - 1.0).abs() < 1e-4 {
                    continue;
                }
                let truth = d < 1.0;
                let poly = scene
                    .mesh
                    .triangle(i)
                    .vertices
                    .map(|p| es.vector_to_es(p - e.center));
                for (k, v) in variants.iter().enumerate() {
                    let got = sphere_polygon_overlap(c_f32, 1.0, &poly, *v).overlaps;
                    let s = &mut out[k];
                    s.tests += 1;
                    s.overlaps += truth as usize;
                    s.false_positives += (got && !truth) as usize;
                    s.false_negatives += (!got && truth) as usize;
                }
            }
        }
    }
    out
}
