// irr_collide.h -- Irrlicht 1.8.3's ellipsoid collide-and-slide, cut out to compile standalone.
//
// ALTERED SOURCE VERSION (zlib licence clause 2): this is NOT the original Irrlicht source.
// Copied from the Irrlicht Engine 1.8.3 SDK as imported into
//   GitHub hyyh619/irrlicht-1.8.3, commit 762ae72fbedd32da1d56f7c6e2a5e54f9db08a89
//   ("Add irrlicht code", 2015-12-07; include/IrrCompileConfig.h says IRRLICHT_SDK_VERSION "1.8.3";
//   that import had tabs turned into 4 spaces, otherwise the 1.8.3 release text; checked with
//   `diff -w` against the SVN trunk mirror GitHub zaki/irrlicht, whose differences in these
//   functions are all later 1.9 changes).
// Files this header copies from (only the members the collision code uses, code unchanged):
//   include/irrTypes.h        f32, f64, s32, u32
//   include/irrMath.h         ROUNDING_ERROR_*, min_, max_, clamp, swap, equals, iszero,
//                             F32_LOWER_EQUAL_0 (IRRLICHT_FAST_MATH is off by default in
//                             IrrCompileConfig.h, so the plain-C variants are the ones copied),
//                             squareroot, reciprocal_squareroot, reciprocal
//   include/vector3d.h        vector3d<T> (operators, equals, getLength(SQ), dotProduct,
//                             crossProduct, normalize, setLength)
//   include/plane3d.h         plane3d<T> (constructors, setPlane, recalculateD, isFrontFacing,
//                             getDistanceTo)
//   include/aabbox3d.h        aabbox3d<T> (constructors, addInternalPoint, intersectsWithBox)
//   include/triangle3d.h      triangle3d<T> (operator==/!=, isTotalOutsideBox, isPointInside,
//                             isOnSameSide, getNormal, getPlane)
//   include/matrix4.h         CMatrix4<f32>: identity constructor, setScale, transformVect
//   source/Irrlicht/CSceneCollisionManager.h  SCollisionData
// and irr_collide.cpp copies CSceneCollisionManager.cpp, CTriangleSelector.cpp and
// CSceneNodeAnimatorCollisionResponse.cpp (see there).
//
// Changes, all of them (everything else, every constant, branch and float type, is as in 1.8.3):
//   * ITriangleSelector is a plain triangle array (TriangleArraySelector) whose getTriangles is
//     CTriangleSelector::getTriangles(box, transform) with SceneNode == 0 (the level triangles are
//     already in world space); it also remembers, for the recorder, which array index each
//     returned triangle had (LastIndices).
//   * core::array is a thin std::vector wrapper with the two members used (set_used, pointer).
//   * Hooks for the slidescope recorder (IRR_HOOK_* macros, marked "[slidescope hook]"): they only
//     read values and return what they are given; build with -DIRR_COLLIDE_NO_HOOKS to remove them
//     (record.cpp --check-hooks compares both builds bit for bit).
//   * The scene-node animator is reduced to the position it moves (AnimatedPosition).
//
// Irrlicht's licence (doc/irrlicht-license.txt, include/irrlicht.h):
//
//   Copyright (C) 2002-2012 Nikolaus Gebhardt
//
//   This software is provided 'as-is', without any express or implied
//   warranty.  In no event will the authors be held liable for any damages
//   arising from the use of this software.
//
//   Permission is granted to anyone to use this software for any purpose,
//   including commercial applications, and to alter it and redistribute it
//   freely, subject to the following restrictions:
//
//   1. The origin of this software must not be misrepresented; you must not
//      claim that you wrote the original software. If you use this software
//      in a product, an acknowledgment in the product documentation would be
//      appreciated but is not required.
//   2. Altered source versions must be plainly marked as such, and must not be
//      misrepresented as being the original software.
//   3. This notice may not be removed or altered from any source distribution.
//
//   Please note that the Irrlicht Engine is based in part on the work of the
//   Independent JPEG Group, the zlib, libPng and aesGladman. This means that if you use
//   the Irrlicht Engine in your product, you must acknowledge somewhere in your
//   documentation that you've used the IJPG code. It would also be nice to mention
//   that you use the Irrlicht Engine, the zlib, libPng and aesGladman. See the
//   corresponding license files for further informations. It is also possible to disable
//   usage of those additional libraries by defines in the IrrCompileConfig.h header and
//   recompiling the engine.
//
// (None of the JPEG/zlib/libPng/aesGladman code is part of this cut-out.)

