-- record.lua -- walk characters with SLAM (darltrash/lumi's slam.lua, a public Lua port of
-- Fauerby 2003 with Linahan 2012's response) on a level and write every call as a slidescope
-- probe file (docs/probe-format.md). Lua 5.4 (string.pack); SLAM's own source is not in this
-- repository: pass the folder that holds slam.lua and vec3.lua (README.md says where from).
--
--   lua5.4 record.lua LUMI_DIR LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S]
--                     [--seed K] [--indoor]
--
-- LEVEL.mesh.slidelog is a MESH-only probe file (tests/ports/irrlicht/glb_mesh.py); its MESH
-- record is copied byte for byte into OUT, so contacts use its triangle numbering.
--
-- SLAM is used as its docs/slam.md tells a user to: `slam.check(position, velocity, radius,
-- query)` once a frame, `query(min, max)` returning the triangles in a box and their ids (here
-- from a uniform grid, as the docs recommend "some custom spatial hashing"), and the returned
-- planes used for game logic (grounded when a plane faces up). Every number SLAM gets is
-- rounded to f32 first, so the file holds exactly what SLAM computed with.

local args = { ... }
local LUMI, MESH_IN, OUT = args[1], args[2], args[3]
if not (LUMI and MESH_IN and OUT) then
    io.stderr:write("usage: lua5.4 record.lua LUMI_DIR LEVEL.mesh.slidelog OUT.slidelog [--movers N] [--seconds S] [--seed K] [--indoor]\n")
    os.exit(2)
end
local MOVERS, SECONDS, SEED, INDOOR = 8, 8, 1, false
do
    local i = 4
    while i <= #args do
        local a = args[i]
        if a == "--movers" then MOVERS = math.tointeger(tonumber(args[i + 1])); i = i + 2
        elseif a == "--seconds" then SECONDS = tonumber(args[i + 1]); i = i + 2
        elseif a == "--seed" then SEED = math.tointeger(tonumber(args[i + 1])); i = i + 2
        elseif a == "--indoor" then INDOOR = true; i = i + 1
        else io.stderr:write("unknown argument " .. a .. "\n"); os.exit(2) end
    end
end

package.path = LUMI .. "/?.lua;" .. package.path
local vector = require("vec3")
-- slam.lua requires `(its module name minus the last dotted part) .. "vec3"`: "slamvec3" when
-- required as its docs say (`require "slam"`); point that name at vec3.lua.
package.preload["slamvec3"] = function() return vector end
local slam = require("slam")

local function f32(x) return (string.unpack("<f", string.pack("<f", x))) end

-- ---- the level: the MESH record of a MESH-only probe file ------------------------------------
local function read_mesh(path)
    local fh = assert(io.open(path, "rb"))
    local bytes = fh:read("a")
    fh:close()
    assert(bytes:sub(1, 8) == "SLPROBE\0", path .. ": not a probe file")
    local at = 17
    while at + 8 <= #bytes + 1 do
        local kind, len = string.unpack("<I4I4", bytes, at)
        if at + 8 + len > #bytes + 1 then error(path .. ": truncated record") end
        if kind == 1 then
            local record = bytes:sub(at, at + 8 + len - 1)
            local vc, tc = string.unpack("<I4I4", bytes, at + 16)
            local p = at + 24
            local V = {}
            for v = 0, vc - 1 do
                local x, y, z = string.unpack("<fff", bytes, p + 12 * v)
                V[v] = { x, y, z }
            end
            p = p + 12 * vc
            local T = {}
            for t = 0, tc - 1 do
                local a, b, c = string.unpack("<I4I4I4", bytes, p + 12 * t)
                T[t] = { V[a], V[b], V[c] }
            end
            return record, T, tc
        end
        at = at + 8 + len
    end
    error(path .. ": no MESH record")
end

local MESH_RECORD, TRIS, TRI_COUNT = read_mesh(MESH_IN)

-- ---- vector helpers for the driver (plain arrays) ---------------------------------------------
local function sub(u, v) return { u[1] - v[1], u[2] - v[2], u[3] - v[3] } end
local function dot(u, v) return u[1] * v[1] + u[2] * v[2] + u[3] * v[3] end
local function cross(u, v)
    return { u[2] * v[3] - u[3] * v[2], u[3] * v[1] - u[1] * v[3], u[1] * v[2] - u[2] * v[1] }
