// record.cpp -- walk characters through a level with Irrlicht 1.8.3's collide-and-slide
// (irr_collide.cpp, the engine's own code) and record every collideWithWorld pass as a slidescope
// probe MOVE (docs/probe-format.md) through crates/slidescope-probe/include/slidescope_probe.h.
//
//   (from the repository root; see README.md)
//   g++ -std=c++11 -O2 -ffp-contract=off -Wall -I crates/slidescope-probe/include
//       tests/ports/irrlicht/record.cpp tests/ports/irrlicht/irr_collide.cpp -o /tmp/irr_record
//   /tmp/irr_record LEVEL.mesh.slidelog OUT.slidelog [options]
//
// LEVEL.mesh.slidelog: a probe file whose first MESH record (kind 1) is the level (world-space
// triangle soup, counter-clockwise from the front). Its triangles go to Irrlicht unchanged, in
// record order, and the same MESH record is written to OUT, so contacts use its numbering.
//
// The game loop imitates an Irrlicht 1.8 game: a scene node per walker is moved by its "input"
// (like the FPS camera animator: position += direction * speed * frame time), then its
// CSceneNodeAnimatorCollisionResponse::animateNode(timeMs) runs (copied in irr_collide.cpp) and
// calls getCollisionResultPosition with the node's displacement since the last frame and the
// animator's FallingVelocity as the gravity argument. The clock is Irrlicht's integer
// milliseconds at 60 frames a second (16 or 17 ms a frame).
//
// Options:
//   --movers N          walkers (8)
//   --seconds S         simulated seconds (15)
//   --seed N            RNG seed (1); the run is deterministic for a given seed and input
//   --sliding-speed X   Irrlicht's slidingSpeed = veryCloseDistance, eSpace units (0.0005, the
//                       default of getCollisionResultPosition and createCollisionResponseAnimator)
//   --gravity G         gravityPerSecond = (0, -G, 0) (9.81)
//   --speed V           walking speed, m/s (4)
//   --radii RX RY RZ    ellipsoid radii, m (0.4 0.9 0.4)
//   --declare-conventions  write a CONVENTIONS record (probe format 1.1) with Irrlicht's
//                       choices before the MESH: padding along the velocity, a short leftover
//                       dropped (threshold = slidingSpeed, eSpace), keep the last centre at the
//                       iteration limit, one-sided by the velocity, no impulse filter, +Y up.
//                       Off by default: the recordings are for probe-check to detect them.
//   --verbose           name each walker that falls out of the level (stderr)
//   --trace K           print walker K's position every frame (stderr)
//   --indoor            spawn only on floors with a downward-facing triangle straight above (an
//                       enclosed level such as a Quake map also has floors on its outer shell,
//                       outside the playable space, where a walker soon falls into the void)
//
// stdout: a summary, and "walk hash" (FNV-1a 64 of every walker's position after every frame):
// building irr_collide.cpp with -DIRR_COLLIDE_NO_HOOKS must print the same hash (the recorder's
// hooks change nothing).

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <vector>

#define SLIDESCOPE_PROBE_IMPLEMENTATION
#include "slidescope_probe.h"

#include "irr_collide.h"

using namespace irr;

// ---- deterministic RNG (splitmix64) ---------------------------------------------------------
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed) {}
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return (double)(next() >> 11) * (1.0 / 9007199254740992.0); } // [0, 1)
    double range(double a, double b) { return a + (b - a) * uniform(); }
};

// ---- the level from a MESH record ----------------------------------------------------------
struct Level {
    std::vector<float> positions; // xyz
    std::vector<uint32_t> indices;  // 3 per triangle
    uint64_t hash;
};

