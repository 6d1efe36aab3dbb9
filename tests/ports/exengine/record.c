/* record.c -- walk characters through a level with exengine's collide-and-slide
 * (solenum/exengine, src/exengine/util/entity.c and math/collision.c, MIT, compiled unchanged from
 * a checkout whose path record.sh takes) and write every collide-and-slide pass as a slidescope
 * probe MOVE (docs/probe-format.md) through crates/slidescope-probe/include/slidescope_probe.h.
 * Our code; no exengine source is in this repository (README.md says which commit, and where).
 *
 *   (record.sh builds it and makes the recordings; by hand, from the repository root, with
 *   EXE = the checkout's src/exengine and F = -std=c99 -O2 -ffp-contract=off
 *   -I tests/ports/exengine/stub -I $EXE -I crates/slidescope-probe/include:)
 *   gcc $F -c $EXE/util/entity.c -o entity.o && gcc $F -c $EXE/math/collision.c -o collision.o
 *   gcc $F tests/ports/exengine/record.c entity.o collision.o \
 *       -Wl,--wrap=ex_collision_check_triangle -lm -o record
 *   record LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] [--seed K] [--indoor]
 *          [--verbose]
 *   (built with -DRECORD_PLAIN and without the --wrap: no observation, no file written, OUT
 *   ignored; it prints the walk hash only)
 *
 * LEVEL.mesh.slidelog is a MESH-only probe file (tests/ports/irrlicht/glb_mesh.py); its MESH is
 * written to OUT with the same vertices and indices (the same bytes: record.sh compares them),
 * so contacts use its triangle numbering.
 *
 * exengine is used through its entity API (util/entity.h): an ex_scene_t whose coll_vertices is
 * the level as a triangle soup (triangle k at coll_vertices[3k .. 3k+2], as
 * ex_scene_build_collision stores it), an ex_entity_t per walker made by ex_entity_new, and
 * ex_entity_collide_and_slide(entity) once a frame with entity->velocity the frame's displacement
 * (exengine's ex_entity_update, which its example game.c calls, runs that same call 5 times a
 * frame at dt / 5; one call a frame keeps the walk of the other port recorders); entity->grounded,
 * which the call sets, is the game's "on the ground", as in game.c. The octree is replaced by our two query functions over a uniform 2 m grid (the stub
 * math/octree.h): they answer the box entity.c asks for with every triangle whose bounds meet it,
 * in triangle order, as one result entry.
 *
 * One ex_entity_collide_and_slide runs two passes of ex_entity_collide_with_world (entity.c): the
 * horizontal velocity, then the vertical part from where the first ended (in eSpace). Each pass
 * is one MOVE of the walker (docs/probe-format.md: "An engine that makes two passes per call"),
 * the first pass's end being the second's start (eSpace * radius, as entity.c turns its result
 * into the entity's position).
 *
 * Observation, without changing exengine: the link wraps ex_collision_check_triangle
 * (-Wl,--wrap: entity.c calls it from another compilation unit). The wrapper calls the real one
 * and notes whether the packet's nearest hit changed; our octree query counts the detections (one
 * query per ex_entity_check_collision). A detection's contact is the packet's hit after its last
 * triangle: t = packet.t, centre = (e_base_point + e_velocity * t) * radius, point =
 * intersect_point * radius, normal = the eSpace slide normal entity.c computes
 * (normalize(touch_point - intersect_point)) taken to world (divided by the radii, normalised),
 * triangle = the query's entry whose check made the hit. The passes are cut from the detections
 * by entity.c's loop (a pass ends at a detection that finds nothing, or after 3).
 *
 * stdout: a summary and "walk hash" (FNV-1a 64 of every walker's position after every frame);
 * the -DRECORD_PLAIN build (no wrapping) must print the same hash.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLIDESCOPE_PROBE_IMPLEMENTATION
#include "slidescope_probe.h"

#include "util/entity.h" /* exengine's, with our stub headers for the octree and scene */

