/* Our stand-in for exengine's util/list.h (slidescope's exengine recorder, not exengine code):
 * entity.c includes it but uses nothing from it. */
#ifndef EX_LIST_H
#define EX_LIST_H
#endif