end
local function len(u) return math.sqrt(dot(u, u)) end

-- ---- the user's spatial query: a uniform grid over triangle bounds ----------------------------
local CELL = 2.0
local GRID = {}
local function cell_key(ix, iy, iz) return (ix + 4096) + (iy + 4096) * 8192 + (iz + 4096) * 67108864 end
local BOX = {}
for t = 0, TRI_COUNT - 1 do
    local a, b, c = TRIS[t][1], TRIS[t][2], TRIS[t][3]
    local lo, hi = {}, {}
    for k = 1, 3 do
        lo[k] = math.min(a[k], b[k], c[k]); hi[k] = math.max(a[k], b[k], c[k])
    end
    BOX[t] = { lo, hi }
    for ix = math.floor(lo[1] / CELL), math.floor(hi[1] / CELL) do
        for iy = math.floor(lo[2] / CELL), math.floor(hi[2] / CELL) do
            for iz = math.floor(lo[3] / CELL), math.floor(hi[3] / CELL) do
                local key = cell_key(ix, iy, iz)
                local list = GRID[key]
                if not list then list = {}; GRID[key] = list end
                list[#list + 1] = t
            end
        end
    end
end

local stamp, SEEN = 0, {}
local function query(min, max)
    stamp = stamp + 1
    local ids = {}
    for ix = math.floor(min.x / CELL), math.floor(max.x / CELL) do
        for iy = math.floor(min.y / CELL), math.floor(max.y / CELL) do
            for iz = math.floor(min.z / CELL), math.floor(max.z / CELL) do
                local list = GRID[cell_key(ix, iy, iz)]
                if list then
                    for _, t in ipairs(list) do
                        if SEEN[t] ~= stamp then
                            SEEN[t] = stamp
                            local lo, hi = BOX[t][1], BOX[t][2]
                            if lo[1] <= max.x and hi[1] >= min.x and lo[2] <= max.y and hi[2] >= min.y
                                and lo[3] <= max.z and hi[3] >= min.z then
                                ids[#ids + 1] = t
                            end
                        end
                    end
                end
            end
        end
    end
    table.sort(ids)
    local tris = {}
    for i, t in ipairs(ids) do tris[i] = TRIS[t] end
    return tris, ids
end

-- ---- a seeded RNG (64-bit LCG, top 31 bits), the same on every Lua 5.4 ------------------------
local rng_state = SEED * 2654435761 + 1
local function random()
    rng_state = rng_state * 6364136223846793005 + 1442695040888963407
    return ((rng_state >> 33) & 0x7FFFFFFF) / 2147483648.0
end

-- ---- spawning: a random point on an upward floor, the ellipsoid clear of every triangle -------
local RADII = { f32(0.4), f32(0.9), f32(0.4) }

local function dist_sq_point_triangle(p, a, b, c) -- Ericson, Real-Time Collision Detection 5.1.5
    local ab, ac, ap = sub(b, a), sub(c, a), sub(p, a)
    local function at(q) local d = sub(p, q); return dot(d, d) end
    local d1, d2 = dot(ab, ap), dot(ac, ap)
    if d1 <= 0 and d2 <= 0 then return at(a) end
    local bp = sub(p, b)
    local d3, d4 = dot(ab, bp), dot(ac, bp)
    if d3 >= 0 and d4 <= d3 then return at(b) end
    local vc = d1 * d4 - d3 * d2
    if vc <= 0 and d1 >= 0 and d3 <= 0 then
        local v = d1 / (d1 - d3); return at({ a[1] + v * ab[1], a[2] + v * ab[2], a[3] + v * ab[3] })
    end
    local cp = sub(p, c)
    local d5, d6 = dot(ab, cp), dot(ac, cp)
    if d6 >= 0 and d5 <= d6 then return at(c) end
    local vb = d5 * d2 - d1 * d6
    if vb <= 0 and d2 >= 0 and d6 <= 0 then
        local w = d2 / (d2 - d6); return at({ a[1] + w * ac[1], a[2] + w * ac[2], a[3] + w * ac[3] })
    end
    local va = d3 * d6 - d5 * d4
    if va <= 0 and d4 - d3 >= 0 and d5 - d6 >= 0 then
        local w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
        return at({ b[1] + w * (c[1] - b[1]), b[2] + w * (c[2] - b[2]), b[3] + w * (c[3] - b[3]) })
    end
    local denom = 1 / (va + vb + vc)
    local v, w = vb * denom, vc * denom
    return at({ a[1] + ab[1] * v + ac[1] * w, a[2] + ab[2] * v + ac[2] * w, a[3] + ab[3] * v + ac[3] * w })
end

local function clear_of_level(p)
    local es = function(q) return { q[1] / RADII[1], q[2] / RADII[2], q[3] / RADII[3] } end
    local pe = es(p)
    local lo = { x = p[1] - 2, y = p[2] - 2, z = p[3] - 2 }
    local hi = { x = p[1] + 2, y = p[2] + 2, z = p[3] + 2 }
    local tris = query(lo, hi)
    for _, tri in ipairs(tris) do
        if dist_sq_point_triangle(pe, es(tri[1]), es(tri[2]), es(tri[3])) < 1.1 * 1.1 then return false end
    end
    return true
end

local function ceiling_above(p) -- a downward-facing triangle straight above p (Möller–Trumbore)
    local d = { 0, 1, 0 }
    for t = 0, TRI_COUNT - 1 do
        local a, b, c = TRIS[t][1], TRIS[t][2], TRIS[t][3]
        local e1, e2 = sub(b, a), sub(c, a)
        local n = cross(e1, e2)
        if n[2] < 0 then
            local q = cross(d, e2)
            local det = dot(e1, q)
            if math.abs(det) > 1e-12 then
                local s = sub(p, a)
                local u = dot(s, q) / det
                if u >= 0 and u <= 1 then
                    local r = cross(s, e1)
                    local v = dot(d, r) / det
                    if v >= 0 and u + v <= 1 and dot(e2, r) / det > 1e-6 then return true end
                end
            end
        end
    end
    return false
end

local FLOORS = {}
for t = 0, TRI_COUNT - 1 do
    local a, b, c = TRIS[t][1], TRIS[t][2], TRIS[t][3]
    local n = cross(sub(b, a), sub(c, a))
    local l = len(n)
    if l > 1e-4 and n[2] / l > 0.8 then FLOORS[#FLOORS + 1] = t end
end

local function spawn()
    for _ = 1, 5000 do
        local tri = TRIS[FLOORS[1 + math.floor(random() * #FLOORS)]]
        local u, v = random(), random()
        if u + v > 1 then u, v = 1 - u, 1 - v end
        local p = {}
        for k = 1, 3 do p[k] = tri[1][k] + u * (tri[2][k] - tri[1][k]) + v * (tri[3][k] - tri[1][k]) end
        p[2] = p[2] + RADII[2] * 1.15
        if clear_of_level(p) and (not INDOOR or ceiling_above(p)) then
            return { f32(p[1]), f32(p[2]), f32(p[3]) }
        end
    end
    error("no clear spawn point")
end

-- ---- the probe writer (docs/probe-format.md) --------------------------------------------------
local out = assert(io.open(OUT, "wb"))
local function record(kind, payload) out:write(string.pack("<I4I4", kind, #payload), payload) end
out:write("SLPROBE\0", string.pack("<I2I2I4", 1, 1, 0))
out:write(MESH_RECORD)

local HAS_RESULT, HAS_SKIN, HAS_MAX_ITERATIONS = 1, 2, 4
local VERY_CLOSE_DIST, LIMIT = 0.00125, 3 -- slam.lua's padding (eSpace) and its `for i = 1, 3`

local function vec3_bytes(v) return string.pack("<fff", v[1], v[2], v[3]) end

local function contact_bytes(i, plane)
    -- SLAM gives each plane's point (world), unit world normal, t (`near`) and id. The centre at
    -- contact is its eSpace touch point: point_es + n_es, n_es the unit eSpace normal, which is
    -- the world normal scaled by the radii and normalised (SLAM's world normal is n_es / radii).
    local p = { plane.position.x, plane.position.y, plane.position.z }
    local n = { plane.normal.x, plane.normal.y, plane.normal.z }
    local ne = { n[1] * RADII[1], n[2] * RADII[2], n[3] * RADII[3] }
    local l = len(ne)
    local centre = p
    if l > 0 then
        centre = { p[1] + ne[1] / l * RADII[1], p[2] + ne[2] / l * RADII[2], p[3] + ne[3] / l * RADII[3] }
    end
    local tri = plane.id
    if type(tri) ~= "number" or tri < 0 then tri = 0xFFFFFFFF end
    return string.pack("<I4I4f", i - 1, 0, plane.near) .. vec3_bytes(centre) .. vec3_bytes(p)
        .. vec3_bytes(n) .. string.pack("<I4", tri)
end

local function move_bytes(mover, start, vel, finish, planes)
    local iterations = #planes < LIMIT and #planes + 1 or LIMIT
    local parts = {
        string.pack("<I4I4", mover, HAS_RESULT | HAS_SKIN | HAS_MAX_ITERATIONS),
        vec3_bytes(RADII),
        string.pack("<fffffffff", 1, 0, 0, 0, 1, 0, 0, 0, 1),
        vec3_bytes(start), vec3_bytes(vel),
        string.pack("<fI4", VERY_CLOSE_DIST, LIMIT),
        vec3_bytes(finish), vec3_bytes(sub(finish, start)),
        string.pack("<I4I4I4I4I4I4", iterations, 0, 0, 0, 0, #planes),
    }
    for i, plane in ipairs(planes) do parts[#parts + 1] = contact_bytes(i, plane) end
    return table.concat(parts)
end

-- ---- the walk ---------------------------------------------------------------------------------
local DT, SPEED, JUMP, G = f32(1 / 60), 4.0, 5.0, 9.81
local min_y = math.huge
for t = 0, TRI_COUNT - 1 do
    for k = 1, 3 do min_y = math.min(min_y, TRIS[t][k][2]) end
end

local walkers = {}
for id = 1, MOVERS do
    walkers[id] = { id = id - 1, pos = spawn(), vy = 0, wish = { 0, 0 }, next_turn = 0, grounded = false }
end

local radius = vector(RADII[1], RADII[2], RADII[3])
local frames = math.floor(SECONDS / DT + 0.5)
local moves, contacts, respawns = 0, 0, 0
for frame = 0, frames - 1 do
    local time = frame * DT
    record(4, string.pack("<I8df", frame, time, DT))
    for _, w in ipairs(walkers) do
        if time >= w.next_turn then
            local a = random() * 2 * math.pi
            w.wish = { math.cos(a), math.sin(a) }
            if random() < 0.1 then w.wish = { 0, 0 } end
            if w.grounded and random() < 0.25 then w.vy = JUMP end
            w.next_turn = time + 0.75 + random() * 0.5
        end
        w.vy = w.vy - G * DT
        local vel = { f32(w.wish[1] * SPEED * DT), f32(w.vy * DT), f32(w.wish[2] * SPEED * DT) }
        local start = w.pos
        local pos, _, planes = slam.check(vector(start[1], start[2], start[3]),
            vector(vel[1], vel[2], vel[3]), radius, query)
        local finish = { f32(pos.x), f32(pos.y), f32(pos.z) }
        record(5, move_bytes(w.id, start, vel, finish, planes))
        moves, contacts = moves + 1, contacts + #planes
        -- game logic: a plane facing up holds the walker; one facing down stops a jump
        w.grounded = false
        for _, plane in ipairs(planes) do
            if plane.normal.y > 0.7 then w.grounded = true end
            if plane.normal.y < -0.7 and w.vy > 0 then w.vy = 0 end
        end
        if w.grounded and w.vy < 0 then w.vy = 0 end
        w.pos = finish
        if finish[2] < min_y - 5 then -- fell out of the level: put back (a teleport, not a move)
            w.pos, w.vy, respawns = spawn(), 0, respawns + 1
        end
    end
end
record(8, "")
out:close()
print(string.format("wrote %s: %d moves, %d contacts, %d respawns", OUT, moves, contacts, respawns))