/* ---- the level: the MESH record of a MESH-only probe file ------------------------------------ */
static float *POS;      /* xyz per vertex */
static uint32_t *IDX;   /* 3 per triangle */
static uint32_t VC, TC;

static uint32_t rd32(const unsigned char *p) {
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static int read_mesh(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); return 0; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc((size_t)size);
    if (!b || fread(b, 1, (size_t)size, f) != (size_t)size) { fclose(f); return 0; }
    fclose(f);
    if (size < 16 || memcmp(b, "SLPROBE\0", 8) != 0 || (b[8] | (b[9] << 8)) != 1) {
        fprintf(stderr, "%s: not a version 1 slidescope probe file\n", path);
        return 0;
    }
    size_t at = 16;
    while (at + 8 <= (size_t)size) {
        uint32_t kind = rd32(b + at), len = rd32(b + at + 4);
        at += 8;
        if (len > (size_t)size - at) { fprintf(stderr, "%s: truncated record\n", path); return 0; }
        if (kind == 1) {
            const unsigned char *p = b + at;
            uint64_t hash = (uint64_t)rd32(p) | ((uint64_t)rd32(p + 4) << 32);
            VC = rd32(p + 8);
            TC = rd32(p + 12);
            if (16 + (uint64_t)VC * 12 + (uint64_t)TC * 12 > len || slsp_fnv1a64(p + 8, len - 8) != hash) {
                fprintf(stderr, "%s: bad MESH record\n", path);
                return 0;
            }
            POS = malloc((size_t)VC * 12);
            IDX = malloc((size_t)TC * 12);
            for (size_t i = 0; i < (size_t)VC * 3; i++) {
                uint32_t u = rd32(p + 16 + i * 4);
                memcpy(&POS[i], &u, 4);
            }
            for (size_t i = 0; i < (size_t)TC * 3; i++) {
                IDX[i] = rd32(p + 16 + (size_t)VC * 12 + i * 4);
                if (IDX[i] >= VC) { fprintf(stderr, "%s: index out of range\n", path); return 0; }
            }
            free(b);
            return 1;
        }
        at += len;
    }
    fprintf(stderr, "%s: no MESH record\n", path);
    return 0;
}

static const float *corner(uint32_t t, int k) { return &POS[(size_t)IDX[(size_t)t * 3 + k] * 3]; }

/* ---- the broad phase: a uniform grid over triangle bounds (our octree stand-in) -------------- */
#define CELL 2.0
typedef struct { long long key; uint32_t tri; } cell_entry;
static cell_entry *GRID;
static size_t GRID_N;
static float (*BOX)[6]; /* per triangle: min xyz, max xyz */
static uint32_t *SEEN, STAMP;

static long long cell_key(long long ix, long long iy, long long iz) {
    return (ix + 4096) + (iy + 4096) * 8192 + (iz + 4096) * 67108864LL;
}

static int cmp_entry(const void *a, const void *b) {
    const cell_entry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->tri < y->tri ? -1 : (x->tri > y->tri);
}

static void build_grid(void) {
    size_t cap = 1024;
    GRID = malloc(cap * sizeof *GRID);
    BOX = malloc((size_t)TC * sizeof *BOX);
    SEEN = calloc(TC, sizeof *SEEN);
    for (uint32_t t = 0; t < TC; t++) {
        for (int k = 0; k < 3; k++) {
            BOX[t][k] = fminf(corner(t, 0)[k], fminf(corner(t, 1)[k], corner(t, 2)[k]));
            BOX[t][3 + k] = fmaxf(corner(t, 0)[k], fmaxf(corner(t, 1)[k], corner(t, 2)[k]));
        }
        for (long long ix = (long long)floor(BOX[t][0] / CELL); ix <= (long long)floor(BOX[t][3] / CELL); ix++)
            for (long long iy = (long long)floor(BOX[t][1] / CELL); iy <= (long long)floor(BOX[t][4] / CELL); iy++)
                for (long long iz = (long long)floor(BOX[t][2] / CELL); iz <= (long long)floor(BOX[t][5] / CELL); iz++) {
                    if (GRID_N == cap) GRID = realloc(GRID, (cap *= 2) * sizeof *GRID);
                    GRID[GRID_N].key = cell_key(ix, iy, iz);
                    GRID[GRID_N++].tri = t;
                }
    }
    qsort(GRID, GRID_N, sizeof *GRID, cmp_entry);
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : (x > y);
}

