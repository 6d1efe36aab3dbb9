//! Reads a probe file or stream record by record (`docs/probe-format.md`, "Reading rules").
//!
//! Every length is checked against a limit before anything is read, payloads are read in
//! chunks as they arrive (a record that claims 200 MiB and sends 10 bytes allocates 64 KiB),
//! and every count inside a payload is checked against the payload's own length. An error
//! stops the reader; the records returned before it stand.

use std::fmt;
use std::io::{self, Read};

use crate::Declared;
use crate::format::{
    self, CONTACT_BYTES, FRAME_BYTES, HEADER_BYTES, MAGIC, MAX_CONTACTS, MAX_CONVENTIONS,
    MAX_MESH_ELEMENTS, MAX_OBJECTS, MAX_PATH_BYTES, MAX_RECORD_BYTES, MOVE_FIXED_BYTES,
    NO_TRIANGLE, OBJECT_POSE_BYTES, RECORD_HEADER_BYTES, VERSION_MAJOR, fnv1a64, kind,
};
use crate::types::{Case, Contact, Frame, Move, MoveResult, ObjectPose, Pose};

/// A triangle mesh as sent (static level, or a moving object in model space).
#[derive(Debug, Clone, PartialEq)]
pub struct Mesh {
    /// FNV-1a 64 of the payload after the hash field (checked on read).
    pub hash: u64,
    pub positions: Vec<[f32; 3]>,
    pub indices: Vec<[u32; 3]>,
}

/// A `MOVE` with its contacts.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRecord {
    pub mv: Move,
    pub contacts: Vec<Contact>,
    /// Flag bit 3 (`ONE_SIDED`) as files of earlier writers set it: the game culls back faces
    /// as seed 001 does, unless the stream declares `SIDEDNESS`. Writers declare sidedness as a
    /// convention instead; the bit is read so those files re-solve as they did, and written
    /// back so they round-trip byte for byte.
    pub one_sided_flag: bool,
}

/// One record.
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    Mesh(Mesh),
    UseMesh(u64),
    LevelFile {
        hash: u64,
        path: String,
    },
    Frame(Frame),
    Move(MoveRecord),
    ObjectMesh {
        object: u32,
        mesh: Mesh,
    },
    ObjectPoses(Vec<ObjectPose>),
    /// Version 1.1: what the game declares; `unknown` entries (a key or value this reader
    /// does not know) were left undeclared.
    Conventions {
        declared: Declared,
        unknown: u32,
    },
    End,
}

