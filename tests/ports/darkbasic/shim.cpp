/* shim.cpp -- the C++ side of the Dark Basic Pro recorder (record.c): calls the port's
 * collideAndSlide (col_response.cpp) as a game does, and observes its detections without changing
 * them. Our code; the port's files are compiled from a checkout (record.sh).
 *
 * Observation: col_response.cpp's checkCollision calls checkTriangle (col_step.cpp, another
 * compilation unit) once per pool triangle, in pool order, each detection; the link wraps that
 * symbol (-Wl,--wrap). The wrapper calls the real check and notes whether the packet's nearest hit
 * changed; the first check of a detection (every `triangles` checks) reads the packet's base point,
 * velocity and collisionRecursionDepth. Built with -DRECORD_PLAIN (no wrap), it observes nothing.
 */
#include <string.h>

#include "col_local.h" /* the port's */
#include "shim.h"

extern CollisionPacket collisionPackage; /* col_response.cpp */
extern int collisionRecursionDepth;      /* col_response.cpp */

static dbp_detection DET[DBP_MAX_DETECTIONS];
static int DET_N, OVERFLOWED;
static long TRIANGLES, CHECK_IN_DETECTION;

#ifndef RECORD_PLAIN
#define CHECK_TRIANGLE _Z13checkTriangleP15CollisionPacket6VECTORS1_S1_
#define WRAP2(p, s) p##s
#define WRAP(p, s) WRAP2(p, s)
extern "C" void WRAP(__real_, CHECK_TRIANGLE)(CollisionPacket *, VECTOR, VECTOR, VECTOR);

static void begin_detection(const CollisionPacket *p) {
    if (DET_N >= DBP_MAX_DETECTIONS) {
        OVERFLOWED = 1;
        return;
    }
    dbp_detection *d = &DET[DET_N++];
    memset(d, 0, sizeof *d);
    d->depth = collisionRecursionDepth;
    d->base[0] = p->basePoint.x, d->base[1] = p->basePoint.y, d->base[2] = p->basePoint.z;
    d->velocity[0] = p->velocity.x, d->velocity[1] = p->velocity.y, d->velocity[2] = p->velocity.z;
    d->velocity_length = p->velocityLength;
}

/* checkCollision's call, observed: the real check, then whether it made this triangle the hit. */
extern "C" void WRAP(__wrap_, CHECK_TRIANGLE)(CollisionPacket *p, VECTOR a, VECTOR b, VECTOR c) {
    if (CHECK_IN_DETECTION == 0) begin_detection(p);
    uint32_t triangle = (uint32_t)CHECK_IN_DETECTION;
    CHECK_IN_DETECTION = (CHECK_IN_DETECTION + 1) % TRIANGLES;
    bool found = p->foundCollision;
    float nearest = p->nearestDistance;
    VECTOR point = p->intersectionPoint;
    WRAP(__real_, CHECK_TRIANGLE)(p, a, b, c);
    bool changed = p->foundCollision != found || p->nearestDistance != nearest ||
                   memcmp(&point, &p->intersectionPoint, sizeof point) != 0;
    if (!changed || !p->foundCollision || OVERFLOWED || DET_N == 0) return;
    dbp_detection *d = &DET[DET_N - 1];
    d->hit = 1;
    d->triangle = triangle;
    d->nearest = p->nearestDistance;
    d->point[0] = p->intersectionPoint.x, d->point[1] = p->intersectionPoint.y;
    d->point[2] = p->intersectionPoint.z;
}
#endif

void dbp_open(int triangles, float *pool, const float radius[3], float units_per_meter) {
    float r[3] = {radius[0], radius[1], radius[2]};
    TRIANGLES = triangles;
    colSetTrianglePool(triangles, pool, 0);
    colSetRadius(r);
    colSetUnitsPerMeter(units_per_meter);
    colEnableGravity(true);
    colEnableBackCulling(false); /* the port's default, kept */
    colEnableResponse(true);
}

int dbp_move(const float pos[3], const float vel[3], const float gravity[3], float out[3]) {
    float p[3] = {pos[0], pos[1], pos[2]}, v[3] = {vel[0], vel[1], vel[2]};
    float g[3] = {gravity[0], gravity[1], gravity[2]};
    DET_N = 0;
    OVERFLOWED = 0;
    CHECK_IN_DETECTION = 0;
    colSetGravity(g);
    CollisionTrace *trace = collideAndSlide(p, v);
    memcpy(out, trace->finalPosition, 3 * sizeof(float));
    return trace->foundCollision && trace->collidedagainstfloor;
}

const dbp_detection *dbp_detections(int *count, int *overflow) {
    *count = DET_N;
    *overflow = OVERFLOWED;
    return DET;
}