/* The triangles whose bounds meet [lo, hi], ascending; returns how many (into *out, reused). */
static uint32_t *QUERY;
static size_t QUERY_CAP;
static size_t query(const double lo[3], const double hi[3]) {
    size_t n = 0;
    STAMP++;
    for (long long ix = (long long)floor(lo[0] / CELL); ix <= (long long)floor(hi[0] / CELL); ix++)
        for (long long iy = (long long)floor(lo[1] / CELL); iy <= (long long)floor(hi[1] / CELL); iy++)
            for (long long iz = (long long)floor(lo[2] / CELL); iz <= (long long)floor(hi[2] / CELL); iz++) {
                long long key = cell_key(ix, iy, iz);
                size_t a = 0, b = GRID_N; /* first entry with this key */
                while (a < b) {
                    size_t m = (a + b) / 2;
                    if (GRID[m].key < key) a = m + 1; else b = m;
                }
                for (; a < GRID_N && GRID[a].key == key; a++) {
                    uint32_t t = GRID[a].tri;
                    if (SEEN[t] == STAMP) continue;
                    SEEN[t] = STAMP;
                    const float *bx = BOX[t];
                    if (bx[0] <= hi[0] && bx[3] >= lo[0] && bx[1] <= hi[1] && bx[4] >= lo[1] &&
                        bx[2] <= hi[2] && bx[5] >= lo[2]) {
                        if (n == QUERY_CAP) QUERY = realloc(QUERY, (QUERY_CAP = QUERY_CAP ? QUERY_CAP * 2 : 1024) * sizeof *QUERY);
                        QUERY[n++] = t;
                    }
                }
            }
    qsort(QUERY, n, sizeof *QUERY, cmp_u32);
    return n;
}

/* ---- what one ex_entity_collide_and_slide did: its detections -------------------------------- */
#define MAX_DETECTIONS 16
typedef struct {
    int hit;               /* the packet's nearest hit was set during this detection */
    uint32_t triangle;     /* the entry whose check set it last */
    double t;
    vec3 base, velocity;   /* e_base_point, e_velocity of the detection (eSpace) */
    vec3 intersect;        /* intersect_point (eSpace) */
} detection;

static ex_entity_t *CURRENT;         /* the entity being moved */
static detection DET[MAX_DETECTIONS];
static int DET_N, DET_OVERFLOW;
static uint32_t *ENTRY;              /* the current detection's answer: 3 * triangle, in order */
static size_t ENTRY_N, ENTRY_CAP, ENTRY_AT;
static unsigned long long DETECTIONS_TOTAL;

void ex_octree_get_colliding_count(ex_octree_t *o, rect_t *bounds, int *count) {
    (void)o;
    /* one query a detection (ex_entity_check_collision) */
    if (CURRENT) {
        if (DET_N < MAX_DETECTIONS) {
            detection *d = &DET[DET_N];
            memset(d, 0, sizeof *d);
            memcpy(d->base, CURRENT->packet.e_base_point, sizeof(vec3));
            memcpy(d->velocity, CURRENT->packet.e_velocity, sizeof(vec3));
        } else {
            DET_OVERFLOW = 1;
        }
        DET_N++;
        DETECTIONS_TOTAL++;
    }
    double lo[3], hi[3];
    for (int k = 0; k < 3; k++) { lo[k] = bounds->min[k]; hi[k] = bounds->max[k]; }
    size_t n = query(lo, hi);
    if (n > ENTRY_CAP) ENTRY = realloc(ENTRY, (ENTRY_CAP = n) * sizeof *ENTRY);
    for (size_t i = 0; i < n; i++) ENTRY[i] = QUERY[i] * 3;
    ENTRY_N = n;
    ENTRY_AT = 0;
    *count = n > 0 ? 1 : 0;
}