/// Why reading stopped. `at` is the byte offset of the record (or field) concerned.
#[derive(Debug)]
pub enum ReadError {
    Io(io::Error),
    /// The first 8 bytes are not `SLPROBE\0`.
    NotAProbeFile,
    /// Fewer than 16 bytes: not even a header.
    TruncatedHeader {
        got: usize,
    },
    /// A major version this reader does not know.
    NewerMajorVersion {
        found: u16,
        supported: u16,
    },
    /// The input ended inside the record starting at `at` (crash mid-write, dropped
    /// connection). Everything before it was read.
    Truncated {
        at: u64,
    },
    /// A record claims more bytes than the limit.
    RecordTooLong {
        at: u64,
        len: u32,
        limit: u32,
    },
    /// A payload that does not match its kind's layout.
    Malformed {
        at: u64,
        kind: &'static str,
        what: String,
    },
    /// A mesh whose bytes do not hash to the hash it carries.
    HashMismatch {
        at: u64,
        stored: u64,
        computed: u64,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(e) => write!(f, "read error: {e}"),
            Self::NotAProbeFile => write!(f, "not a slidescope probe file (no SLPROBE magic)"),
            Self::TruncatedHeader { got } => {
                write!(f, "truncated header: {got} of {HEADER_BYTES} bytes")
            }
            Self::NewerMajorVersion { found, supported } => write!(
                f,
                "{} major version {found}; this slidescope reads {supported}",
                if found > supported {
                    "newer"
                } else {
                    "unknown older"
                }
            ),
            Self::Truncated { at } => write!(f, "truncated at byte {at} (record cut short)"),
            Self::RecordTooLong { at, len, limit } => write!(
                f,
                "record at byte {at} claims {len} bytes, the limit is {limit}"
            ),
            Self::Malformed { at, kind, what } => {
                write!(f, "malformed {kind} record at byte {at}: {what}")
            }
            Self::HashMismatch {
                at,
                stored,
                computed,
            } => write!(
                f,
                "mesh at byte {at} is corrupt: hash {stored:016x} stored, {computed:016x} computed"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        Self::Io(e)
    }
}

/// Reads records from `src` (a file, a socket, a byte slice).
pub struct Reader<R> {
    src: R,
    /// Bytes consumed so far.
    offset: u64,
    minor: u16,
    payload: Vec<u8>,
    skipped_unknown: u64,
    ended: bool,
}

/// Reads into `buf` until it is full or the input ends; returns the bytes read.
fn fill(src: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match src.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

impl<R: Read> Reader<R> {
    /// Reads and checks the stream header.
    pub fn new(mut src: R) -> Result<Self, ReadError> {
        let mut h = [0u8; HEADER_BYTES];
        let got = fill(&mut src, &mut h)?;
        if got >= 8 && h[..8] != MAGIC {
            return Err(ReadError::NotAProbeFile);
        }
        if got < HEADER_BYTES {
            return Err(ReadError::TruncatedHeader { got });
        }
        let major = u16::from_le_bytes([h[8], h[9]]);
        if major != VERSION_MAJOR {
            return Err(ReadError::NewerMajorVersion {
                found: major,
                supported: VERSION_MAJOR,
            });
        }
        Ok(Self {
            src,
            offset: HEADER_BYTES as u64,
            minor: u16::from_le_bytes([h[10], h[11]]),
            payload: Vec::new(),
            skipped_unknown: 0,
            ended: false,
        })
    }

    /// The source the records are read from.
    pub(crate) fn source(&self) -> &R {
        &self.src
    }

    /// The source the records are read from (the push reader's window).
    pub(crate) fn source_mut(&mut self) -> &mut R {
        &mut self.src
    }

    /// Whether `END` has been read (nothing after it is a record).
    pub fn has_ended(&self) -> bool {
        self.ended
    }

    /// The stream's minor version.
    pub fn minor_version(&self) -> u16 {
        self.minor
    }

    /// Bytes consumed so far (the offset of the next record).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Records of unknown kinds skipped so far.
    pub fn skipped_unknown(&self) -> u64 {
        self.skipped_unknown
    }

    /// The next record; `Ok(None)` at a clean end (input ended at a record boundary, or after
    /// `END`).
    pub fn next_record(&mut self) -> Result<Option<Record>, ReadError> {
        loop {
            if self.ended {
                return Ok(None);
            }
            let at = self.offset;
            let Some((k, len)) = self.record_header()? else {
                return Ok(None);
            };
            if !known_kind(k) {
                // Skipped as it streams past: an unknown payload is never held whole.
                self.skip_payload(len, at)?;
                self.skipped_unknown += 1;
                continue;
            }
            self.read_payload(len as usize, at)?;
            self.offset += (RECORD_HEADER_BYTES + len as usize) as u64;
            match decode(k, &self.payload, at)? {
                Some(Record::End) => {
                    self.ended = true;
                    return Ok(Some(Record::End));
                }
                Some(r) => return Ok(Some(r)),
                None => self.skipped_unknown += 1,
            }
        }
    }

    /// Reads past `len` payload bytes without keeping them.
    fn skip_payload(&mut self, len: u32, at: u64) -> Result<(), ReadError> {
        let want = u64::from(len);
        let got = io::copy(&mut (&mut self.src).take(want), &mut io::sink())?;
        if got < want {
            return Err(ReadError::Truncated { at });
        }
        self.offset += RECORD_HEADER_BYTES as u64 + want;
        Ok(())
    }

    /// After `END`: the records that follow it (ignored by the format), counted by streaming
    /// past them; an error for a record cut short or over the limit.
    pub fn count_after_end(&mut self) -> Result<u64, ReadError> {
        let mut n = 0;
        loop {
            let at = self.offset;
            let Some((_, len)) = self.record_header()? else {
                return Ok(n);
            };
            self.skip_payload(len, at)?;
            n += 1;
        }
    }

    /// The next record's kind and length (checked against the limit), or `None` at a clean
    /// end of input.
    fn record_header(&mut self) -> Result<Option<(u32, u32)>, ReadError> {
        let at = self.offset;
        let mut h = [0u8; RECORD_HEADER_BYTES];
        match fill(&mut self.src, &mut h)? {
            0 => return Ok(None),
            got if got < RECORD_HEADER_BYTES => return Err(ReadError::Truncated { at }),
            _ => {}
        }
        let k = u32::from_le_bytes([h[0], h[1], h[2], h[3]]);
        let len = u32::from_le_bytes([h[4], h[5], h[6], h[7]]);
        if len > MAX_RECORD_BYTES {
            return Err(ReadError::RecordTooLong {
                at,
                len,
                limit: MAX_RECORD_BYTES,
            });
        }
        Ok(Some((k, len)))
    }

    /// Reads `len` payload bytes into the reused buffer, growing it only as bytes arrive.
    fn read_payload(&mut self, len: usize, at: u64) -> Result<(), ReadError> {
        const CHUNK: usize = 64 * 1024;
        self.payload.clear();
        while self.payload.len() < len {
            let want = (len - self.payload.len()).min(CHUNK);
            let old = self.payload.len();
            self.payload.resize(old + want, 0);
            let got = fill(&mut self.src, &mut self.payload[old..])?;
            self.payload.truncate(old + got);
            if got < want {
                return Err(ReadError::Truncated { at });
            }
        }
        Ok(())
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Record, ReadError>;
    fn next(&mut self) -> Option<Self::Item> {
        match self.next_record() {
            Ok(Some(r)) => Some(Ok(r)),
            Ok(None) => None,
            Err(e) => {
                // One error, then the end: the caller keeps what came before.
                self.ended = true;
                Some(Err(e))
            }
        }
    }
}

/// Reads a whole input: the records before the first error, and that error.
pub fn read_all(src: impl Read) -> (Vec<Record>, Option<ReadError>) {
    let mut reader = match Reader::new(src) {
        Ok(r) => r,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let mut records = Vec::new();
    loop {
        match reader.next_record() {
            Ok(Some(r)) => records.push(r),
            Ok(None) => return (records, None),
            Err(e) => return (records, Some(e)),
        }
    }
}

/// A bounds-checked cursor over one payload.
struct Fields<'a> {
    bytes: &'a [u8],
    pos: usize,
    at: u64,
    kind: &'static str,
}

impl<'a> Fields<'a> {
    fn err(&self, what: impl Into<String>) -> ReadError {
        ReadError::Malformed {
            at: self.at,
            kind: self.kind,
            what: what.into(),
        }
    }
    fn take(&mut self, n: usize) -> Result<&'a [u8], ReadError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(self.err(format!(
                "needs {n} more bytes at payload offset {}, has {}",
                self.pos,
                self.bytes.len() - self.pos
            )));
        };
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, ReadError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64, ReadError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    fn f32(&mut self) -> Result<f32, ReadError> {
        Ok(f32::from_bits(self.u32()?))
    }
    fn f64(&mut self) -> Result<f64, ReadError> {
        Ok(f64::from_bits(self.u64()?))
    }
    fn vec3(&mut self) -> Result<[f32; 3], ReadError> {
        Ok([self.f32()?, self.f32()?, self.f32()?])
    }
    /// A count whose `each`-byte items must fit in what is left, and under `limit`.
    fn count(&mut self, name: &str, each: usize, limit: u32) -> Result<usize, ReadError> {
        let n = self.u32()?;
        if n > limit {
            return Err(self.err(format!("{name} {n} exceeds the limit {limit}")));
        }
        let left = self.bytes.len() - self.pos;
        if (n as usize).saturating_mul(each) > left {
            return Err(self.err(format!(
                "{name} {n} needs {} bytes, the record has {left}",
                n as usize * each
            )));
        }
        Ok(n as usize)
    }
}

