/* walk.h -- the walk every C port recorder shares (tests/ports/exengine, darkbasic, kouchkarting):
 * the level read from a MESH-only probe file, a uniform grid over its triangles, a seeded RNG,
 * spawn points on floors clear of the level, and the walkers' input and game logic, as
 * tests/ports/slam/record.lua walks. Our code; include it once, in the recorder's one C file,
 * after <math.h>, <stdint.h>, <stdio.h>, <stdlib.h>, <string.h> and slidescope_probe.h (for
 * slsp_fnv1a64).
 */
#ifndef M_PI
#define M_PI 3.14159265358979323846 /* as glibc's <math.h> defines it outside strict C99 */
#endif
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
            if (len < 16) { fprintf(stderr, "%s: bad MESH record\n", path); return 0; }
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


/* ---- the walkers ---------------------------------------------------------------------------- */
#define WALK_DT ((double)(float)(1.0 / 60.0))
#define WALK_SPEED 4.0
#define WALK_JUMP 5.0
#define WALK_G 9.81

typedef struct {
    double vy, wish[2], next_turn;
    int grounded;
} walk_state;

static double MIN_Y; /* the level's lowest point: a walker 5 m below it has fallen out */

/* The level read, its grid built, its floors listed; radii in metres. */
static int walk_open(const char *mesh_path, const float radius[3], int indoor) {
    if (!read_mesh(mesh_path)) return 0;
    build_grid();
    for (int k = 0; k < 3; k++) RADII[k] = radius[k];
    INDOOR = indoor;
    FLOORS = malloc((size_t)TC * sizeof *FLOORS);
    MIN_Y = HUGE_VAL;
    for (uint32_t t = 0; t < TC; t++) {
        double a[3], b[3], c[3], e1[3], e2[3], n[3];
        tri_d(t, a, b, c);
        dsub(e1, b, a); dsub(e2, c, a);
        dcross(n, e1, e2);
        double l = sqrt(ddot(n, n));
        if (l > 1e-4 && n[1] / l > 0.8) FLOORS[NFLOORS++] = t;
        MIN_Y = fmin(MIN_Y, fmin(a[1], fmin(b[1], c[1])));
    }
    if (NFLOORS == 0) { fprintf(stderr, "%s: no floor to spawn on\n", mesh_path); return 0; }
    return 1;
}

/* The walker's wish at `time`: a new direction every 0.75-1.25 s (standing 10 % of the time), a
 * jump on a quarter of the turns when grounded, gravity; `vel` the frame's displacement. */
static void walk_input(walk_state *w, double time, float vel[3]) {
    if (time >= w->next_turn) {
        double a = rnd() * 2 * M_PI;
        w->wish[0] = cos(a);
        w->wish[1] = sin(a);
        if (rnd() < 0.1) w->wish[0] = w->wish[1] = 0;
        if (w->grounded && rnd() < 0.25) w->vy = WALK_JUMP;
        w->next_turn = time + 0.75 + rnd() * 0.5;
    }
    w->vy = w->vy - WALK_G * WALK_DT;
    vel[0] = (float)(w->wish[0] * WALK_SPEED * WALK_DT);
    vel[1] = (float)(w->vy * WALK_DT);
    vel[2] = (float)(w->wish[1] * WALK_SPEED * WALK_DT);
}

/* The game's logic after the port's call: `grounded` holds the walker; a rise cut short is a
 * ceiling; a walker fallen out of the level or lost (a non-finite position) is put back on a new
 * spawn point in `position` (a teleport between moves). Returns 1 for a put-back, 2 if it was
 * lost. */
static int walk_after(walk_state *w, int grounded, const float start[3], const float vel[3],
                      const float finish[3], float position[3]) {
    w->grounded = grounded;
    if (w->grounded && w->vy < 0) w->vy = 0;
    if (w->vy > 0 && (double)finish[1] - start[1] < 0.5 * vel[1]) w->vy = 0;
    int lost = !isfinite(finish[0]) || !isfinite(finish[1]) || !isfinite(finish[2]);
    if (!lost && finish[1] >= MIN_Y - 5) return 0;
    spawn(position);
    w->vy = 0;
    w->grounded = 0;
    return lost ? 2 : 1;
}