void ex_octree_get_colliding(ex_octree_t *o, rect_t *bounds, ex_octree_data_t *data_list, int *index) {
    (void)o;
    (void)bounds;
    if (ENTRY_N > 0) {
        data_list[*index].data = ENTRY;
        data_list[*index].len = ENTRY_N;
        (*index)++;
    }
}

#ifndef RECORD_PLAIN
void __real_ex_collision_check_triangle(ex_coll_packet_t *packet, const vec3 p1, const vec3 p2, const vec3 p3);

/* entity.c's call, observed: the real check, then whether it made this triangle the nearest hit. */
void __wrap_ex_collision_check_triangle(ex_coll_packet_t *packet, const vec3 p1, const vec3 p2, const vec3 p3) {
    int found = packet->found_collision;
    float nearest = packet->nearest_distance;
    double t = packet->t;
    vec3 point;
    memcpy(point, packet->intersect_point, sizeof(vec3));
    __real_ex_collision_check_triangle(packet, p1, p2, p3);
    uint32_t entry = ENTRY_AT < ENTRY_N ? ENTRY[ENTRY_AT] / 3 : SLSP_NO_TRIANGLE;
    ENTRY_AT++;
    int changed = packet->found_collision != found || packet->nearest_distance != nearest ||
                  packet->t != t || memcmp(point, packet->intersect_point, sizeof(vec3)) != 0;
    if (changed && packet->found_collision && DET_N >= 1 && DET_N <= MAX_DETECTIONS) {
        detection *d = &DET[DET_N - 1];
        d->hit = 1;
        d->triangle = entry;
        d->t = packet->t;
        memcpy(d->intersect, packet->intersect_point, sizeof(vec3));
    }
}
#endif

/* ---- a seeded RNG (64-bit LCG, top 31 bits), as tests/ports/slam/record.lua ------------------- */
static uint64_t RNG;
static double rnd(void) {
    RNG = RNG * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)((RNG >> 33) & 0x7FFFFFFF) / 2147483648.0;
}

/* ---- spawning: a random point on an upward floor, the ellipsoid clear of every triangle ------ */
static double RADII[3];
static int INDOOR;

static void dsub(double r[3], const double a[3], const double b[3]) { for (int k = 0; k < 3; k++) r[k] = a[k] - b[k]; }
static double ddot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void dcross(double r[3], const double u[3], const double v[3]) {
    r[0] = u[1] * v[2] - u[2] * v[1];
    r[1] = u[2] * v[0] - u[0] * v[2];
    r[2] = u[0] * v[1] - u[1] * v[0];
}
static void tri_d(uint32_t t, double a[3], double b[3], double c[3]) {
    for (int k = 0; k < 3; k++) { a[k] = corner(t, 0)[k]; b[k] = corner(t, 1)[k]; c[k] = corner(t, 2)[k]; }
}

static double at_sq(const double p[3], const double q[3]) { double d[3]; dsub(d, p, q); return ddot(d, d); }

