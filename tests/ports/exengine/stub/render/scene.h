/* Our stand-in for exengine's render/scene.h (slidescope's exengine recorder, not exengine code):
 * only the two fields entity.c reads, the collision tree and the triangle-soup vertices. */
#ifndef EX_SCENE_H
#define EX_SCENE_H

#include <stddef.h>
#include "math/mathlib.h"
#include "math/octree.h"

typedef struct {
  ex_octree_t *coll_tree;
  vec3 *coll_vertices;
  size_t coll_vertices_last;
} ex_scene_t;

#endif
