//! A probe stream that arrives in pieces on a thread that must not block (a browser tab's
//! messages): bytes are pushed as they come, and a record is read only once it is whole, by
//! the same [`Reader`] and with the same checks as a file (`docs/probe-format.md`, "Reading
//! rules"). What was buffered is bounded: a push past the limit is an error, and the records
//! read before it stand.

use std::collections::VecDeque;
use std::io::{self, Read};

use crate::format::{HEADER_BYTES, MAGIC, MAX_RECORD_BYTES, RECORD_HEADER_BYTES};
use crate::read::{ReadError, Reader, Record};

/// Bytes waiting for the reader, of which it may read `allow` (one whole record at a time,
/// so a record still arriving is never read as a cut one).
struct Window {
    bytes: VecDeque<u8>,
    allow: usize,
}

impl Read for Window {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.allow).min(self.bytes.len());
        for (slot, b) in buf[..n].iter_mut().zip(self.bytes.drain(..n)) {
            *slot = b;
        }
        self.allow -= n;
        Ok(n)
    }
}

enum State {
    /// Before the 16-byte header is whole.
    Header(Vec<u8>),
    Records(Reader<Window>),
    /// After an error: nothing more is read.
    Failed,
}

/// Reads records from bytes pushed in pieces of any size.
pub struct PushReader {
    state: State,
    limit: usize,
}

impl Default for PushReader {
    fn default() -> Self {
        Self::new()
    }
}

impl PushReader {
    /// Buffers at most the header and one record of the largest size the format allows.
    pub const DEFAULT_LIMIT: usize = HEADER_BYTES + RECORD_HEADER_BYTES + MAX_RECORD_BYTES as usize;

    pub fn new() -> Self {
        Self::with_limit(Self::DEFAULT_LIMIT)
    }

    /// A reader that refuses to hold more than `limit` unread bytes.
    pub fn with_limit(limit: usize) -> Self {
        Self {
            state: State::Header(Vec::new()),
            limit,
        }
    }

    /// Unread bytes held.
    pub fn buffered(&self) -> usize {
        match &self.state {
            State::Header(h) => h.len(),
            State::Records(r) => r.source().bytes.len(),
            State::Failed => 0,
        }
    }

    /// Whether `END` has been read (bytes after it are ignored, as in a file).
    pub fn has_ended(&self) -> bool {
        matches!(&self.state, State::Records(r) if r.has_ended())
    }

    /// Adds bytes as they arrived; an error when they would take the unread bytes past the
    /// limit (the reader then stops).
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), ReadError> {
        let held = self.buffered();
        if held.saturating_add(bytes.len()) > self.limit {
            self.state = State::Failed;
            return Err(ReadError::Io(io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!(
                    "{} unread bytes would exceed the limit of {} (the stream outruns its reader)",
                    held + bytes.len(),
                    self.limit
                ),
            )));
        }
        match &mut self.state {
            State::Header(h) => h.extend_from_slice(bytes),
            State::Records(r) if !r.has_ended() => r.source_mut().bytes.extend(bytes),
            State::Records(_) | State::Failed => {}
        }
        Ok(())
    }

    /// What the stream's end means for the bytes still held: an error when it ended inside
    /// the header or a record (a tab closed mid-send), `None` at a record boundary.
    pub fn error_at_end(&self) -> Option<ReadError> {
        match &self.state {
            State::Header(h) if h.len() < HEADER_BYTES => {
                Some(ReadError::TruncatedHeader { got: h.len() })
            }
            State::Records(r) if !r.has_ended() && !r.source().bytes.is_empty() => {
                Some(ReadError::Truncated { at: r.offset() })
            }
            _ => None,
        }
    }

    /// The next whole record; `Ok(None)` until one has arrived (or after `END`). An error stops
    /// the reader: every later call returns `Ok(None)`.
    pub fn next_record(&mut self) -> Result<Option<Record>, ReadError> {
        let result = self.try_next();
        if result.is_err() {
            self.state = State::Failed;
        }
        result
    }

    fn try_next(&mut self) -> Result<Option<Record>, ReadError> {
        if let State::Header(h) = &mut self.state {
            let bad_magic = h.len() >= MAGIC.len() && h[..MAGIC.len()] != MAGIC;
            if h.len() < HEADER_BYTES && !bad_magic {
                return Ok(None);
            }
            let bytes = VecDeque::from(std::mem::take(h));
            let window = Window {
                allow: HEADER_BYTES,
                bytes,
            };
            self.state = State::Records(Reader::new(window)?);
        }
        let State::Records(reader) = &mut self.state else {
            return Ok(None);
        };
        // Unknown kinds are skipped inside the reader: a record at a time until a known one.
        while !reader.has_ended() {
            let Some(extent) = whole_record(&reader.source().bytes) else {
                return Ok(None);
            };
            reader.source_mut().allow = extent;
            if let Some(r) = reader.next_record()? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }
}

/// The length of the first record in `bytes` with its header when it is whole, or when its
/// header already breaks the limit (the reader then says so); `None` while it is arriving.
fn whole_record(bytes: &VecDeque<u8>) -> Option<usize> {
    if bytes.len() < RECORD_HEADER_BYTES {
        return None;
    }
    let len = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    if len > MAX_RECORD_BYTES {
        return Some(RECORD_HEADER_BYTES);
    }
    let extent = RECORD_HEADER_BYTES + len as usize;
    (bytes.len() >= extent).then_some(extent)
}