#ifndef IRR_COLLIDE_H_INCLUDED
#define IRR_COLLIDE_H_INCLUDED

#include <math.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#ifndef FLT_MAX
#define FLT_MAX 3.402823466E+38F
#endif

namespace irr
{
// ---- include/irrTypes.h -------------------------------------------------------------------
typedef unsigned int        u32;
typedef signed int        s32;
typedef float                f32;
typedef double                f64;

namespace core
{
// ---- include/irrMath.h --------------------------------------------------------------------
    const f32 ROUNDING_ERROR_f32 = 0.000001f;
    const f64 ROUNDING_ERROR_f64 = 0.00000001;

    //! returns minimum of two values. Own implementation to get rid of the STL (VS6 problems)
    template<class T>
    inline const T& min_(const T& a, const T& b)
    {
        return a < b ? a : b;
    }

    //! returns maximum of two values. Own implementation to get rid of the STL (VS6 problems)
    template<class T>
    inline const T& max_(const T& a, const T& b)
    {
        return a < b ? b : a;
    }

    //! clamps a value between low and high
    template <class T>
    inline const T clamp (const T& value, const T& low, const T& high)
    {
        return min_ (max_(value,low), high);
    }

    //! swaps the content of the passed parameters
    template <class T1, class T2>
    inline void swap(T1& a, T2& b)
    {
        T1 c(a);
        a = b;
        b = c;
    }

    //! returns if a equals b, taking possible rounding errors into account
    inline bool equals(const f64 a, const f64 b, const f64 tolerance = ROUNDING_ERROR_f64)
    {
        return (a + tolerance >= b) && (a - tolerance <= b);
    }

    //! returns if a equals b, taking possible rounding errors into account
    inline bool equals(const f32 a, const f32 b, const f32 tolerance = ROUNDING_ERROR_f32)
    {
        return (a + tolerance >= b) && (a - tolerance <= b);
    }

    //! returns if a equals zero, taking rounding errors into account
    inline bool iszero(const f64 a, const f64 tolerance = ROUNDING_ERROR_f64)
    {
        return fabs(a) <= tolerance;
    }

    //! returns if a equals zero, taking rounding errors into account
    inline bool iszero(const f32 a, const f32 tolerance = ROUNDING_ERROR_f32)
    {
        return fabsf(a) <= tolerance;
    }

    // (IRRLICHT_FAST_MATH not defined: IrrCompileConfig.h has it commented out)
    #define    F32_LOWER_EQUAL_0(n)    ((n) <= 0.0f)

    // calculate: sqrt ( x )
    inline f32 squareroot(const f32 f)
    {
        return sqrtf(f);
    }

    // calculate: sqrt ( x )
    inline f64 squareroot(const f64 f)
    {
        return sqrt(f);
    }

    // calculate: 1 / sqrt ( x )
    inline f64 reciprocal_squareroot(const f64 x)
    {
        return 1.0 / sqrt(x);
    }

    // calculate: 1 / sqrtf ( x )
    inline f32 reciprocal_squareroot(const f32 f)
    {
        return 1.f / sqrtf(f);
    }

    // calculate: 1 / x
    inline f32 reciprocal( const f32 f )
    {
        return 1.f / f;
    }