/// Whether this reader decodes records of kind `k`.
fn known_kind(k: u32) -> bool {
    (kind::MESH..=kind::CONVENTIONS).contains(&k)
}

/// Decodes one payload; `None` for an unknown kind.
fn decode(k: u32, payload: &[u8], at: u64) -> Result<Option<Record>, ReadError> {
    let name = match k {
        kind::MESH => "MESH",
        kind::USE_MESH => "USE_MESH",
        kind::LEVEL_FILE => "LEVEL_FILE",
        kind::FRAME => "FRAME",
        kind::MOVE => "MOVE",
        kind::OBJECT_MESH => "OBJECT_MESH",
        kind::OBJECT_POSES => "OBJECT_POSES",
        kind::END => "END",
        kind::CONVENTIONS => "CONVENTIONS",
        _ => return Ok(None),
    };
    let mut f = Fields {
        bytes: payload,
        pos: 0,
        at,
        kind: name,
    };
    let record = match k {
        kind::MESH => Record::Mesh(mesh(&mut f)?),
        kind::USE_MESH => Record::UseMesh(f.u64()?),
        kind::LEVEL_FILE => {
            let hash = f.u64()?;
            let n = f.count("path length", 1, MAX_PATH_BYTES)?;
            let bytes = f.take(n)?;
            let path = std::str::from_utf8(bytes)
                .map_err(|_| f.err("path is not UTF-8"))?
                .to_owned();
            Record::LevelFile { hash, path }
        }
        kind::FRAME => {
            if payload.len() < FRAME_BYTES {
                return Err(f.err(format!("{} bytes, needs {FRAME_BYTES}", payload.len())));
            }
            Record::Frame(Frame {
                frame: f.u64()?,
                time_secs: f.f64()?,
                dt_secs: f.f32()?,
            })
        }
        kind::MOVE => Record::Move(move_record(&mut f)?),
        kind::OBJECT_MESH => {
            let object = f.u32()?;
            Record::ObjectMesh {
                object,
                mesh: mesh(&mut f)?,
            }
        }
        kind::OBJECT_POSES => {
            let n = f.count("object count", OBJECT_POSE_BYTES, MAX_OBJECTS)?;
            let mut poses = Vec::with_capacity(n);
            for _ in 0..n {
                let object = f.u32()?;
                let previous = pose(&mut f)?;
                let current = pose(&mut f)?;
                poses.push(ObjectPose {
                    object,
                    previous,
                    current,
                });
            }
            Record::ObjectPoses(poses)
        }
        kind::CONVENTIONS => {
            let n = f.count("entry count", 8, MAX_CONVENTIONS)?;
            let mut declared = Declared::default();
            let mut unknown = 0;
            for _ in 0..n {
                let (k, v) = (f.u32()?, f.u32()?);
                unknown += u32::from(!declared.set_entry(k, v));
            }
            Record::Conventions { declared, unknown }
        }
        _ => Record::End,
    };
    Ok(Some(record))
}

