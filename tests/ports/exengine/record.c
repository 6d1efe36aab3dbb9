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

#include "walk.h" /* the level, the grid, the RNG, spawning and the walkers (tests/ports/common) */

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
    int finite = walk_move(&m, mover, radius, start, velocity, end, EX_SKIN_ES, EX_PASS_DETECTIONS, (uint32_t)n);
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
    walk_args args;
    if (!walk_parse(argc, argv, &args)) return 2;
    const char *mesh_in = args.mesh_in, *out_path = args.out_path;
    int movers = args.movers;
    double seconds = args.seconds;
    VERBOSE = args.verbose;
    const float radius[3] = {0.4f, 0.9f, 0.4f};
    if (!walk_open(mesh_in, radius, args.indoor)) return 1;

    /* the scene as ex_scene_build_collision leaves it: a triangle soup, triangle k at 3k */
    ex_scene_t scene;
    memset(&scene, 0, sizeof scene);
    scene.coll_vertices = malloc((size_t)TC * 3 * sizeof(vec3));
    for (uint32_t t = 0; t < TC; t++)
        for (int k = 0; k < 3; k++) memcpy(scene.coll_vertices[(size_t)t * 3 + k], corner(t, k), sizeof(vec3));
    scene.coll_vertices_last = (size_t)TC * 3;
    scene.coll_tree = NULL; /* our queries ignore it */

#ifndef RECORD_PLAIN
    slsp_probe *probe = slsp_save(out_path);
    if (!probe) { fprintf(stderr, "cannot write %s\n", out_path); return 1; }
    slsp_level_mesh(probe, POS, VC, IDX, TC);
#else
    (void)out_path;
#endif

    ex_entity_t **e_of = calloc((size_t)movers, sizeof *e_of);
    walk_state *w = calloc((size_t)movers, sizeof *w);
    for (int i = 0; i < movers; i++) {
        vec3 r = {radius[0], radius[1], radius[2]};
        e_of[i] = ex_entity_new(&scene, r);
        spawn(e_of[i]->position);
    }

    const long frames = (long)floor(seconds / WALK_DT + 0.5);
    uint64_t hash = 0xcbf29ce484222325ULL;
    unsigned long long respawns = 0, lost = 0, calls = 0;
    for (long frame = 0; frame < frames; frame++) {
        double time = frame * WALK_DT;
#ifndef RECORD_PLAIN
        slsp_frame(probe, (uint64_t)frame, time, (float)WALK_DT);
#endif
        for (int i = 0; i < movers; i++) {
            ex_entity_t *e = e_of[i];
            float start[3], vel[3];
            memcpy(start, e->position, sizeof start);
            walk_input(&w[i], time, vel);

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
            /* game logic: exengine's grounded flag holds the walker (game.c) */
            int back = walk_after(&w[i], e->grounded, start, vel, finish, e->position);
            if (back) {
                respawns++;
                lost += back == 2;
                if (VERBOSE) fprintf(stderr, "frame %ld: walker %d put back (%s)\n", frame, i,
                                     back == 2 ? "a non-finite position" : "fell out of the level");
            }
            hash = walk_hash(hash, e->position);
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
    printf("walk hash %016llx\n", (unsigned long long)hash);
    return 0;
}
