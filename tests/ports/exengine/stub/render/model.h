/* Our stand-in for exengine's render/model.h (slidescope's exengine recorder, not exengine code):
 * entity.c includes it but uses nothing from it (no OpenGL, no SDL needed). */
#ifndef EX_MODEL_H
#define EX_MODEL_H
#endif
