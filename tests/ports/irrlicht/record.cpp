// record.cpp -- walk characters through a level with Irrlicht 1.8.5's collide-and-slide, used
// only through its public API (Debian's libirrlicht-dev, <irrlicht/irrlicht.h>, -lIrrlicht), and
// record every collide-and-slide pass as a slidescope probe MOVE (docs/probe-format.md) through
// crates/slidescope-probe/include/slidescope_probe.h. Our code; no Irrlicht source is copied here.
//
//   (from the repository root; see README.md, or run tests/ports/irrlicht/record.sh)
//   g++ -std=c++11 -O2 -ffp-contract=off -Wall -I crates/slidescope-probe/include
//       tests/ports/irrlicht/record.cpp -lIrrlicht -o /tmp/irr_record
//   /tmp/irr_record LEVEL.mesh.slidelog OUT.slidelog [options]
//
// LEVEL.mesh.slidelog: a probe file whose first MESH record (kind 1) is the level (world-space
// triangle soup, counter-clockwise from the front). Its triangles become an scene::SMesh (one or
// more SMeshBuffers, in record order) and a triangle selector made by
// ISceneManager::createTriangleSelector(mesh, 0); the recorder checks at start-up that the
// selector's triangle k is the MESH record's triangle k, bit for bit. The same MESH record is
// written to OUT, so contacts use its numbering.
//
// The device: createDeviceEx with video::EDT_NULL, no window, no display needed.
//
// The game loop: each frame, each walker's "input" moves it (position += direction * speed *
// frame time, as Irrlicht's FPS camera animator does), then the recorder does what
// CSceneNodeAnimatorCollisionResponse::animateNode does with it -- the displacement since the last
// frame as the velocity, FallingVelocity += gravityPerSecond * diffMs * 0.001 (diffMs on Irrlicht's
// integer-millisecond clock, 16 or 17 ms at 60 frames a second), falling = the gravity sweep touched
// no triangle, FallingVelocity reset to 0 when not falling -- but as TWO public calls of
// ISceneCollisionManager::getCollisionResultPosition a frame instead of the animator's one:
//   1. position, velocity = the walk displacement, gravity argument 0  (one pass);
//   2. the result of 1, velocity = FallingVelocity, gravity argument 0   (one pass; skipped when
//      FallingVelocity is 0, as Irrlicht skips its gravity pass).
// Each call is one collide-and-slide pass, recorded as one MOVE (start, velocity, end). One animator
// call runs the same two passes inside Irrlicht, but hands the first pass's end to the second in
// ellipsoid space; here it goes through world space (result * radii, then / radii inside the second
// call), which can move it by an ulp. --check one-call / --check animator show the difference.
//
// What each MOVE holds (see CONVENTIONS.md, "What the recorder writes"):
//   end         = the call's return value;
//   iterations  = the detections the pass ran: how many times Irrlicht asked the selector for
//                 triangles during the call (the recorder hands Irrlicht a pass-through
//                 ITriangleSelector that delegates every call to Irrlicht's own selector and
//                 counts them; Irrlicht asks once per detection);
//   contacts    = one per detection that hit: triangle = the call's triout mapped to the MESH
//                 index, point = the call's hitPosition. The call returns only the last hit; the
//                 earlier ones come from observation calls that repeat the same pass with the
//                 pass-through selector answering "no triangles" from detection k on (which makes
//                 Irrlicht's pass stop at detection k and return the last hit before it). These
//                 calls only observe: the walk uses the result of the first, untouched call.
//   t, contact centre, contact normal: not exposed by the API: written as 0 and declared missing
//                 (CONVENTIONS record, key MISSING).
//
// Options:
//   --movers N          walkers (8)
//   --seconds S         simulated seconds (15)
//   --seed N            RNG seed (1); the run is deterministic for a given seed and input
//   --sliding-speed X   getCollisionResultPosition's slidingSpeed, eSpace units (0.0005, the
//                       default of getCollisionResultPosition and createCollisionResponseAnimator)
//   --gravity G         gravityPerSecond = (0, -G, 0) (9.81)
//   --speed V           walking speed, m/s (4)
//   --radii RX RY RZ    ellipsoid radii, m (0.4 0.9 0.4)
//   --plain             hand Irrlicht its own selector (no pass-through, no observation calls):
//                       MOVEs carry the start, velocity and end only, iterations declared missing.
//                       Must print the same walk hash as without it (the observation changes
//                       nothing).
//   --check MODE        no recording (OUT is not written; pass - ): only the walk and its hash.
//                       one-call: one getCollisionResultPosition a frame with FallingVelocity as
//                       the gravity argument (the animator's own call). animator: Irrlicht's own
//                       CSceneNodeAnimatorCollisionResponse (createCollisionResponseAnimator) on
//                       an empty scene node, animateNode(node, timeMs) called by hand. The two
//                       must print the same walk hash (the driver's FallingVelocity rules are the
//                       animator's).
//   --declare-conventions  also declare Irrlicht's choices in the CONVENTIONS record (probe
//                       format 1.1): padding along the velocity, a short leftover dropped
//                       (threshold = slidingSpeed, eSpace), keep the last centre at the iteration
//                       limit, one-sided by the velocity, no impulse filter, roots after the start
//                       only, +Y up. Off by default: the recordings are for probe-check to detect
//                       them.
//   --verbose           name each walker that falls out of the level (stderr)
//   --trace K           print walker K's position every frame (stderr)
//   --indoor            spawn only on floors with a downward-facing triangle straight above (an
//                       enclosed level such as a Quake map also has floors on its outer shell,
//                       outside the playable space, where a walker soon falls into the void)
//
// stdout: a summary, and "walk hash" (FNV-1a 64 of every walker's position after every frame).

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <map>
#include <vector>