    // calculate: 1 / x
    inline f64 reciprocal ( const f64 f )
    {
        return 1.0 / f;
    }

// ---- include/vector3d.h -------------------------------------------------------------------
    template <class T>
    class vector3d
    {
    public:
        //! Default constructor (null vector).
        vector3d() : X(0), Y(0), Z(0) {}
        //! Constructor with three different values
        vector3d(T nx, T ny, T nz) : X(nx), Y(ny), Z(nz) {}
        //! Constructor with the same value for all elements
        explicit vector3d(T n) : X(n), Y(n), Z(n) {}
        //! Copy constructor
        vector3d(const vector3d<T>& other) : X(other.X), Y(other.Y), Z(other.Z) {}

        // operators

        vector3d<T> operator-() const { return vector3d<T>(-X, -Y, -Z); }

        vector3d<T>& operator=(const vector3d<T>& other) { X = other.X; Y = other.Y; Z = other.Z; return *this; }

        vector3d<T> operator+(const vector3d<T>& other) const { return vector3d<T>(X + other.X, Y + other.Y, Z + other.Z); }
        vector3d<T>& operator+=(const vector3d<T>& other) { X+=other.X; Y+=other.Y; Z+=other.Z; return *this; }
        vector3d<T> operator+(const T val) const { return vector3d<T>(X + val, Y + val, Z + val); }
        vector3d<T>& operator+=(const T val) { X+=val; Y+=val; Z+=val; return *this; }

        vector3d<T> operator-(const vector3d<T>& other) const { return vector3d<T>(X - other.X, Y - other.Y, Z - other.Z); }
        vector3d<T>& operator-=(const vector3d<T>& other) { X-=other.X; Y-=other.Y; Z-=other.Z; return *this; }
        vector3d<T> operator-(const T val) const { return vector3d<T>(X - val, Y - val, Z - val); }
        vector3d<T>& operator-=(const T val) { X-=val; Y-=val; Z-=val; return *this; }

        vector3d<T> operator*(const vector3d<T>& other) const { return vector3d<T>(X * other.X, Y * other.Y, Z * other.Z); }
        vector3d<T>& operator*=(const vector3d<T>& other) { X*=other.X; Y*=other.Y; Z*=other.Z; return *this; }
        vector3d<T> operator*(const T v) const { return vector3d<T>(X * v, Y * v, Z * v); }
        vector3d<T>& operator*=(const T v) { X*=v; Y*=v; Z*=v; return *this; }

        vector3d<T> operator/(const vector3d<T>& other) const { return vector3d<T>(X / other.X, Y / other.Y, Z / other.Z); }
        vector3d<T>& operator/=(const vector3d<T>& other) { X/=other.X; Y/=other.Y; Z/=other.Z; return *this; }
        vector3d<T> operator/(const T v) const { T i=(T)1.0/v; return vector3d<T>(X * i, Y * i, Z * i); }
        vector3d<T>& operator/=(const T v) { T i=(T)1.0/v; X*=i; Y*=i; Z*=i; return *this; }

        //! use weak float compare
        bool operator==(const vector3d<T>& other) const
        {
            return this->equals(other);
        }

        bool operator!=(const vector3d<T>& other) const
        {
            return !this->equals(other);
        }

        // functions

        //! returns if this vector equals the other one, taking floating point rounding errors into account
        bool equals(const vector3d<T>& other, const T tolerance = (T)ROUNDING_ERROR_f32 ) const
        {
            return core::equals(X, other.X, tolerance) &&
                core::equals(Y, other.Y, tolerance) &&
                core::equals(Z, other.Z, tolerance);
        }

        vector3d<T>& set(const T nx, const T ny, const T nz) {X=nx; Y=ny; Z=nz; return *this;}
        vector3d<T>& set(const vector3d<T>& p) {X=p.X; Y=p.Y; Z=p.Z;return *this;}

