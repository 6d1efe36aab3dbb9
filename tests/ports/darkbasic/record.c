/* record.c -- walk characters through a level with Dark Basic Pro's ellipsoid collide-and-slide
 * (TheGameCreators/Dark-Basic-Pro, "Shared/Objects/ElipsoidCollision": col_response.cpp,
 * col_step.cpp, col_types.cpp, MIT; Kasper Fauerby's 2003 code as his paper prints it) and write
 * every collide-and-slide pass as a slidescope probe MOVE (docs/probe-format.md) through
 * crates/slidescope-probe/include/slidescope_probe.h. Our code; no Dark Basic Pro source is in
 * this repository (README.md says which commit, and the two changes GCC needs).
 *
 *   record LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] [--seed K] [--indoor]
 *   (record.sh builds and runs it; built with -DRECORD_PLAIN it observes nothing, writes no file
 *   and prints the walk hash only)
 *
 * The port is used through its global API (col_global.h), as its col_example.cpp does: the level
 * is the triangle pool (colSetTrianglePool, stride 0: triangle k at pool[9k .. 9k+8], the MESH
 * record's triangles in order), colSetRadius, colSetUnitsPerMeter(100) (the value Fauerby's paper
 * sets: its padding is then 0.005 eSpace), and once a frame per walker collideAndSlide(position,
 * velocity) with the frame's horizontal displacement, the vertical part as the gravity pass's
 * displacement (colSetGravity before the call; the port runs it as a second pass from where the
 * first ended, in eSpace). The game reads the trace's collidedagainstfloor as "on the ground".
 *
 * Each pass is one MOVE of the walker (docs/probe-format.md: "An engine that makes two passes
 * per call"): the first pass ends where the second's first detection starts (its eSpace base
 * point * radius, as collideAndSlide hands it over). A pass is the detections from one at
 * collisionRecursionDepth 0 to the next. A detection's contact is the packet's nearest hit after
 * its last triangle: t = nearestDistance / velocityLength, centre = (basePoint + velocity * t) *
 * radius, point = intersectionPoint * radius, normal = the eSpace slide normal the port computes
 * from the unpadded centre (normalize(centre - point)) taken to world, triangle = the pool
 * triangle whose check made the hit.
 *
 * stdout: a summary and "walk hash" (FNV-1a 64 of every walker's position after every frame);
 * the -DRECORD_PLAIN build must print the same hash.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLIDESCOPE_PROBE_IMPLEMENTATION
#include "slidescope_probe.h"

#include "shim.h"
#include "walk.h" /* the level, the grid, the RNG, spawning and the walkers (tests/ports/common) */

#define DBP_PASS_DETECTIONS 6  /* col_response.cpp: a recursion deeper than 5 returns */
#define DBP_UNITS_PER_METER 100.0f
#define DBP_SKIN_ES (0.005f * (DBP_UNITS_PER_METER / 100.0f)) /* veryCloseDistance, eSpace */

#ifndef RECORD_PLAIN
static unsigned long long MOVES, CONTACTS, ZERO_MOVES, NONFINITE, PASS_HIST[DBP_PASS_DETECTIONS + 1];

static void contact_of(slsp_contact *c, const dbp_detection *d, const float radius[3], uint32_t it) {
    float t = d->nearest / d->velocity_length, touch[3], n_es[3], len = 0;
    for (int k = 0; k < 3; k++) {
        touch[k] = d->base[k] + d->velocity[k] * t;
        n_es[k] = touch[k] - d->point[k];
        len += n_es[k] * n_es[k];
    }
    for (int k = 0; k < 3; k++) n_es[k] = n_es[k] / sqrtf(len);
    walk_contact(c, it, t, touch, d->point, n_es, radius, d->triangle);
}

/* One pass: detections [first, first + n). */
static void log_pass(slsp_probe *probe, uint32_t mover, const float radius[3], const float start[3],
                     const float velocity[3], const float end[3], const dbp_detection *det, int n) {
    slsp_move m;
    slsp_contact contacts[DBP_PASS_DETECTIONS];
    uint32_t count = 0;
    int finite = walk_move(&m, mover, radius, start, velocity, end, DBP_SKIN_ES, DBP_PASS_DETECTIONS, (uint32_t)n);
    NONFINITE += !finite;
    for (int i = 0; i < n; i++)
        if (det[i].hit) contact_of(&contacts[count++], &det[i], radius, (uint32_t)i);
    slsp_log_move(probe, &m, contacts, count);
    MOVES++;
    CONTACTS += count;
    ZERO_MOVES += velocity[0] == 0 && velocity[1] == 0 && velocity[2] == 0;
    PASS_HIST[n]++;
}
#endif