#define SLIDESCOPE_PROBE_IMPLEMENTATION
#include "slidescope_probe.h"

#include <irrlicht/irrlicht.h>

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

// ---- the level as an Irrlicht mesh ----------------------------------------------------------
// SMeshBuffer has 16-bit indices: a new buffer starts whenever the next triangle would take the
// current one past 65535 vertices. Triangles keep their order (buffer by buffer), so the
// selector's triangle k is the MESH record's triangle k.
static scene::SMesh* buildMesh(const Level& level, u32& bufferCount) {
    static const u32 MAX_VERTICES = 65535;
    scene::SMesh* mesh = new scene::SMesh();
    const size_t vc = level.positions.size() / 3, tc = level.indices.size() / 3;
    std::vector<s32> local(vc, -1);   // global vertex -> index in the current buffer
    std::vector<u32> owner(vc, 0);    // which buffer `local` refers to (1-based)
    scene::SMeshBuffer* buf = NULL;
    u32 bufferId = 0;
    bufferCount = 0;
    for (size_t t = 0; t < tc; t++) {
        const uint32_t* ix = &level.indices[t * 3];
        u32 fresh = 0;
        for (int i = 0; i < 3; i++) {
            bool seen = buf && owner[ix[i]] == bufferId;
            for (int j = 0; j < i && !seen; j++) seen = ix[j] == ix[i];
            if (!seen) fresh++;
        }
        if (!buf || buf->Vertices.size() + fresh > MAX_VERTICES) {
            if (buf) {
                buf->recalculateBoundingBox();
                mesh->addMeshBuffer(buf);
                buf->drop();
            }
            buf = new scene::SMeshBuffer();
            bufferId++;
            bufferCount++;
        }
        for (int i = 0; i < 3; i++) {
            const uint32_t g = ix[i];
            if (owner[g] != bufferId) {
                owner[g] = bufferId;
                local[g] = (s32)buf->Vertices.size();
                const float* p = &level.positions[(size_t)g * 3];
                buf->Vertices.push_back(video::S3DVertex(p[0], p[1], p[2], 0.0f, 1.0f, 0.0f,
                                                         video::SColor(255, 255, 255, 255), 0.0f, 0.0f));
            }
            buf->Indices.push_back((u16)local[g]);
        }
    }
    if (buf) {
        buf->recalculateBoundingBox();
        mesh->addMeshBuffer(buf);
        buf->drop();
    }
    mesh->recalculateBoundingBox();
    return mesh;
}

// ---- a pass-through selector that counts Irrlicht's requests -------------------------------
// Every call goes to Irrlicht's own selector (made by createTriangleSelector). The only thing
// it adds: it counts getTriangles(box) calls, and from call number `cutoff` on (observation
// calls only) it answers "no triangles".
class PassThroughSelector : public scene::ITriangleSelector {
public:
    explicit PassThroughSelector(scene::ITriangleSelector* inner) : Inner(inner), Calls(0), Cutoff(~0u) {
        Inner->grab();
    }
    virtual ~PassThroughSelector() { Inner->drop(); }

