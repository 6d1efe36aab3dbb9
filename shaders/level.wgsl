// Level pipeline: per-vertex material colour, directional light + ambient, back faces tinted,
// optional barycentric wireframe (works without POLYGON_MODE_LINE, e.g. on lavapipe), and the
// same shader draws the highlighted triangle (vertex colour alpha > 1.5 = unlit, translucent
// highlight with a white rim) and dynamic objects (posed on the CPU; alpha < 1 = faded).

struct Frame {
    view_proj: mat4x4<f32>,
    // xyz: eye (world); w: -1 when the level winds clockwise (front and back swapped)
    camera_pos: vec4<f32>,
    // xyz: direction the light travels (world, unit); w: ambient
    light_dir: vec4<f32>,
    // x: wireframe on (0/1), y: back-face tint strength, z: wire width (px),
    // w: 1 when the shader must encode sRGB (plain Rgba8Unorm target)
    options: vec4<f32>,
    // world → displayed (world / eSpace view) and its inverse transpose for normals
    space: mat4x4<f32>,
    space_normal: mat4x4<f32>,
};

@group(0) @binding(0) var<uniform> frame: Frame;

fn encode_srgb(c: vec3<f32>) -> vec3<f32> {
    let lo = c * 12.92;
    let hi = 1.055 * pow(max(c, vec3<f32>(0.0)), vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(hi, lo, c <= vec3<f32>(0.0031308));
}

fn finish(rgb: vec3<f32>, a: f32) -> vec4<f32> {
    // options.w: the target is plain Rgba8Unorm, so encode sRGB here.
    if frame.options.w > 0.5 {
        return vec4<f32>(encode_srgb(rgb), a);
    }
    return vec4<f32>(rgb, a);
}

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
    return out;
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
    if front == (frame.camera_pos.w < 0.0) {
        n = -n;
        // One-sided walls seen from behind: tinted so they stand out.
        base = mix(base, vec3<f32>(0.85, 0.15, 0.55), frame.options.y);
    }
    let ambient = frame.light_dir.w;
    let diffuse = max(dot(n, -frame.light_dir.xyz), 0.0);
    var rgb = base * (ambient + (1.0 - ambient) * diffuse);
    if frame.options.x > 0.5 {
        let d = fwidth(in.bary);
        let e = smoothstep(vec3<f32>(0.0), d * frame.options.z, in.bary);
        let edge = 1.0 - min(min(e.x, e.y), e.z);
        rgb = mix(rgb, vec3<f32>(0.02, 0.02, 0.02), edge * 0.85);
    }
    // Alpha below 1: a dynamic object at its previous pose, drawn faded (blended pipeline).
    return finish(rgb, clamp(in.color.a, 0.0, 1.0));
}
