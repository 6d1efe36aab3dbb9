/*
 * slidescope_probe.h — record or stream a game's collide-and-slide moves into slidescope.
 *
 * One header, C99, no dependency beyond the C standard library and (for streaming) POSIX/BSD
 * sockets. It writes exactly the bytes of the Rust crate `slidescope-probe`: the format is
 * docs/probe-format.md (version 1.1).
 *
 * Use it in ONE .c/.cpp file with the implementation:
 *
 *     #define SLIDESCOPE_PROBE_IMPLEMENTATION
 *     #include "slidescope_probe.h"
 *
 * and include it plainly everywhere else. Define SLIDESCOPE_PROBE_DISABLE (before every
 * include) to turn every call into nothing for a release build.
 *
 *     slsp_probe *p = slsp_connect("127.0.0.1", 7878);      // a running `slidescope --listen`
 *     if (!p) p = slsp_save("run.slidelog");                 // or a file (or both: slsp_add_*)
 *     slsp_conventions c; slsp_conventions_init(&c);       // optional (format 1.1): what your
 *     c.padding = SLSP_PADDING_VELOCITY; ...                 // controller does where ports differ
 *     slsp_set_conventions(p, &c);
 *     slsp_level_mesh(p, positions, vertex_count, indices, triangle_count);
 *     each frame:  slsp_frame(p, frame, time_secs, dt_secs);
 *     each move:   slsp_move m; slsp_move_init(&m, id, radii, start, velocity);
 *                  m.has_result = 1; ...end, integration_velocity, iterations...
 *                  slsp_log_move(p, &m, contacts, contact_count);
 *     at exit:     slsp_close(p);                            // writes END, flushes, frees
 *
 * Buffering: records collect in memory and are written when 64 KiB have gathered, once per
 * frame marker, and at slsp_flush / slsp_close, so a move costs a few copies, not a system
 * call. Streaming is POSIX only; on Windows, write a file (slsp_connect returns NULL there).
 * A sink whose write fails (the viewer quit) is dropped; the others carry on.
 */
#ifndef SLIDESCOPE_PROBE_H
#define SLIDESCOPE_PROBE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SLSP_NO_TRIANGLE 0xFFFFFFFFu
#define SLSP_CASE_UNKNOWN 0u
#define SLSP_CASE_FACE 1u
#define SLSP_CASE_EDGE 2u
#define SLSP_CASE_VERTEX 3u

/* One collide-and-slide call of the game. World space, metres. */
typedef struct slsp_move {
    uint32_t mover;            /* which character */
    float radii[3];            /* semi-axes, > 0 */
    float axes[3][3];          /* principal axes as columns; identity for axis-aligned */
    float start[3];            /* centre before the move */
    float velocity[3];         /* displacement asked for this call (velocity * dt) */
    int has_skin;              /* skin_es is the game's */
    float skin_es;             /* padding, eSpace units */
    int has_max_iterations;    /* max_iterations is the game's */
    uint32_t max_iterations;
    int has_result;            /* end, integration_velocity and iterations are set */
    float end[3];              /* the game's final centre */
    float integration_velocity[3];
    uint32_t iterations;
} slsp_move;

/* The contact one iteration of the game's loop responded to. */
typedef struct slsp_contact {
    uint32_t iteration;        /* 0-based */
    uint32_t minkowski_case;   /* SLSP_CASE_UNKNOWN, _FACE, _EDGE or _VERTEX */
    float t;                   /* fraction of that iteration's velocity */
    float center[3];           /* centre at contact, before padding */
    float point[3];            /* touched point */
    float normal[3];           /* unit, away from the triangle */
    uint32_t triangle;         /* index in the level mesh, or SLSP_NO_TRIANGLE */
} slsp_contact;

typedef struct slsp_pose {
    float rotation[4];         /* unit quaternion x, y, z, w */
    float translation[3];
} slsp_pose;

typedef struct slsp_object_pose {
    uint32_t object;
    slsp_pose previous;        /* the pose the sweep is tested against */
    slsp_pose current;
} slsp_object_pose;

/* What the game's collide-and-slide does where implementations differ (format 1.1, record
 * CONVENTIONS). slsp_conventions_init sets every field to undeclared (a negative value);
 * declared fields are sent, the others left for slidescope to detect. */