        //! Get length of the vector.
        T getLength() const { return core::squareroot( X*X + Y*Y + Z*Z ); }

        //! Get squared length of the vector.
        /** This is useful because it is much faster than getLength().
        \return Squared length of the vector. */
        T getLengthSQ() const { return X*X + Y*Y + Z*Z; }

        //! Get the dot product with another vector.
        T dotProduct(const vector3d<T>& other) const
        {
            return X*other.X + Y*other.Y + Z*other.Z;
        }

        //! Calculates the cross product with another vector.
        /** \param p Vector to multiply with.
        \return Crossproduct of this vector with p. */
        vector3d<T> crossProduct(const vector3d<T>& p) const
        {
            return vector3d<T>(Y * p.Z - Z * p.Y, Z * p.X - X * p.Z, X * p.Y - Y * p.X);
        }

        //! Normalizes the vector.
        /** In case of the 0 vector the result is still 0, otherwise
        the length of the vector will be 1.
        \return Reference to this vector after normalization. */
        vector3d<T>& normalize()
        {
            f64 length = X*X + Y*Y + Z*Z;
            if (length == 0 ) // this check isn't an optimization but prevents getting NAN in the sqrt.
                return *this;
            length = core::reciprocal_squareroot(length);

            X = (T)(X * length);
            Y = (T)(Y * length);
            Z = (T)(Z * length);
            return *this;
        }

        //! Sets the length of the vector to a new value
        vector3d<T>& setLength(T newlength)
        {
            normalize();
            return (*this *= newlength);
        }

        //! X coordinate of the vector
        T X;

        //! Y coordinate of the vector
        T Y;

        //! Z coordinate of the vector
        T Z;
    };

    //! Typedef for a f32 3d vector.
    typedef vector3d<f32> vector3df;

    //! Function multiplying a scalar and a vector component-wise.
    template<class S, class T>
    vector3d<T> operator*(const S scalar, const vector3d<T>& vector) { return vector*scalar; }

// ---- include/plane3d.h --------------------------------------------------------------------
template <class T>
class plane3d
{
    public:

        // Constructors

        plane3d(): Normal(0,1,0) { recalculateD(vector3d<T>(0,0,0)); }

        plane3d(const vector3d<T>& MPoint, const vector3d<T>& Normal) : Normal(Normal) { recalculateD(MPoint); }

        plane3d(T px, T py, T pz, T nx, T ny, T nz) : Normal(nx, ny, nz) { recalculateD(vector3d<T>(px, py, pz)); }

        plane3d(const vector3d<T>& point1, const vector3d<T>& point2, const vector3d<T>& point3)
        { setPlane(point1, point2, point3); }

        plane3d(const vector3d<T> & normal, const T d) : Normal(normal), D(d) { }

        // functions

        void setPlane(const vector3d<T>& point, const vector3d<T>& nvector)
        {
            Normal = nvector;
            recalculateD(point);
        }

        void setPlane(const vector3d<T>& nvect, T d)
        {
            Normal = nvect;
            D = d;
        }

        void setPlane(const vector3d<T>& point1, const vector3d<T>& point2, const vector3d<T>& point3)
        {
            // creates the plane from 3 memberpoints
            Normal = (point2 - point1).crossProduct(point3 - point1);
            Normal.normalize();

            recalculateD(point1);
        }

        //! Recalculates the distance from origin by applying a new member point to the plane.
        void recalculateD(const vector3d<T>& MPoint)
        {
            D = - MPoint.dotProduct(Normal);
        }

        //! Test if the triangle would be front or backfacing from any point.
        /** Thus, this method assumes a camera position from
        which the triangle is definitely visible when looking into
        the given direction.
        Note that this only works if the normal is Normalized.
        Do not use this method with points as it will give wrong results!
        \param lookDirection: Look direction.
        \return True if the plane is front facing and
        false if it is backfacing. */
        bool isFrontFacing(const vector3d<T>& lookDirection) const
        {
            const f32 d = Normal.dotProduct(lookDirection);
            return F32_LOWER_EQUAL_0 ( d );
        }