/* Ericson, Real-Time Collision Detection 5.1.5 */
static double dist_sq_point_triangle(const double p[3], const double a[3], const double b[3], const double c[3]) {
    double ab[3], ac[3], ap[3], bp[3], cp[3], q[3];
    dsub(ab, b, a); dsub(ac, c, a); dsub(ap, p, a);
    double d1 = ddot(ab, ap), d2 = ddot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return at_sq(p, a);
    dsub(bp, p, b);
    double d3 = ddot(ab, bp), d4 = ddot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return at_sq(p, b);
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        double v = d1 / (d1 - d3);
        for (int k = 0; k < 3; k++) q[k] = a[k] + v * ab[k];
        return at_sq(p, q);
    }
    dsub(cp, p, c);
    double d5 = ddot(ab, cp), d6 = ddot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return at_sq(p, c);
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) {
        double w = d2 / (d2 - d6);
        for (int k = 0; k < 3; k++) q[k] = a[k] + w * ac[k];
        return at_sq(p, q);
    }
    double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        for (int k = 0; k < 3; k++) q[k] = b[k] + w * (c[k] - b[k]);
        return at_sq(p, q);
    }
    double denom = 1 / (va + vb + vc);
    double v = vb * denom, w = vc * denom;
    for (int k = 0; k < 3; k++) q[k] = a[k] + ab[k] * v + ac[k] * w;
    return at_sq(p, q);
}

static int clear_of_level(const double p[3]) {
    double lo[3], hi[3], pe[3];
    for (int k = 0; k < 3; k++) { lo[k] = p[k] - 2; hi[k] = p[k] + 2; pe[k] = p[k] / RADII[k]; }
    size_t n = query(lo, hi);
    for (size_t i = 0; i < n; i++) {
        double a[3], b[3], c[3];
        tri_d(QUERY[i], a, b, c);
        for (int k = 0; k < 3; k++) { a[k] /= RADII[k]; b[k] /= RADII[k]; c[k] /= RADII[k]; }
        if (dist_sq_point_triangle(pe, a, b, c) < 1.1 * 1.1) return 0;
    }
    return 1;
}

static int ceiling_above(const double p[3]) { /* a downward-facing triangle straight above p */
    const double d[3] = {0, 1, 0};
    for (uint32_t t = 0; t < TC; t++) {
        double a[3], b[3], c[3], e1[3], e2[3], n[3], q[3], s[3], r[3];
        tri_d(t, a, b, c);
        dsub(e1, b, a); dsub(e2, c, a);
        dcross(n, e1, e2);
        if (n[1] >= 0) continue;
        dcross(q, d, e2);
        double det = ddot(e1, q);
        if (fabs(det) <= 1e-12) continue;
        dsub(s, p, a);
        double u = ddot(s, q) / det;
        if (u < 0 || u > 1) continue;
        dcross(r, s, e1);
        double v = ddot(d, r) / det;
        if (v >= 0 && u + v <= 1 && ddot(e2, r) / det > 1e-6) return 1;
    }
    return 0;
}

static uint32_t *FLOORS, NFLOORS;

static void spawn(float out[3]) {
    for (int tries = 0; tries < 5000; tries++) {
        uint32_t t = FLOORS[(size_t)(rnd() * NFLOORS)];
        double a[3], b[3], c[3], p[3];
        tri_d(t, a, b, c);
        double u = rnd(), v = rnd();
        if (u + v > 1) { u = 1 - u; v = 1 - v; }
        for (int k = 0; k < 3; k++) p[k] = a[k] + u * (b[k] - a[k]) + v * (c[k] - a[k]);
        p[1] = p[1] + RADII[1] * 1.15;
        if (clear_of_level(p) && (!INDOOR || ceiling_above(p))) {
            for (int k = 0; k < 3; k++) out[k] = (float)p[k];
            return;
        }
    }
    fprintf(stderr, "no clear spawn point\n");
    exit(1);
}

/* ---- the recording ----------------------------------------------------------------------------- */
#define EX_PASS_DETECTIONS 3   /* entity.c: for (int i=0; i<3; i++) */
#define EX_SKIN_ES 0.001f      /* entity.c: VERY_CLOSE_DIST, eSpace (long_radius = 1.0 + VERY_CLOSE_DIST) */

static int VERBOSE;
#ifndef RECORD_PLAIN
static unsigned long long MOVES, CONTACTS, ZERO_MOVES, NONFINITE;
static unsigned long long PASS_HIST[EX_PASS_DETECTIONS + 1]; /* detections a pass: 1, 2, 3 */
static unsigned long long LIMIT_HITS;                        /* passes whose 3rd detection hit */