static uint32_t rd32(const unsigned char* p) {
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static uint64_t rd64(const unsigned char* p) { return (uint64_t)rd32(p) | ((uint64_t)rd32(p + 4) << 32); }

static bool readMesh(const char* path, Level& level) {
    FILE* f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); return false; }
    std::vector<unsigned char> b;
    unsigned char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) b.insert(b.end(), tmp, tmp + n);
    fclose(f);
    if (b.size() < 16 || memcmp(&b[0], "SLPROBE\0", 8) != 0) {
        fprintf(stderr, "%s: not a slidescope probe file\n", path);
        return false;
    }
    if ((b[8] | (b[9] << 8)) != 1) { fprintf(stderr, "%s: probe major version is not 1\n", path); return false; }
    size_t at = 16;
    while (at + 8 <= b.size()) {
        uint32_t kind = rd32(&b[at]), len = rd32(&b[at + 4]);
        at += 8;
        if (len > b.size() - at) { fprintf(stderr, "%s: record truncated at byte %zu\n", path, at - 8); return false; }
        if (kind == 1) {
            const unsigned char* p = &b[at];
            if (len < 16) { fprintf(stderr, "%s: MESH too short\n", path); return false; }
            uint64_t hash = rd64(p);
            uint32_t vc = rd32(p + 8), tc = rd32(p + 12);
            if ((uint64_t)16 + (uint64_t)vc * 12 + (uint64_t)tc * 12 > len) {
                fprintf(stderr, "%s: MESH counts exceed its payload\n", path);
                return false;
            }
            if (slsp_fnv1a64(p + 8, len - 8) != hash) {
                fprintf(stderr, "%s: MESH hash does not match its bytes\n", path);
                return false;
            }
            level.hash = hash;
            level.positions.resize((size_t)vc * 3);
            level.indices.resize((size_t)tc * 3);
            for (size_t i = 0; i < level.positions.size(); i++) {
                uint32_t u = rd32(p + 16 + i * 4);
                memcpy(&level.positions[i], &u, 4);
            }
            for (size_t i = 0; i < level.indices.size(); i++) {
                level.indices[i] = rd32(p + 16 + (size_t)vc * 12 + i * 4);
                if (level.indices[i] >= vc) {
                    fprintf(stderr, "%s: triangle %zu has index %u >= %u vertices\n", path, i / 3,
                            level.indices[i], vc);
                    return false;
                }
            }
            return true;
        }
        at += len;
    }
    fprintf(stderr, "%s: no MESH record\n", path);
    return false;
}

// ---- the recorder: one MOVE per collideWithWorld pass ----------------------------------------
static const u32 IRR_DETECTIONS = 6; // recursionDepth 0..5 detect; depth 6 returns (`> 5`)

struct Recorder : public scene::ICollideObserver {
    slsp_probe* probe;
    u32 mover;
    f32 slidingSpeed;
    // the pass being recorded
    bool open;
    core::vector3df radii, start, velocity;
    u32 iterations;
    std::vector<slsp_contact> contacts;
    bool pendingContact;
    slsp_contact pending;
    // figures
    unsigned long long moves, passesVelocity, passesGravity, contactCount, returns[3];
    unsigned long long iterationHistogram[IRR_DETECTIONS + 1];
    unsigned long long responsesInsidePadding; // nearestDistance < veryCloseDistance: no move
    u32 passInStep; // 0: the velocity pass, 1: the gravity pass of one getCollisionResultPosition

    Recorder(slsp_probe* p, f32 s)
        : probe(p), mover(0), slidingSpeed(s), open(false), iterations(0), pendingContact(false),
          moves(0), passesVelocity(0), passesGravity(0), contactCount(0),
          responsesInsidePadding(0), passInStep(0) {
        returns[0] = returns[1] = returns[2] = 0;
        for (u32 i = 0; i <= IRR_DETECTIONS; i++) iterationHistogram[i] = 0;
    }

    static void put(float out[3], const core::vector3df& v) { out[0] = v.X; out[1] = v.Y; out[2] = v.Z; }

