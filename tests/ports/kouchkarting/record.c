/* record.c -- walk characters through a level with kouchkarting's ellipsoid collide-and-slide
 * (petergok/kouchkarting, src/collision/WorldCollision.java, Java) and write every pass as a
 * slidescope probe MOVE (docs/probe-format.md) through
 * crates/slidescope-probe/include/slidescope_probe.h. Our code; no kouchkarting source is in this
 * repository (README.md says which commit).
 *
 *   KOUCHKARTING_CLASSES=DIR record LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S]
 *       [--seed K] [--indoor]
 *   (record.sh builds and runs it; DIR holds the compiled port and Driver.java; built with
 *   -DRECORD_PLAIN it runs the port unobserved, writes no file and prints the walk hash only)
 *
 * The port runs in a JVM (Driver.java) that this program starts and talks to over two pipes: the
 * radii and the level's triangles (MESH order) once, then per walker a frame the game's call,
 * as the game's Couch.checkCollisionsAndMove makes it: `new WorldCollision(velocity, gravity,
 * position, radius, up).collideAndSlide(world)`, with the frame's horizontal displacement as the
 * velocity and its vertical one as the gravity. The port runs the gravity pass, then the velocity
 * pass from where it ended, in eSpace. After the call, the game's own logic (Couch.move): a
 * walker that moved less than 0.05 m while asked to move, or that the port found embedded, is
 * lifted 0.2 m (a teleport between moves); foundGravityCollision() with no rise asked is "on the
 * ground".
 *
 * Each pass is one MOVE (docs/probe-format.md: "An engine that makes two passes per call"): the
 * gravity pass from the position, then the velocity pass from where the first ended (its eSpace
 * end * radius, as the port hands it over). A detection's contact: t = nearestDistance /
 * |velocity| (the port's unclamped root), centre = (basePoint + velocity * t) * radius, point =
 * intersectionPoint * radius (the port's point, where it leaves it), normal = the port's
 * slidingPlaneNormal taken to world, triangle = the one whose check made the hit.
 *
 * stdout: a summary and "walk hash" (FNV-1a 64 of every walker's position after every frame);
 * the -DRECORD_PLAIN build must print the same hash.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define SLIDESCOPE_PROBE_IMPLEMENTATION
#include "slidescope_probe.h"

#include "walk.h" /* the level, the grid, the RNG, spawning and the walkers (tests/ports/common) */

#define KK_PASS_DETECTIONS 1001 /* collideWithMesh: a recursion deeper than 1000 returns */
#define KK_SKIN_ES 0.5f          /* veryCloseDistance, eSpace */
#define KK_MAX_LINE 512

typedef struct {
    int pass, depth, triangle;
    float base[3], velocity[3], nearest, point[3], normal[3];
} kk_detection;

static FILE *TO_PORT, *FROM_PORT;
static kk_detection *DET;
static int NDET;

