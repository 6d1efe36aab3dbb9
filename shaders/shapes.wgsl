// Instanced debug shapes (spheres/ellipsoids, cylinders, cones, quads, discs): one base mesh,
// one model matrix + normal matrix + colour per instance. Opaque and translucent pipelines share
// this shader; translucent shapes get a view-dependent rim so their outline reads well.

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
