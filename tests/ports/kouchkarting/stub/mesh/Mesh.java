// Mesh.java -- our stand-in for kouchkarting's mesh.Mesh, which reads OBJ files through the game's
// importer and LWJGL: WorldCollision reads only `triangles`, so that is all this one holds.
package mesh;

public class Mesh {
    public Triangle[] triangles;

    public Mesh(Triangle[] triangles) {
        this.triangles = triangles;
    }
}