fn mesh(f: &mut Fields<'_>) -> Result<Mesh, ReadError> {
    let hash = f.u64()?;
    let body = &f.bytes[f.pos..];
    let vertices = f.count("vertex count", 0, MAX_MESH_ELEMENTS)?;
    let triangles = f.count("triangle count", 0, MAX_MESH_ELEMENTS)?;
    let need = vertices * 12 + triangles * 12;
    let left = f.bytes.len() - f.pos;
    if need > left {
        return Err(f.err(format!(
            "{vertices} vertices and {triangles} triangles need {need} bytes, the record has {left}"
        )));
    }
    let body = &body[..8 + need];
    let computed = fnv1a64(body);
    if computed != hash {
        return Err(ReadError::HashMismatch {
            at: f.at,
            stored: hash,
            computed,
        });
    }
    let mut positions = Vec::with_capacity(vertices);
    for _ in 0..vertices {
        positions.push(f.vec3()?);
    }
    let mut indices = Vec::with_capacity(triangles);
    for _ in 0..triangles {
        indices.push([f.u32()?, f.u32()?, f.u32()?]);
    }
    Ok(Mesh {
        hash,
        positions,
        indices,
    })
}

fn pose(f: &mut Fields<'_>) -> Result<Pose, ReadError> {
    Ok(Pose {
        rotation: [f.f32()?, f.f32()?, f.f32()?, f.f32()?],
        translation: f.vec3()?,
    })
}

fn move_record(f: &mut Fields<'_>) -> Result<MoveRecord, ReadError> {
    if f.bytes.len() < MOVE_FIXED_BYTES {
        return Err(f.err(format!(
            "{} bytes, the fixed part needs {MOVE_FIXED_BYTES}",
            f.bytes.len()
        )));
    }
    let mover = f.u32()?;
    let flags = f.u32()?;
    let radii = f.vec3()?;
    let axes = [f.vec3()?, f.vec3()?, f.vec3()?];
    let start = f.vec3()?;
    let velocity = f.vec3()?;
    let skin = f.f32()?;
    let max_iterations = f.u32()?;
    let end = f.vec3()?;
    let integration_velocity = f.vec3()?;
    let iterations = f.u32()?;
    f.take(16)?; // reserved
    let has = |bit: u32| flags & bit != 0;
    let mv = Move {
        mover,
        radii,
        axes,
        start,
        velocity,
        skin_es: has(format::flags::HAS_SKIN).then_some(skin),
        max_iterations: has(format::flags::HAS_MAX_ITERATIONS).then_some(max_iterations),
        result: has(format::flags::HAS_RESULT).then_some(MoveResult {
            end,
            integration_velocity,
            iterations,
        }),
    };
    let n = f.count("contact count", CONTACT_BYTES, MAX_CONTACTS)?;
    let mut contacts = Vec::with_capacity(n);
    for _ in 0..n {
        let iteration = f.u32()?;
        // A case this reader does not know (a newer minor version) reads as unknown.
        let case = match f.u32()? {
            format::case::FACE => Some(Case::Face),
            format::case::EDGE => Some(Case::Edge),
            format::case::VERTEX => Some(Case::Vertex),
            _ => None,
        };
        let t = f.f32()?;
        let center = f.vec3()?;
        let point = f.vec3()?;
        let normal = f.vec3()?;
        let tri = f.u32()?;
        contacts.push(Contact {
            iteration,
            case,
            t,
            center,
            point,
            normal,
            triangle: (tri != NO_TRIANGLE).then_some(tri),
        });
    }
    Ok(MoveRecord {
        mv,
        contacts,
        one_sided_flag: has(format::flags::ONE_SIDED),
    })
}
