// Instanced line meshes (ellipsoid outline rings, plane outlines): line-list topology, one
// model matrix + colour per instance, unlit.

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