        //! Get the distance to a point.
        /** Note that this only works if the normal is normalized. */
        T getDistanceTo(const vector3d<T>& point) const
        {
            return point.dotProduct(Normal) + D;
        }

        //! Normal vector of the plane.
        vector3d<T> Normal;

        //! Distance from origin.
        T D;
};

// ---- include/aabbox3d.h -------------------------------------------------------------------
template <class T>
class aabbox3d
{
    public:

        //! Default Constructor.
        aabbox3d(): MinEdge(-1,-1,-1), MaxEdge(1,1,1) {}
        //! Constructor with min edge and max edge.
        aabbox3d(const vector3d<T>& min, const vector3d<T>& max): MinEdge(min), MaxEdge(max) {}
        //! Constructor with only one point.
        aabbox3d(const vector3d<T>& init): MinEdge(init), MaxEdge(init) {}

        //! Resets the bounding box to a one-point box.
        void reset(T x, T y, T z)
        {
            MaxEdge.set(x,y,z);
            MinEdge = MaxEdge;
        }

        //! Adds a point to the bounding box
        void addInternalPoint(const vector3d<T>& p)
        {
            addInternalPoint(p.X, p.Y, p.Z);
        }

        //! Adds a point to the bounding box
        void addInternalPoint(T x, T y, T z)
        {
            if (x>MaxEdge.X) MaxEdge.X = x;
            if (y>MaxEdge.Y) MaxEdge.Y = y;
            if (z>MaxEdge.Z) MaxEdge.Z = z;

            if (x<MinEdge.X) MinEdge.X = x;
            if (y<MinEdge.Y) MinEdge.Y = y;
            if (z<MinEdge.Z) MinEdge.Z = z;
        }

        //! Determines if the box intersects with another box.
        bool intersectsWithBox(const aabbox3d<T>& other) const
        {
            return (MinEdge.X <= other.MaxEdge.X && MinEdge.Y <= other.MaxEdge.Y && MinEdge.Z <= other.MaxEdge.Z &&
                MaxEdge.X >= other.MinEdge.X && MaxEdge.Y >= other.MinEdge.Y && MaxEdge.Z >= other.MinEdge.Z);
        }

        //! The near edge
        vector3d<T> MinEdge;

        //! The far edge
        vector3d<T> MaxEdge;
};

    //! Typedef for a f32 3d bounding box.
    typedef aabbox3d<f32> aabbox3df;

// ---- include/triangle3d.h -----------------------------------------------------------------
    template <class T>
    class triangle3d
    {
    public:

        //! Constructor for an all 0 triangle
        triangle3d() {}
        //! Constructor for triangle with given three vertices
        triangle3d(vector3d<T> v1, vector3d<T> v2, vector3d<T> v3) : pointA(v1), pointB(v2), pointC(v3) {}

        //! Equality operator
        bool operator==(const triangle3d<T>& other) const
        {
            return other.pointA==pointA && other.pointB==pointB && other.pointC==pointC;
        }

        //! Inequality operator
        bool operator!=(const triangle3d<T>& other) const
        {
            return !(*this==other);
        }

        //! Determines if the triangle is totally outside a bounding box.
        /** \param box Box to check.
        \return True if triangle is outside the box, otherwise false. */
        bool isTotalOutsideBox(const aabbox3d<T>& box) const
        {
            return ((pointA.X > box.MaxEdge.X && pointB.X > box.MaxEdge.X && pointC.X > box.MaxEdge.X) ||

                (pointA.Y > box.MaxEdge.Y && pointB.Y > box.MaxEdge.Y && pointC.Y > box.MaxEdge.Y) ||
                (pointA.Z > box.MaxEdge.Z && pointB.Z > box.MaxEdge.Z && pointC.Z > box.MaxEdge.Z) ||
                (pointA.X < box.MinEdge.X && pointB.X < box.MinEdge.X && pointC.X < box.MinEdge.X) ||
                (pointA.Y < box.MinEdge.Y && pointB.Y < box.MinEdge.Y && pointC.Y < box.MinEdge.Y) ||
                (pointA.Z < box.MinEdge.Z && pointB.Z < box.MinEdge.Z && pointC.Z < box.MinEdge.Z));
        }