static void world_of(float out[3], const vec3 es, const float radius[3]) {
    for (int k = 0; k < 3; k++) out[k] = es[k] * radius[k]; /* vec3_mul, as entity.c */
}

/* One pass = detections [first, first + n). */
static void log_pass(slsp_probe *probe, uint32_t mover, const float radius[3], const float start[3],
                     const float velocity[3], const float end[3], int first, int n) {
    slsp_move m;
    slsp_contact contacts[EX_PASS_DETECTIONS];
    memset(contacts, 0, sizeof contacts);
    uint32_t count = 0;
    slsp_move_init(&m, mover, radius, start, velocity);
    m.has_result = 1;
    m.has_skin = 1;
    m.skin_es = EX_SKIN_ES;
    m.has_max_iterations = 1;
    m.max_iterations = EX_PASS_DETECTIONS;
    int finite = 1;
    for (int k = 0; k < 3; k++) {
        m.end[k] = end[k];
        m.integration_velocity[k] = end[k] - start[k];
        finite = finite && isfinite(end[k]);
    }
    if (!finite) {
        NONFINITE++;
        if (VERBOSE) {
            fprintf(stderr, "move %llu (walker %u): start %.9g %.9g %.9g, velocity %.9g %.9g %.9g, "
                            "a non-finite end after %d detections\n",
                    MOVES, mover, start[0], start[1], start[2], velocity[0], velocity[1], velocity[2], n);
            for (int i = 0; i < n; i++) {
                const detection *d = &DET[first + i];
                fprintf(stderr, "  detection %d: hit %d, triangle %u, t %.9g, eSpace base %.9g %.9g %.9g, "
                                "velocity %.9g %.9g %.9g, point %.9g %.9g %.9g\n",
                        i, d->hit, d->triangle, d->t, d->base[0], d->base[1], d->base[2], d->velocity[0],
                        d->velocity[1], d->velocity[2], d->intersect[0], d->intersect[1], d->intersect[2]);
            }
        }
    }
    m.iterations = (uint32_t)n;
    for (int i = 0; i < n; i++) {
        const detection *d = &DET[first + i];
        if (!d->hit) continue;
        slsp_contact *c = &contacts[count++];
        memset(c, 0, sizeof *c);
        c->iteration = (uint32_t)i;
        c->minkowski_case = SLSP_CASE_UNKNOWN;
        c->t = (float)d->t;
        vec3 temp, touch, n_es, n_w, r;
        vec3 vel, base, hit;
        memcpy(vel, d->velocity, sizeof(vec3));
        memcpy(base, d->base, sizeof(vec3));
        memcpy(hit, d->intersect, sizeof(vec3));
        memcpy(r, radius, sizeof(vec3));
        vec3_scale(temp, vel, (float)d->t); /* entity.c: the touch point */
        vec3_add(touch, base, temp);
        vec3_sub(n_es, touch, hit);         /* entity.c: the slide-plane normal */
        vec3_norm(n_es, n_es);
        vec3_div(n_w, n_es, r);             /* the eSpace plane's normal in world */
        vec3_norm(n_w, n_w);
        world_of(c->center, touch, radius);
        world_of(c->point, hit, radius);
        memcpy(c->normal, n_w, sizeof(vec3));
        c->triangle = d->triangle;
    }
    slsp_log_move(probe, &m, contacts, count);
    MOVES++;
    CONTACTS += count;
    if (velocity[0] == 0 && velocity[1] == 0 && velocity[2] == 0) ZERO_MOVES++;
    PASS_HIST[n <= EX_PASS_DETECTIONS ? n : 0]++;
    if (n == EX_PASS_DETECTIONS && DET[first + n - 1].hit) LIMIT_HITS++;
}

