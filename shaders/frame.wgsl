// What every shader of the renderer shares: the frame uniform (`FrameUniform`,
// render/frame_settings.rs) and the colour output (sRGB encoded in the shader where the target
// is plain Rgba8Unorm). Put before each shader by `shader!` in render/passes/mod.rs.

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
    // x: colour mode (0 material, 1 slope, 2 normal, 3 triangle, 4 facing; see
    // render/level_colour.rs), y: exposure, z: cos(max walkable slope)
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
