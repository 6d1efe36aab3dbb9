// irr_collide.cpp -- Irrlicht 1.8.3's ellipsoid collide-and-slide, cut out to compile standalone.
//
// ALTERED SOURCE VERSION (zlib licence clause 2): this is NOT the original Irrlicht source.
// Source, licence and the list of changes: see irr_collide.h (Irrlicht 1.8.3 SDK as imported into
// GitHub hyyh619/irrlicht-1.8.3, commit 762ae72fbedd32da1d56f7c6e2a5e54f9db08a89).
//
//   Copyright (C) 2002-2012 Nikolaus Gebhardt
//   This file is part of the "Irrlicht Engine".
//   For conditions of distribution and use, see copyright notice in irrlicht.h
//   (reproduced in full in irr_collide.h).
//
// What is copied from where:
//   * source/Irrlicht/CSceneCollisionManager.cpp lines 420-837 (getCollisionResultPosition,
//     testTriangleIntersection, collideEllipsoidWithWorld, collideWithWorld) and 919-955
//     (getLowestRoot): byte for byte, except five "[slidescope hook]" lines in collideWithWorld
//     (three `return X;` became `return IRR_HOOK_RETURN(depth, why, X);`, which returns X, and two
//     IRR_HOOK_* statements were added, which only read).
//   * source/Irrlicht/CTriangleSelector.cpp, getTriangles(..., box, transform): the SceneNode == 0
//     path (the SceneNode branches dropped), plus the recorder's LastIndices bookkeeping.
//   * source/Irrlicht/CSceneNodeAnimatorCollisionResponse.cpp, constructor and animateNode: the
//     scene node is a position, no setNode / collision callback / camera-target branches (the
//     recorder's nodes are not cameras and have no callback).

#include "irr_collide.h"

