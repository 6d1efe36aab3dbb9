/*
 * A C "game" that records its collide-and-slide moves through slidescope_probe.h.
 *
 * The level is a 20 x 20 m floor at y = 0 and a wall at x = 3 facing -x (two quads). The game's
 * own collide-and-slide treats them as the two infinite planes they lie on (exact while the
 * player stays inside both quads, which this walk does) and follows seed 001's loop: in eSpace,
 * sweep the unit sphere against each plane, move to the first contact, push back by the skin
 * along the normal, project what is left onto the plane, repeat; stop when the slide turns
 * against the input (the impulse filter) or the motion is spent. slidescope's re-solve of the
 * same moves on the same triangles agrees with it (`slidescope probe-check` exits 0).
 *
 *     cc -std=c99 -O2 -I crates/slidescope-probe/include examples/c/probe_demo.c -o probe_demo
 *     ./probe_demo demo.slidelog           # or: ./probe_demo --connect 127.0.0.1 7878
 *     slidescope probe-check demo.slidelog
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLIDESCOPE_PROBE_IMPLEMENTATION
#include "slidescope_probe.h"

static const float RADII[3] = {0.4f, 0.9f, 0.4f};
static const float SKIN_ES = 1e-3f;
static const unsigned MAX_ITERATIONS = 5;

typedef struct { float n[3]; float d; unsigned tri; } plane; /* n.x = d, world */

static float dot3(const float a[3], const float b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static float len3(const float a[3]) { return sqrtf(dot3(a, a)); }

/* One move of the game's own collide-and-slide; fills contacts, returns the count. */
static unsigned collide_and_slide(const plane *planes, int np, const float start[3],
                                  const float vel[3], slsp_move *m, slsp_contact *contacts) {
    float c[3], v[3], to[3], input[3], integ[3];
    unsigned it, iterations = 0, count = 0;
    int i;
    for (i = 0; i < 3; i++) {
        c[i] = 0.0f; /* eSpace relative to the start */
        v[i] = vel[i] / RADII[i];
        input[i] = v[i];
        to[i] = v[i];
        integ[i] = vel[i];
    }
    for (it = 0; it < MAX_ITERATIONS; it++) {
        float best_t = 2.0f, n_es[3] = {0, 0, 0}, len;
        int best = -1, k;
        if (len3(v) < 1e-5f) break; /* the motion is spent */
        iterations++;
        for (k = 0; k < np; k++) {
            /* The plane in local eSpace: normal n / r, renormalised; offset from the start. */
            float ne[3], ln, d0, dn, t;
            for (i = 0; i < 3; i++) ne[i] = planes[k].n[i] * RADII[i];
            ln = len3(ne);
            for (i = 0; i < 3; i++) ne[i] /= ln;
            d0 = (dot3(planes[k].n, start) - planes[k].d) / ln; /* distance of the centre */
            d0 += dot3(ne, c);
            dn = dot3(ne, v);
            if (dn >= 0.0f || d0 < 1.0f) continue;
            t = (d0 - 1.0f) / -dn;
            if (t <= 1.0f && t < best_t) { best_t = t; best = k; memcpy(n_es, ne, sizeof ne); }
        }
        if (best < 0) break; /* clear path: the centre ends at `to` */
        {
            slsp_contact *ct = &contacts[count++];
            float at[3], n_w[3], rem_dot;
            for (i = 0; i < 3; i++) at[i] = c[i] + v[i] * best_t;
            ct->iteration = it;
            ct->minkowski_case = SLSP_CASE_FACE; /* planes: always the face */
            ct->t = best_t;
            for (i = 0; i < 3; i++) {
                ct->center[i] = start[i] + at[i] * RADII[i];
                ct->point[i] = start[i] + (at[i] - n_es[i]) * RADII[i];
                n_w[i] = n_es[i] / RADII[i];
            }
            len = len3(n_w);
            for (i = 0; i < 3; i++) ct->normal[i] = n_w[i] / len;
            ct->triangle = planes[best].tri;
            /* Move to the contact, push back along the normal, project the rest. */
            for (i = 0; i < 3; i++) c[i] = at[i] + n_es[i] * SKIN_ES;
            rem_dot = 0.0f;
            for (i = 0; i < 3; i++) rem_dot += (to[i] - c[i]) * n_es[i];
            for (i = 0; i < 3; i++) to[i] -= n_es[i] * rem_dot;
            for (i = 0; i < 3; i++) v[i] = to[i] - c[i];
            rem_dot = dot3(integ, ct->normal);
            for (i = 0; i < 3; i++) integ[i] -= ct->normal[i] * rem_dot;
            if (dot3(v, input) < 0.0f) { memcpy(to, c, sizeof c); break; }
        }
    }
    for (i = 0; i < 3; i++) {
        m->end[i] = start[i] + to[i] * RADII[i];
        m->integration_velocity[i] = integ[i];
    }
    m->iterations = iterations;
    m->has_result = 1;
    return count;
}

int main(int argc, char **argv) {
    /* Floor: triangles 0, 1. Wall at x = 3 facing -x: triangles 2, 3. */
    static const float pos[] = {-10, 0, -10, -10, 0, 10, 10, 0, 10, 10, 0, -10,
                                3, 0, -10, 3, 0, 10, 3, 5, 10, 3, 5, -10};
    static const uint32_t idx[] = {0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6};
    plane planes[2] = {{{0, 1, 0}, 0, 0}, {{-1, 0, 0}, -3, 2}};
    float center[3] = {0.0f, 0.9f * (1.0f + 1e-3f), 0.0f};
    slsp_probe *p = NULL;
    uint64_t frame;
    if (argc == 4 && strcmp(argv[1], "--connect") == 0) {
        p = slsp_connect(argv[2], (uint16_t)atoi(argv[3]));
    } else if (argc == 2) {
        p = slsp_save(argv[1]);
    }
    if (!p) {
        fprintf(stderr, "usage: probe_demo FILE | --connect HOST PORT (could not open the sink)\n");
        return 1;
    }
    slsp_level_mesh(p, pos, 8, idx, 4);
    {
        /* What this controller does where ports differ (format 1.1): the seed's choices,
           declared so slidescope does not have to detect them. */
        slsp_conventions c;
        slsp_conventions_init(&c);
        c.padding = SLSP_PADDING_NORMAL;
        c.sidedness = SLSP_TWO_SIDED;
        c.min_motion_es = 1e-5f;
        c.up_axis = SLSP_UP_POS_Y;
        slsp_set_conventions(p, &c);
    }
    for (frame = 0; frame < 120; frame++) {
        const float dt = 1.0f / 60.0f;
        /* Walk diagonally towards the wall, pressed to the floor by gravity. */
        float vel[3] = {3.0f * dt, -0.6f * dt, 1.8f * dt};
        slsp_move m;
        slsp_contact contacts[8];
        unsigned n;
        slsp_frame(p, frame, (double)frame * dt, dt);
        slsp_move_init(&m, 0, RADII, center, vel);
        m.has_skin = 1;
        m.skin_es = SKIN_ES;
        m.has_max_iterations = 1;
        m.max_iterations = MAX_ITERATIONS;
        n = collide_and_slide(planes, 2, center, vel, &m, contacts);
        slsp_log_move(p, &m, contacts, n);
        memcpy(center, m.end, sizeof center);
    }
    slsp_close(p);
    return 0;
}
