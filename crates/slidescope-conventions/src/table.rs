//! The table: one row per convention on which real ports of collide-and-slide differ from
//! seed 001. Adding a convention is one row here (and a value type above it if it is a
//! choice; a variant's place is its wire value, so add values at the end), plus the code of
//! the stage that applies it; the core's settings, the probe keys, the debugger's switches and
//! narration, files' layout, and the C header's and JavaScript package's names (`generated.rs`,
//! checked by this crate's tests; `SLIDESCOPE_BLESS=1` rewrites them) all come from it.
//!
//! A row's `///` documentation is its debugger hover text and its `docs/core.md` cell, and its
//! first sentence the C and TypeScript comment. A choice's `c` spelling starting `SLSP_` gets a
//! `#define`; `js` spellings `false`, `true` make it a boolean in JavaScript.
//!
//! The ports: Fauerby, "Improved Collision detection and Response" (2003), `collideWithWorld`;
//! Irrlicht 1.8 `CSceneCollisionManager::collideWithWorld`; Babylon.js `Collider` and
//! `CollisionCoordinator._collideWithWorld`.

use crate::row::{Row, Tried, choice, table};

choice! {
    /// Where the skin padding goes after a contact.
    pub enum Padding {
        /// Seed 001 12.3: the touching centre is pushed back `skin_es` along the contact normal.
        Normal => { ui: "along the normal (seed 001)", c: "SLSP_PADDING_NORMAL", js: "false" },
        /// Fauerby 2003 and Irrlicht's `collideWithWorld`: the centre stops `skin_es` short of
        /// the contact *along the velocity* (`V.SetLength(nearestDistance -
        /// veryCloseDistance)`), and does not move at all when the contact is nearer than that.
        Velocity => { ui: "along the velocity (Fauerby 2003, Irrlicht)", c: "SLSP_PADDING_VELOCITY", js: "true" },
    }
}

choice! {
    /// What happens to a motion shorter than the short-motion threshold.
    pub enum ShortMotion {
        /// Seed 001 12.3: checked before every detection (the first one too); the short motion
        /// is applied without detecting it ("break out if our velocity is too small").
        Applied => { ui: "applied (seed 001)", c: "SLSP_SHORT_MOTION_APPLIED", js: "false" },
        /// Fauerby 2003, Irrlicht, Babylon.js (`if (velocity.length() <= closeDistance)`):
        /// checked on the motion left after a response only; the leftover is dropped and the
        /// centre stays where the response put it. A first motion of any length is detected.
        Dropped => { ui: "dropped (Fauerby 2003, Irrlicht, Babylon.js)", c: "SLSP_SHORT_MOTION_DROPPED", js: "true" },
    }
}

choice! {
    /// What the loop does when it runs out of iterations. Either way every detection counts as
    /// an iteration, the one that finds nothing too.
    pub enum IterationLimit {
        /// Seed 001 12.3: detect again on the input motion and stop at its first contact.
        FallBack => { ui: "fall back to the first contact (seed 001)", c: "SLSP_LIMIT_FALLBACK", js: "false" },
        /// Babylon.js, Irrlicht: keep the last checked centre.
        KeepLast => { ui: "keep the last centre (Babylon.js, Irrlicht)", c: "SLSP_LIMIT_KEEP_LAST", js: "true" },
    }
}

choice! {
    /// Which triangles collide.
    pub enum Sidedness {
        /// Both sides of every triangle (slidescope's default: real levels have one-sided
        /// walls seen from behind).
        TwoSided => { ui: "two-sided", c: "SLSP_TWO_SIDED", js: "\"two_sided\"" },
        /// Seed 001: a triangle whose plane has the centre behind it is ignored.
        BehindIgnored => { ui: "centre behind the plane ignored (seed 001)", c: "SLSP_ONE_SIDED_BEHIND", js: "\"behind_ignored\"" },
        /// Fauerby 2003, Irrlicht, Babylon.js (`isFrontFacingTo(normalizedVelocity)`): also a
        /// triangle the motion leaves (normal · velocity > 0), whatever side the centre is
        /// on; its edges and vertices are not tested either.
        LeavingIgnored => { ui: "moving away from the front ignored (Fauerby 2003, Babylon.js)", c: "SLSP_ONE_SIDED_LEAVING", js: "\"leaving_ignored\"" },
    }
}

impl Sidedness {
    /// A triangle with the centre behind its plane is ignored (a triangle the ports that
    /// cull by the motion still test is tested on both sides, as their edge and vertex tests
    /// are).
    pub fn culls_behind(self) -> bool {
        self == Self::BehindIgnored
    }
}

