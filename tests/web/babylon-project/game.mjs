// A small Babylon.js game: a level of boxes, a ramp and steps, and characters walked with
// moveWithCollisions every frame. The one slidescope line is attachSlidescope(...) below.
// ?frames=N walks N frames (default 600), then the title becomes "walked N moves"; the
// page stays open (its moves stay in the debugger tab). ?walkers=N adds walkers beyond the
// four (on a grid; for frame-rate figures), ?probe=0 leaves slidescope out.
import { Engine, Scene, ArcRotateCamera, HemisphericLight, MeshBuilder, Vector3 } from "@babylonjs/core";
import { attachSlidescope } from "slidescope-probe/babylon";

const canvas = document.getElementById("game");
const engine = new Engine(canvas, false, { preserveDrawingBuffer: true });
const scene = new Scene(engine);
scene.collisionsEnabled = true;
scene.useConstantAnimationDeltaTime = true;
const camera = new ArcRotateCamera("camera", -Math.PI / 3, 1.0, 28, new Vector3(0, 0, 0), scene);
camera.attachControl(canvas, true);
new HemisphericLight("light", new Vector3(0.3, 1, 0.2), scene);

const solid = (mesh) => {
    mesh.checkCollisions = true;
    return mesh;
};
solid(MeshBuilder.CreateGround("ground", { width: 30, height: 30 }, scene));
for (const [x, z, w, h, d] of [[6, 0, 2, 3, 8], [-6, 3, 8, 2, 1.5], [0, -8, 12, 4, 1], [-4, -3, 1.5, 1, 1.5]]) {
    const box = solid(MeshBuilder.CreateBox("wall", { width: w, height: h, depth: d }, scene));
    box.position.set(x, h / 2, z);
}
for (let i = 0; i < 5; i++) {
    const step = solid(MeshBuilder.CreateBox("step", { width: 3, height: 0.3 * (i + 1), depth: 0.8 }, scene));
    step.position.set(-9, 0.15 * (i + 1), 6 - 0.8 * i);
}
const ramp = solid(MeshBuilder.CreateBox("ramp", { width: 3, height: 0.2, depth: 7 }, scene));
ramp.position.set(3, 1, 7);
ramp.rotation.x = -0.35;
scene.meshes.forEach((m) => m.computeWorldMatrix(true));

const query = new URLSearchParams(location.search);
const spots = [[0, 0], [2, -3], [-1, -5], [1, 4]];
for (let k = spots.length; k < Number(query.get("walkers") ?? 4); k++) spots.push([-13 + (k % 12) * 2, -13 + Math.floor(k / 12)]);
const walkers = [];
for (const [k, [x, z]] of spots.entries()) {
    const body = MeshBuilder.CreateCapsule(`walker${k}`, { radius: 0.4, height: 1.8 }, scene);
    body.position.set(x, 1, z);
    body.ellipsoid = new Vector3(0.4, 0.9, 0.4);
    walkers.push({ body, heading: 0.7 * k + 0.3, fall: 0 });
}

// slidescope: the debugger opens in a new tab and steps every move live.
const slidescope = query.get("probe") === "0" ? null : attachSlidescope(scene, { viewer: "tab", channel: "a-babylon-game" });
window.slidescope = slidescope;

const frames = Number(query.get("frames") ?? 600);
let frame = 0;
engine.runRenderLoop(() => {
    if (frame < frames) {
        frame++;
        for (const w of walkers) {
            w.heading += 0.013 * (1 + (frame % 97 === 0 ? 20 : 0));
            w.fall = Math.max(w.fall - 9.81 / 60 / 60, -0.5);
            const step = new Vector3(Math.cos(w.heading) * 0.08, w.fall, Math.sin(w.heading) * 0.08);
            const y = w.body.position.y;
            w.body.moveWithCollisions(step);
            if (w.body.position.y > y + step.y + 1e-4) w.fall = 0; // landed
        }
        if (frame === frames) {
            slidescope?.probe.flush();
            document.title = `walked ${slidescope ? slidescope.stats.moves : frames * walkers.length} moves`;
        }
    }
    scene.render();
});