int main(int argc, char **argv) {
    walk_args args;
    if (!walk_parse(argc, argv, &args)) return 2;
    const char *mesh_in = args.mesh_in, *out_path = args.out_path;
    int movers = args.movers;
    double seconds = args.seconds;
    const float radius[3] = {0.4f, 0.9f, 0.4f};
    if (!walk_open(mesh_in, radius, args.indoor)) return 1;

    /* the triangle pool, as colSetTrianglePool takes it (stride 0) */
    float *pool = malloc((size_t)TC * 9 * sizeof *pool);
    for (uint32_t t = 0; t < TC; t++)
        for (int k = 0; k < 3; k++) memcpy(&pool[(size_t)t * 9 + 3 * k], corner(t, k), 3 * sizeof(float));
    dbp_open((int)TC, pool, radius, DBP_UNITS_PER_METER);

#ifndef RECORD_PLAIN
    slsp_probe *probe = slsp_save(out_path);
    if (!probe) { fprintf(stderr, "cannot write %s\n", out_path); return 1; }
    slsp_level_mesh(probe, POS, VC, IDX, TC);
#else
    (void)out_path;
#endif
    float (*pos)[3] = calloc((size_t)movers, sizeof *pos);
    walk_state *w = calloc((size_t)movers, sizeof *w);
    for (int i = 0; i < movers; i++) spawn(pos[i]);

    const long frames = (long)floor(seconds / WALK_DT + 0.5);
    uint64_t hash = 0xcbf29ce484222325ULL;
    unsigned long long respawns = 0, lost = 0, calls = 0;
    for (long frame = 0; frame < frames; frame++) {
        double time = frame * WALK_DT;
#ifndef RECORD_PLAIN
        slsp_frame(probe, (uint64_t)frame, time, (float)WALK_DT);
#endif
        for (int i = 0; i < movers; i++) {
            float start[3], vel[3], finish[3];
            memcpy(start, pos[i], sizeof start);
            walk_input(&w[i], time, vel);
            float v1[3] = {vel[0], 0.0f, vel[2]}, v2[3] = {0.0f, vel[1], 0.0f};
            int floor_met = dbp_move(start, v1, v2, finish); /* the port's call */
            calls++;
#ifndef RECORD_PLAIN
            int n, overflow, second = -1;
            const dbp_detection *det = dbp_detections(&n, &overflow);
            for (int k = 1; k < n && !overflow; k++)
                if (det[k].depth == 0) second = second < 0 ? k : -2;
            if (overflow || second < 1 || n - second > DBP_PASS_DETECTIONS || second > DBP_PASS_DETECTIONS) {
                fprintf(stderr, "frame %ld walker %d: %d detections do not make two passes\n", frame, i, n);
                return 1;
            }
            float mid[3];
            walk_world_of(mid, det[second].base, radius);
            log_pass(probe, (uint32_t)i, radius, start, v1, mid, det, second);
            log_pass(probe, (uint32_t)i, radius, mid, v2, finish, det + second, n - second);
#endif
            memcpy(pos[i], finish, sizeof finish);
            int back = walk_after(&w[i], floor_met, start, vel, finish, pos[i]);
            respawns += back != 0;
            lost += back == 2;
            hash = walk_hash(hash, pos[i]);
        }
    }
#ifndef RECORD_PLAIN
    slsp_close(probe);
    printf("wrote %s: %llu calls, %llu moves (%llu with no velocity), %llu contacts, %llu respawns "
           "(%llu of a non-finite position)\n",
           out_path, calls, MOVES, ZERO_MOVES, CONTACTS, respawns, lost);
    printf("detections a pass 1 / 2 / 3 / 4 / 5 / 6: %llu / %llu / %llu / %llu / %llu / %llu; non-finite ends "
           "(moves): %llu\n",
           PASS_HIST[1], PASS_HIST[2], PASS_HIST[3], PASS_HIST[4], PASS_HIST[5], PASS_HIST[6], NONFINITE);
#else
    printf("plain: %llu calls, %llu respawns (%llu of a non-finite position)\n", calls, respawns, lost);
#endif
    printf("walk hash %016llx\n", (unsigned long long)hash);
    return 0;
}