namespace irr
{
namespace scene
{

// ---- [slidescope hook] helpers: read only, return their argument unchanged -------------------
#ifdef IRR_COLLIDE_NO_HOOKS
#define IRR_HOOK_RETURN(depth, why, value) (value)
#define IRR_HOOK_DETECT(depth, colData) ((void)0)
#define IRR_HOOK_RESPONSE(depth, nb, n, nv) ((void)0)
#else
static inline core::vector3df irrHookReturn(ICollideObserver* o, s32 depth, int why,
    const core::vector3df& value)
{
    if (o)
        o->onReturn(depth, why, value);
    return value;
}
static inline void irrHookDetect(ICollideObserver* o, s32 depth,
    const CSceneCollisionManager::SCollisionData& colData)
{
    if (o)
        o->onDetect(depth, colData, colData.foundCollision ?
            colData.selector->LastIndices[colData.triangleIndex] : -1);
}
#define IRR_HOOK_RETURN(depth, why, value) irrHookReturn(Observer, depth, why, value)
#define IRR_HOOK_DETECT(depth, colData) irrHookDetect(Observer, depth, colData)
#define IRR_HOOK_RESPONSE(depth, nb, n, nv) do { if (Observer) Observer->onResponse(depth, nb, n, nv); } while (0)
#endif

// ---- source/Irrlicht/CTriangleSelector.cpp ---------------------------------------------------

//! constructor (stand-in for CTriangleSelector::createFromMesh: same bounding box)
TriangleArraySelector::TriangleArraySelector(const core::triangle3df* tris, u32 count)
{
    Triangles.set_used(count);
    BoundingBox.reset(0.f, 0.f, 0.f);

    for (u32 i=0; i<count; ++i)
    {
        Triangles[i] = tris[i];
        const core::triangle3df& tri = Triangles[i];
        BoundingBox.addInternalPoint(tri.pointA);
        BoundingBox.addInternalPoint(tri.pointB);
        BoundingBox.addInternalPoint(tri.pointC);
    }
}


s32 TriangleArraySelector::getTriangleCount() const
{
    return Triangles.size();
}


//! Gets all triangles which lie within a specific bounding box.
void TriangleArraySelector::getTriangles(core::triangle3df* triangles,
                    s32 arraySize, s32& outTriangleCount,
                    const core::aabbox3d<f32>& box,
                    const core::matrix4* transform) const
{
    // (SceneNode == 0: no update(), no inverse node transform of the box)
    core::matrix4 mat(core::matrix4::EM4CONST_NOTHING);
    core::aabbox3df tBox(box);

    if (transform)
        mat = *transform;
    else
        mat.makeIdentity();

    outTriangleCount = 0;
    LastIndices.clear(); // [slidescope addition]

    if (!tBox.intersectsWithBox(BoundingBox))
        return;

    s32 triangleCount = 0;
    const u32 cnt = Triangles.size();
    for (u32 i=0; i<cnt; ++i)
    {
        // This isn't an accurate test, but it's fast, and the
        // API contract doesn't guarantee complete accuracy.
        if (Triangles[i].isTotalOutsideBox(tBox))
           continue;

        triangles[triangleCount] = Triangles[i];
        mat.transformVect(triangles[triangleCount].pointA);
        mat.transformVect(triangles[triangleCount].pointB);
        mat.transformVect(triangles[triangleCount].pointC);
        LastIndices.push_back((s32)i); // [slidescope addition]

        ++triangleCount;

        if (triangleCount == arraySize)
            break;
    }

    outTriangleCount = triangleCount;
}

// ---- source/Irrlicht/CSceneCollisionManager.cpp, lines 420-837 -------------------------------

//! Collides a moving ellipsoid with a 3d world with gravity and returns
//! the resulting new position of the ellipsoid.
core::vector3df CSceneCollisionManager::getCollisionResultPosition(
        ITriangleSelector* selector,
        const core::vector3df &position, const core::vector3df& radius,
        const core::vector3df& direction,
        core::triangle3df& triout,
        core::vector3df& hitPosition,
        bool& outFalling,
        ISceneNode*& outNode,
        f32 slidingSpeed,
        const core::vector3df& gravity)
{
    return collideEllipsoidWithWorld(selector, position,
        radius, direction, slidingSpeed, gravity, triout, hitPosition, outFalling, outNode);
}


bool CSceneCollisionManager::testTriangleIntersection(SCollisionData* colData,
            const core::triangle3df& triangle)
{
    const core::plane3d<f32> trianglePlane = triangle.getPlane();

    // only check front facing polygons
    if ( !trianglePlane.isFrontFacing(colData->normalizedVelocity) )
        return false;

    // get interval of plane intersection

    f32 t1, t0;
    bool embeddedInPlane = false;

    // calculate signed distance from sphere position to triangle plane
    f32 signedDistToTrianglePlane = trianglePlane.getDistanceTo(
        colData->basePoint);

    f32 normalDotVelocity =
        trianglePlane.Normal.dotProduct(colData->velocity);

    if ( core::iszero ( normalDotVelocity ) )
    {
        // sphere is traveling parallel to plane

        if (fabs(signedDistToTrianglePlane) >= 1.0f)
            return false; // no collision possible
        else
        {
            // sphere is embedded in plane
            embeddedInPlane = true;
            t0 = 0.0;
            t1 = 1.0;
        }
    }
    else
    {
        normalDotVelocity = core::reciprocal ( normalDotVelocity );

        // N.D is not 0. Calculate intersection interval
        t0 = (-1.f - signedDistToTrianglePlane) * normalDotVelocity;
        t1 = (1.f - signedDistToTrianglePlane) * normalDotVelocity;

        // Swap so t0 < t1
        if (t0 > t1) { f32 tmp = t1; t1 = t0; t0 = tmp;    }

        // check if at least one value is within the range
        if (t0 > 1.0f || t1 < 0.0f)
            return false; // both t values are outside 1 and 0, no collision possible

        // clamp to 0 and 1
        t0 = core::clamp ( t0, 0.f, 1.f );
        t1 = core::clamp ( t1, 0.f, 1.f );
    }

    // at this point we have t0 and t1, if there is any intersection, it
    // is between this interval
    core::vector3df collisionPoint;
    bool foundCollision = false;
    f32 t = 1.0f;

    // first check the easy case: Collision within the triangle;
    // if this happens, it must be at t0 and this is when the sphere
    // rests on the front side of the triangle plane. This can only happen
    // if the sphere is not embedded in the triangle plane.

    if (!embeddedInPlane)
    {
        core::vector3df planeIntersectionPoint =
            (colData->basePoint - trianglePlane.Normal)
            + (colData->velocity * t0);

        if (triangle.isPointInside(planeIntersectionPoint))
        {
            foundCollision = true;
            t = t0;
            collisionPoint = planeIntersectionPoint;
        }
    }

    // if we havent found a collision already we will have to sweep
    // the sphere against points and edges of the triangle. Note: A
    // collision inside the triangle will always happen before a
    // vertex or edge collision.

    if (!foundCollision)
    {
        core::vector3df velocity = colData->velocity;
        core::vector3df base = colData->basePoint;

        f32 velocitySqaredLength = velocity.getLengthSQ();
        f32 a,b,c;
        f32 newT;

        // for each edge or vertex a quadratic equation has to be solved:
        // a*t^2 + b*t + c = 0. We calculate a,b, and c for each test.

        // check against points
        a = velocitySqaredLength;

        // p1
        b = 2.0f * (velocity.dotProduct(base - triangle.pointA));
        c = (triangle.pointA-base).getLengthSQ() - 1.f;
        if (getLowestRoot(a,b,c,t, &newT))
        {
            t = newT;
            foundCollision = true;
            collisionPoint = triangle.pointA;
        }

        // p2
        if (!foundCollision)
        {
            b = 2.0f * (velocity.dotProduct(base - triangle.pointB));
            c = (triangle.pointB-base).getLengthSQ() - 1.f;
            if (getLowestRoot(a,b,c,t, &newT))
            {
                t = newT;
                foundCollision = true;
                collisionPoint = triangle.pointB;
            }
        }

        // p3
        if (!foundCollision)
        {
            b = 2.0f * (velocity.dotProduct(base - triangle.pointC));
            c = (triangle.pointC-base).getLengthSQ() - 1.f;
            if (getLowestRoot(a,b,c,t, &newT))
            {
                t = newT;
                foundCollision = true;
                collisionPoint = triangle.pointC;
            }
        }

        // check against edges:

        // p1 --- p2
        core::vector3df edge = triangle.pointB - triangle.pointA;
        core::vector3df baseToVertex = triangle.pointA - base;
        f32 edgeSqaredLength = edge.getLengthSQ();
        f32 edgeDotVelocity = edge.dotProduct(velocity);
        f32 edgeDotBaseToVertex = edge.dotProduct(baseToVertex);

        // calculate parameters for equation
        a = edgeSqaredLength* -velocitySqaredLength +
            edgeDotVelocity*edgeDotVelocity;
        b = edgeSqaredLength* (2.f *velocity.dotProduct(baseToVertex)) -
            2.0f*edgeDotVelocity*edgeDotBaseToVertex;
        c = edgeSqaredLength* (1.f -baseToVertex.getLengthSQ()) +
            edgeDotBaseToVertex*edgeDotBaseToVertex;

        // does the swept sphere collide against infinite edge?
        if (getLowestRoot(a,b,c,t,&newT))
        {
            f32 f = (edgeDotVelocity*newT - edgeDotBaseToVertex) / edgeSqaredLength;
            if (f >=0.0f && f <= 1.0f)
            {
                // intersection took place within segment
                t = newT;
                foundCollision = true;
                collisionPoint = triangle.pointA + (edge*f);
            }
        }

        // p2 --- p3
        edge = triangle.pointC-triangle.pointB;
        baseToVertex = triangle.pointB - base;
        edgeSqaredLength = edge.getLengthSQ();
        edgeDotVelocity = edge.dotProduct(velocity);
        edgeDotBaseToVertex = edge.dotProduct(baseToVertex);

        // calculate parameters for equation
        a = edgeSqaredLength* -velocitySqaredLength +
            edgeDotVelocity*edgeDotVelocity;
        b = edgeSqaredLength* (2*velocity.dotProduct(baseToVertex)) -
            2.0f*edgeDotVelocity*edgeDotBaseToVertex;
        c = edgeSqaredLength* (1-baseToVertex.getLengthSQ()) +
            edgeDotBaseToVertex*edgeDotBaseToVertex;

        // does the swept sphere collide against infinite edge?
        if (getLowestRoot(a,b,c,t,&newT))
        {
            f32 f = (edgeDotVelocity*newT-edgeDotBaseToVertex) /
                edgeSqaredLength;
            if (f >=0.0f && f <= 1.0f)
            {
                // intersection took place within segment
                t = newT;
                foundCollision = true;
                collisionPoint = triangle.pointB + (edge*f);
            }
        }


        // p3 --- p1
        edge = triangle.pointA-triangle.pointC;
        baseToVertex = triangle.pointC - base;
        edgeSqaredLength = edge.getLengthSQ();
        edgeDotVelocity = edge.dotProduct(velocity);
        edgeDotBaseToVertex = edge.dotProduct(baseToVertex);

        // calculate parameters for equation
        a = edgeSqaredLength* -velocitySqaredLength +
            edgeDotVelocity*edgeDotVelocity;
        b = edgeSqaredLength* (2*velocity.dotProduct(baseToVertex)) -
            2.0f*edgeDotVelocity*edgeDotBaseToVertex;
        c = edgeSqaredLength* (1-baseToVertex.getLengthSQ()) +
            edgeDotBaseToVertex*edgeDotBaseToVertex;

        // does the swept sphere collide against infinite edge?
        if (getLowestRoot(a,b,c,t,&newT))
        {
            f32 f = (edgeDotVelocity*newT-edgeDotBaseToVertex) /
                edgeSqaredLength;
            if (f >=0.0f && f <= 1.0f)
            {
                // intersection took place within segment
                t = newT;
                foundCollision = true;
                collisionPoint = triangle.pointC + (edge*f);
            }
        }
    }// end no collision found

    // set result:
    if (foundCollision)
    {
        // distance to collision is t
        f32 distToCollision = t*colData->velocity.getLength();

        // does this triangle qualify for closest hit?
        if (!colData->foundCollision ||
            distToCollision    < colData->nearestDistance)
        {
            colData->nearestDistance = distToCollision;
            colData->intersectionPoint = collisionPoint;
            colData->foundCollision = true;
            colData->intersectionTriangle = triangle;
            ++colData->triangleHits;
            return true;
        }
    }// end found collision

    return false;
}


//! Collides a moving ellipsoid with a 3d world with gravity and returns
//! the resulting new position of the ellipsoid.
core::vector3df CSceneCollisionManager::collideEllipsoidWithWorld(
        ITriangleSelector* selector, const core::vector3df &position,
        const core::vector3df& radius,  const core::vector3df& velocity,
        f32 slidingSpeed,
        const core::vector3df& gravity,
        core::triangle3df& triout,
        core::vector3df& hitPosition,
        bool& outFalling,
        ISceneNode*& outNode)
{
    if (!selector || radius.X == 0.0f || radius.Y == 0.0f || radius.Z == 0.0f)
        return position;

    // This code is based on the paper "Improved Collision detection and Response"
    // by Kasper Fauerby, but some parts are modified.

    SCollisionData colData;
    colData.R3Position = position;
    colData.R3Velocity = velocity;
    colData.eRadius = radius;
    colData.nearestDistance = FLT_MAX;
    colData.selector = selector;
    colData.slidingSpeed = slidingSpeed;
    colData.triangleHits = 0;
    colData.triangleIndex = -1;

    core::vector3df eSpacePosition = colData.R3Position / colData.eRadius;
    core::vector3df eSpaceVelocity = colData.R3Velocity / colData.eRadius;

    // iterate until we have our final position

    core::vector3df finalPos = collideWithWorld(
        0, colData, eSpacePosition, eSpaceVelocity);

    outFalling = false;

    // add gravity

    if (gravity != core::vector3df(0,0,0))
    {
        colData.R3Position = finalPos * colData.eRadius;
        colData.R3Velocity = gravity;
        colData.triangleHits = 0;

        eSpaceVelocity = gravity/colData.eRadius;

        finalPos = collideWithWorld(0, colData,
            finalPos, eSpaceVelocity);

        outFalling = (colData.triangleHits == 0);
    }

    if (colData.triangleHits)
    {
        triout = colData.intersectionTriangle;
        triout.pointA *= colData.eRadius;
        triout.pointB *= colData.eRadius;
        triout.pointC *= colData.eRadius;
        outNode = selector->getSceneNodeForTriangle(colData.triangleIndex);
    }

    finalPos *= colData.eRadius;
    hitPosition = colData.intersectionPoint * colData.eRadius;
    return finalPos;
}


core::vector3df CSceneCollisionManager::collideWithWorld(s32 recursionDepth,
    SCollisionData &colData, core::vector3df pos, core::vector3df vel)
{
    f32 veryCloseDistance = colData.slidingSpeed;

    if (recursionDepth > 5)
        return IRR_HOOK_RETURN(recursionDepth, 0, pos); // [slidescope hook] was: return pos;

    colData.velocity = vel;
    colData.normalizedVelocity = vel;
    colData.normalizedVelocity.normalize();
    colData.basePoint = pos;
    colData.foundCollision = false;
    colData.nearestDistance = FLT_MAX;

    //------------------ collide with world

    // get all triangles with which we might collide
    core::aabbox3d<f32> box(colData.R3Position);
    box.addInternalPoint(colData.R3Position + colData.R3Velocity);
    box.MinEdge -= colData.eRadius;
    box.MaxEdge += colData.eRadius;

    s32 totalTriangleCnt = colData.selector->getTriangleCount();
    Triangles.set_used(totalTriangleCnt);

    core::matrix4 scaleMatrix;
    scaleMatrix.setScale(
            core::vector3df(1.0f / colData.eRadius.X,
                    1.0f / colData.eRadius.Y,
                    1.0f / colData.eRadius.Z));

    s32 triangleCnt = 0;
    colData.selector->getTriangles(Triangles.pointer(), totalTriangleCnt, triangleCnt, box, &scaleMatrix);

    for (s32 i=0; i<triangleCnt; ++i)
        if(testTriangleIntersection(&colData, Triangles[i]))
            colData.triangleIndex = i;

    //---------------- end collide with world

    IRR_HOOK_DETECT(recursionDepth, colData); // [slidescope hook]

    if (!colData.foundCollision)
        return IRR_HOOK_RETURN(recursionDepth, 1, pos + vel); // [slidescope hook] was: return pos + vel;

    // original destination point
    const core::vector3df destinationPoint = pos + vel;
    core::vector3df newBasePoint = pos;

    // only update if we are not already very close
    // and if so only move very close to intersection, not to the
    // exact point
    if (colData.nearestDistance >= veryCloseDistance)
    {
        core::vector3df v = vel;
        v.setLength( colData.nearestDistance - veryCloseDistance );
        newBasePoint = colData.basePoint + v;

        v.normalize();
        colData.intersectionPoint -= (v * veryCloseDistance);
    }

    // calculate sliding plane

    const core::vector3df slidePlaneOrigin = colData.intersectionPoint;
    const core::vector3df slidePlaneNormal = (newBasePoint - colData.intersectionPoint).normalize();
    core::plane3d<f32> slidingPlane(slidePlaneOrigin, slidePlaneNormal);

    core::vector3df newDestinationPoint =
        destinationPoint -
        (slidePlaneNormal * slidingPlane.getDistanceTo(destinationPoint));

    // generate slide vector

    const core::vector3df newVelocityVector = newDestinationPoint -
        colData.intersectionPoint;

    IRR_HOOK_RESPONSE(recursionDepth, newBasePoint, slidePlaneNormal, newVelocityVector); // [slidescope hook]

    if (newVelocityVector.getLength() < veryCloseDistance)
        return IRR_HOOK_RETURN(recursionDepth, 2, newBasePoint); // [slidescope hook] was: return newBasePoint;

    return collideWithWorld(recursionDepth+1, colData,
        newBasePoint, newVelocityVector);
}

// ---- source/Irrlicht/CSceneCollisionManager.cpp, lines 919-955 -------------------------------

inline bool CSceneCollisionManager::getLowestRoot(f32 a, f32 b, f32 c, f32 maxR, f32* root)
{
    // check if solution exists
    const f32 determinant = b*b - 4.0f*a*c;

    // if determinant is negative, no solution
    if (determinant < 0.0f || a == 0.f )
        return false;

    // calculate two roots: (if det==0 then x1==x2
    // but lets disregard that slight optimization)

    const f32 sqrtD = sqrtf(determinant);
    const f32 invDA = core::reciprocal(2*a);
    f32 r1 = (-b - sqrtD) * invDA;
    f32 r2 = (-b + sqrtD) * invDA;

    // sort so x1 <= x2
    if (r1 > r2)
        core::swap(r1,r2);

    // get lowest root
    if (r1 > 0 && r1 < maxR)
    {
        *root = r1;
        return true;
    }

    // its possible that we want x2, this can happen if x1 < 0
    if (r2 > 0 && r2 < maxR)
    {
        *root = r2;
        return true;
    }

    return false;
}

// ---- source/Irrlicht/CSceneNodeAnimatorCollisionResponse.cpp ---------------------------------

//! constructor
CSceneNodeAnimatorCollisionResponse::CSceneNodeAnimatorCollisionResponse(
        CSceneCollisionManager* collisionManager,
        ITriangleSelector* world, AnimatedPosition* object,
        const core::vector3df& ellipsoidRadius,
        const core::vector3df& gravityPerSecond,
        const core::vector3df& ellipsoidTranslation,
        f32 slidingSpeed)
: Radius(ellipsoidRadius), Gravity(gravityPerSecond), Translation(ellipsoidTranslation),
    World(world), Object(object), CollisionManager(collisionManager), LastTime(0),
    SlidingSpeed(slidingSpeed), CollisionNode(0),
    Falling(false), AnimateCameraTarget(true), CollisionOccurred(false),
    FirstUpdate(true)
{
    // setNode(Object):
    if (Object)
        LastPosition = Object->getPosition();
}


void CSceneNodeAnimatorCollisionResponse::animateNode(u32 timeMs)
{
    CollisionOccurred = false;

    if(!Object || !World)
        return;

    // trigger reset
    if ( timeMs == 0 )
    {
        FirstUpdate = true;
        timeMs = LastTime;
    }

    if ( FirstUpdate )
    {
        LastPosition = Object->getPosition();
        Falling = false;
        LastTime = timeMs;
        FallingVelocity.set ( 0, 0, 0 );

        FirstUpdate = false;
    }

    const u32 diff = timeMs - LastTime;
    LastTime = timeMs;

    CollisionResultPosition = Object->getPosition();
    core::vector3df vel = CollisionResultPosition - LastPosition;

    FallingVelocity += Gravity * (f32)diff * 0.001f;

    CollisionTriangle = RefTriangle;
    CollisionPoint = core::vector3df();
    CollisionResultPosition = core::vector3df();
    CollisionNode = 0;

    // core::vector3df force = vel + FallingVelocity;

    if ( AnimateCameraTarget )
    {
        // TODO: divide SlidingSpeed by frame time

        bool f = false;
        CollisionResultPosition
            = CollisionManager->getCollisionResultPosition(
                World, LastPosition-Translation,
                Radius, vel, CollisionTriangle, CollisionPoint, f,
                CollisionNode, SlidingSpeed, FallingVelocity);

        CollisionOccurred = (CollisionTriangle != RefTriangle);

        CollisionResultPosition += Translation;

        if (f)//CollisionTriangle == RefTriangle)
        {
            Falling = true;
        }
        else
        {
            Falling = false;
            FallingVelocity.set(0, 0, 0);
        }

        bool collisionConsumed = false;

        // (no CollisionCallback)

        if(!collisionConsumed)
            Object->setPosition(CollisionResultPosition);
    }

    // (move camera target: not a camera)

    LastPosition = Object->getPosition();
}


} // end namespace scene
} // end namespace irr
