// Instanced line meshes (ellipsoid outline rings, plane outlines): line-list topology, one
// model matrix + colour per instance, unlit.

struct Frame {
    view_proj: mat4x4<f32>,
    camera_pos: vec4<f32>,
    light_dir: vec4<f32>,
    options: vec4<f32>,
    // world → displayed (world / eSpace view) and its inverse transpose for normals
    space: mat4x4<f32>,
    space_normal: mat4x4<f32>,
    // level colour mode, exposure, cos(max slope): used by level.wgsl only
    look: vec4<f32>,
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
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) m0: vec4<f32>,
    @location(3) m1: vec4<f32>,
    @location(4) m2: vec4<f32>,
    @location(5) m3: vec4<f32>,
    @location(6) n0: vec4<f32>,
    @location(7) n1: vec4<f32>,
    @location(8) n2: vec4<f32>,
    @location(9) color: vec4<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec4<f32>,
};

@vertex
fn vs_main(v: VsIn) -> VsOut {
    let model = mat4x4<f32>(v.m0, v.m1, v.m2, v.m3);
    var out: VsOut;
    out.clip = frame.view_proj * frame.space * model * vec4<f32>(v.position, 1.0);
    out.color = v.color;
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    return finish(in.color.rgb, in.color.a);
}