/* The detections of a pass, by entity.c's loop: hits until one that finds nothing, at most 3. */
static int pass_length(int first) {
    int n = 0;
    while (first + n < DET_N && n < EX_PASS_DETECTIONS) {
        n++;
        if (!DET[first + n - 1].hit) break;
    }
    return n;
}
#endif

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: record LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] [--seed K] "
                        "[--indoor] [--verbose]\n");
        return 2;
    }
    const char *mesh_in = argv[1], *out_path = argv[2];
    int movers = 8;
    double seconds = 8;
    long long seed = 1;
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--movers") && i + 1 < argc) movers = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = atoll(argv[++i]);
        else if (!strcmp(argv[i], "--indoor")) INDOOR = 1;
        else if (!strcmp(argv[i], "--verbose")) VERBOSE = 1;
        else { fprintf(stderr, "unknown argument %s\n", argv[i]); return 2; }
    }
    if (!read_mesh(mesh_in)) return 1;
    build_grid();
    RNG = (uint64_t)seed * 2654435761ULL + 1;

    const float radius[3] = {0.4f, 0.9f, 0.4f};
    for (int k = 0; k < 3; k++) RADII[k] = radius[k];

    /* the scene as ex_scene_build_collision leaves it: a triangle soup, triangle k at 3k */
    ex_scene_t scene;
    memset(&scene, 0, sizeof scene);
    scene.coll_vertices = malloc((size_t)TC * 3 * sizeof(vec3));
    for (uint32_t t = 0; t < TC; t++)
        for (int k = 0; k < 3; k++) memcpy(scene.coll_vertices[(size_t)t * 3 + k], corner(t, k), sizeof(vec3));
    scene.coll_vertices_last = (size_t)TC * 3;
    scene.coll_tree = NULL; /* our queries ignore it */

    FLOORS = malloc((size_t)TC * sizeof *FLOORS);
    double min_y = HUGE_VAL;
    for (uint32_t t = 0; t < TC; t++) {
        double a[3], b[3], c[3], e1[3], e2[3], n[3];
        tri_d(t, a, b, c);
        dsub(e1, b, a); dsub(e2, c, a);
        dcross(n, e1, e2);
        double l = sqrt(ddot(n, n));
        if (l > 1e-4 && n[1] / l > 0.8) FLOORS[NFLOORS++] = t;
        min_y = fmin(min_y, fmin(a[1], fmin(b[1], c[1])));
    }

#ifndef RECORD_PLAIN
    slsp_probe *probe = slsp_save(out_path);
    if (!probe) { fprintf(stderr, "cannot write %s\n", out_path); return 1; }
    slsp_level_mesh(probe, POS, VC, IDX, TC);
#else
    (void)out_path;