/* begin constants: generated from crates/slidescope-conventions/src/table.rs (SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions rewrites it) */
#define SLSP_PADDING_NORMAL 0 /* padding: along the normal (seed 001) */
#define SLSP_PADDING_VELOCITY 1 /* padding: along the velocity (Fauerby 2003, Irrlicht) */
#define SLSP_SHORT_MOTION_APPLIED 0 /* short_motion: applied (seed 001) */
#define SLSP_SHORT_MOTION_DROPPED 1 /* short_motion: dropped (Fauerby 2003, Irrlicht, Babylon.js) */
#define SLSP_LIMIT_FALLBACK 0 /* iteration_limit: fall back to the first contact (seed 001) */
#define SLSP_LIMIT_KEEP_LAST 1 /* iteration_limit: keep the last centre (Babylon.js, Irrlicht) */
#define SLSP_TWO_SIDED 0 /* sidedness: two-sided */
#define SLSP_ONE_SIDED_BEHIND 1 /* sidedness: centre behind the plane ignored (seed 001) */
#define SLSP_ONE_SIDED_LEAVING 2 /* sidedness: moving away from the front ignored (Fauerby 2003, Babylon.js) */
#define SLSP_UP_POS_Y 0 /* up_axis: +Y */
#define SLSP_UP_POS_Z 1 /* up_axis: +Z */
#define SLSP_UP_NEG_Y 2 /* up_axis: -Y */
#define SLSP_UP_NEG_Z 3 /* up_axis: -Z */
#define SLSP_UP_POS_X 4 /* up_axis: +X */
#define SLSP_UP_NEG_X 5 /* up_axis: -X */
#define SLSP_PROJECTION_SLIDE_PLANE 0 /* projection: onto the slide plane (seed 001) */
#define SLSP_PROJECTION_LINAHAN 1 /* projection: first plane, then the crease (Linahan 2012) */
#define SLSP_PROJECTION_CONTACT_POINT 2 /* projection: from the contact point (Fauerby 2003's code) */
#define SLSP_PROJECTION_CLIP 3 /* projection: the velocity clipped (Quake) */
#define SLSP_MISSING_INTEGRATION_VELOCITY (1u << 0)
#define SLSP_MISSING_ITERATIONS (1u << 1)
#define SLSP_MISSING_CONTACT_T (1u << 2)
#define SLSP_MISSING_CONTACT_CENTER (1u << 3)
#define SLSP_MISSING_CONTACT_NORMAL (1u << 4)
#define SLSP_MISSING_CONTACT_TRIANGLE (1u << 5)
#define SLSP__CONVENTION_KEYS 24
typedef struct slsp_conventions {
    int padding;                     /* Where the skin padding goes after a contact. */
    int short_motion;                /* What a motion shorter than the threshold does. */
    float min_motion_es;             /* The short-motion threshold (eSpace units). */
    float min_motion_m;              /* The short-motion threshold in metres (0: none), besides the one in eSpace units. */
    float dead_zone_m;               /* A call moving no further than this (m) stays where it was (0: none). */
    int iteration_limit;             /* What the loop does out of iterations. */
    int sidedness;                   /* Which triangles collide. */
    int impulse_filter;              /* Stop when the slide turns against the input velocity (seed 001 12.15). */
    int up_axis;                     /* The recorded coordinates' up axis. */
    int left_handed;                 /* Left-handed coordinates. */
    int clockwise_front;             /* A triangle's front is the side it is clockwise from. */
    int64_t missing;                 /* Fields the engine lacks and sends as placeholders (bits). */
    int roots_after_start_only;      /* Whether an edge or vertex already overlapped is a contact. */
    int projection;                  /* What the motion left after a contact is projected onto. */
    float move_scale;                /* The fraction of the velocity asked that the call moves (1: all of it). */
    float floor_stop_deg;            /* In a call whose motion heads down, a contact whose slide normal (eSpace) is within this angle (degrees) of the ellipsoid's up axis ends the call at the pushed-back centre, the leftover dropped (0: never). */
    int embedded_kept;               /* Where an embedded start touches: pushed out along the normal by its depth (seed 001 12.8.1) or where it is (Babylon.js: a contact at t = 0 leaves the centre). */
    int free_moves_padded;           /* A clear path stops a skin short of its destination along its motion (a motion shorter than the skin does not move), as a port that pads every move, hit or not. */
    int skin_in_metres;              /* The padding is the declared skin in metres, not eSpace units: along a direction, the eSpace length whose world length is the skin. */
    int world_response;              /* The response in world space, detection in eSpace: the slide plane's normal is the contact's eSpace offset taken back to world (`normalize(radii ∘ n_es)`) and the motion left is projected in world units, the integration velocity too. */
    int normal_from_start;           /* An edge's or vertex's contact normal runs from the contact point to the centre the iteration started from, not to the centre touching it (a port that takes `normalize(basePoint − collisionPoint)` before moving the base point): it tilts toward the motion the further the contact lies along it. */
    int embedded_plane_skipped;      /* A centre within 1 of a triangle's plane that moves along it (n · v within ±1e-6 eSpace) does not test the face, only its edges and vertices (Fauerby 2003's `embeddedInPlane`, Irrlicht, Babylon.js): a walker sunk into a floor it walks along does not meet it. */
    int fauerby_f32;                 /* Detection's arithmetic as Fauerby 2003's code does it in f32 (Irrlicht; py64 with PyGLM's f32 vectors): eSpace about the world origin (the start and the velocity divided by the radii) and each edge's quadratic expanded from its first vertex, `|e|²(1 − |p1 − c|²) + (e·(p1 − c))²`, whose terms cancel on a long edge far from the origin: the contact time moves by up to about 1 % of the step. */
    float step_back_es;              /* How far short of a contact the centre stops along its motion (eSpace units), staying where it was when the contact is nearer than that, whatever the padding's row says (0: the padding decides). */
} slsp_conventions;
/* end constants */