    void begin(u32 cutoff) const { Calls = 0; Cutoff = cutoff; }
    u32 calls() const { return Calls; }

    virtual s32 getTriangleCount() const { return Inner->getTriangleCount(); }
    virtual void getTriangles(core::triangle3df* triangles, s32 arraySize, s32& outTriangleCount,
                              const core::matrix4* transform = 0) const {
        Inner->getTriangles(triangles, arraySize, outTriangleCount, transform);
    }
    virtual void getTriangles(core::triangle3df* triangles, s32 arraySize, s32& outTriangleCount,
                              const core::aabbox3d<f32>& box, const core::matrix4* transform = 0) const {
        if (Calls++ >= Cutoff) {
            outTriangleCount = 0;
            return;
        }
        Inner->getTriangles(triangles, arraySize, outTriangleCount, box, transform);
    }
    virtual void getTriangles(core::triangle3df* triangles, s32 arraySize, s32& outTriangleCount,
                              const core::line3d<f32>& line, const core::matrix4* transform = 0) const {
        Inner->getTriangles(triangles, arraySize, outTriangleCount, line, transform);
    }
    virtual scene::ISceneNode* getSceneNodeForTriangle(u32 triangleIndex) const {
        return Inner->getSceneNodeForTriangle(triangleIndex);
    }
    virtual u32 getSelectorCount() const { return 1; }
    virtual scene::ITriangleSelector* getSelector(u32 index) { return index == 0 ? this : 0; }
    virtual const scene::ITriangleSelector* getSelector(u32 index) const { return index == 0 ? this : 0; }

private:
    scene::ITriangleSelector* Inner;
    mutable u32 Calls;
    mutable u32 Cutoff;
};

// ---- triout -> MESH triangle index -----------------------------------------------------------
// triout is the triangle as Irrlicht hands it back: taken to ellipsoid space by the selector
// (a scale matrix of 1/radius) and multiplied by the radius again, so a coordinate may be an ulp
// off the MESH record's. Both the record's exact corners and their round trip are keys.
struct TriKey {
    uint32_t bits[9];
    bool operator<(const TriKey& o) const { return memcmp(bits, o.bits, sizeof bits) < 0; }
};

static uint32_t floatKey(f32 x) {
    if (x == 0.0f) x = 0.0f; // -0 and +0 are one key
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}

static TriKey keyOf(const core::triangle3df& t) {
    TriKey k;
    const core::vector3df* p[3] = {&t.pointA, &t.pointB, &t.pointC};
    for (int i = 0; i < 3; i++) {
        k.bits[i * 3 + 0] = floatKey(p[i]->X);
        k.bits[i * 3 + 1] = floatKey(p[i]->Y);
        k.bits[i * 3 + 2] = floatKey(p[i]->Z);
    }
    return k;
}

struct TriangleIndex {
    std::map<TriKey, u32> exact, roundTrip;
    unsigned long long duplicates;
    unsigned long long foundExact, foundRoundTrip, notFound;
    TriangleIndex() : duplicates(0), foundExact(0), foundRoundTrip(0), notFound(0) {}

    void build(const std::vector<core::triangle3df>& tris, const core::vector3df& radii) {
        const core::vector3df inv(1.0f / radii.X, 1.0f / radii.Y, 1.0f / radii.Z);
        for (u32 t = 0; t < tris.size(); t++) {
            core::triangle3df r = tris[t];
            core::vector3df* p[3] = {&r.pointA, &r.pointB, &r.pointC};
            for (int i = 0; i < 3; i++) {
                volatile f32 x = p[i]->X * inv.X, y = p[i]->Y * inv.Y, z = p[i]->Z * inv.Z;
                p[i]->X = x * radii.X;
                p[i]->Y = y * radii.Y;
                p[i]->Z = z * radii.Z;
            }
            // the first triangle with given corners keeps them (Irrlicht's ties go to the first)
            if (!exact.insert(std::make_pair(keyOf(tris[t]), t)).second) duplicates++;
            roundTrip.insert(std::make_pair(keyOf(r), t));
        }
    }