#endif

    typedef struct {
        ex_entity_t *e;
        double vy, wish[2], next_turn;
        int grounded;
    } walker;
    walker *w = calloc((size_t)movers, sizeof *w);
    for (int i = 0; i < movers; i++) {
        vec3 r = {radius[0], radius[1], radius[2]};
        w[i].e = ex_entity_new(&scene, r);
        spawn(w[i].e->position);
    }

    const double DT = (float)(1.0 / 60.0), SPEED = 4.0, JUMP = 5.0, G = 9.81;
    const long frames = (long)floor(seconds / DT + 0.5);
    uint64_t walk_hash = 0xcbf29ce484222325ULL;
    unsigned long long respawns = 0, lost = 0, calls = 0;
    for (long frame = 0; frame < frames; frame++) {
        double time = frame * DT;
#ifndef RECORD_PLAIN
        slsp_frame(probe, (uint64_t)frame, time, (float)DT);
#endif
        for (int i = 0; i < movers; i++) {
            walker *wk = &w[i];
            ex_entity_t *e = wk->e;
            if (time >= wk->next_turn) {
                double a = rnd() * 2 * M_PI;
                wk->wish[0] = cos(a);
                wk->wish[1] = sin(a);
                if (rnd() < 0.1) wk->wish[0] = wk->wish[1] = 0;
                if (wk->grounded && rnd() < 0.25) wk->vy = JUMP;
                wk->next_turn = time + 0.75 + rnd() * 0.5;
            }
            wk->vy = wk->vy - G * DT;
            float start[3], vel[3];
            memcpy(start, e->position, sizeof start);
            vel[0] = (float)(wk->wish[0] * SPEED * DT);
            vel[1] = (float)(wk->vy * DT);
            vel[2] = (float)(wk->wish[1] * SPEED * DT);

            /* the port's call */
            memcpy(e->velocity, vel, sizeof vel);
            e->grounded = 0;
            CURRENT = e;
            DET_N = 0;
            ex_entity_collide_and_slide(e);
            CURRENT = NULL;
            calls++;
            float finish[3];
            memcpy(finish, e->position, sizeof finish);

#ifndef RECORD_PLAIN
            if (DET_OVERFLOW) { fprintf(stderr, "more than %d detections in a call\n", MAX_DETECTIONS); return 1; }
            int n1 = pass_length(0), n2 = pass_length(n1);
            if (n1 < 1 || n2 < 1 || n1 + n2 != DET_N) {
                fprintf(stderr, "frame %ld walker %d: %d detections do not make two passes\n", frame, i, DET_N);
                return 1;
            }
            /* the first pass ends where the second starts: its e_base_point, taken to world */
            float mid[3], v1[3] = {vel[0], 0.0f, vel[2]}, v2[3] = {0.0f, vel[1], 0.0f};
            world_of(mid, DET[n1].base, radius);
            log_pass(probe, (uint32_t)i, radius, start, v1, mid, 0, n1);
            log_pass(probe, (uint32_t)i, radius, mid, v2, finish, n1, n2);
#endif
            /* game logic: exengine's grounded flag holds the walker; a rise cut short is a ceiling */
            wk->grounded = e->grounded;
            if (wk->grounded && wk->vy < 0) wk->vy = 0;
            if (wk->vy > 0 && (double)finish[1] - start[1] < 0.5 * vel[1]) wk->vy = 0;
            /* fell out of the level, or lost (a non-finite position): put back on a new spawn point
             * (a teleport between moves, not a move) */
            int lost_now = !isfinite(finish[0]) || !isfinite(finish[1]) || !isfinite(finish[2]);
            if (lost_now || finish[1] < min_y - 5) {
                lost += (unsigned long long)lost_now;
                if (VERBOSE) fprintf(stderr, "frame %ld: walker %d put back (%s)\n", frame, i,
                                     lost_now ? "a non-finite position" : "fell out of the level");
                spawn(e->position);
                wk->vy = 0;
                wk->grounded = 0;
                respawns++;
            }
            const unsigned char *bytes = (const unsigned char *)e->position;
            for (size_t k = 0; k < sizeof(vec3); k++) walk_hash = (walk_hash ^ bytes[k]) * 0x100000001b3ULL;
        }
    }
#ifndef RECORD_PLAIN
    slsp_close(probe);
    printf("wrote %s: %llu calls, %llu moves (%llu with no velocity), %llu contacts, %llu respawns "
           "(%llu of a non-finite position)\n",
           out_path, calls, MOVES, ZERO_MOVES, CONTACTS, respawns, lost);
    printf("detections %llu; a pass 1 / 2 / 3: %llu / %llu / %llu; passes whose 3rd detection hit: %llu; "
           "non-finite ends (moves): %llu\n",
           DETECTIONS_TOTAL, PASS_HIST[1], PASS_HIST[2], PASS_HIST[3], LIMIT_HITS, NONFINITE);
#else
    printf("plain: %llu calls, %llu detections, %llu respawns (%llu of a non-finite position)\n", calls,
           DETECTIONS_TOTAL, respawns, lost);
#endif
    printf("walk hash %016llx\n", (unsigned long long)walk_hash);
    return 0;
}