typedef struct slsp_probe slsp_probe;

#ifndef SLIDESCOPE_PROBE_DISABLE

/* Fills an axis-aligned move with no settings and no result. */
void slsp_move_init(slsp_move *m, uint32_t mover, const float radii[3], const float start[3],
                    const float velocity[3]);
/* Every field undeclared. */
void slsp_conventions_init(slsp_conventions *c);
/* Declares the game's conventions for the moves that follow. */
void slsp_set_conventions(slsp_probe *p, const slsp_conventions *c);
/* A probe with no sink; add them with slsp_add_file / slsp_add_connection. NULL if out of memory. */
slsp_probe *slsp_new(void);
/* 0 on success, -1 on failure. */
int slsp_add_file(slsp_probe *p, const char *path);
int slsp_add_connection(slsp_probe *p, const char *ipv4_host, uint16_t port);
/* A probe writing to a new file, or streaming to slidescope; NULL on failure. */
slsp_probe *slsp_save(const char *path);
slsp_probe *slsp_connect(const char *ipv4_host, uint16_t port);

void slsp_level_mesh(slsp_probe *p, const float *positions_xyz, uint32_t vertex_count,
                     const uint32_t *indices, uint32_t triangle_count);
void slsp_level_file(slsp_probe *p, const char *path, uint64_t fnv1a64_of_file);
void slsp_object_mesh(slsp_probe *p, uint32_t object, const float *positions_xyz,
                      uint32_t vertex_count, const uint32_t *indices, uint32_t triangle_count);
void slsp_object_poses(slsp_probe *p, const slsp_object_pose *poses, uint32_t count);
void slsp_frame(slsp_probe *p, uint64_t frame, double time_secs, float dt_secs);
void slsp_log_move(slsp_probe *p, const slsp_move *m, const slsp_contact *contacts,
                   uint32_t contact_count);
void slsp_flush(slsp_probe *p);
/* Sinks still written to. */
int slsp_sink_count(const slsp_probe *p);
/* Writes END, flushes, closes every sink and frees the probe. NULL is fine. */
void slsp_close(slsp_probe *p);
uint64_t slsp_fnv1a64(const void *bytes, size_t n);

#else /* SLIDESCOPE_PROBE_DISABLE: every call is nothing */

/* Arguments are named in sizeof (never evaluated) so a game's variables do not turn unused. */
#define SLSP__U(x) ((void)sizeof(x))
#define slsp_move_init(m, mover, radii, start, velocity) \
    (SLSP__U(m), SLSP__U(mover), SLSP__U(radii), SLSP__U(start), SLSP__U(velocity))
#define slsp_new() ((slsp_probe *)0)
#define slsp_add_file(p, path) (SLSP__U(p), SLSP__U(path), 0)
#define slsp_add_connection(p, host, port) (SLSP__U(p), SLSP__U(host), SLSP__U(port), 0)
#define slsp_save(path) (SLSP__U(path), (slsp_probe *)0)
#define slsp_connect(host, port) (SLSP__U(host), SLSP__U(port), (slsp_probe *)0)
#define slsp_level_mesh(p, pos, nv, idx, nt) \
    (SLSP__U(p), SLSP__U(pos), SLSP__U(nv), SLSP__U(idx), SLSP__U(nt))
#define slsp_level_file(p, path, hash) (SLSP__U(p), SLSP__U(path), SLSP__U(hash))
#define slsp_object_mesh(p, obj, pos, nv, idx, nt) \
    (SLSP__U(p), SLSP__U(obj), SLSP__U(pos), SLSP__U(nv), SLSP__U(idx), SLSP__U(nt))
#define slsp_object_poses(p, poses, n) (SLSP__U(p), SLSP__U(poses), SLSP__U(n))
#define slsp_frame(p, frame, time, dt) (SLSP__U(p), SLSP__U(frame), SLSP__U(time), SLSP__U(dt))
#define slsp_log_move(p, m, c, n) (SLSP__U(p), SLSP__U(m), SLSP__U(c), SLSP__U(n))
#define slsp_flush(p) SLSP__U(p)
#define slsp_sink_count(p) (SLSP__U(p), 0)
#define slsp_close(p) SLSP__U(p)
#define slsp_fnv1a64(bytes, n) (SLSP__U(bytes), SLSP__U(n), (uint64_t)0)
#define slsp_conventions_init(c) SLSP__U(c)
#define slsp_set_conventions(p, c) (SLSP__U(p), SLSP__U(c))

