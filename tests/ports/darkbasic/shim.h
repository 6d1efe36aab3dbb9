/* shim.h -- the C face of the Dark Basic Pro recorder's C++ side (shim.cpp): the port's
 * collideAndSlide called as a game calls it, and what each of its detections did. Our code. */
#ifndef DBP_SHIM_H
#define DBP_SHIM_H
#include <stdint.h>

#define DBP_MAX_DETECTIONS 32

typedef struct {
    int depth;             /* collisionRecursionDepth when it ran: 0 starts a pass */
    int hit;               /* a check of this detection set the packet's nearest hit */
    uint32_t triangle;     /* the pool's triangle whose check set it last */
    float base[3];         /* the packet's basePoint and velocity (eSpace) */
    float velocity[3];
    float velocity_length; /* the packet's velocityLength */
    float nearest;         /* nearestDistance after the hit (eSpace, along the velocity) */
    float point[3];        /* intersectionPoint as the hit left it (eSpace) */
} dbp_detection;

#ifdef __cplusplus
extern "C" {
#endif
/* The port set up as a game does: the triangle pool (stride 0), the radii, units per metre. */
void dbp_open(int triangles, float *pool, const float radius[3], float units_per_meter);
/* One collideAndSlide(pos, vel) with the gravity pass's displacement `gravity`; `out` the final
 * position (trace->finalPosition). Returns whether the trace says it met a floor. */
int dbp_move(const float pos[3], const float vel[3], const float gravity[3], float out[3]);
/* The last dbp_move's detections (none in the plain build), and whether more than the buffer
 * holds ran. */
const dbp_detection *dbp_detections(int *count, int *overflow);
#ifdef __cplusplus
}
#endif
#endif