/* The JVM running Driver, its stdin and stdout ours. */
static int port_start(int plain) {
    const char *classes = getenv("KOUCHKARTING_CLASSES");
    if (!classes) { fprintf(stderr, "KOUCHKARTING_CLASSES is not set\n"); return 0; }
    int to[2], from[2];
    if (pipe(to) || pipe(from)) return 0;
    pid_t pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[1]);
        close(from[0]);
        execlp("java", "java", "-Xss64m", "-cp", classes, "Driver", plain ? "plain" : "observe", (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    TO_PORT = fdopen(to[1], "w");
    FROM_PORT = fdopen(from[0], "r");
    return TO_PORT && FROM_PORT;
}

static void put(float x) {
    uint32_t u;
    memcpy(&u, &x, 4);
    fprintf(TO_PORT, " %x", u);
}

static int get(char **s, float *x) {
    char *end;
    unsigned long u = strtoul(*s, &end, 16);
    if (end == *s) return 0;
    uint32_t b = (uint32_t)u;
    memcpy(x, &b, 4);
    *s = end;
    return 1;
}

static int get3(char **s, float v[3]) { return get(s, &v[0]) && get(s, &v[1]) && get(s, &v[2]); }

/* One call: the detections in DET, the port's end, its gravity hit and its embedded flag. */
static int port_call(const float start[3], const float v[3], const float g[3], float end[3], int *ground,
                     int *embedded) {
    fputc('C', TO_PORT);
    for (int k = 0; k < 3; k++) put(start[k]);
    for (int k = 0; k < 3; k++) put(v[k]);
    for (int k = 0; k < 3; k++) put(g[k]);
    fputc('\n', TO_PORT);
    fflush(TO_PORT);
    char line[KK_MAX_LINE];
    NDET = 0;
    while (fgets(line, sizeof line, FROM_PORT)) {
        char *s = line + 2;
        if (line[0] == 'E') return get3(&s, end) && sscanf(s, "%d %d", ground, embedded) == 2;
        if (line[0] != 'D' || NDET >= 2 * KK_PASS_DETECTIONS) return 0;
        kk_detection *d = &DET[NDET++];
        d->pass = (int)strtol(s, &s, 10);
        d->depth = (int)strtol(s, &s, 10);
        if (!get3(&s, d->base) || !get3(&s, d->velocity)) return 0;
        d->triangle = (int)strtol(s, &s, 10);
        if (!get(&s, &d->nearest) || !get3(&s, d->point) || !get3(&s, d->normal)) return 0;
    }
    return 0;
}

#ifndef RECORD_PLAIN
static unsigned long long MOVES, CONTACTS, NEGATIVE_T, NONFINITE, LONGEST;

static void contact_of(slsp_contact *c, const kk_detection *d, const float radius[3], uint32_t it) {
    float len = sqrtf(d->velocity[0] * d->velocity[0] + d->velocity[1] * d->velocity[1] +
                      d->velocity[2] * d->velocity[2]);
    float t = d->nearest / len, touch[3];
    for (int k = 0; k < 3; k++) touch[k] = d->base[k] + d->velocity[k] * t;
    walk_contact(c, it, t, touch, d->point, d->normal, radius, (uint32_t)d->triangle);
    NEGATIVE_T += t < 0;
}

/* One pass: detections [0, n) of `det`. */
static void log_pass(slsp_probe *probe, uint32_t mover, const float radius[3], const float start[3],
                     const float velocity[3], const float end[3], const kk_detection *det, int n) {
    static slsp_contact contacts[KK_PASS_DETECTIONS];
    uint32_t count = 0;
    slsp_move m;
    NONFINITE += !walk_move(&m, mover, radius, start, velocity, end, KK_SKIN_ES, KK_PASS_DETECTIONS, (uint32_t)n);
    for (int i = 0; i < n; i++)
        if (det[i].triangle >= 0) contact_of(&contacts[count++], &det[i], radius, (uint32_t)i);
    slsp_log_move(probe, &m, contacts, count);
    MOVES++;
    CONTACTS += count;
    LONGEST = (unsigned long long)n > LONGEST ? (unsigned long long)n : LONGEST;
}
#endif

static void send_level(const float radius[3]) {
    fputs("R", TO_PORT);
    for (int k = 0; k < 3; k++) put(radius[k]);
    fprintf(TO_PORT, "\nT %u\n", TC);
    for (uint32_t t = 0; t < TC; t++) {
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++) {
                if (k || j) fputc(' ', TO_PORT);
                uint32_t u;
                memcpy(&u, &corner(t, k)[j], 4);
                fprintf(TO_PORT, "%x", u);
            }
        fputc('\n', TO_PORT);
    }
}