    uint32_t find(const core::triangle3df& triout) {
        const TriKey k = keyOf(triout);
        std::map<TriKey, u32>::const_iterator it = exact.find(k);
        if (it != exact.end()) { foundExact++; return it->second; }
        it = roundTrip.find(k);
        if (it != roundTrip.end()) { foundRoundTrip++; return it->second; }
        notFound++;
        return SLSP_NO_TRIANGLE;
    }
};

// ---- one public call ---------------------------------------------------------------------
struct CallResult {
    core::vector3df end;
    bool hit;                  // triout was written: the pass touched a triangle
    core::triangle3df triout;
    core::vector3df hitPosition;
    u32 detections;            // getTriangles(box) calls (pass-through selector only)
};

static bool sameBits(const void* a, const void* b, size_t n) { return memcmp(a, b, n) == 0; }

struct Caller {
    scene::ISceneCollisionManager* manager;
    scene::ITriangleSelector* world; // what Irrlicht is handed
    const PassThroughSelector* observer; // NULL with --plain
    core::vector3df radii;
    f32 slidingSpeed;
    unsigned long long calls;

    CallResult call(const core::vector3df& start, const core::vector3df& velocity,
                    const core::vector3df& gravity, u32 cutoff = ~0u) {
        CallResult r;
        const f32 nan = NAN;
        // the sentinel: Irrlicht writes triout only when the call touched a triangle
        r.triout = core::triangle3df(core::vector3df(nan, nan, nan), core::vector3df(nan, nan, nan),
                                     core::vector3df(nan, nan, nan));
        r.hitPosition = core::vector3df(nan, nan, nan);
        bool falling = false;
        scene::ISceneNode* node = 0;
        if (observer) observer->begin(cutoff);
        r.end = manager->getCollisionResultPosition(world, start, radii, velocity, r.triout,
                                                    r.hitPosition, falling, node, slidingSpeed, gravity);
        calls++;
        r.hit = !isnan(r.triout.pointA.X);
        r.detections = observer ? observer->calls() : 0;
        return r;
    }
};

// ---- the recorder: one MOVE per public call ----------------------------------------------
static const u32 IRR_DETECTIONS = 6; // Irrlicht's collideWithWorld: recursion depths 0..5 detect

struct Recorder {
    slsp_probe* probe;
    Caller* caller;
    TriangleIndex* triangles;
    bool observe;
    f32 slidingSpeed;
    // figures
    unsigned long long moves, passesVelocity, passesGravity, contactCount, observationCalls;
    unsigned long long endsClear, endsHit, endsHitSixth, anomalies;
    unsigned long long detectionHistogram[IRR_DETECTIONS + 2];

    Recorder(slsp_probe* p, Caller* c, TriangleIndex* t, bool obs, f32 s)
        : probe(p), caller(c), triangles(t), observe(obs), slidingSpeed(s), moves(0), passesVelocity(0),
          passesGravity(0), contactCount(0), observationCalls(0), endsClear(0), endsHit(0), endsHitSixth(0), anomalies(0) {
        for (u32 i = 0; i < IRR_DETECTIONS + 2; i++) detectionHistogram[i] = 0;
    }

    static void put(float out[3], const core::vector3df& v) { out[0] = v.X; out[1] = v.Y; out[2] = v.Z; }

    void contactFrom(const CallResult& r, u32 iteration, std::vector<slsp_contact>& out) {
        slsp_contact c;
        memset(&c, 0, sizeof c); // t, centre and normal: 0, declared missing
        c.iteration = iteration;
        c.minkowski_case = SLSP_CASE_UNKNOWN;
        c.triangle = triangles->find(r.triout);
        put(c.point, r.hitPosition);
        out.push_back(c);
    }