#endif /* SLIDESCOPE_PROBE_DISABLE */

#ifdef __cplusplus
}
#endif

#endif /* SLIDESCOPE_PROBE_H */

/* ------------------------------------------------------------------------------------------ */
#if defined(SLIDESCOPE_PROBE_IMPLEMENTATION) && !defined(SLIDESCOPE_PROBE_DISABLE) && \
    !defined(SLIDESCOPE_PROBE_IMPLEMENTED)
#define SLIDESCOPE_PROBE_IMPLEMENTED

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef _WIN32
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#endif

#define SLSP__FLUSH_BYTES (64u * 1024u)
#define SLSP__MAX_SINKS 4

enum { SLSP__MESH = 1, SLSP__USE_MESH = 2, SLSP__LEVEL_FILE = 3, SLSP__FRAME = 4, SLSP__MOVE = 5,
       SLSP__OBJECT_MESH = 6, SLSP__OBJECT_POSES = 7, SLSP__END = 8, SLSP__CONVENTIONS = 9 };

typedef struct slsp__buf {
    unsigned char *data;
    size_t len, cap;
    int failed; /* out of memory: further bytes are dropped */
} slsp__buf;

typedef struct slsp__object_record {
    uint32_t object;
    slsp__buf record;
} slsp__object_record;

struct slsp_probe {
    slsp__buf buf;
    FILE *files[SLSP__MAX_SINKS];
    int sockets[SLSP__MAX_SINKS];
    int file_count, socket_count;
    uint64_t *sent_meshes;
    size_t sent_count, sent_cap;
    slsp__buf level_record;
    slsp__buf conventions_record;
    slsp__object_record *objects;
    size_t object_count;
};

static int slsp__reserve(slsp__buf *b, size_t more) {
    size_t need, cap;
    unsigned char *d;
    if (b->failed) return 0;
    need = b->len + more;
    if (need <= b->cap) return 1;
    cap = b->cap ? b->cap : 1024;
    while (cap < need) cap *= 2;
    d = (unsigned char *)realloc(b->data, cap);
    if (!d) { b->failed = 1; return 0; }
    b->data = d;
    b->cap = cap;
    return 1;
}

static void slsp__bytes(slsp__buf *b, const void *src, size_t n) {
    if (!slsp__reserve(b, n)) return;
    memcpy(b->data + b->len, src, n);
    b->len += n;
}

static void slsp__u32(slsp__buf *b, uint32_t v) {
    unsigned char x[4];
    x[0] = (unsigned char)v; x[1] = (unsigned char)(v >> 8);
    x[2] = (unsigned char)(v >> 16); x[3] = (unsigned char)(v >> 24);
    slsp__bytes(b, x, 4);
}

static void slsp__u64(slsp__buf *b, uint64_t v) {
    slsp__u32(b, (uint32_t)v);
    slsp__u32(b, (uint32_t)(v >> 32));
}

static void slsp__f32(slsp__buf *b, float f) {
    uint32_t v;
    memcpy(&v, &f, 4);
    slsp__u32(b, v);
}

static void slsp__f64(slsp__buf *b, double f) {
    uint64_t v;
    memcpy(&v, &f, 8);
    slsp__u64(b, v);
}

static void slsp__vec3(slsp__buf *b, const float v[3]) {
    slsp__f32(b, v[0]); slsp__f32(b, v[1]); slsp__f32(b, v[2]);
}

static void slsp__put_u32_at(slsp__buf *b, size_t at, uint32_t v) {
    if (b->failed) return;
    b->data[at] = (unsigned char)v; b->data[at + 1] = (unsigned char)(v >> 8);
    b->data[at + 2] = (unsigned char)(v >> 16); b->data[at + 3] = (unsigned char)(v >> 24);
}

uint64_t slsp_fnv1a64(const void *bytes, size_t n) {
    const unsigned char *p = (const unsigned char *)bytes;
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < n; i++) { h ^= p[i]; h *= 0x100000001b3ull; }
    return h;
}

static void slsp__header(slsp__buf *b) {
    static const unsigned char magic[8] = {'S', 'L', 'P', 'R', 'O', 'B', 'E', 0};
    slsp__bytes(b, magic, 8);
    slsp__u32(b, 1u | (1u << 16)); /* major 1 (u16), minor 1 (u16) */
    slsp__u32(b, 0u); /* flags */
}

