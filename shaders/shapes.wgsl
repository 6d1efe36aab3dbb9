// Instanced debug shapes (spheres/ellipsoids, cylinders, cones, quads, discs): one base mesh,
// one model matrix + normal matrix + colour per instance. Opaque and translucent pipelines share
// this shader; translucent shapes get a view-dependent rim so their outline reads well.

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
    @location(0) normal: vec3<f32>,
    @location(1) world: vec3<f32>,
    @location(2) color: vec4<f32>,
};

@vertex
fn vs_main(v: VsIn) -> VsOut {
    let model = mat4x4<f32>(v.m0, v.m1, v.m2, v.m3);
    let normal_m = mat3x3<f32>(v.n0.xyz, v.n1.xyz, v.n2.xyz);
    let world = frame.space * model * vec4<f32>(v.position, 1.0);
    var out: VsOut;
    out.clip = frame.view_proj * world;
    out.world = world.xyz;
    out.normal = (frame.space_normal * vec4<f32>(normal_m * v.normal, 0.0)).xyz;
    out.color = v.color;
    return out;
}

@fragment
fn fs_main(in: VsOut, @builtin(front_facing) front: bool) -> @location(0) vec4<f32> {
    var n = normalize(in.normal);
    if !front {
        n = -n;
    }
    let ambient = 0.45;
    let diffuse = max(dot(n, -frame.light_dir.xyz), 0.0);
    let rgb = in.color.rgb * (ambient + (1.0 - ambient) * diffuse);
    var alpha = in.color.a;
    if alpha < 0.999 {
        let view = normalize(frame.camera_pos.xyz - in.world);
        let rim = 1.0 - abs(dot(n, view));
        alpha = clamp(alpha + rim * rim * 0.5, 0.0, 0.95);
    }
    return finish(rgb, alpha);
}