    // One pass: the public call whose result the walk uses, then (observing) the calls that
    // tell its earlier detections. Returns the first call's result.
    CallResult pass(u32 mover, const core::vector3df& start, const core::vector3df& velocity, bool gravityPass) {
        const CallResult r = caller->call(start, velocity, core::vector3df(0, 0, 0));
        std::vector<slsp_contact> contacts;
        const u32 n = r.detections;
        if (observe) {
            detectionHistogram[n <= IRR_DETECTIONS ? n : IRR_DETECTIONS + 1]++;
            if (n == 0 || n > IRR_DETECTIONS || (!r.hit && n != 1)) anomalies++;
            // Detections 0 .. n-2 all hit (Irrlicht detects again only after a hit); the call
            // cut at detection k returns, as its triout and hitPosition, detection k-1's.
            CallResult before;
            bool haveBefore = false;
            for (u32 k = 1; r.hit && k < n; k++) {
                before = caller->call(start, velocity, core::vector3df(0, 0, 0), k);
                haveBefore = true;
                observationCalls++;
                if (!before.hit || before.detections != k + 1) anomalies++;
                contactFrom(before, k - 1, contacts);
            }
            // Did detection n-1 hit too? If not, the pass ended as the call cut there ends.
            bool lastHit = r.hit;
            if (r.hit && haveBefore)
                lastHit = !(sameBits(&r.end, &before.end, sizeof r.end) &&
                            sameBits(&r.triout, &before.triout, sizeof r.triout) &&
                            sameBits(&r.hitPosition, &before.hitPosition, sizeof r.hitPosition));
            if (lastHit) contactFrom(r, n - 1, contacts);
            if (lastHit) endsHit++; else endsClear++;
            if (lastHit && n == IRR_DETECTIONS) endsHitSixth++; // the limit, or a short slide there: the same end
        }
        slsp_move m;
        float rad[3], s[3], v[3];
        put(rad, caller->radii);
        put(s, start);
        put(v, velocity);
        slsp_move_init(&m, mover, rad, s, v);
        m.has_skin = 1;
        m.skin_es = slidingSpeed;
        m.has_max_iterations = 1;
        m.max_iterations = IRR_DETECTIONS;
        m.has_result = 1;
        put(m.end, r.end);
        put(m.integration_velocity, r.end - start);
        m.iterations = observe ? n : 0;
        slsp_log_move(probe, &m, contacts.empty() ? NULL : &contacts[0], (uint32_t)contacts.size());
        moves++;
        contactCount += contacts.size();
        if (gravityPass) passesGravity++; else passesVelocity++;
        return r;
    }
};