    virtual void onDetect(s32 depth, const scene::CSceneCollisionManager::SCollisionData& c,
                          s32 arrayTriangle) {
        if (depth == 0) {
            // a pass begins: R3Position / R3Velocity are the world start and displacement
            // Irrlicht holds for it (collideEllipsoidWithWorld sets them before each pass)
            open = true;
            radii = c.eRadius;
            start = c.R3Position;
            velocity = c.R3Velocity;
            iterations = 0;
            contacts.clear();
            pendingContact = false;
        }
        iterations++;
        if (!c.foundCollision) return;
        const f32 len = c.velocity.getLength();
        f32 t = len > 0.0f ? c.nearestDistance / len : 0.0f;
        if (!(t >= 0.0f)) t = 0.0f;
        if (t > 1.0f) t = 1.0f;
        const core::vector3df centre = c.basePoint + c.velocity * t; // eSpace, before padding
        memset(&pending, 0, sizeof pending);
        pending.iteration = (uint32_t)depth;
        pending.minkowski_case = SLSP_CASE_UNKNOWN;
        pending.t = t;
        put(pending.center, centre * c.eRadius);
        put(pending.point, c.intersectionPoint * c.eRadius);
        pending.triangle = arrayTriangle >= 0 ? (uint32_t)arrayTriangle : SLSP_NO_TRIANGLE;
        if (c.nearestDistance < c.slidingSpeed) responsesInsidePadding++;
        pendingContact = true;
    }

    virtual void onResponse(s32, const core::vector3df&, const core::vector3df& n,
                            const core::vector3df&) {
        if (!pendingContact) return;
        // eSpace normal -> world: n_world ~ n_es / radii (the inverse-transpose of x_es = x / r)
        double w[3] = {(double)n.X / radii.X, (double)n.Y / radii.Y, (double)n.Z / radii.Z};
        double l = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
        for (int i = 0; i < 3; i++) pending.normal[i] = l > 0 ? (float)(w[i] / l) : 0.0f;
        contacts.push_back(pending);
        pendingContact = false;
    }

    virtual void onReturn(s32, int why, const core::vector3df& result) {
        if (!open) return;
        open = false;
        returns[why]++;
        const core::vector3df end = result * radii; // as collideEllipsoidWithWorld converts back
        slsp_move m;
        float r[3], s[3], v[3];
        put(r, radii);
        put(s, start);
        put(v, velocity);
        slsp_move_init(&m, mover, r, s, v);
        m.has_skin = 1;
        m.skin_es = slidingSpeed;
        m.has_max_iterations = 1;
        m.max_iterations = IRR_DETECTIONS;
        m.one_sided = 1;
        m.has_result = 1;
        put(m.end, end);
        put(m.integration_velocity, end - start);
        m.iterations = iterations;
        slsp_log_move(probe, &m, contacts.empty() ? NULL : &contacts[0], (uint32_t)contacts.size());
        moves++;
        contactCount += contacts.size();
        iterationHistogram[iterations <= IRR_DETECTIONS ? iterations : IRR_DETECTIONS]++;
        if (passInStep++ == 0) passesVelocity++; else passesGravity++;
    }
};

// ---- spawning: a random point on an upward floor, the ellipsoid clear of every triangle -----
static double closestDistSq(const double p[3], const double a[3], const double b[3], const double c[3]) {
    // Ericson, Real-Time Collision Detection 5.1.5
    double ab[3], ac[3], ap[3], q[3];
    for (int i = 0; i < 3; i++) { ab[i] = b[i] - a[i]; ac[i] = c[i] - a[i]; ap[i] = p[i] - a[i]; }
#define DOT(x, y) (x[0] * y[0] + x[1] * y[1] + x[2] * y[2])
    double d1 = DOT(ab, ap), d2 = DOT(ac, ap);
    if (d1 <= 0 && d2 <= 0) { for (int i = 0; i < 3; i++) q[i] = a[i]; goto done; }
    {
        double bp[3]; for (int i = 0; i < 3; i++) bp[i] = p[i] - b[i];
        double d3 = DOT(ab, bp), d4 = DOT(ac, bp);
        if (d3 >= 0 && d4 <= d3) { for (int i = 0; i < 3; i++) q[i] = b[i]; goto done; }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3);
            for (int i = 0; i < 3; i++) q[i] = a[i] + v * ab[i];
            goto done;
        }
        double cp[3]; for (int i = 0; i < 3; i++) cp[i] = p[i] - c[i];
        double d5 = DOT(ab, cp), d6 = DOT(ac, cp);
        if (d6 >= 0 && d5 <= d6) { for (int i = 0; i < 3; i++) q[i] = c[i]; goto done; }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double w = d2 / (d2 - d6);
            for (int i = 0; i < 3; i++) q[i] = a[i] + w * ac[i];
            goto done;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            for (int i = 0; i < 3; i++) q[i] = b[i] + w * (c[i] - b[i]);
            goto done;
        }
        double denom = 1.0 / (va + vb + vc);
        double v = vb * denom, w = vc * denom;
        for (int i = 0; i < 3; i++) q[i] = a[i] + ab[i] * v + ac[i] * w;
    }