/* FNV-1a 64 of a position's bytes, folded into `hash` (the walk hash recorders print). */
static uint64_t walk_hash(uint64_t hash, const float position[3]) {
    const unsigned char *bytes = (const unsigned char *)position;
    for (size_t k = 0; k < 3 * sizeof(float); k++) hash = (hash ^ bytes[k]) * 0x100000001b3ULL;
    return hash;
}

/* ---- the command line and the MOVE every C recorder writes ----------------------------------- */
typedef struct {
    const char *mesh_in, *out_path;
    int movers, indoor, verbose;
    double seconds;
    long long seed;
} walk_args;

/* LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] [--seed K] [--indoor] [--verbose]
 * (8 walkers, 8 s, seed 1 by default); 0, after saying why, on anything else. The RNG seeded. */
static int walk_parse(int argc, char **argv, walk_args *a) {
    *a = (walk_args){.movers = 8, .seconds = 8, .seed = 1};
    if (argc < 3) {
        fprintf(stderr, "usage: record LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] [--seed K] "
                        "[--indoor] [--verbose]\n");
        return 0;
    }
    a->mesh_in = argv[1];
    a->out_path = argv[2];
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--movers") && i + 1 < argc) a->movers = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) a->seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) a->seed = atoll(argv[++i]);
        else if (!strcmp(argv[i], "--indoor")) a->indoor = 1;
        else if (!strcmp(argv[i], "--verbose")) a->verbose = 1;
        else { fprintf(stderr, "unknown argument %s\n", argv[i]); return 0; }
    }
    RNG = (uint64_t)a->seed * 2654435761ULL + 1;
    return 1;
}

#ifndef RECORD_PLAIN /* the plain builds write nothing */
/* eSpace to world as the ports take it back: a product by the radii. */
static inline void walk_world_of(float out[3], const float es[3], const float radius[3]) {
    for (int k = 0; k < 3; k++) out[k] = es[k] * radius[k];
}

/* A detection's contact from the port's eSpace values (Dark Basic Pro, kouchkarting): the
 * centre at `t` and the touched point taken to world, the unit eSpace normal `n_es` taken to
 * world (divided by the radii) and normalised; the case left to slidescope. */
static inline void walk_contact(slsp_contact *c, uint32_t it, float t, const float touch_es[3],
                                const float point_es[3], const float n_es[3], const float radius[3],
                                uint32_t triangle) {
    float n_w[3], len_w = 0;
    for (int k = 0; k < 3; k++) {
        n_w[k] = n_es[k] / radius[k];
        len_w += n_w[k] * n_w[k];
    }
    memset(c, 0, sizeof *c);
    c->iteration = it;
    c->minkowski_case = SLSP_CASE_UNKNOWN;
    c->t = t;
    walk_world_of(c->center, touch_es, radius);
    walk_world_of(c->point, point_es, radius);
    for (int k = 0; k < 3; k++) c->normal[k] = n_w[k] / sqrtf(len_w);
    c->triangle = triangle;
}

/* A pass's MOVE: its result (`end`, end - start as the integration velocity, `iterations`), the
 * port's skin (eSpace) and iteration limit. Returns whether the end is finite. */
static int walk_move(slsp_move *m, uint32_t mover, const float radius[3], const float start[3],
                     const float velocity[3], const float end[3], float skin_es, uint32_t limit,
                     uint32_t iterations) {
    slsp_move_init(m, mover, radius, start, velocity);
    m->has_result = 1;
    m->has_skin = 1;
    m->skin_es = skin_es;
    m->has_max_iterations = 1;
    m->max_iterations = limit;
    m->iterations = iterations;
    int finite = 1;
    for (int k = 0; k < 3; k++) {
        m->end[k] = end[k];
        m->integration_velocity[k] = end[k] - start[k];
        finite = finite && isfinite(end[k]);
    }
    return finite;
}
#endif
