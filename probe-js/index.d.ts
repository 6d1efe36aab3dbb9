// Types of slidescope-probe (index.js). World space, metres and seconds; every float is
// written as f32 (time as f64), exactly as the Rust crate and the C header write them.

export type Vec3 = readonly [number, number, number] | ArrayLike<number>;

/** Where the bytes go. `write` gets each buffer (a fresh copy ending at a record boundary). */
export interface Sink {
    write(bytes: Uint8Array): void;
    close(): void | Promise<void>;
}

/** The game's result of a move. */
export interface MoveResult {
    /** Final centre (m). */
    end: Vec3;
    /** The velocity carried into the next step, in the units of `velocity`. */
    integrationVelocity: Vec3;
    /** Detect/respond iterations run. */
    iterations: number;
}

/** One collide-and-slide call of the game (a MOVE record). */
export interface Move {
    /** Which character moved (u32). */
    mover: number;
    /** Semi-axes (m), all > 0. */
    radii: Vec3;
    /** Principal axes as three columns (orthonormal); identity when left out. */
    axes?: readonly [Vec3, Vec3, Vec3];
    /** Ellipsoid centre before the move (m). */
    start: Vec3;
    /** Displacement asked for this call (m): velocity × dt. */
    velocity: Vec3;
    /** The game's padding (eSpace units), if it has one. */
    skinEs?: number;
    /** The game's iteration limit, if it has one. */
    maxIterations?: number;
    /** What the game's own collide-and-slide produced. */
    result?: MoveResult;
}

export type Case = "face" | "edge" | "vertex";

/** The contact one iteration of the game's loop responded to. */
export interface Contact {
    /** 0-based iteration of the move. */
    iteration: number;
    /** Which part of the Minkowski sum the game touched, if it knows (or the code 0–3). */
    case?: Case | number | null;
    /** Time of impact as a fraction of that iteration's velocity. */
    t: number;
    /** Ellipsoid centre at contact, before padding (m). */
    center: Vec3;
    /** Touched point (m). */
    point: Vec3;
    /** Unit slide-plane normal, away from the triangle. */
    normal: Vec3;
    /** Triangle index in the active mesh, if the game knows it. */
    triangle?: number | null;
}

// begin types: generated from crates/slidescope-conventions/src/table.rs (SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions rewrites it)
export type Sidedness = "two_sided" | "behind_ignored" | "leaving_ignored";
export type UpAxis = "+y" | "+z" | "-y" | "-z" | "+x" | "-x";
export type Projection = "slide_plane" | "linahan" | "contact_point" | "clip";

/**
 * What a game declares about its collide-and-slide (a CONVENTIONS record, format 1.1): each
 * field left out (or null) is undeclared. Applies to the moves that follow; a later call
 * replaces the whole declaration. Same rows as the Rust `Declared`.
 */
export interface Conventions {
    /** Where the skin padding goes after a contact. true: along the velocity (Fauerby 2003, Irrlicht); false: along the normal (seed 001). */
    paddingAlongVelocity?: boolean | null;
    /** What a motion shorter than the threshold does. true: dropped (Fauerby 2003, Irrlicht, Babylon.js); false: applied (seed 001). */
    shortMotionDropped?: boolean | null;
    /** The short-motion threshold (eSpace units). */
    minMotionEs?: number | null;
    /** The short-motion threshold in metres (0: none), besides the one in eSpace units. */
    minMotionM?: number | null;
    /** A call moving no further than this (m) stays where it was (0: none). */
    deadZoneM?: number | null;
    /** What the loop does out of iterations. true: keep the last centre (Babylon.js, Irrlicht); false: fall back to the first contact (seed 001). */
    keepLastOnLimit?: boolean | null;
    /** Which triangles collide. */
    sidedness?: Sidedness | null;
    /** Stop when the slide turns against the input velocity (seed 001 12.15). */
    impulseFilter?: boolean | null;
    /** The recorded coordinates' up axis. */
    upAxis?: UpAxis | null;
    /** Left-handed coordinates. */
    leftHanded?: boolean | null;
    /** A triangle's front is the side it is clockwise from. */
    clockwiseFront?: boolean | null;
    /** Fields the engine lacks and sends as placeholders (bits). */
    missing?: number | null;
    /** Whether an edge or vertex already overlapped is a contact. true: roots after the start only: an overlapped edge or vertex met at its exit root (Fauerby 2003, Babylon.js); false: an overlapped edge or vertex is a contact at t = 0 (seed 001). */
    rootsAfterStartOnly?: boolean | null;
    /** What the motion left after a contact is projected onto. */
    projection?: Projection | null;
    /** The fraction of the velocity asked that the call moves (1: all of it). */
    moveScale?: number | null;
    /** In a call whose motion heads down, a contact whose slide normal (eSpace) is within this angle (degrees) of the ellipsoid's up axis ends the call at the pushed-back centre, the leftover dropped (0: never). */
    floorStopDeg?: number | null;
    /** Where an embedded start touches: pushed out along the normal by its depth (seed 001 12.8.1) or where it is (Babylon.js: a contact at t = 0 leaves the centre). */
    embeddedKept?: boolean | null;
    /** A clear path stops a skin short of its destination along its motion (a motion shorter than the skin does not move), as a port that pads every move, hit or not. */
    freeMovesPadded?: boolean | null;
    /** The padding is the declared skin in metres, not eSpace units: along a direction, the eSpace length whose world length is the skin. */
    skinInMetres?: boolean | null;
    /** The response in world space, detection in eSpace: the slide plane's normal is the contact's eSpace offset taken back to world (`normalize(radii ∘ n_es)`) and the motion left is projected in world units, the integration velocity too. */
    worldResponse?: boolean | null;
    /** An edge's or vertex's contact normal runs from the contact point to the centre the iteration started from, not to the centre touching it (a port that takes `normalize(basePoint − collisionPoint)` before moving the base point): it tilts toward the motion the further the contact lies along it. */
    normalFromStart?: boolean | null;
    /** A centre within 1 of a triangle's plane that moves along it (n · v within ±1e-6 eSpace) does not test the face, only its edges and vertices (Fauerby 2003's `embeddedInPlane`, Irrlicht, Babylon.js): a walker sunk into a floor it walks along does not meet it. */
    embeddedPlaneSkipped?: boolean | null;
    /** Detection's arithmetic as Fauerby 2003's code does it in f32 (Irrlicht; py64 with PyGLM's f32 vectors): eSpace about the world origin (the start and the velocity divided by the radii) and each edge's quadratic expanded from its first vertex, `|e|²(1 − |p1 − c|²) + (e·(p1 − c))²`, whose terms cancel on a long edge far from the origin: the contact time moves by up to about 1 % of the step. */
    fauerbyF32?: boolean | null;
    /** How far short of a contact the centre stops along its motion (eSpace units), staying where it was when the contact is nearer than that, whatever the padding's row says (0: the padding decides). */
    stepBackEs?: number | null;
}
export const MISSING_INTEGRATION_VELOCITY: 1;
export const MISSING_ITERATIONS: 2;
export const MISSING_CONTACT_T: 4;
export const MISSING_CONTACT_CENTER: 8;
export const MISSING_CONTACT_NORMAL: 16;
export const MISSING_CONTACT_TRIANGLE: 32;
// end types