done:
    double d[3] = {p[0] - q[0], p[1] - q[1], p[2] - q[2]};
    return DOT(d, d);
#undef DOT
}

struct Spawner {
    const Level& level;
    core::vector3df radii;
    bool indoor;
    std::vector<uint32_t> floors;
    std::vector<double> cumulativeArea;
    Spawner(const Level& l, const core::vector3df& r, bool in) : level(l), radii(r), indoor(in) {
        double total = 0;
        for (size_t t = 0; t * 3 < l.indices.size(); t++) {
            double a[3], b[3], c[3], n[3];
            corners(t, a, b, c);
            double e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
            double e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
            n[0] = e1[1] * e2[2] - e1[2] * e2[1];
            n[1] = e1[2] * e2[0] - e1[0] * e2[2];
            n[2] = e1[0] * e2[1] - e1[1] * e2[0];
            double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            if (len < 0.02 || n[1] / len < 0.7) continue; // area >= 0.01 m^2, front facing up
            total += len * 0.5;
            floors.push_back((uint32_t)t);
            cumulativeArea.push_back(total);
        }
    }
    void corners(size_t t, double a[3], double b[3], double c[3]) const {
        for (int i = 0; i < 3; i++) {
            a[i] = level.positions[level.indices[t * 3 + 0] * 3 + i];
            b[i] = level.positions[level.indices[t * 3 + 1] * 3 + i];
            c[i] = level.positions[level.indices[t * 3 + 2] * 3 + i];
        }
    }
    bool clear(const double centre[3]) const {
        // eSpace distance from the centre to every triangle > 1.05 (the ellipsoid touches nothing)
        double p[3] = {centre[0] / radii.X, centre[1] / radii.Y, centre[2] / radii.Z};
        for (size_t t = 0; t * 3 < level.indices.size(); t++) {
            double a[3], b[3], c[3];
            corners(t, a, b, c);
            for (int i = 0; i < 3; i++) {
                a[i] /= (&radii.X)[i]; b[i] /= (&radii.X)[i]; c[i] /= (&radii.X)[i];
            }
            if (closestDistSq(p, a, b, c) < 1.05 * 1.05) return false;
        }
        return true;
    }
    bool underCeiling(const double c[3]) const {
        // a triangle facing down lies straight above the centre (inside an enclosed level every
        // floor has a ceiling or sky above it; floors of the level's outer shell do not)
        for (size_t t = 0; t * 3 < level.indices.size(); t++) {
            double a[3], b[3], d[3];
            corners(t, a, b, d);
            double e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
            double e2[3] = {d[0] - a[0], d[1] - a[1], d[2] - a[2]};
            double ny = e1[2] * e2[0] - e1[0] * e2[2];
            if (ny >= 0) continue; // (B-A)x(C-A) must point down
            // barycentric coordinates of (c.x, c.z) in the triangle's XZ projection
            double den = (b[0] - a[0]) * (d[2] - a[2]) - (b[2] - a[2]) * (d[0] - a[0]);
            double u = ((b[0] - c[0]) * (d[2] - c[2]) - (b[2] - c[2]) * (d[0] - c[0])) / den;
            double v = ((c[0] - a[0]) * (d[2] - a[2]) - (c[2] - a[2]) * (d[0] - a[0])) / den;
            double w = 1 - u - v;
            if (u < 0 || v < 0 || w < 0) continue;
            if (u * a[1] + v * b[1] + w * d[1] > c[1]) return true;
        }
        return false;
    }
    bool spawn(Rng& rng, core::vector3df& out) const {
        if (floors.empty()) return false;
        for (int tries = 0; tries < 2000; tries++) {
            double pick = rng.uniform() * cumulativeArea.back();
            size_t lo = 0, hi = floors.size() - 1;
            while (lo < hi) { size_t mid = (lo + hi) / 2; if (cumulativeArea[mid] < pick) lo = mid + 1; else hi = mid; }
            double a[3], b[3], c[3];
            corners(floors[lo], a, b, c);
            double u = rng.uniform(), v = rng.uniform();
            if (u + v > 1) { u = 1 - u; v = 1 - v; }
            double centre[3];
            for (int i = 0; i < 3; i++) centre[i] = a[i] + u * (b[i] - a[i]) + v * (c[i] - a[i]);
            centre[1] += radii.Y + 0.1; // 10 cm above the floor
            if (indoor && !underCeiling(centre)) continue;
            if (!clear(centre)) continue;
            out = core::vector3df((f32)centre[0], (f32)centre[1], (f32)centre[2]);
            return true;
        }
        return false;
    }
};

