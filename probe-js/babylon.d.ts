// Types of slidescope-probe/babylon (babylon.js). Only types come from @babylonjs/core (an
// optional peer dependency): the adapter receives the scene and imports nothing from Babylon.
import type { Scene, AbstractMesh } from "@babylonjs/core";
import type { Probe, Conventions } from "./index.js";

/** The Babylon.js major version the adapter is tested with. */
export const TESTED_BABYLON_MAJOR: 9;
/** The exact version it is tested with. */
export const TESTED_BABYLON_VERSION: "9.35.0";

export interface AttachOptions {
    /**
     * "tab": the debugger in a new browser tab of this origin, every move streamed to it live
     * (a BroadcastChannel; either tab may reload). Opens the package's viewer/index.html
     * unless a slidescope page already follows the channel; where the browser blocks the tab,
     * a button in the page opens it.
     */
    viewer?: "tab";
    /** viewer "tab": the channel's name (default "game"); one debugger tab per channel. */
    channel?: string;
    /**
     * viewer "tab": where this package's viewer/index.html is served, when a bundler moved this
     * module away from it (e.g. "/node_modules/slidescope-probe/viewer/index.html").
     */
    viewerUrl?: string;
    /** Or a probe you own (detach() flushes it and leaves it open). */
    probe?: Probe;
    /** Or a file the adapter opens (Node) and detach() closes. */
    file?: string;
    /** Or a WebSocket URL the adapter opens and detach() closes. */
    url?: string;
    /** Which meshes' moveWithCollisions calls to record (default: all). */
    movers?: (mesh: AbstractMesh) => boolean;
    /**
     * Which meshes make the static level (default: checkCollisions && isEnabled()), taken at
     * attach time and again by refreshLevel().
     */
    level?: (mesh: AbstractMesh) => boolean;
    /**
     * "render" (default): a FRAME at the start of every scene.render() (from
     * onBeforeAnimationsObservable; dt = engine.getDeltaTime(), or 16 ms with
     * scene.useConstantAnimationDeltaTime). "manual": call handle.frame(dt, time?) yourself
     * (headless games that never render, fixed-step loops).
     */
    frames?: "render" | "manual";
    /** Record on a Babylon.js major version other than 9 anyway (otherwise attach throws). */
    allowUntestedVersion?: boolean;
}

/** The level sent with setLevelMesh: every selected mesh's triangles, world space. */
export interface LevelSoup {
    positions: Float32Array;
    indices: Uint32Array;
    /** Per mesh: faceIndex ranges of its submeshes and their first triangle in `indices`. */
    triangleOf: Map<AbstractMesh, Array<{ from: number; to: number; first: number }>>;
    /** The soup's fronts are (b - a) x (c - a) (else the opposite side). */
    frontPositive: boolean;
    meshes: number;
    triangles: number;
    /** Triangles whose submesh has a material (Babylon does not cull them) and has none. */
    withMaterial: number;
    withoutMaterial: number;
    mixedWinding: boolean;
    skippedStrips: number;
}

export interface SlidescopeHandle {
    probe: Probe;
    /** viewer "tab": the debugger page's address with its #live= link; otherwise null. */
    readonly viewerUrl: string | null;
    /** Babylon's version, as its engine says. */
    readonly version: string | null;
    /** What was declared (the CONVENTIONS record). */
    readonly conventions: Conventions;
    /** The level last sent. */
    readonly level: LevelSoup;
    readonly stats: { moves: number; contacts: number; iterations: number };
    /** Set-ups the declaration cannot say exactly (mixed materials or windings, ...). */
    readonly warnings: string[];
    /** A FRAME ("manual" mode): frame numbers count from 0; time defaults to the sum of dts. */
    frame(dtSecs?: number, timeSecs?: number): void;
    /** Takes the level meshes again (after the level changed); sent as USE_MESH when unchanged. */
    refreshLevel(): LevelSoup;
    /** Restores Babylon's methods; closes the probe when the adapter opened it (file / url). */
    detach(): Promise<void>;
}

/**
 * Records every moveWithCollisions call of the scene's meshes: inputs, Babylon's result and one
 * contact per iteration, with Babylon's conventions declared. Throws on a Babylon.js major
 * version other than 9.
 */
export function attachSlidescope(scene: Scene, options: AttachOptions): SlidescopeHandle;

/** The scene engine's Babylon.js version ("9.35.0"), or null. */
export function babylonVersion(scene: Scene): string | null;

/** The level Babylon collides with, as attachSlidescope sends it. */
export function levelSoup(scene: Scene, select?: (mesh: AbstractMesh) => boolean): LevelSoup;