static void slsp__write_all_sinks(slsp_probe *p, const unsigned char *d, size_t n) {
    int i;
    for (i = 0; i < p->file_count;) {
        if (n && fwrite(d, 1, n, p->files[i]) != n) {
            fclose(p->files[i]);
            p->files[i] = p->files[--p->file_count];
        } else {
            i++;
        }
    }
#ifndef _WIN32
    for (i = 0; i < p->socket_count;) {
        size_t off = 0;
        int ok = 1;
        while (off < n) {
#ifdef MSG_NOSIGNAL
            ssize_t k = send(p->sockets[i], d + off, n - off, MSG_NOSIGNAL);
#else
            ssize_t k = send(p->sockets[i], d + off, n - off, 0);
#endif
            if (k <= 0) { ok = 0; break; }
            off += (size_t)k;
        }
        if (!ok) {
            close(p->sockets[i]);
            p->sockets[i] = p->sockets[--p->socket_count];
        } else {
            i++;
        }
    }
#endif
}

static void slsp__hand_over(slsp_probe *p) {
    if (p->buf.len == 0) return;
    slsp__write_all_sinks(p, p->buf.data, p->buf.len);
    p->buf.len = 0;
}

void slsp_move_init(slsp_move *m, uint32_t mover, const float radii[3], const float start[3],
                    const float velocity[3]) {
    int i;
    memset(m, 0, sizeof *m);
    m->mover = mover;
    for (i = 0; i < 3; i++) {
        m->radii[i] = radii[i];
        m->start[i] = start[i];
        m->velocity[i] = velocity[i];
        m->axes[i][i] = 1.0f;
    }
}

slsp_probe *slsp_new(void) {
    slsp_probe *p = (slsp_probe *)calloc(1, sizeof *p);
    return p;
}

/* A new sink starts with the header and the records that define the level and objects. */
static void slsp__start_sink(slsp_probe *p, slsp__buf *start) {
    size_t i;
    slsp__header(start);
    slsp__bytes(start, p->conventions_record.data, p->conventions_record.len);
    slsp__bytes(start, p->level_record.data, p->level_record.len);
    for (i = 0; i < p->object_count; i++)
        slsp__bytes(start, p->objects[i].record.data, p->objects[i].record.len);
}

int slsp_add_file(slsp_probe *p, const char *path) {
    FILE *f;
    slsp__buf start;
    memset(&start, 0, sizeof start);
    if (!p || p->file_count >= SLSP__MAX_SINKS) return -1;
    f = fopen(path, "wb");
    if (!f) return -1;
    slsp__hand_over(p);
    slsp__start_sink(p, &start);
    if (start.failed || fwrite(start.data, 1, start.len, f) != start.len) {
        fclose(f);
        free(start.data);
        return -1;
    }
    free(start.data);
    p->files[p->file_count++] = f;
    return 0;
}

#ifndef _WIN32
/* slidescope writes one line to a game it refuses ("slidescope: refused, another game is
 * connected") and nothing to one it takes: waits up to 0.5 s for that line. 1 when refused. */
static int slsp__refused(int s) {
    struct timeval tv;
    char line[128];
    size_t n = 0;
    tv.tv_sec = 0;
    tv.tv_usec = 500000;
    setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, (const char *)&tv, sizeof tv);
    while (n < sizeof line - 1) {
        ssize_t k = recv(s, line + n, 1, 0);
        if (k <= 0) break;
        n += (size_t)k;
        if (line[n - 1] == '\n') break;
    }
    line[n] = 0;
    tv.tv_sec = 0;
    tv.tv_usec = 0;
    setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, (const char *)&tv, sizeof tv);
    return strncmp(line, "slidescope: refused", 19) == 0;
}
#endif

int slsp_add_connection(slsp_probe *p, const char *ipv4_host, uint16_t port) {
#ifdef _WIN32
    (void)p; (void)ipv4_host; (void)port;
    return -1;
#else
    struct sockaddr_in a;
    int s, one = 1;
    slsp__buf start;
    size_t off = 0;
    memset(&start, 0, sizeof start);
    if (!p || p->socket_count >= SLSP__MAX_SINKS) return -1;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    if (inet_pton(AF_INET, ipv4_host, &a.sin_addr) != 1) return -1;
    s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return -1;
    if (connect(s, (struct sockaddr *)&a, sizeof a) != 0) { close(s); return -1; }
    if (slsp__refused(s)) { close(s); return -1; }
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, (const char *)&one, sizeof one);
#ifdef SO_NOSIGPIPE
    setsockopt(s, SOL_SOCKET, SO_NOSIGPIPE, (const char *)&one, sizeof one);
#endif
    slsp__hand_over(p);
    slsp__start_sink(p, &start);
    while (!start.failed && off < start.len) {
#ifdef MSG_NOSIGNAL
        ssize_t k = send(s, start.data + off, start.len - off, MSG_NOSIGNAL);
#else
        ssize_t k = send(s, start.data + off, start.len - off, 0);
#endif
        if (k <= 0) break;
        off += (size_t)k;
    }
    free(start.data);
    if (off < start.len || start.failed) { close(s); return -1; }
    p->sockets[p->socket_count++] = s;
    return 0;