        //! Check if a point is inside the triangle (border-points count also as inside)
        /*
        \param p Point to test. Assumes that this point is already
        on the plane of the triangle.
        \return True if the point is inside the triangle, otherwise false. */
        bool isPointInside(const vector3d<T>& p) const
        {
            vector3d<f64> af64((f64)pointA.X, (f64)pointA.Y, (f64)pointA.Z);
            vector3d<f64> bf64((f64)pointB.X, (f64)pointB.Y, (f64)pointB.Z);
            vector3d<f64> cf64((f64)pointC.X, (f64)pointC.Y, (f64)pointC.Z);
            vector3d<f64> pf64((f64)p.X, (f64)p.Y, (f64)p.Z);
            return (isOnSameSide(pf64, af64, bf64, cf64) &&
                 isOnSameSide(pf64, bf64, af64, cf64) &&
                 isOnSameSide(pf64, cf64, af64, bf64));
        }

        //! Get the normal of the triangle.
        /** Please note: The normal is not always normalized. */
        vector3d<T> getNormal() const
        {
            return (pointB - pointA).crossProduct(pointC - pointA);
        }

        //! Get the plane of this triangle.
        plane3d<T> getPlane() const
        {
            return plane3d<T>(pointA, pointB, pointC);
        }

        //! the three points of the triangle
        vector3d<T> pointA;
        vector3d<T> pointB;
        vector3d<T> pointC;

    private:
        // Using f64 instead of <T> to avoid integer overflows when T=int (maybe also less floating point troubles).
        bool isOnSameSide(const vector3d<f64>& p1, const vector3d<f64>& p2,
            const vector3d<f64>& a, const vector3d<f64>& b) const
        {
            vector3d<f64> bminusa = b - a;
            vector3d<f64> cp1 = bminusa.crossProduct(p1 - a);
            vector3d<f64> cp2 = bminusa.crossProduct(p2 - a);
            f64 res = cp1.dotProduct(cp2);
            if ( res < 0 )
            {
                // This catches some floating point troubles.
                // Unfortunately slightly expensive and we don't really know the best epsilon for iszero.
                vector3d<f64> cp1 = bminusa.normalize().crossProduct((p1 - a).normalize());
                if (     core::iszero(cp1.X, (f64)ROUNDING_ERROR_f32)
                    &&     core::iszero(cp1.Y, (f64)ROUNDING_ERROR_f32)
                    &&     core::iszero(cp1.Z, (f64)ROUNDING_ERROR_f32) )
                {
                    res = 0.f;
                }
            }
            return (res >= 0.0f);
        }
    };

    //! Typedef for a f32 3d triangle.
    typedef triangle3d<f32> triangle3df;

// ---- include/matrix4.h (CMatrix4<f32>: the members getTriangles uses) ---------------------
    template <class T>
    class CMatrix4
    {
        public:
            //! Constructor Flags
            enum eConstructor
            {
                EM4CONST_NOTHING = 0,
                EM4CONST_IDENTITY
            };

            //! Default constructor
            /** \param constructor Choose the initialization style */
            CMatrix4( eConstructor constructor = EM4CONST_IDENTITY )
            {
                switch ( constructor )
                {
                    case EM4CONST_NOTHING:
                        break;
                    case EM4CONST_IDENTITY:
                    default:
                        makeIdentity();
                        break;
                }
            }

