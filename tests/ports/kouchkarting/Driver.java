// Driver.java -- runs kouchkarting's WorldCollision (petergok/kouchkarting, src/collision) for
// record.c, over stdin/stdout, and observes every detection. Our code; no kouchkarting source is
// in this repository (README.md).
//
// In:  "R rx ry rz" (radii), "T n" then n lines of 9 coordinates (the level's triangles in MESH
//      order), then per call "C px py pz vx vy vz gx gy gz" (start, horizontal and vertical
//      displacement, m) and "Q" to quit. Out, per call: one "D ..." line per detection, then
//      "E fx fy fz ground embedded". Every float is its IEEE bits in hex, so nothing is rounded.
//
// The game's call, as Couch.checkCollisionsAndMove makes it: new WorldCollision(velocity,
// gravity, position, radius, up).collideAndSlide(world), then getMoveTo(),
// foundGravityCollision() and isEmbedded(). The port runs the gravity pass, then the velocity
// pass from where it ended. A detection is one collideWithMesh call that runs the triangle loop
// (depth <= 1000); its hit is the packet's after the loop, its slide normal the one the
// response computes from it (read when the next detection starts or the pass returns).
import collision.WorldCollision;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import math.Vector;
import mesh.Mesh;
import mesh.Triangle;
import mesh.Vertex;

public class Driver {
    /** One detection: the pass (0 gravity, 1 velocity), its inputs and what it met (eSpace). */
    static final class Detection {
        int pass, depth, triangle = -1;
        Vector base, velocity, point, slideNormal;
        float nearest;
    }

    /** The port's collision object with its detections observed; nothing it computes changes. */
    static final class Observed extends WorldCollision {
        final List<Detection> detections = new ArrayList<>();
        private Detection current;
        private Vector pointBefore;

        Observed(Vector v, Vector g, Vector p, Vector r, Vector up) {
            super(v, g, p, r, up);
        }

        @Override
        public Vector collideWithMesh(Mesh mesh) {
            int depth = (Integer) read(DEPTH);
            if (depth > 0 && current != null && current.triangle >= 0) {
                current.slideNormal = copy((Vector) read(SLIDE_NORMAL));
            }
            if (depth <= 1000) {
                current = new Detection();
                current.pass = (Boolean) read(GRAVITY) ? 0 : 1;
                current.depth = depth;
                current.base = copy((Vector) read(BASE));
                current.velocity = copy((Vector) read(VELOCITY));
                detections.add(current);
            }
            Vector end = super.collideWithMesh(mesh);
            if (depth == 0 && current != null && current.triangle >= 0 && current.slideNormal == null) {
                current.slideNormal = copy((Vector) read(SLIDE_NORMAL));
            }
            return end;
        }

        @Override
        public void checkTriangleForCollision(Triangle t) {
            pointBefore = (Vector) read(POINT);
            super.checkTriangleForCollision(t);
            Vector point = (Vector) read(POINT);
            if (point != pointBefore) { // the port keeps each hit's point as a new object
                current.triangle = t.ID;
                current.point = copy(point);
                current.nearest = (Float) read(NEAREST);
            }
        }

        private Object read(Field f) {
            try {
                return f.get(this);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static final Field DEPTH = field("collisionRecursionDepth"), GRAVITY = field("checkingGravity"),
            BASE = field("basePoint"), VELOCITY = field("velocity"), POINT = field("intersectionPoint"),
            NEAREST = field("nearestDistance"), SLIDE_NORMAL = field("slidingPlaneNormal");

    static Field field(String name) {
        try {
            Field f = WorldCollision.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("not the kouchkarting WorldCollision this driver reads: " + name);
        }
    }

    static Vector copy(Vector v) {
        return v == null ? null : new Vector(v.x, v.y, v.z);
    }

    static float f(String hex) {
        return Float.intBitsToFloat(Integer.parseUnsignedInt(hex, 16));
    }

    static String h(float x) {
        return Integer.toHexString(Float.floatToRawIntBits(x));
    }

    static String h(Vector v) {
        return v == null ? "0 0 0" : h(v.x) + " " + h(v.y) + " " + h(v.z);
    }

    static Vector vec(String[] w, int at) {
        return new Vector(f(w[at]), f(w[at + 1]), f(w[at + 2]));
    }

    /** `plain` as the only argument: the port's own class, nothing observed (E lines only). */
    public static void main(String[] args) throws Exception {
        boolean plain = args.length == 1 && args[0].equals("plain");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(System.out, 1 << 16), false);
        Vector radius = vec(in.readLine().split(" "), 1);
        int n = Integer.parseInt(in.readLine().split(" ")[1]);
        Triangle[] triangles = new Triangle[n];
        for (int i = 0; i < n; i++) {
            String[] w = in.readLine().split(" ");
            Vertex[] v = new Vertex[3];
            for (int k = 0; k < 3; k++) v[k] = new Vertex(f(w[3 * k]), f(w[3 * k + 1]), f(w[3 * k + 2]));
            triangles[i] = new Triangle(v[0], v[1], v[2]);
            triangles[i].ID = i;
        }
        Mesh world = new Mesh(triangles);
        for (String line; (line = in.readLine()) != null && !line.equals("Q"); ) {
            String[] w = line.split(" ");
            Vector r = new Vector(radius.x, radius.y, radius.z), up = new Vector(0, 1, 0);
            WorldCollision c = plain ? new WorldCollision(vec(w, 4), vec(w, 7), vec(w, 1), r, up)
                    : new Observed(vec(w, 4), vec(w, 7), vec(w, 1), r, up);
            c.collideAndSlide(world);
            for (Detection d : plain ? List.<Detection>of() : ((Observed) c).detections) {
                out.println("D " + d.pass + " " + d.depth + " " + h(d.base) + " " + h(d.velocity) + " "
                        + d.triangle + " " + h(d.nearest) + " " + h(d.point) + " " + h(d.slideNormal));
            }
            out.println("E " + h(c.getMoveTo()) + " " + (c.foundGravityCollision() ? 1 : 0) + " "
                    + (c.isEmbedded() ? 1 : 0));
            out.flush();
        }
    }
}