choice! {
    /// Whether an edge or vertex the sphere already overlaps is a contact.
    pub enum Roots {
        /// Seed 001 12.8.1: an embedded start is a contact at t = 0 (moving away from it is not).
        AtZero => { ui: "an overlapped edge or vertex is a contact at t = 0 (seed 001)", c: "0", js: "false" },
        /// Fauerby 2003, Irrlicht, Babylon.js (`getLowestRoot`: `r1` if in `(0, maxR)`, else
        /// `r2`): only a root after the start counts, so an edge or vertex the sphere starts
        /// inside is met where it leaves it (its exit root). The face's embedded case still
        /// counts at t = 0.
        PositiveOnly => { ui: "roots after the start only: an overlapped edge or vertex met at its exit root (Fauerby 2003, Babylon.js)", c: "1", js: "true" },
    }
}

choice! {
    /// What the motion left after a contact is projected onto.
    pub enum Projection {
        /// Seed 001 12.3, Fauerby 2003, Irrlicht, Babylon.js: the destination onto the slide
        /// plane through the pushed-back centre, at every contact.
        SlidePlane => { ui: "onto the slide plane (seed 001)", c: "SLSP_PROJECTION_SLIDE_PLANE", js: "\"slide_plane\"" },
        /// Linahan 2012 (arXiv 1211.0059; excessive's cpcl, darltrash's SLAM): at the first
        /// contact the destination goes onto the plane a skin off the *touching* centre (the
        /// unpadded contact: `dest -= n · (signed_distance(dest) − (1 + skin))`), the motion
        /// from the padded centre to it; at the second, along the crease of the two contacts'
        /// planes (`normalize(n1 × n2)`, nothing when they are parallel); later contacts keep
        /// the destination.
        Linahan => { ui: "first plane, then the crease (Linahan 2012)", c: "SLSP_PROJECTION_LINAHAN", js: "\"linahan\"" },
        /// Fauerby 2003's `collideWithWorld` as written (Irrlicht, py64): the new velocity is
        /// `newDestination − intersectionPoint`, applied from the new centre; the same as the
        /// slide plane, except when padding along the velocity leaves the centre where it was
        /// (the contact nearer than the padding): the point is not moved back then, so the
        /// plane's normal runs from the contact point to the unmoved centre and the motion up
        /// to the contact is lost.
        ContactPoint => { ui: "from the contact point (Fauerby 2003's code)", c: "SLSP_PROJECTION_CONTACT_POINT", js: "\"contact_point\"" },
        /// Quake's `ClipVelocity` (overbounce 1; `SV_FlyMove`, `PM_SlideMove`): the motion
        /// left is what was past the contact along this iteration's path, `(1 − t)·v`, with
        /// its part along the normal removed, applied from the pushed-back centre. The same
        /// as the slide plane with the padding along the normal; with the padding along the
        /// velocity the padding's retreat is not carried into the slide. The crease response
        /// then follows its crease line from the motion left unclipped.
        Clip => { ui: "the velocity clipped (Quake)", c: "SLSP_PROJECTION_CLIP", js: "\"clip\"" },
    }
}

choice! {
    /// The game's up axis.
    pub enum UpAxis {
        PosY => { ui: "+Y", c: "SLSP_UP_POS_Y", js: "\"+y\"" },
        PosZ => { ui: "+Z", c: "SLSP_UP_POS_Z", js: "\"+z\"" },
        NegY => { ui: "-Y", c: "SLSP_UP_NEG_Y", js: "\"-y\"" },
        NegZ => { ui: "-Z", c: "SLSP_UP_NEG_Z", js: "\"-z\"" },
        PosX => { ui: "+X", c: "SLSP_UP_POS_X", js: "\"+x\"" },
        NegX => { ui: "-X", c: "SLSP_UP_NEG_X", js: "\"-x\"" },
    }
}

