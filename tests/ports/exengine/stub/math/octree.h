/* Our stand-in for exengine's math/octree.h (slidescope's exengine recorder, not exengine code).
 *
 * entity.c needs only the two queries below, with exengine's signatures: the number of result
 * entries whose bounds meet `bounds`, then the entries, each a list of `len` uint32 indices of a
 * triangle's first vertex in scene->coll_vertices (a flat triangle soup, as
 * ex_scene_build_collision stores triangle i at coll_vertices[i .. i+2]). record.c defines them
 * over a uniform grid instead of exengine's octree (no OpenGL, no glad). */
#ifndef EX_OCTREE_H
#define EX_OCTREE_H

#include <stddef.h>
#include <stdint.h>
#include "math/mathlib.h"

typedef struct ex_octree_t ex_octree_t; /* opaque: record.c never builds one */

typedef struct {
  void *data;
  size_t len;
} ex_octree_data_t;

void ex_octree_get_colliding_count(ex_octree_t *o, rect_t *bounds, int *count);
void ex_octree_get_colliding(ex_octree_t *o, rect_t *bounds, ex_octree_data_t *data_list, int *index);

#endif