            //! Set matrix to identity.
            inline CMatrix4<T>& makeIdentity()
            {
                memset(M, 0, 16*sizeof(T));
                M[0] = M[5] = M[10] = M[15] = (T)1;
                return *this;
            }

            //! Make a scaling matrix from scale factors
            inline CMatrix4<T>& setScale( const vector3d<T>& scale )
            {
                M[0] = scale.X;
                M[5] = scale.Y;
                M[10] = scale.Z;
                return *this;
            }

            //! Transforms the vector by this matrix
            inline void transformVect( vector3df& vect) const
            {
                f32 vector[3];

                vector[0] = vect.X*M[0] + vect.Y*M[4] + vect.Z*M[8] + M[12];
                vector[1] = vect.X*M[1] + vect.Y*M[5] + vect.Z*M[9] + M[13];
                vector[2] = vect.X*M[2] + vect.Y*M[6] + vect.Z*M[10] + M[14];

                vect.X = vector[0];
                vect.Y = vector[1];
                vect.Z = vector[2];
            }

            //! Matrix data, stored in row-major order
            T M[16];
    };

    //! Typedef for f32 matrix
    typedef CMatrix4<f32> matrix4;

// ---- include/irrArray.h stand-in: the two members the collision code uses -----------------
    template <class T>
    class array
    {
    public:
        void set_used(u32 usedNow) { data.resize(usedNow); }
        T* pointer() { return data.empty() ? 0 : &data[0]; }
        u32 size() const { return (u32)data.size(); }
        T& operator[](u32 index) { return data[index]; }
        const T& operator[](u32 index) const { return data[index]; }
    private:
        std::vector<T> data;
    };

} // end namespace core

namespace scene
{
    class ISceneNode; // never defined here: the recorder has no scene nodes

    //! Stand-in for ITriangleSelector / CTriangleSelector: a plain array of world-space
    //! triangles (SceneNode == 0). getTriangles(box, transform) is CTriangleSelector's.
    class TriangleArraySelector
    {
    public:
        TriangleArraySelector(const core::triangle3df* tris, u32 count);

        s32 getTriangleCount() const;

        void getTriangles(core::triangle3df* triangles,
                    s32 arraySize, s32& outTriangleCount,
                    const core::aabbox3d<f32>& box,
                    const core::matrix4* transform) const;

        ISceneNode* getSceneNodeForTriangle(u32 /*triangleIndex*/) const { return 0; }

        //! [slidescope addition] index in the array of each triangle the last getTriangles returned
        mutable std::vector<s32> LastIndices;

    private:
        core::array<core::triangle3df> Triangles;
        core::aabbox3df BoundingBox;
    };

    typedef TriangleArraySelector ITriangleSelector;

    class ICollideObserver;

    //! CSceneCollisionManager, the ellipsoid part.
    class CSceneCollisionManager
    {
    public:
        CSceneCollisionManager() : Observer(0) {}

        //! Collides a moving ellipsoid with a 3d world with gravity and returns
        //! the resulting new position of the ellipsoid.
        core::vector3df getCollisionResultPosition(
            ITriangleSelector* selector,
            const core::vector3df &ellipsoidPosition,
            const core::vector3df& ellipsoidRadius,
            const core::vector3df& ellipsoidDirectionAndSpeed,
            core::triangle3df& triout,
            core::vector3df& hitPosition,
            bool& outFalling,
            ISceneNode*& outNode,
            f32 slidingSpeed = 0.0005f,
            const core::vector3df& gravityDirectionAndSpeed
            = core::vector3df(0.0f, 0.0f, 0.0f));

        //! [slidescope hook] receives what each detection/response of collideWithWorld saw
        ICollideObserver* Observer;

        struct SCollisionData
        {
            core::vector3df eRadius;

            core::vector3df R3Velocity;
            core::vector3df R3Position;

            core::vector3df velocity;
            core::vector3df normalizedVelocity;
            core::vector3df basePoint;