// ---- main ---------------------------------------------------------------------------------------
struct Walker {
    scene::AnimatedPosition node;
    scene::CSceneNodeAnimatorCollisionResponse* animator;
    double nextTurn;
    core::vector3df direction;
    core::vector3df lastGround;
    uint64_t lastGroundFrame;
    bool skipInput; // the frame after a (re)spawn: no input (animateNode's FirstUpdate takes the
                    // node's position as it is, unchecked)
};

static void usage() {
    fprintf(stderr, "usage: irr_record LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] "
                    "[--seed N] [--sliding-speed X] [--gravity G] [--speed V] [--radii RX RY RZ] [--indoor] [--declare-conventions] [--verbose] [--trace K]\n");
    exit(2);
}

int main(int argc, char** argv) {
    if (argc < 3) usage();
    const char* meshPath = argv[1];
    const char* outPath = argv[2];
    int movers = 8;
    double seconds = 15;
    uint64_t seed = 1;
    f32 slidingSpeed = 0.0005f;
    f32 gravity = 9.81f;
    f32 speed = 4.0f;
    core::vector3df radii(0.4f, 0.9f, 0.4f);
    bool indoor = false;
    bool verbose = false;
    bool declare = false;
    int trace = -1;
    for (int i = 3; i < argc; i++) {
        const char* a = argv[i];
        if (!strcmp(a, "--movers") && i + 1 < argc) movers = atoi(argv[++i]);
        else if (!strcmp(a, "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
        else if (!strcmp(a, "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--sliding-speed") && i + 1 < argc) slidingSpeed = (f32)atof(argv[++i]);
        else if (!strcmp(a, "--gravity") && i + 1 < argc) gravity = (f32)atof(argv[++i]);
        else if (!strcmp(a, "--speed") && i + 1 < argc) speed = (f32)atof(argv[++i]);
        else if (!strcmp(a, "--indoor")) indoor = true;
        else if (!strcmp(a, "--verbose")) verbose = true;
        else if (!strcmp(a, "--declare-conventions")) declare = true;
        else if (!strcmp(a, "--trace") && i + 1 < argc) trace = atoi(argv[++i]);
        else if (!strcmp(a, "--radii") && i + 3 < argc) {
            radii.X = (f32)atof(argv[++i]); radii.Y = (f32)atof(argv[++i]); radii.Z = (f32)atof(argv[++i]);
        } else usage();
    }
    if (movers < 1 || seconds <= 0) usage();

    Level level;
    if (!readMesh(meshPath, level)) return 1;
    const u32 triCount = (u32)(level.indices.size() / 3);
    const u32 vertCount = (u32)(level.positions.size() / 3);
    std::vector<core::triangle3df> tris(triCount);
    f32 minY = FLT_MAX;
    for (u32 t = 0; t < triCount; t++) {
        const float* p = &level.positions[0];
        const uint32_t* ix = &level.indices[t * 3];
        tris[t] = core::triangle3df(core::vector3df(p[ix[0] * 3], p[ix[0] * 3 + 1], p[ix[0] * 3 + 2]),
                                    core::vector3df(p[ix[1] * 3], p[ix[1] * 3 + 1], p[ix[1] * 3 + 2]),
                                    core::vector3df(p[ix[2] * 3], p[ix[2] * 3 + 1], p[ix[2] * 3 + 2]));
    }
    for (u32 v = 0; v < vertCount; v++) minY = level.positions[v * 3 + 1] < minY ? level.positions[v * 3 + 1] : minY;
    scene::TriangleArraySelector world(triCount ? &tris[0] : NULL, triCount);
    scene::CSceneCollisionManager collisionManager;

    slsp_probe* probe = slsp_save(outPath);
    if (!probe) { fprintf(stderr, "cannot write %s\n", outPath); return 1; }
    if (declare) {
#ifdef SLSP_PADDING_VELOCITY
        slsp_conventions c;
        slsp_conventions_init(&c);
        c.padding = SLSP_PADDING_VELOCITY;           // CSCM 807-815
        c.short_motion = SLSP_SHORT_MOTION_DROPPED;  // CSCM 832
        c.min_motion_es = slidingSpeed;              // ... < veryCloseDistance
        c.min_motion_m = 0.0f;
        c.dead_zone_m = 0.0f;
        c.iteration_limit = SLSP_LIMIT_KEEP_LAST;    // CSCM 761: return pos
        c.sidedness = SLSP_ONE_SIDED_LEAVING;        // CSCM 444: isFrontFacing(normalizedVelocity)
        c.impulse_filter = 0;
        c.up_axis = SLSP_UP_POS_Y;
        slsp_set_conventions(probe, &c);
#else
        fprintf(stderr, "--declare-conventions needs a slidescope_probe.h with probe format 1.1\n");
        return 2;
#endif
    }
    slsp_level_mesh(probe, level.positions.empty() ? NULL : &level.positions[0], vertCount,
                    level.indices.empty() ? NULL : &level.indices[0], triCount);

    Recorder recorder(probe, slidingSpeed);
    collisionManager.Observer = &recorder;

    Rng rng(seed);
    Spawner spawner(level, radii, indoor);
    std::vector<Walker> walkers((size_t)movers);
    for (int k = 0; k < movers; k++) {
        Walker& w = walkers[k];
        if (!spawner.spawn(rng, w.node.Position)) { fprintf(stderr, "no clear spawn point\n"); return 1; }
        w.animator = new scene::CSceneNodeAnimatorCollisionResponse(
            &collisionManager, &world, &w.node, radii, core::vector3df(0, -gravity, 0),
            core::vector3df(0, 0, 0), slidingSpeed);
        w.nextTurn = 0;
        w.skipInput = true;
        w.lastGround = w.node.Position;
        w.lastGroundFrame = 0;
    }

    const uint64_t frames = (uint64_t)(seconds * 60.0 + 0.5);
    uint64_t walkHash = 0xcbf29ce484222325ull;
    unsigned long long respawns = 0, fallingSteps = 0, steps = 0;
    u32 lastTime = 0;
    for (uint64_t frame = 0; frame < frames; frame++) {
        const u32 timeMs = (u32)(frame * 1000 / 60); // Irrlicht's integer millisecond clock
        const u32 diff = frame == 0 ? 0 : timeMs - lastTime;
        lastTime = timeMs;
        const double now = timeMs * 0.001;
        slsp_frame(probe, frame, now, (float)diff * 0.001f);
        for (int k = 0; k < movers; k++) {
            Walker& w = walkers[k];
            if (now >= w.nextTurn) {
                const double angle = rng.range(0, 6.283185307179586);
                w.direction = core::vector3df((f32)cos(angle), 0, (f32)sin(angle));
                w.nextTurn = now + rng.range(0.7, 1.3);
            }
            // the input moves the node (as the FPS camera animator does), then the animator runs
            if (!w.skipInput)
                w.node.setPosition(w.node.getPosition() + w.direction * (speed * (f32)diff * 0.001f));
            w.skipInput = false;
            recorder.mover = (u32)k;
            recorder.passInStep = 0;
            w.animator->animateNode(timeMs);
            steps++;
            if (w.animator->isFalling()) fallingSteps++;
            else { w.lastGround = w.node.getPosition(); w.lastGroundFrame = frame; }
            if (k == trace)
                fprintf(stderr, "frame %llu walker %d: (%.5f %.5f %.5f) falling %d FallingVelocity.Y %.4f\n",
                        (unsigned long long)frame, k, w.node.Position.X, w.node.Position.Y,
                        w.node.Position.Z, (int)w.animator->isFalling(), w.animator->FallingVelocity.Y);
            const core::vector3df& p = w.node.getPosition();
            const f32 xyz[3] = {p.X, p.Y, p.Z};
            const unsigned char* bytes = (const unsigned char*)xyz;
            for (int i = 0; i < 12; i++) { walkHash ^= bytes[i]; walkHash *= 0x100000001b3ull; }
            if (!(p.Y > minY - 20.0f) || !(fabsf(p.X) < 1e6f) || !(fabsf(p.Z) < 1e6f)) {
                // fell out of the level: respawn (a teleport; the animator restarts as after
                // setWorld / setGravity: FirstUpdate)
                if (!spawner.spawn(rng, w.node.Position)) { fprintf(stderr, "no clear spawn point\n"); return 1; }
                w.animator->restart();
                w.skipInput = true;
                respawns++;
                if (verbose)
                    fprintf(stderr, "frame %llu: walker %d fell out of the level; last on ground at "
                            "frame %llu, (%.4f %.4f %.4f)\n", (unsigned long long)frame, k,
                            (unsigned long long)w.lastGroundFrame, w.lastGround.X, w.lastGround.Y,
                            w.lastGround.Z);
            }
        }
    }
    slsp_close(probe);

    FILE* f = fopen(outPath, "rb");
    long size = 0;
    if (f) { fseek(f, 0, SEEK_END); size = ftell(f); fclose(f); }
    printf("level: %u vertices, %u triangles, mesh hash %016llx\n", vertCount, triCount,
           (unsigned long long)level.hash);
    printf("walkers %d, frames %llu, sliding speed %g, seed %llu\n", movers, (unsigned long long)frames,
           (double)slidingSpeed, (unsigned long long)seed);
    printf("animator steps %llu (falling after %llu), respawns %llu\n", steps, fallingSteps, respawns);
    printf("moves %llu (velocity passes %llu, gravity passes %llu), contacts %llu\n", recorder.moves,
           recorder.passesVelocity, recorder.passesGravity, recorder.contactCount);
    printf("pass ends: no collision %llu, slide shorter than veryCloseDistance %llu, recursion limit %llu\n",
           recorder.returns[1], recorder.returns[2], recorder.returns[0]);
    printf("contacts closer than veryCloseDistance (no move) %llu\n", recorder.responsesInsidePadding);
    printf("detections per pass:");
    for (u32 i = 1; i <= IRR_DETECTIONS; i++) printf(" %u:%llu", i, recorder.iterationHistogram[i]);
    printf("\nwalk hash %016llx\n", (unsigned long long)walkHash);
    printf("wrote %s (%ld bytes)\n", outPath, size);
    for (size_t k = 0; k < walkers.size(); k++) delete walkers[k].animator;
    return 0;
}
