// Level pipeline: per-vertex material colour (or a colour mode: slope, normal, triangle,
// facing), directional light + ambient, exposure, back faces tinted,
// optional barycentric wireframe (works without POLYGON_MODE_LINE, e.g. on lavapipe), and the
// same shader draws the highlighted triangle (vertex colour alpha > 1.5 = unlit, translucent
// highlight with a white rim) and dynamic objects (posed on the CPU; alpha < 1 = faded).

struct VsIn {
    @builtin(vertex_index) vertex_index: u32,
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) color: vec4<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) normal: vec3<f32>,
    @location(1) color: vec4<f32>,
    @location(2) bary: vec3<f32>,
    // World position and normal, before the world / eSpace map: slope and normal colours
    // are about the level as the walker meets it.
    @location(3) world_pos: vec3<f32>,
    @location(4) world_normal: vec3<f32>,
    @location(5) @interpolate(flat) triangle: u32,
};

@vertex
fn vs_main(v: VsIn) -> VsOut {
    var out: VsOut;
    out.clip = frame.view_proj * frame.space * vec4<f32>(v.position, 1.0);
    out.normal = (frame.space_normal * vec4<f32>(v.normal, 0.0)).xyz;
    out.color = v.color;
    // Triangles are de-indexed: corner = vertex_index % 3 gives the barycentric one-hot.
    let corner = v.vertex_index % 3u;
    out.bary = vec3<f32>(f32(corner == 0u), f32(corner == 1u), f32(corner == 2u));
    out.world_pos = v.position;
    out.world_normal = v.normal;
    out.triangle = v.vertex_index / 3u;
    return out;
}

// A well-spread colour per triangle (PCG hash).
fn triangle_colour(i: u32) -> vec3<f32> {
    var x = i * 747796405u + 2891336453u;
    x = ((x >> ((x >> 28u) + 4u)) ^ x) * 277803737u;
    x = (x >> 22u) ^ x;
    let c = vec3<f32>(f32(x & 255u), f32((x >> 8u) & 255u), f32((x >> 16u) & 255u)) / 255.0;
    return 0.08 + 0.8 * c * c;
}

// The triangle's own normal (world), on the side its vertex normals point to.
fn face_normal(in: VsOut) -> vec3<f32> {
    let f = cross(dpdx(in.world_pos), dpdy(in.world_pos));
    let len = length(f);
    if len < 1e-20 {
        return normalize(in.world_normal);
    }
    let n = f / len;
    return select(n, -n, dot(n, in.world_normal) < 0.0);
}

@fragment
fn fs_main(in: VsOut, @builtin(front_facing) front: bool) -> @location(0) vec4<f32> {
    if in.color.a > 1.5 {
        // Highlighted triangle: unlit, with a bright rim.
        let d = fwidth(in.bary);
        let e = smoothstep(vec3<f32>(0.0), d * 2.5, in.bary);
        let edge = 1.0 - min(min(e.x, e.y), e.z);
        // A light tint inside: a hit floor triangle can fill the view.
        return finish(mix(in.color.rgb, vec3<f32>(1.0, 1.0, 1.0), edge), mix(0.12, 1.0, edge));
    }
    var n = normalize(in.normal);
    var base = in.color.rgb;
    let back = front == (frame.camera_pos.w < 0.0);
    let mode = u32(frame.look.x + 0.5);
    if back {
        n = -n;
    }
    if mode == 1u {
        // Slope: walkable / too steep / facing down (render/level_colour.rs SLOPE_*).
        let up = face_normal(in).y;
        base = select(vec3<f32>(0.75, 0.10, 0.04), vec3<f32>(0.12, 0.55, 0.16), up >= frame.look.z);
        base = select(base, vec3<f32>(0.30, 0.22, 0.45), up < -0.01);
    } else if mode == 2u {
        let c = face_normal(in) * 0.5 + 0.5;
        return finish(c * c, clamp(in.color.a, 0.0, 1.0));
    } else if mode == 3u {
        return finish(triangle_colour(in.triangle), clamp(in.color.a, 0.0, 1.0));
    } else if mode == 4u {
        base = select(vec3<f32>(0.55, 0.57, 0.60), vec3<f32>(0.85, 0.10, 0.55), back);
    } else if back {
        // One-sided walls seen from behind: tinted so they stand out.
        base = mix(base, vec3<f32>(0.85, 0.15, 0.55), frame.options.y);
    }
    let ambient = frame.light_dir.w;
    let diffuse = max(dot(n, -frame.light_dir.xyz), 0.0);
    var rgb = base * (ambient + (1.0 - ambient) * diffuse) * frame.look.y;
    if frame.options.x > 0.5 {
        let d = fwidth(in.bary);
        let e = smoothstep(vec3<f32>(0.0), d * frame.options.z, in.bary);
        let edge = 1.0 - min(min(e.x, e.y), e.z);
        rgb = mix(rgb, vec3<f32>(0.02, 0.02, 0.02), edge * 0.85);
    }
    // Alpha below 1: a dynamic object at its previous pose, drawn faded (blended pipeline).
    return finish(rgb, clamp(in.color.a, 0.0, 1.0));
}