            bool foundCollision;
            f32 nearestDistance;
            core::vector3df intersectionPoint;

            core::triangle3df intersectionTriangle;
            s32 triangleIndex;
            s32 triangleHits;

            f32 slidingSpeed;

            ITriangleSelector* selector;
        };

    private:
        //! recursive method for doing collision response
        core::vector3df collideEllipsoidWithWorld(ITriangleSelector* selector,
            const core::vector3df &position,
            const core::vector3df& radius,  const core::vector3df& velocity,
            f32 slidingSpeed,
            const core::vector3df& gravity, core::triangle3df& triout,
            core::vector3df& hitPosition,
            bool& outFalling,
            ISceneNode*& outNode);

        core::vector3df collideWithWorld(s32 recursionDepth, SCollisionData &colData,
            core::vector3df pos, core::vector3df vel);

        inline bool getLowestRoot(f32 a, f32 b, f32 c, f32 maxR, f32* root);

        bool testTriangleIntersection(SCollisionData* colData,
            const core::triangle3df& triangle);

        core::array<core::triangle3df> Triangles; // triangle buffer
    };

    //! [slidescope hook] observer of collideWithWorld; every call only reads.
    class ICollideObserver
    {
    public:
        virtual ~ICollideObserver() {}
        //! after the triangle loop of one detection (before any response); arrayTriangle is the
        //! TriangleArraySelector index of the nearest hit, -1 when nothing was hit
        virtual void onDetect(s32 recursionDepth, const CSceneCollisionManager::SCollisionData& colData,
            s32 arrayTriangle) = 0;
        //! after the response: the new base point, the slide plane and the new velocity
        virtual void onResponse(s32 recursionDepth, const core::vector3df& newBasePoint,
            const core::vector3df& slidePlaneNormal, const core::vector3df& newVelocityVector) = 0;
        //! a non-recursive return of collideWithWorld: why (0 recursion limit, 1 no collision,
        //! 2 slide shorter than veryCloseDistance) and the value returned (eSpace)
        virtual void onReturn(s32 recursionDepth, int why, const core::vector3df& result) = 0;
    };

    //! CSceneNodeAnimatorCollisionResponse::animateNode, with the scene node reduced to its
    //! position (AnimatedPosition) and the animator's state as plain members.
    struct AnimatedPosition
    {
        core::vector3df Position;
        const core::vector3df& getPosition() const { return Position; }
        void setPosition(const core::vector3df& p) { Position = p; }
    };

    class CSceneNodeAnimatorCollisionResponse
    {
    public:
        CSceneNodeAnimatorCollisionResponse(CSceneCollisionManager* collisionManager,
            ITriangleSelector* world, AnimatedPosition* object,
            const core::vector3df& ellipsoidRadius,
            const core::vector3df& gravityPerSecond,
            const core::vector3df& ellipsoidTranslation,
            f32 slidingSpeed);

        void animateNode(u32 timeMs);

        //! what setWorld / setGravity / setEllipsoidRadius do: restart on the next animateNode
        void restart() { FirstUpdate = true; }

        bool isFalling() const { return Falling; }

        core::vector3df Radius;
        core::vector3df Gravity;
        core::vector3df Translation;
        core::vector3df FallingVelocity;

        ITriangleSelector* World;
        AnimatedPosition* Object;
        CSceneCollisionManager* CollisionManager;

        core::vector3df LastPosition;
        core::vector3df CollisionPoint;
        core::vector3df CollisionResultPosition;
        core::triangle3df RefTriangle;
        core::triangle3df CollisionTriangle;

        u32 LastTime;
        f32 SlidingSpeed;
        ISceneNode* CollisionNode;

        bool Falling;
        bool AnimateCameraTarget;
        bool CollisionOccurred;
        bool FirstUpdate;
    };

} // end namespace scene
} // end namespace irr

#endif