#endif
}

slsp_probe *slsp_save(const char *path) {
    slsp_probe *p = slsp_new();
    if (p && slsp_add_file(p, path) != 0) { free(p); return NULL; }
    return p;
}

slsp_probe *slsp_connect(const char *ipv4_host, uint16_t port) {
    slsp_probe *p = slsp_new();
    if (p && slsp_add_connection(p, ipv4_host, port) != 0) { free(p); return NULL; }
    return p;
}

static void slsp__maybe_hand_over(slsp_probe *p) {
    if (p->buf.len >= SLSP__FLUSH_BYTES) slsp__hand_over(p);
}

/* Encodes a MESH (object == NULL) or OBJECT_MESH record into b; returns the hash. */
static uint64_t slsp__mesh(slsp__buf *b, const uint32_t *object, const float *pos, uint32_t nv,
                           const uint32_t *idx, uint32_t nt) {
    size_t start = b->len, hash_at;
    uint32_t i;
    uint64_t h;
    slsp__u32(b, object ? SLSP__OBJECT_MESH : SLSP__MESH);
    slsp__u32(b, 0);
    if (object) slsp__u32(b, *object);
    hash_at = b->len;
    slsp__u64(b, 0);
    slsp__u32(b, nv);
    slsp__u32(b, nt);
    slsp__reserve(b, (size_t)nv * 12 + (size_t)nt * 12);
    for (i = 0; i < nv * 3; i++) slsp__f32(b, pos[i]);
    for (i = 0; i < nt * 3; i++) slsp__u32(b, idx[i]);
    if (b->failed) return 0;
    h = slsp_fnv1a64(b->data + hash_at + 8, b->len - hash_at - 8);
    slsp__put_u32_at(b, hash_at, (uint32_t)h);
    slsp__put_u32_at(b, hash_at + 4, (uint32_t)(h >> 32));
    slsp__put_u32_at(b, start + 4, (uint32_t)(b->len - start - 8));
    return h;
}

void slsp_level_mesh(slsp_probe *p, const float *positions_xyz, uint32_t vertex_count,
                     const uint32_t *indices, uint32_t triangle_count) {
    size_t start, i;
    uint64_t h;
    int sent = 0;
    if (!p) return;
    start = p->buf.len;
    h = slsp__mesh(&p->buf, NULL, positions_xyz, vertex_count, indices, triangle_count);
    if (p->buf.failed) return;
    p->level_record.len = 0;
    slsp__bytes(&p->level_record, p->buf.data + start, p->buf.len - start);
    for (i = 0; i < p->sent_count; i++) sent |= p->sent_meshes[i] == h;
    if (sent) {
        p->buf.len = start;
        slsp__u32(&p->buf, SLSP__USE_MESH);
        slsp__u32(&p->buf, 8);
        slsp__u64(&p->buf, h);
    } else {
        if (p->sent_count == p->sent_cap) {
            size_t cap = p->sent_cap ? p->sent_cap * 2 : 8;
            uint64_t *s = (uint64_t *)realloc(p->sent_meshes, cap * sizeof *s);
            if (!s) return;
            p->sent_meshes = s;
            p->sent_cap = cap;
        }
        p->sent_meshes[p->sent_count++] = h;
    }
    slsp__maybe_hand_over(p);
}

void slsp_conventions_init(slsp_conventions *c) {
/* begin init: generated from crates/slidescope-conventions/src/table.rs (SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions rewrites it) */
    c->padding = -1;
    c->short_motion = -1;
    c->min_motion_es = -1.0f;
    c->min_motion_m = -1.0f;
    c->dead_zone_m = -1.0f;
    c->iteration_limit = -1;
    c->sidedness = -1;
    c->impulse_filter = -1;
    c->up_axis = -1;
    c->left_handed = -1;
    c->clockwise_front = -1;
    c->missing = -1;
    c->roots_after_start_only = -1;
    c->projection = -1;
    c->move_scale = -1.0f;
    c->floor_stop_deg = -1.0f;
    c->embedded_kept = -1;
    c->free_moves_padded = -1;
    c->skin_in_metres = -1;
    c->world_response = -1;
    c->normal_from_start = -1;
    c->embedded_plane_skipped = -1;
    c->fauerby_f32 = -1;
    c->step_back_es = -1.0f;
/* end init */
}