table! {
    solver: [
        /// Where the skin padding goes after a contact.
        padding: Padding = Padding::Normal, key PADDING = 1 => {
            c: "padding", js: "paddingAlongVelocity", label: "padding", stage: "slide/skin.rs",
            wire: "0 along the contact normal (seed 001); 1 along the velocity, no move when the contact is nearer than the padding (Fauerby 2003, Irrlicht)",
            words: &["padding along the normal", "padding along the velocity"],
            tried: &[
                Tried { name: "padding_along_velocity", rank: 1, label: "pads along the velocity (Fauerby 2003, Irrlicht)", set: |c, _| c.padding = Padding::Velocity, c_also: "" },
                Tried { name: "padding_along_normal", rank: 9, label: "pads along the contact normal (seed 001)", set: |c, _| c.padding = Padding::Normal, c_also: "" },
            ],
            say: |c| (c.padding == Padding::Velocity).then(|| "the padding goes along the motion: the centre stops a skin short of the contact along its velocity, and stays where it was when the contact is nearer than that".into()),
        },
        /// What a motion shorter than the threshold does.
        short_motion: ShortMotion = ShortMotion::Applied, key SHORT_MOTION = 2 => {
            c: "short_motion", js: "shortMotionDropped", label: "short motion", stage: "slide/stop.rs",
            wire: "0 a motion under the threshold is applied unchecked, checked before every detection (seed 001); 1 a leftover under the threshold is dropped, checked after each response only (Fauerby 2003, Irrlicht, Babylon.js)",
            words: &["short motion applied", "short leftover dropped"],
            tried: &[
                Tried { name: "short_leftover_dropped", rank: 0, label: "drops a leftover shorter than its padding (Babylon.js, Fauerby)", set: |c, skin_es| { c.short_motion = ShortMotion::Dropped; c.min_motion_es = c.min_motion_es.max(skin_es); }, c_also: "c.min_motion_es = <your padding>;" },
                Tried { name: "short_motion_applied", rank: 10, label: "applies a short motion unchecked (seed 001)", set: |c, _| c.short_motion = ShortMotion::Applied, c_also: "" },
            ],
            say: |c| (c.short_motion == ShortMotion::Dropped).then(|| format!("a motion left after a response shorter than {} eSpace units is dropped", c.min_motion_es)),
        },
        /// The short-motion threshold (eSpace units). Seed 001 12.3: `1e-5`.
        min_motion_es: f32 = 1e-5, key MIN_MOTION_ES = 3 => {
            c: "min_motion_es", js: "minMotionEs", label: "short under (eSpace)", stage: "slide/stop.rs",
            wire: "f32: the short-motion threshold, eSpace units (Babylon.js: its padding, 0.01)",
            words: &["short motion under {} eSpace"], drag: (0.5, 1e-4),
        },
        /// The short-motion threshold in metres (0: none), besides the one in eSpace units.
        min_motion_m: f32 = 0.0, key MIN_MOTION_M = 4 => {
            c: "min_motion_m", js: "minMotionM", label: "or under (m)", stage: "slide/stop.rs",
            wire: "f32: the short-motion threshold in metres (0: none)",
            words: &["short motion under {} m"],
            say: |c| (c.min_motion_m > 0.0).then(|| format!("a motion under {} m counts as short", c.min_motion_m)),
        },
        /// A call moving no further than this (m) stays where it was (0: none). Babylon.js
        /// `moveWithCollisions`: `CollisionsEpsilon`, 1 mm.
        dead_zone_m: f32 = 0.0, key DEAD_ZONE_M = 5 => {
            c: "dead_zone_m", js: "deadZoneM", label: "dead zone (m)", stage: "slide/finish.rs",
            wire: "f32: a call that moves no further than this stays where it was (Babylon.js `moveWithCollisions`: 0.001)",
            words: &["dead zone {} m"],
            tried: &[
                Tried { name: "dead_zone", rank: 3, label: "does not move when the whole move is under 1 mm (Babylon.js)", set: |c, _| c.dead_zone_m = 1e-3, c_also: "" },
                Tried { name: "no_dead_zone", rank: 11, label: "has no dead zone", set: |c, _| c.dead_zone_m = 0.0, c_also: "" },
            ],
            say: |c| (c.dead_zone_m > 0.0).then(|| format!("a call that moves no further than {} m stays where it started", c.dead_zone_m)),
        },
        /// What the loop does out of iterations.
        iteration_limit: IterationLimit = IterationLimit::FallBack, key ITERATION_LIMIT = 6 => {
            c: "iteration_limit", js: "keepLastOnLimit", label: "out of iterations", stage: "slide/finish.rs",
            wire: "0 out of iterations, fall back to the first contact of the input motion (seed 001); 1 keep the last checked centre (Babylon.js, Irrlicht). Either way every detection counts as an iteration, one that finds nothing too: `max_iterations` is the number of detections",
            words: &["falls back when out of iterations", "keeps the last centre when out of iterations"],
            tried: &[
                Tried { name: "keep_last_centre", rank: 2, label: "keeps the last centre when out of iterations (Babylon.js, Irrlicht)", set: |c, _| c.iteration_limit = IterationLimit::KeepLast, c_also: "" },
                Tried { name: "fall_back_to_first_contact", rank: 12, label: "falls back to the first contact when out of iterations", set: |c, _| c.iteration_limit = IterationLimit::FallBack, c_also: "" },
            ],
            say: |c| (c.iteration_limit == IterationLimit::KeepLast).then(|| "out of iterations, the last checked centre is kept".into()),
        },
        /// Which triangles collide. Seed 001 culls back faces; the default is two-sided
        /// because real levels have one-sided walls seen from behind.
        sidedness: Sidedness = Sidedness::TwoSided, key SIDEDNESS = 7 => {
            c: "sidedness", js: "sidedness", label: "sides", stage: "detect/triangle.rs",
            wire: "0 two-sided; 1 one-sided, a triangle with the centre behind it is ignored (seed 001); 2 one-sided, a triangle the motion leaves (normal · velocity > 0) is ignored (Fauerby 2003, Babylon.js without a material)",
            words: &["two-sided", "one-sided (centre behind ignored)", "one-sided (triangles the motion leaves ignored)"],
            tried: &[
                Tried { name: "two_sided", rank: 6, label: "collides with both sides of every triangle", set: |c, _| c.sidedness = Sidedness::TwoSided, c_also: "" },
                Tried { name: "ignores_behind", rank: 5, label: "ignores triangles with the centre behind them (seed 001)", set: |c, _| c.sidedness = Sidedness::BehindIgnored, c_also: "" },
                Tried { name: "ignores_leaving", rank: 4, label: "ignores triangles the motion leaves (Fauerby 2003, Babylon.js)", set: |c, _| c.sidedness = Sidedness::LeavingIgnored, c_also: "" },
            ],
            say: |c| (c.sidedness == Sidedness::LeavingIgnored).then(|| "triangles the motion leaves are ignored, their edges too".into()),
        },
        /// Stop when the slide turns against the input velocity (seed 001 12.15).
        impulse_filter: bool = true, key IMPULSE_FILTER = 8 => {
            c: "impulse_filter", js: "impulseFilter", label: "impulse filter", stage: "slide/stop.rs",
            wire: "0 none; 1 the slide stops when it turns against the input (seed 001 12.15)",
            words: &["no impulse filter", "impulse filter"],
            tried: &[
                Tried { name: "impulse_filter", rank: 8, label: "stops a slide that turns against the input (impulse filter)", set: |c, _| c.impulse_filter = true, c_also: "" },
                Tried { name: "no_impulse_filter", rank: 7, label: "has no impulse filter", set: |c, _| c.impulse_filter = false, c_also: "" },
            ],
            say: |c| (!c.impulse_filter).then(|| "there is no impulse filter".into()),
        },
        /// Whether an edge or vertex already overlapped is a contact.
        roots: Roots = Roots::AtZero, key ROOTS = 13 => {
            c: "roots_after_start_only", js: "rootsAfterStartOnly", label: "an edge already overlapped", stage: "detect/triangle.rs", from_inside: true, round_parts: true,
            wire: "0 an edge or vertex the sphere already overlaps is a contact at t = 0 (seed 001); 1 only roots after the start count, so it is met where the sphere leaves it (Fauerby 2003's `getLowestRoot`, Irrlicht, Babylon.js)",
            words: &["roots at t = 0 count", "roots after the start only"],
            tried: &[
                Tried { name: "roots_after_start_only", rank: 13, label: "takes roots after the start only: an edge or vertex it already overlaps is met where it leaves it (Fauerby 2003's getLowestRoot, Babylon.js, Irrlicht)", set: |c, _| c.roots = Roots::PositiveOnly, c_also: "" },
                Tried { name: "roots_at_zero", rank: 14, label: "counts an edge it already overlaps as a contact at t = 0 (seed 001)", set: |c, _| c.roots = Roots::AtZero, c_also: "" },
            ],
            say: |c| (c.roots == Roots::PositiveOnly).then(|| "an edge or vertex the sphere already overlaps is met at its exit root".into()),
        },
        /// What the motion left after a contact is projected onto.
        projection: Projection = Projection::SlidePlane, key PROJECTION = 14 => {
            c: "projection", js: "projection", label: "projection", stage: "slide/project.rs",
            wire: "0 the destination onto the slide plane through the pushed-back centre (seed 001); 1 Linahan 2012: the first contact's plane a skin off the unpadded contact, then the crease of the first two contacts' planes (cpcl, SLAM); 2 Fauerby 2003's code: the new velocity measured from the contact point, the unpadded one when the contact is nearer than the padding (Irrlicht, py64); 3 Quake's velocity clip: the motion past the contact along the path, its normal part removed",
            words: &["projected onto the slide plane", "first plane, then the crease (Linahan)", "projected from the contact point (Fauerby's code)", "the velocity clipped (Quake)"],
            tried: &[
                Tried { name: "linahan_projection", rank: 15, label: "projects onto the first contact's plane from the unpadded contact, then along the crease of two (Linahan 2012)", set: |c, _| c.projection = Projection::Linahan, c_also: "" },
                Tried { name: "contact_point_projection", rank: 17, label: "measures the slide from the contact point, the unpadded one when nearer than the padding (Fauerby 2003's code, Irrlicht)", set: |c, _| c.projection = Projection::ContactPoint, c_also: "" },
                Tried { name: "velocity_clip", rank: 20, label: "clips the motion past the contact against its plane, the padding's retreat not carried (Quake's ClipVelocity)", set: |c, _| c.projection = Projection::Clip, c_also: "" },
                Tried { name: "slide_plane_projection", rank: 16, label: "projects onto the slide plane at every contact (seed 001)", set: |c, _| c.projection = Projection::SlidePlane, c_also: "" },
            ],
            say: |c| match c.projection {
                Projection::SlidePlane => None,
                Projection::Linahan => Some("the first contact's plane takes the destination a skin off the unpadded contact, the second contact slides along the crease of the two planes".into()),
                Projection::ContactPoint => Some("the slide is measured from the contact point: with the contact nearer than the padding, the motion up to it is lost".into()),
                Projection::Clip => Some("the motion past the contact along the path is clipped against the contact's plane (Quake): the padding's retreat is not carried into the slide".into()),
            },
        },
        /// The fraction of the velocity asked that the call moves (1: all of it). Measured from
        /// a file's free moves, not tried.
        move_scale: f32 = 1.0, key MOVE_SCALE = 15 => {
            c: "move_scale", js: "moveScale", label: "moves × the velocity", stage: "slide/state.rs",
            wire: "f32: the call moves this fraction of the velocity asked (1: all of it; darltrash's SLAM halves it)",
            words: &["moves {} × the velocity asked"], drag: (2.0, 1e-3),
            say: |c| (c.move_scale != 1.0).then(|| format!("the call moves {} × the velocity asked", c.move_scale)),
        },
        /// In a call whose motion heads down, a contact whose slide normal (eSpace) is within
        /// this angle (degrees) of the ellipsoid's up axis ends the call at the pushed-back
        /// centre, the leftover dropped (0: never). Measured from a file's moves, not tried.
        floor_stop_deg: f32 = 0.0, key FLOOR_STOP_DEG = 16 => {
            c: "floor_stop_deg", js: "floorStopDeg", label: "stops on a floor within (°)", stage: "slide/stop.rs",
            wire: "f32: in a call whose motion heads down, a contact whose eSpace normal is within this many degrees of up ends the call at the pushed-back centre (0: never; py64's gravity pass: 28.96, `|up − n| < 0.5`)",
            words: &["stops on a floor within {}°"], drag: (90.0, 0.1),
            say: |c| (c.floor_stop_deg > 0.0).then(|| format!("a floor within {}° of up met heading down ends the call", c.floor_stop_deg)),
        },
        /// Where an embedded start touches: pushed out along the normal by its depth (seed
        /// 001 12.8.1) or where it is (Babylon.js: a contact at t = 0 leaves the centre).
        embedded_kept: bool = false, key EMBEDDED_KEPT = 17 => {
            c: "embedded_kept", js: "embeddedKept", label: "an embedded start kept", stage: "slide/place.rs", from_inside: true,
            wire: "0 an embedded start is pushed out along the normal by its depth (seed 001 12.8.1); 1 it touches where it is, not pushed out (Babylon.js)",
            words: &["an embedded start pushed out", "an embedded start kept where it is"],
            tried: &[
                Tried { name: "embedded_kept", rank: 18, label: "keeps an embedded start where it is, not pushed out (Babylon.js)", set: |c, _| c.embedded_kept = true, c_also: "" },
                Tried { name: "embedded_pushed_out", rank: 19, label: "pushes an embedded start out by its depth (seed 001)", set: |c, _| c.embedded_kept = false, c_also: "" },
            ],
            say: |c| c.embedded_kept.then(|| "an embedded start touches where it is, not pushed out".into()),
        },
        /// A clear path stops a skin short of its destination along its motion (a motion
        /// shorter than the skin does not move), as a port that pads every move, hit or not.
        free_moves_padded: bool = false, key FREE_MOVES_PADDED = 18 => {
            c: "free_moves_padded", js: "freeMovesPadded", label: "free moves padded", stage: "slide/finish.rs",
            wire: "0 a clear path reaches its destination (seed 001); 1 it stops a skin short of it along the motion, and does not move when the motion is shorter than the skin",
            words: &["free moves reach their destination", "free moves stop a skin short"],
            tried: &[
                Tried { name: "pads_free_moves", rank: 21, label: "pads free moves too: a clear path stops a skin short of its destination", set: |c, _| c.free_moves_padded = true, c_also: "" },
                Tried { name: "free_moves_unpadded", rank: 22, label: "lets a clear path reach its destination (seed 001)", set: |c, _| c.free_moves_padded = false, c_also: "" },
            ],
            say: |c| c.free_moves_padded.then(|| "a clear path stops a skin short of its destination".into()),
        },
        /// The padding is the declared skin in metres, not eSpace units: along a direction,
        /// the eSpace length whose world length is the skin. It applies to the push-back (both
        /// paddings, Linahan's plane too) and a padded clear path; the crease and plane
        /// solver responses (slidescope's, not a port's) hold the skin in eSpace.
        skin_in_metres: bool = false, key SKIN_IN_METRES = 19 => {
            c: "skin_in_metres", js: "skinInMetres", label: "padding in metres", stage: "slide/skin.rs",
            wire: "0 the padding is the skin in eSpace units (seed 001); 1 it is the skin in metres (world), so its eSpace length depends on its direction",
            words: &["padding in eSpace units", "padding in metres"],
            tried: &[
                Tried { name: "skin_in_metres", rank: 23, label: "pads by the skin in metres (world), not eSpace units", set: |c, _| c.skin_in_metres = true, c_also: "" },
                Tried { name: "skin_in_espace", rank: 24, label: "pads by the skin in eSpace units (seed 001)", set: |c, _| c.skin_in_metres = false, c_also: "" },
            ],
            say: |c| c.skin_in_metres.then(|| "the padding is the skin in metres, not eSpace units".into()),
        },
        /// The response in world space, detection in eSpace: the slide plane's normal is the
        /// contact's eSpace offset taken back to world (`normalize(radii ∘ n_es)`) and the
        /// motion left is projected in world units, the integration velocity too. With
        /// unequal radii a slope's slide differs from seed 001's eSpace response. It applies
        /// to the slide-plane and clip projections (Fauerby's contact-point slide and
        /// Linahan's planes stay in eSpace) with the seed's one-plane response.
        world_response: bool = false, key WORLD_RESPONSE = 20 => {
            c: "world_response", js: "worldResponse", label: "response in world space", stage: "slide/project.rs",
            wire: "0 the response in eSpace (seed 001); 1 in world space: the slide normal is the contact's eSpace offset scaled back by the radii, the motion projected in world units",
            words: &["response in eSpace", "response in world space"],
            tried: &[
                Tried { name: "world_response", rank: 25, label: "responds in world space: the slide normal is the contact's offset scaled back by the radii", set: |c, _| c.world_response = true, c_also: "" },
                Tried { name: "espace_response", rank: 26, label: "responds in eSpace (seed 001)", set: |c, _| c.world_response = false, c_also: "" },
            ],
            say: |c| c.world_response.then(|| "the response is in world space: the slide normal is the contact's offset scaled back by the radii".into()),
        },
        /// An edge's or vertex's contact normal runs from the contact point to the centre the
        /// iteration started from, not to the centre touching it (a port that takes
        /// `normalize(basePoint − collisionPoint)` before moving the base point): it tilts
        /// toward the motion the further the contact lies along it. A face's is its plane's.
        normal_from_start: bool = false, key NORMAL_FROM_START = 21 => {
            c: "normal_from_start", js: "normalFromStart", label: "edge normals from the start", stage: "detect/mod.rs", round_parts: true,
            wire: "0 an edge's or vertex's normal runs from the contact point to the touching centre (seed 001); 1 to the centre the iteration started from",
            words: &["edge normals at the touching centre", "edge normals from the start centre"],
            tried: &[
                Tried { name: "normal_from_start", rank: 27, label: "takes an edge's or vertex's normal from the centre the iteration started at, not the touching one", set: |c, _| c.normal_from_start = true, c_also: "" },
                Tried { name: "normal_at_contact", rank: 28, label: "takes an edge's or vertex's normal at the touching centre (seed 001)", set: |c, _| c.normal_from_start = false, c_also: "" },
            ],
            say: |c| c.normal_from_start.then(|| "an edge's or vertex's normal is taken from the centre the iteration started at".into()),
        },
        /// A centre within 1 of a triangle's plane that moves along it (n · v within ±1e-6
        /// eSpace) does not test the face, only its edges and vertices (Fauerby 2003's
        /// `embeddedInPlane`, Irrlicht, Babylon.js): a walker sunk into a floor it walks along
        /// does not meet it. Seed 001 12.4.4 meets the interior it overlaps at t = 0.
        embedded_plane_skipped: bool = false, key EMBEDDED_PLANE = 22 => {
            c: "embedded_plane_skipped", js: "embeddedPlaneSkipped", label: "a plane moved along skipped", stage: "detect/triangle.rs", from_inside: true,
            wire: "0 a face whose plane the sphere overlaps is a contact at t = 0 (seed 001); 1 not when the motion runs along the plane (n · v within ±1e-6 eSpace): its edges and vertices decide (Fauerby 2003's embeddedInPlane)",
            words: &["an overlapped face met moving along it", "an overlapped face skipped moving along it"],
            tried: &[
                Tried { name: "skips_embedded_plane", rank: 29, label: "does not test the face of a plane it overlaps and moves along (Fauerby 2003's embeddedInPlane, Irrlicht, Babylon.js)", set: |c, _| c.embedded_plane_skipped = true, c_also: "" },
                Tried { name: "tests_embedded_plane", rank: 30, label: "meets the face of a plane it overlaps and moves along at t = 0 (seed 001)", set: |c, _| c.embedded_plane_skipped = false, c_also: "" },
            ],
            say: |c| c.embedded_plane_skipped.then(|| "the face of a plane the sphere overlaps and moves along is not tested".into()),
        },
        /// Detection's arithmetic as Fauerby 2003's code does it in f32 (Irrlicht; py64 with
        /// PyGLM's f32 vectors): eSpace about the world origin (the start and the velocity
        /// divided by the radii) and each edge's quadratic expanded from its first vertex,
        /// `|e|²(1 − |p1 − c|²) + (e·(p1 − c))²`, whose terms cancel on a long edge far from
        /// the origin: the contact time moves by up to about 1 % of the step. slidescope works
        /// about the call's start and forms an edge's quadratic from cross products, which
        /// keeps it to float noise. A last resort: tried only where no other rule fits.
        fauerby_f32: bool = false, key FAUERBY_F32 = 23 => {
            c: "fauerby_f32", js: "fauerbyF32", label: "Fauerby's f32 edges", stage: "detect/triangle.rs", last_resort: true, round_parts: true,
            wire: "0 eSpace about the call's start, an edge's quadratic from cross products (slidescope); 1 as Fauerby 2003's code in f32: eSpace about the world origin, the start and velocity divided by the radii, an edge's quadratic expanded from its first vertex (Irrlicht, py64)",
            words: &["edges solved about the start", "edges solved as Fauerby's f32 code"],
            tried: &[
                Tried { name: "fauerby_f32_edges", rank: 31, label: "solves edges as Fauerby 2003's code in f32: about the world origin, the quadratic expanded from the edge's first vertex (Irrlicht, py64)", set: |c, _| c.fauerby_f32 = true, c_also: "" },
                Tried { name: "edges_about_start", rank: 32, label: "solves edges about the call's start, from cross products (slidescope)", set: |c, _| c.fauerby_f32 = false, c_also: "" },
            ],
            say: |c| c.fauerby_f32.then(|| "edges are solved as Fauerby's f32 code does: about the world origin, each quadratic expanded from the edge's first vertex".into()),
        },
        /// How far short of a contact the centre stops along its motion (eSpace units), staying
        /// where it was when the contact is nearer than that, whatever the padding's row says
        /// (0: the padding decides). The planes keep the skin. exengine's `entity.c` steps by
        /// `MAX(dist - 1.0, 0)`: a whole unit, so it never moves toward a contact nearer than
        /// its radius, while its first plane stays `1 + VERY_CLOSE_DIST` off the contact. Tried
        /// late: where a contact is nearer than the skin, a step back and padding along the
        /// velocity leave the centre alike, so it is tried after every set of the other rows
        /// and weighed against that rival over the whole file.
        step_back_es: f32 = 0.0, key STEP_BACK_ES = 24 => {
            c: "step_back_es", js: "stepBackEs", label: "steps back (eSpace)", stage: "slide/skin.rs", late: true,
            rivals: &["padding_along_velocity"],
            wire: "f32: how far short of a contact the centre stops along its motion, eSpace units, whatever the padding (0: the padding decides; exengine: 1)",
            words: &["steps back {} eSpace short of a contact"], drag: (2.0, 1e-3),
            tried: &[
                Tried { name: "steps_back_one_unit", rank: 33, label: "steps back a whole eSpace unit short of a contact along the velocity, not its padding: a contact nearer than its radius leaves the centre where it was (exengine)", set: |c, _| c.step_back_es = 1.0, c_also: "" },
                Tried { name: "no_step_back", rank: 34, label: "steps back only its padding (seed 001)", set: |c, _| c.step_back_es = 0.0, c_also: "" },
            ],
            say: |c| (c.step_back_es > 0.0).then(|| format!("the centre stops {} eSpace units short of a contact along its motion, not the skin", c.step_back_es)),
        },
    ]
    frame: [
        /// The recorded coordinates' up axis. Shown; the re-solve does not depend on it.
        up_axis: UpAxis, key UP_AXIS = 9 => {
            c: "up_axis", js: "upAxis",
            wire: "0 +Y, 1 +Z, 2 −Y, 3 −Z, 4 +X, 5 −X (shown; the re-solve does not depend on it)",
            words: &["up +Y", "up +Z", "up -Y", "up -Z", "up +X", "up -X"],
        },
        /// Left-handed coordinates.
        left_handed: bool, key HANDEDNESS = 10 => {
            c: "left_handed", js: "leftHanded",
            wire: "0 right-handed, 1 left-handed",
            words: &["right-handed", "left-handed"],
        },
        /// A triangle's front is the side it is clockwise from.
        clockwise_front: bool, key FRONT_WINDING = 11 => {
            c: "clockwise_front", js: "clockwiseFront",
            wire: "0 a triangle's front is the side it is counter-clockwise from, 1 clockwise; with key 10, slidescope flips each triangle of the following meshes whose front is not the core's (left-handed with counter-clockwise fronts, or right-handed with clockwise ones)",
            words: &["counter-clockwise fronts", "clockwise fronts"],
        },
        /// Fields the engine lacks and sends as placeholders (bits). See [`missing`].
        missing: u32, key MISSING = 12 => {
            c: "missing", js: "missing",
            wire: "bits of the fields the engine does not have and sends as placeholders: 1 integration velocity, 2 iterations, 4 contact t, 8 contact centre, 16 contact normal, 32 contact triangle (`probe-check` leaves them out of the comparison)",
            words: &["integration velocity", "iterations", "contact t", "contact centre", "contact normal", "contact triangle"],
            bits: &[
                (missing::INTEGRATION_VELOCITY, "INTEGRATION_VELOCITY"),
                (missing::ITERATIONS, "ITERATIONS"),
                (missing::CONTACT_T, "CONTACT_T"),
                (missing::CONTACT_CENTER, "CONTACT_CENTER"),
                (missing::CONTACT_NORMAL, "CONTACT_NORMAL"),
                (missing::CONTACT_TRIANGLE, "CONTACT_TRIANGLE"),
            ],
        },
    ]
}

impl Declared {
    /// The re-solve flips each triangle's winding: a left-handed game with counter-clockwise
    /// fronts, or a right-handed one with clockwise fronts (the same numbers seen in a mirror).
    pub fn flips_winding(&self) -> bool {
        self.left_handed.unwrap_or(false) != self.clockwise_front.unwrap_or(false)
    }
}

/// A row of [`TABLE`].
pub type Convention = Row<Conventions, Declared>;

/// Bits of the `missing` convention: fields a game sends as placeholders because its engine
/// has no such value; slidescope does not compare them.
pub mod missing {
    pub const INTEGRATION_VELOCITY: u32 = 1 << 0;
    pub const ITERATIONS: u32 = 1 << 1;
    pub const CONTACT_T: u32 = 1 << 2;
    pub const CONTACT_CENTER: u32 = 1 << 3;
    pub const CONTACT_NORMAL: u32 = 1 << 4;
    pub const CONTACT_TRIANGLE: u32 = 1 << 5;
}