export interface Pose {
    /** Unit quaternion [x, y, z, w]. */
    rotation: readonly [number, number, number, number] | ArrayLike<number>;
    translation: Vec3;
}

export interface ObjectPose {
    object: number;
    /** The pose the sweep is tested against. */
    previous: Pose;
    current: Pose;
}

/** Flat xyz (or [x, y, z] triples). */
export type Positions = Float32Array | Float64Array | ArrayLike<number> | ReadonlyArray<Vec3>;
/** Flat, 3 a triangle (or [a, b, c] triples). */
export type Indices = Uint32Array | Uint16Array | ArrayLike<number> | ReadonlyArray<Vec3>;

/** The protocol of a game tab streaming to a slidescope page (`docs/probe.md`, "A game's tab"). */
export const TAB_PROTOCOL: "slidescope-tab/1";

export class Probe {
    constructor(sink: Sink);
    /** A new file at `path` (Node; replaced if it exists). */
    static toFile(path: string): Probe;
    /** Collects the bytes in memory: `bytes()`, `blob()`. */
    static toBlob(): Probe;
    /** Binary WebSocket messages (browsers, Node 22+), queued until the socket opens. */
    static toWebSocket(url: string): Probe;
    /**
     * Streams to slidescope pages of this origin opened at `index.html#live=<channel>` (a
     * BroadcastChannel); keeps up to `keepBytes` (default 128 MiB) for a page that opens or
     * reloads later.
     */
    static toTab(channel?: string, options?: { keepBytes?: number }): Probe;
    /**
     * toTab() only: the channel; `heard()` resolves when a slidescope page answers this stream;
     * `answers` counts the answers (`hello`s and `following`s).
     */
    tab?: { channel: string; heard(): Promise<void>; readonly answers: number };

    /** What went wrong with the sink, one line each; after an error the sink is dropped. */
    readonly errors: string[];

    /** Sends MESH once per content hash, USE_MESH afterwards; returns the hash. */
    setLevelMesh(positions: Positions, indices: Indices): bigint;
    setLevelFile(path: string, fnv1a64OfFile: bigint): void;
    setConventions(conventions: Conventions): void;
    setObjectMesh(object: number, positions: Positions, indices: Indices): void;
    objectPoses(poses: readonly ObjectPose[]): void;
    frame(frame: number | bigint, timeSecs: number, dtSecs: number): void;
    logMove(move: Move, contacts?: readonly Contact[]): void;
    flush(): void;
    /** Writes END and closes the sink. */
    close(): Promise<void>;
    /** toBlob() only: everything so far as one array. */
    bytes(): Uint8Array;
    /** toBlob() only: everything so far as a Blob. */
    blob(): Blob;
}

/** 64-bit FNV-1a, the format's mesh and level-file hash. */
export function fnv1a64(bytes: Uint8Array): bigint;
/** The declared entries of `conventions` as [key, value] pairs, in key order. */
export function conventionEntries(conventions?: Conventions): Array<[number, number]>;

export const VERSION_MAJOR: 1;
export const VERSION_MINOR: 1;
export const KIND: Readonly<{
    MESH: 1; USE_MESH: 2; LEVEL_FILE: 3; FRAME: 4; MOVE: 5; OBJECT_MESH: 6; OBJECT_POSES: 7; END: 8; CONVENTIONS: 9;
}>;
export const HAS_RESULT: number;
export const HAS_SKIN: number;
export const HAS_MAX_ITERATIONS: number;
export const CASE_UNKNOWN: 0;
export const CASE_FACE: 1;
export const CASE_EDGE: 2;
export const CASE_VERTEX: 3;
export const NO_TRIANGLE: 4294967295;