/* Entries in key order, as the Rust crate writes them. */
void slsp_set_conventions(slsp_probe *p, const slsp_conventions *c) {
    uint32_t keys[SLSP__CONVENTION_KEYS], values[SLSP__CONVENTION_KEYS], n = 0, i;
    float f[3];
    size_t start;
    if (!p || !c) return;
#define SLSP__ENTRY(k, v) do { keys[n] = (k); values[n] = (uint32_t)(v); n++; } while (0)
#define SLSP__FLOAT_ENTRY(k, x) do { f[0] = (x); memcpy(&values[n], f, 4); keys[n] = (k); n++; } while (0)
/* begin entries: generated from crates/slidescope-conventions/src/table.rs (SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions rewrites it) */
    if (c->padding >= 0) SLSP__ENTRY(1, c->padding);
    if (c->short_motion >= 0) SLSP__ENTRY(2, c->short_motion);
    if (c->min_motion_es >= 0) SLSP__FLOAT_ENTRY(3, c->min_motion_es);
    if (c->min_motion_m >= 0) SLSP__FLOAT_ENTRY(4, c->min_motion_m);
    if (c->dead_zone_m >= 0) SLSP__FLOAT_ENTRY(5, c->dead_zone_m);
    if (c->iteration_limit >= 0) SLSP__ENTRY(6, c->iteration_limit);
    if (c->sidedness >= 0) SLSP__ENTRY(7, c->sidedness);
    if (c->impulse_filter >= 0) SLSP__ENTRY(8, c->impulse_filter);
    if (c->up_axis >= 0) SLSP__ENTRY(9, c->up_axis);
    if (c->left_handed >= 0) SLSP__ENTRY(10, c->left_handed);
    if (c->clockwise_front >= 0) SLSP__ENTRY(11, c->clockwise_front);
    if (c->missing >= 0) SLSP__ENTRY(12, c->missing);
    if (c->roots_after_start_only >= 0) SLSP__ENTRY(13, c->roots_after_start_only);
    if (c->projection >= 0) SLSP__ENTRY(14, c->projection);
    if (c->move_scale >= 0) SLSP__FLOAT_ENTRY(15, c->move_scale);
    if (c->floor_stop_deg >= 0) SLSP__FLOAT_ENTRY(16, c->floor_stop_deg);
    if (c->embedded_kept >= 0) SLSP__ENTRY(17, c->embedded_kept);
    if (c->free_moves_padded >= 0) SLSP__ENTRY(18, c->free_moves_padded);
    if (c->skin_in_metres >= 0) SLSP__ENTRY(19, c->skin_in_metres);
    if (c->world_response >= 0) SLSP__ENTRY(20, c->world_response);
    if (c->normal_from_start >= 0) SLSP__ENTRY(21, c->normal_from_start);
    if (c->embedded_plane_skipped >= 0) SLSP__ENTRY(22, c->embedded_plane_skipped);
    if (c->fauerby_f32 >= 0) SLSP__ENTRY(23, c->fauerby_f32);
    if (c->step_back_es >= 0) SLSP__FLOAT_ENTRY(24, c->step_back_es);
/* end entries */
#undef SLSP__ENTRY
#undef SLSP__FLOAT_ENTRY
    start = p->buf.len;
    slsp__u32(&p->buf, SLSP__CONVENTIONS);
    slsp__u32(&p->buf, 4 + 8 * n);
    slsp__u32(&p->buf, n);
    for (i = 0; i < n; i++) {
        slsp__u32(&p->buf, keys[i]);
        slsp__u32(&p->buf, values[i]);
    }
    if (p->buf.failed) return;
    p->conventions_record.len = 0;
    slsp__bytes(&p->conventions_record, p->buf.data + start, p->buf.len - start);
    slsp__maybe_hand_over(p);
}

void slsp_level_file(slsp_probe *p, const char *path, uint64_t fnv1a64_of_file) {
    size_t start, n;
    if (!p) return;
    n = strlen(path);
    start = p->buf.len;
    slsp__u32(&p->buf, SLSP__LEVEL_FILE);
    slsp__u32(&p->buf, (uint32_t)(12 + n));
    slsp__u64(&p->buf, fnv1a64_of_file);
    slsp__u32(&p->buf, (uint32_t)n);
    slsp__bytes(&p->buf, path, n);
    if (p->buf.failed) return;
    p->level_record.len = 0;
    slsp__bytes(&p->level_record, p->buf.data + start, p->buf.len - start);
    slsp__maybe_hand_over(p);
}

void slsp_object_mesh(slsp_probe *p, uint32_t object, const float *positions_xyz,
                      uint32_t vertex_count, const uint32_t *indices, uint32_t triangle_count) {
    size_t start, i;
    slsp__object_record *slot = NULL;
    if (!p) return;
    start = p->buf.len;
    slsp__mesh(&p->buf, &object, positions_xyz, vertex_count, indices, triangle_count);
    if (p->buf.failed) return;
    for (i = 0; i < p->object_count; i++)
        if (p->objects[i].object == object) slot = &p->objects[i];
    if (!slot) {
        slsp__object_record *o = (slsp__object_record *)realloc(
            p->objects, (p->object_count + 1) * sizeof *o);
        if (!o) return;
        p->objects = o;
        slot = &p->objects[p->object_count++];
        memset(slot, 0, sizeof *slot);
        slot->object = object;
    }
    slot->record.len = 0;
    slsp__bytes(&slot->record, p->buf.data + start, p->buf.len - start);
    slsp__maybe_hand_over(p);
}