// ---- spawning: a random point on an upward floor, the ellipsoid clear of every triangle -----
static double closestDistSq(const double p[3], const double a[3], const double b[3], const double c[3]) {
    // Our transcription of the closest-point regions of Ericson, Real-Time Collision Detection 5.1.5
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
// A walker: its position, its input, and the animator's state as the driver keeps it (what
// CSceneNodeAnimatorCollisionResponse keeps: LastPosition, LastTime, FallingVelocity, Falling,
// FirstUpdate). With --check animator, Irrlicht's own animator keeps it instead.
struct Walker {
    core::vector3df position;
    double nextTurn;
    core::vector3df direction;
    core::vector3df lastGround;
    uint64_t lastGroundFrame;
    bool skipInput; // the frame after a (re)spawn: no input (the first update takes the
                    // position as it is, unchecked)
    // the animator's state
    bool firstUpdate;
    u32 lastTime;
    core::vector3df lastPosition;
    core::vector3df fallingVelocity;
    bool falling;
    // --check animator
    scene::ISceneNode* node;
    scene::ISceneNodeAnimatorCollisionResponse* animator;
};

enum Mode { RECORD, CHECK_ONE_CALL, CHECK_ANIMATOR };

static void usage() {
    fprintf(stderr, "usage: irr_record LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] "
                    "[--seed N] [--sliding-speed X] [--gravity G] [--speed V] [--radii RX RY RZ] [--indoor] "
                    "[--plain] [--check one-call|animator] [--declare-conventions] [--verbose] [--trace K]\n");
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
    bool indoor = false, verbose = false, declare = false, plain = false;
    Mode mode = RECORD;
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
        else if (!strcmp(a, "--plain")) plain = true;
        else if (!strcmp(a, "--declare-conventions")) declare = true;
        else if (!strcmp(a, "--trace") && i + 1 < argc) trace = atoi(argv[++i]);
        else if (!strcmp(a, "--check") && i + 1 < argc) {
            const char* m = argv[++i];
            if (!strcmp(m, "one-call")) mode = CHECK_ONE_CALL;
            else if (!strcmp(m, "animator")) mode = CHECK_ANIMATOR;
            else usage();
        } else if (!strcmp(a, "--radii") && i + 3 < argc) {
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

    // ---- Irrlicht: a null device, the level mesh, its triangle selector
    SIrrlichtCreationParameters params;
    params.DriverType = video::EDT_NULL; // no window, no display
    params.LoggingLevel = ELL_NONE;      // no start-up banner on stdout
    IrrlichtDevice* device = createDeviceEx(params);
    if (!device) { fprintf(stderr, "createDeviceEx(EDT_NULL) failed\n"); return 1; }
    // A stopped virtual clock at 0: nothing Irrlicht does reads the wall clock into the run.
    device->getTimer()->setTime(0);
    device->getTimer()->stop();
    scene::ISceneManager* smgr = device->getSceneManager();
    u32 bufferCount = 0;
    scene::SMesh* mesh = buildMesh(level, bufferCount);
    scene::ITriangleSelector* irrSelector = smgr->createTriangleSelector(mesh, 0);
    if (!irrSelector) { fprintf(stderr, "createTriangleSelector failed\n"); return 1; }
    {
        // the selector's triangle k must be the MESH record's triangle k, bit for bit
        std::vector<core::triangle3df> got(triCount + 1);
        s32 n = 0;
        irrSelector->getTriangles(&got[0], (s32)got.size(), n, (const core::matrix4*)0);
        if ((u32)irrSelector->getTriangleCount() != triCount || (u32)n != triCount) {
            fprintf(stderr, "the selector has %d triangles (returned %d), the MESH %u\n",
                    irrSelector->getTriangleCount(), n, triCount);
            return 1;
        }
        for (u32 t = 0; t < triCount; t++)
            if (!(got[t].pointA.X == tris[t].pointA.X && got[t].pointA.Y == tris[t].pointA.Y &&
                  got[t].pointA.Z == tris[t].pointA.Z && got[t].pointB.X == tris[t].pointB.X &&
                  got[t].pointB.Y == tris[t].pointB.Y && got[t].pointB.Z == tris[t].pointB.Z &&
                  got[t].pointC.X == tris[t].pointC.X && got[t].pointC.Y == tris[t].pointC.Y &&
                  got[t].pointC.Z == tris[t].pointC.Z)) {
                fprintf(stderr, "the selector's triangle %u is not the MESH's\n", t);
                return 1;
            }
    }
    PassThroughSelector* passThrough = new PassThroughSelector(irrSelector);
    const bool observe = mode == RECORD && !plain;
    scene::ISceneCollisionManager* collision = smgr->getSceneCollisionManager();
    Caller caller;
    caller.manager = collision;
    caller.world = observe ? (scene::ITriangleSelector*)passThrough : irrSelector;
    caller.observer = observe ? passThrough : NULL;
    caller.radii = radii;
    caller.slidingSpeed = slidingSpeed;
    caller.calls = 0;
    TriangleIndex triangleIndex;
    triangleIndex.build(tris, radii);

    slsp_probe* probe = NULL;
    if (mode == RECORD) {
        probe = slsp_save(outPath);
        if (!probe) { fprintf(stderr, "cannot write %s\n", outPath); return 1; }
        slsp_conventions c;
        slsp_conventions_init(&c);
        // What the public API does not give: the time of impact, the centre at contact, the
        // slide-plane normal (and, with --plain, the iteration count).
        c.missing = SLSP_MISSING_CONTACT_T | SLSP_MISSING_CONTACT_CENTER | SLSP_MISSING_CONTACT_NORMAL |
                    (plain ? SLSP_MISSING_ITERATIONS : 0);
        if (declare) {
            c.padding = SLSP_PADDING_VELOCITY;           // CONVENTIONS.md (a)
            c.short_motion = SLSP_SHORT_MOTION_DROPPED;  // (b)
            c.min_motion_es = slidingSpeed;
            c.min_motion_m = 0.0f;
            c.dead_zone_m = 0.0f;
            c.iteration_limit = SLSP_LIMIT_KEEP_LAST;    // (c)
            c.sidedness = SLSP_ONE_SIDED_LEAVING;        // (d)
            c.impulse_filter = 0;
            c.roots_after_start_only = 1;                // (e)
            c.embedded_plane_skipped = 1;                // (e), embedded in the plane
            c.up_axis = SLSP_UP_POS_Y;
        }
        slsp_set_conventions(probe, &c);
        slsp_level_mesh(probe, level.positions.empty() ? NULL : &level.positions[0], vertCount,
                        level.indices.empty() ? NULL : &level.indices[0], triCount);
    }
    Recorder recorder(probe, &caller, &triangleIndex, observe, slidingSpeed);

    const core::vector3df gravityPerSecond(0, -gravity, 0);
    Rng rng(seed);
    Spawner spawner(level, radii, indoor);
    std::vector<Walker> walkers((size_t)movers);
    for (int k = 0; k < movers; k++) {
        Walker& w = walkers[k];
        if (!spawner.spawn(rng, w.position)) { fprintf(stderr, "no clear spawn point\n"); return 1; }
        w.nextTurn = 0;
        w.skipInput = true;
        w.lastGround = w.position;
        w.lastGroundFrame = 0;
        w.firstUpdate = true;
        w.lastTime = 0;
        w.lastPosition = w.position;
        w.falling = false;
        w.node = NULL;
        w.animator = NULL;
        if (mode == CHECK_ANIMATOR) {
            w.node = smgr->addEmptySceneNode();
            w.node->setPosition(w.position);
            w.animator = smgr->createCollisionResponseAnimator(irrSelector, w.node, radii, gravityPerSecond,
                                                               core::vector3df(0, 0, 0), slidingSpeed);
        }
    }

    const uint64_t frames = (uint64_t)(seconds * 60.0 + 0.5);
    uint64_t walkHash = 0xcbf29ce484222325ull;
    unsigned long long respawns = 0, fallingSteps = 0, steps = 0, gravitySkipped = 0;
    u32 lastTime = 0;
    for (uint64_t frame = 0; frame < frames; frame++) {
        const u32 timeMs = (u32)(frame * 1000 / 60); // Irrlicht's integer millisecond clock
        const u32 frameDiff = frame == 0 ? 0 : timeMs - lastTime;
        lastTime = timeMs;
        const double now = timeMs * 0.001;
        if (probe) slsp_frame(probe, frame, now, (float)frameDiff * 0.001f);
        for (int k = 0; k < movers; k++) {
            Walker& w = walkers[k];
            if (now >= w.nextTurn) {
                const double angle = rng.range(0, 6.283185307179586);
                w.direction = core::vector3df((f32)cos(angle), 0, (f32)sin(angle));
                w.nextTurn = now + rng.range(0.7, 1.3);
            }
            // the input moves the character (as the FPS camera animator does)
            const core::vector3df step = w.direction * (speed * (f32)frameDiff * 0.001f);
            bool falling;
            if (mode == CHECK_ANIMATOR) {
                if (!w.skipInput) w.node->setPosition(w.node->getPosition() + step);
                w.animator->animateNode(w.node, timeMs);
                w.position = w.node->getPosition();
                falling = w.animator->isFalling();
            } else {
                if (!w.skipInput) w.position += step;
                // the animator's bookkeeping (CSceneNodeAnimatorCollisionResponse::animateNode);
                // at time 0 it restarts, as it does
                u32 t = timeMs;
                if (t == 0) { w.firstUpdate = true; t = w.lastTime; }
                if (w.firstUpdate) {
                    w.lastPosition = w.position;
                    w.falling = false;
                    w.lastTime = t;
                    w.fallingVelocity.set(0, 0, 0);
                    w.firstUpdate = false;
                }
                const u32 diff = t - w.lastTime;
                w.lastTime = t;
                const core::vector3df vel = w.position - w.lastPosition;
                w.fallingVelocity += gravityPerSecond * (f32)diff * 0.001f;
                bool hitGround;
                if (mode == CHECK_ONE_CALL) {
                    // the animator's own call: both passes inside Irrlicht
                    bool f = false;
                    core::triangle3df tri;
                    core::vector3df hit;
                    scene::ISceneNode* node = 0;
                    w.position = collision->getCollisionResultPosition(irrSelector, w.lastPosition, radii, vel, tri,
                                                                       hit, f, node, slidingSpeed, w.fallingVelocity);
                    hitGround = !f;
                } else {
                    // call 1: the walk displacement; call 2: FallingVelocity from where call 1 ended
                    const CallResult walk = recorder.pass((u32)k, w.lastPosition, vel, false);
                    w.position = walk.end;
                    if (w.fallingVelocity.equals(core::vector3df(0, 0, 0))) {
                        hitGround = true; // Irrlicht skips the gravity pass: not falling
                        gravitySkipped++;
                    } else {
                        const CallResult fall = recorder.pass((u32)k, w.position, w.fallingVelocity, true);
                        w.position = fall.end;
                        hitGround = fall.hit;
                    }
                }
                w.falling = !hitGround;
                if (!w.falling) w.fallingVelocity.set(0, 0, 0);
                w.lastPosition = w.position;
                falling = w.falling;
            }
            w.skipInput = false;
            steps++;
            if (falling) fallingSteps++;
            else { w.lastGround = w.position; w.lastGroundFrame = frame; }
            if (k == trace)
                fprintf(stderr, "frame %llu walker %d: (%.5f %.5f %.5f) falling %d\n", (unsigned long long)frame, k,
                        w.position.X, w.position.Y, w.position.Z, (int)falling);
            const core::vector3df& p = w.position;
            const f32 xyz[3] = {p.X, p.Y, p.Z};
            const unsigned char* bytes = (const unsigned char*)xyz;
            for (int i = 0; i < 12; i++) { walkHash ^= bytes[i]; walkHash *= 0x100000001b3ull; }
            if (!(p.Y > minY - 20.0f) || !(fabsf(p.X) < 1e6f) || !(fabsf(p.Z) < 1e6f)) {
                // fell out of the level: respawn (a teleport; the animator restarts, as after
                // setWorld / setGravity)
                if (!spawner.spawn(rng, w.position)) { fprintf(stderr, "no clear spawn point\n"); return 1; }
                w.firstUpdate = true;
                if (mode == CHECK_ANIMATOR) {
                    w.node->setPosition(w.position);
                    w.animator->setGravity(gravityPerSecond);
                }
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
    if (probe) slsp_close(probe);

    printf("Irrlicht %s, null device; level: %u vertices, %u triangles (%u mesh buffer%s), mesh hash %016llx\n",
           device->getVersion(), vertCount, triCount, bufferCount, bufferCount == 1 ? "" : "s",
           (unsigned long long)level.hash);
    printf("walkers %d, frames %llu, sliding speed %g, seed %llu, %s\n", movers, (unsigned long long)frames,
           (double)slidingSpeed, (unsigned long long)seed,
           mode == CHECK_ONE_CALL ? "check: one call a frame (the animator's)"
           : mode == CHECK_ANIMATOR ? "check: Irrlicht's animator"
           : plain ? "two calls a frame, plain selector" : "two calls a frame");
    printf("steps %llu (falling after %llu), respawns %llu\n", steps, fallingSteps, respawns);
    if (mode == RECORD) {
        printf("moves %llu (velocity calls %llu, gravity calls %llu; gravity call skipped %llu), contacts %llu\n",
               recorder.moves, recorder.passesVelocity, recorder.passesGravity, gravitySkipped,
               recorder.contactCount);
        if (observe) {
            printf("pass ends: clear %llu, on a hit %llu (after the 6th detection %llu); observation calls %llu\n",
                   recorder.endsClear, recorder.endsHit, recorder.endsHitSixth, recorder.observationCalls);
            printf("detections per pass:");
            for (u32 i = 1; i <= IRR_DETECTIONS; i++) printf(" %u:%llu", i, recorder.detectionHistogram[i]);
            printf("; anomalies %llu\n", recorder.anomalies + recorder.detectionHistogram[0] +
                                              recorder.detectionHistogram[IRR_DETECTIONS + 1]);
            printf("contact triangles: %llu exact, %llu after the radius round trip, %llu not found; "
                   "duplicate triangles in the MESH %llu\n", triangleIndex.foundExact, triangleIndex.foundRoundTrip,
                   triangleIndex.notFound, triangleIndex.duplicates);
        }
    }
    printf("walk hash %016llx\n", (unsigned long long)walkHash);
    if (mode == RECORD) {
        FILE* f = fopen(outPath, "rb");
        long size = 0;
        if (f) { fseek(f, 0, SEEK_END); size = ftell(f); fclose(f); }
        printf("wrote %s (%ld bytes)\n", outPath, size);
    }
    for (size_t k = 0; k < walkers.size(); k++)
        if (walkers[k].animator) walkers[k].animator->drop();
    passThrough->drop();
    irrSelector->drop();
    mesh->drop();
    device->drop();
    return 0;
}