int main(int argc, char **argv) {
    walk_args args;
    if (!walk_parse(argc, argv, &args)) return 2;
    const float radius[3] = {0.4f, 0.9f, 0.4f};
    if (!walk_open(args.mesh_in, radius, args.indoor)) return 1;
#ifdef RECORD_PLAIN
    int plain = 1;
#else
    int plain = 0;
    slsp_probe *probe = slsp_save(args.out_path);
    if (!probe) { fprintf(stderr, "cannot write %s\n", args.out_path); return 1; }
    slsp_level_mesh(probe, POS, VC, IDX, TC);
#endif
    DET = malloc(2 * KK_PASS_DETECTIONS * sizeof *DET);
    if (!DET || !port_start(plain)) { fprintf(stderr, "cannot start the port's JVM\n"); return 1; }
    send_level(radius);
    float (*pos)[3] = calloc((size_t)args.movers, sizeof *pos);
    walk_state *w = calloc((size_t)args.movers, sizeof *w);
    for (int i = 0; i < args.movers; i++) spawn(pos[i]);

    const long frames = (long)floor(args.seconds / WALK_DT + 0.5);
    uint64_t hash = 0xcbf29ce484222325ULL;
    unsigned long long respawns = 0, lost = 0, calls = 0, lifted = 0;
    for (long frame = 0; frame < frames; frame++) {
        double time = frame * WALK_DT;
#ifndef RECORD_PLAIN
        slsp_frame(probe, (uint64_t)frame, time, (float)WALK_DT);
#endif
        for (int i = 0; i < args.movers; i++) {
            float start[3], vel[3], finish[3];
            int ground, embedded;
            memcpy(start, pos[i], sizeof start);
            walk_input(&w[i], time, vel);
            float v[3] = {vel[0], 0.0f, vel[2]}, g[3] = {0.0f, vel[1], 0.0f};
            if (!port_call(start, v, g, finish, &ground, &embedded)) {
                fprintf(stderr, "frame %ld walker %d: the port's JVM answered out of turn\n", frame, i);
                return 1;
            }
            calls++;
#ifndef RECORD_PLAIN
            int second = 0;
            while (second < NDET && DET[second].pass == 0) second++;
            if (second == 0 || second == NDET) {
                fprintf(stderr, "frame %ld walker %d: %d detections do not make two passes\n", frame, i, NDET);
                return 1;
            }
            float mid[3];
            walk_world_of(mid, DET[second].base, radius);
            log_pass(probe, (uint32_t)i, radius, start, g, mid, DET, second);
            log_pass(probe, (uint32_t)i, radius, mid, v, finish, DET + second, NDET - second);
#endif
            /* the game's Couch.move: a walker barely moved, or embedded, is lifted */
            float moved[3] = {finish[0] - start[0], finish[1] - start[1], finish[2] - start[2]};
            float asked = sqrtf(v[0] * v[0] + v[2] * v[2]);
            if ((sqrtf(moved[0] * moved[0] + moved[1] * moved[1] + moved[2] * moved[2]) < 0.05f && asked != 0) ||
                embedded) {
                finish[1] += 0.2f;
                lifted++;
            }
            memcpy(pos[i], finish, sizeof finish);
            int back = walk_after(&w[i], ground && vel[1] <= 0, start, vel, finish, pos[i]);
            respawns += back != 0;
            lost += back == 2;
            hash = walk_hash(hash, pos[i]);
        }
    }
    fputs("Q\n", TO_PORT);
    fclose(TO_PORT);
    wait(NULL);
#ifndef RECORD_PLAIN
    slsp_close(probe);
    printf("wrote %s: %llu calls, %llu moves, %llu contacts (%llu at a negative t), %llu respawns "
           "(%llu of a non-finite position), %llu lifted by the game; longest pass %llu detections; "
           "non-finite ends (moves): %llu\n",
           args.out_path, calls, MOVES, CONTACTS, NEGATIVE_T, respawns, lost, lifted, LONGEST, NONFINITE);
#else
    printf("plain: %llu calls, %llu respawns (%llu of a non-finite position), %llu lifted by the game\n", calls,
           respawns, lost, lifted);
#endif
    printf("walk hash %016llx\n", (unsigned long long)hash);
    return 0;
}