static void slsp__pose(slsp__buf *b, const slsp_pose *q) {
    slsp__f32(b, q->rotation[0]); slsp__f32(b, q->rotation[1]);
    slsp__f32(b, q->rotation[2]); slsp__f32(b, q->rotation[3]);
    slsp__vec3(b, q->translation);
}

void slsp_object_poses(slsp_probe *p, const slsp_object_pose *poses, uint32_t count) {
    uint32_t i;
    if (!p) return;
    slsp__u32(&p->buf, SLSP__OBJECT_POSES);
    slsp__u32(&p->buf, 4 + count * 60u);
    slsp__u32(&p->buf, count);
    for (i = 0; i < count; i++) {
        slsp__u32(&p->buf, poses[i].object);
        slsp__pose(&p->buf, &poses[i].previous);
        slsp__pose(&p->buf, &poses[i].current);
    }
    slsp__maybe_hand_over(p);
}

void slsp_frame(slsp_probe *p, uint64_t frame, double time_secs, float dt_secs) {
    if (!p) return;
    /* What the previous frame logged goes out now: once a frame, not once a move. */
    slsp__hand_over(p);
    slsp__u32(&p->buf, SLSP__FRAME);
    slsp__u32(&p->buf, 20);
    slsp__u64(&p->buf, frame);
    slsp__f64(&p->buf, time_secs);
    slsp__f32(&p->buf, dt_secs);
}

void slsp_log_move(slsp_probe *p, const slsp_move *m, const slsp_contact *contacts,
                   uint32_t contact_count) {
    uint32_t flags = 0, i;
    static const float zero3[3] = {0, 0, 0};
    if (!p) return;
    if (m->has_result) flags |= 1u;
    if (m->has_skin) flags |= 2u;
    if (m->has_max_iterations) flags |= 4u;
    slsp__u32(&p->buf, SLSP__MOVE);
    slsp__u32(&p->buf, 136u + 52u * contact_count);
    slsp__u32(&p->buf, m->mover);
    slsp__u32(&p->buf, flags);
    slsp__vec3(&p->buf, m->radii);
    slsp__vec3(&p->buf, m->axes[0]);
    slsp__vec3(&p->buf, m->axes[1]);
    slsp__vec3(&p->buf, m->axes[2]);
    slsp__vec3(&p->buf, m->start);
    slsp__vec3(&p->buf, m->velocity);
    slsp__f32(&p->buf, m->has_skin ? m->skin_es : 0.0f);
    slsp__u32(&p->buf, m->has_max_iterations ? m->max_iterations : 0u);
    slsp__vec3(&p->buf, m->has_result ? m->end : zero3);
    slsp__vec3(&p->buf, m->has_result ? m->integration_velocity : zero3);
    slsp__u32(&p->buf, m->has_result ? m->iterations : 0u);
    for (i = 0; i < 4; i++) slsp__u32(&p->buf, 0);
    slsp__u32(&p->buf, contact_count);
    for (i = 0; i < contact_count; i++) {
        const slsp_contact *c = &contacts[i];
        slsp__u32(&p->buf, c->iteration);
        slsp__u32(&p->buf, c->minkowski_case);
        slsp__f32(&p->buf, c->t);
        slsp__vec3(&p->buf, c->center);
        slsp__vec3(&p->buf, c->point);
        slsp__vec3(&p->buf, c->normal);
        slsp__u32(&p->buf, c->triangle);
    }
    slsp__maybe_hand_over(p);
}

void slsp_flush(slsp_probe *p) {
    int i;
    if (!p) return;
    slsp__hand_over(p);
    for (i = 0; i < p->file_count; i++) fflush(p->files[i]);
}

int slsp_sink_count(const slsp_probe *p) {
    return p ? p->file_count + p->socket_count : 0;
}

void slsp_close(slsp_probe *p) {
    int i;
    size_t k;
    if (!p) return;
    slsp__u32(&p->buf, SLSP__END);
    slsp__u32(&p->buf, 0);
    slsp__hand_over(p);
    for (i = 0; i < p->file_count; i++) fclose(p->files[i]);
#ifndef _WIN32
    for (i = 0; i < p->socket_count; i++) close(p->sockets[i]);
#endif
    for (k = 0; k < p->object_count; k++) free(p->objects[k].record.data);
    free(p->objects);
    free(p->level_record.data);
    free(p->conventions_record.data);
    free(p->sent_meshes);
    free(p->buf.data);
    free(p);
}

#endif /* SLIDESCOPE_PROBE_IMPLEMENTATION */
