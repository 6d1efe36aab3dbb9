//! The history ring (DESIGN "Bounded memory"): recorded frames, oldest evicted first when the
//! byte budget is exceeded. Frames in the ring are always consecutive, so a frame number maps
//! to a slot in O(1).

use std::collections::VecDeque;

use super::detectors::{NEIGHBOUR_WINDOW, apply_neighbours};
use super::{FrameRecord, Markers};

/// One frame as the timeline and the plots draw it: a few bytes kept beside each record, so
/// drawing a long history never walks the records themselves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameSummary {
    pub frame: u64,
    pub iterations: u32,
    pub markers: Markers,
    /// Contacts the frame's move saw (0 in noclip).
    pub contacts: u32,
    /// Speed after the step (m/s).
    pub speed_mps: f32,
    /// Height of the ellipsoid centre after the step (m, world y).
    pub height_m: f32,
    /// Vertical velocity after the step (m/s).
    pub vertical_mps: f32,
    pub grounded: bool,
    /// A game's move: |game end − reference end| (m), when both have one.
    pub game_gap_m: Option<f32>,
}

impl FrameSummary {
    pub fn of(r: &FrameRecord) -> Self {
        Self {
            frame: r.frame,
            iterations: r.iterations_solved(),
            markers: r.markers,
            contacts: r.outcome.slide().map_or(0, |s| s.contact_count),
            speed_mps: r.after.velocity_mps.length(),
            height_m: r.after.center.y,
            vertical_mps: r.after.velocity_mps.y,
            grounded: r.after.grounded,
            game_gap_m: r.game.as_ref().and_then(|g| g.comparison.end_distance_m),
        }
    }
}

/// Default budget: 512 MiB, ≥ 10 minutes at 60 Hz of walking (the benchmark reports the
/// bytes per frame measured on real levels).
pub const DEFAULT_BUDGET_BYTES: usize = 512 * 1024 * 1024;

/// Recorded frames under a byte budget.
#[derive(Debug, Clone)]
pub struct History {
    frames: VecDeque<FrameRecord>,
    bytes: VecDeque<usize>,
    /// One per frame, in step with `frames`.
    summaries: VecDeque<FrameSummary>,
    used_bytes: usize,
    budget_bytes: usize,
    /// Frames ever pushed (for the bytes-per-frame average).
    pushed: u64,
    pushed_bytes: u128,
    evicted: u64,
}

impl Default for History {
    fn default() -> Self {
        Self::new(DEFAULT_BUDGET_BYTES)
    }
}

impl History {
    /// An empty history holding at most `budget_bytes` (the newest frame is always kept, even
    /// when it alone exceeds the budget).
    pub fn new(budget_bytes: usize) -> Self {
        Self {
            frames: VecDeque::new(),
            bytes: VecDeque::new(),
            summaries: VecDeque::new(),
            used_bytes: 0,
            budget_bytes,
            pushed: 0,
            pushed_bytes: 0,
            evicted: 0,
        }
    }

    /// Appends a record. Its frame number must follow the last one; otherwise the history is
    /// cleared first (a new, discontinuous run). Computes the grounded-flicker and stuck
    /// markers from the recent frames, then evicts the oldest frames over budget.
    pub fn push(&mut self, mut record: FrameRecord) {
        if let Some(last) = self.frames.back()
            && last.frame.checked_add(1) != Some(record.frame)
        {
            self.clear();
        }
        // A game's moves (through the probe) have no walker to flicker.
        if record.game.is_none() {
            let start = self.frames.len().saturating_sub(NEIGHBOUR_WINDOW);
            apply_neighbours(self.frames.range(start..), &mut record);
        }
        self.append(record);
        self.evict_over_budget();
    }

    /// Appends without any check (callers keep frame numbers consecutive).
    fn append(&mut self, record: FrameRecord) {
        let size = record.heap_bytes();
        self.pushed += 1;
        self.pushed_bytes += size as u128;
        self.used_bytes += size;
        self.summaries.push_back(FrameSummary::of(&record));
        self.frames.push_back(record);
        self.bytes.push_back(size);
    }

    fn evict_over_budget(&mut self) {
        while self.used_bytes > self.budget_bytes && self.frames.len() > 1 {
            self.frames.pop_front();
            self.summaries.pop_front();
            if let Some(b) = self.bytes.pop_front() {
                self.used_bytes -= b;
            }
            self.evicted += 1;
        }
    }

    /// Recomputes every frame's markers with `f` (e.g. after the probe's tolerance changed);
    /// nothing else of a record changes, so its size does not either.
    pub fn remark(&mut self, mut f: impl FnMut(&FrameRecord) -> Markers) {
        for (r, s) in self.frames.iter_mut().zip(&mut self.summaries) {
            r.markers = f(r);
            s.markers = r.markers;
        }
    }

    /// Replaces the frame `record.frame` with `record` (a re-solve of the same move), keeping
    /// the byte count right. Returns false when that frame is not held.
    pub fn replace(&mut self, record: FrameRecord) -> bool {
        let Some(first) = self.first_frame() else {
            return false;
        };
        let Some(i) = record
            .frame
            .checked_sub(first)
            .and_then(|i| usize::try_from(i).ok())
            .filter(|&i| i < self.frames.len())
        else {
            return false;
        };
        let size = record.heap_bytes();
        self.used_bytes = self.used_bytes - self.bytes[i] + size;
        self.bytes[i] = size;
        self.summaries[i] = FrameSummary::of(&record);
        self.frames[i] = record;
        self.evict_over_budget();
        true
    }

    /// Changes the budget, evicting at once if needed.
    pub fn set_budget_bytes(&mut self, budget_bytes: usize) {
        self.budget_bytes = budget_bytes;
        self.evict_over_budget();
    }

    pub fn clear(&mut self) {
        self.frames.clear();
        self.bytes.clear();
        self.summaries.clear();
        self.used_bytes = 0;
    }

    /// Drops every frame after `frame` (keeps `frame` itself).
    pub fn truncate_after(&mut self, frame: u64) {
        let Some(first) = self.first_frame() else {
            return;
        };
        let keep = if frame < first {
            0
        } else {
            usize::try_from(frame - first + 1).unwrap_or(usize::MAX)
        };
        while self.frames.len() > keep {
            self.frames.pop_back();
            self.summaries.pop_back();
            if let Some(b) = self.bytes.pop_back() {
                self.used_bytes -= b;
            }
        }
    }

    pub fn len(&self) -> usize {
        self.frames.len()
    }

    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// Bytes held by the recorded frames.
    pub fn used_bytes(&self) -> usize {
        self.used_bytes
    }

    pub fn budget_bytes(&self) -> usize {
        self.budget_bytes
    }

    /// Average bytes per frame over every frame ever pushed (0 before the first).
    pub fn bytes_per_frame(&self) -> f64 {
        if self.pushed == 0 {
            0.0
        } else {
            self.pushed_bytes as f64 / self.pushed as f64
        }
    }

    /// Frames dropped to stay within budget.
    pub fn evicted(&self) -> u64 {
        self.evicted
    }

    pub fn first_frame(&self) -> Option<u64> {
        self.frames.front().map(|f| f.frame)
    }

    pub fn last_frame(&self) -> Option<u64> {
        self.frames.back().map(|f| f.frame)
    }

    /// Every frame's summary, oldest first (two slices: the ring may wrap).
    pub fn summaries(&self) -> (&[FrameSummary], &[FrameSummary]) {
        self.summaries.as_slices()
    }

    /// The record of `frame`, if still held.
    pub fn get(&self, frame: u64) -> Option<&FrameRecord> {
        let first = self.first_frame()?;
        let i = usize::try_from(frame.checked_sub(first)?).ok()?;
        self.frames.get(i)
    }

    pub fn last(&self) -> Option<&FrameRecord> {
        self.frames.back()
    }

    /// Oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &FrameRecord> + ExactSizeIterator {
        self.frames.iter()
    }

    /// The nearest frame after `frame` whose markers intersect `filter`.
    pub fn next_marked(&self, frame: u64, filter: Markers) -> Option<u64> {
        let first = self.first_frame()?;
        let from = usize::try_from(frame.saturating_sub(first).saturating_add(1)).ok()?;
        self.frames
            .range(from.min(self.frames.len())..)
            .find(|f| f.markers.intersects(filter))
            .map(|f| f.frame)
    }

    /// The nearest frame before `frame` whose markers intersect `filter`.
    pub fn prev_marked(&self, frame: u64, filter: Markers) -> Option<u64> {
        let first = self.first_frame()?;
        let end = usize::try_from(frame.checked_sub(first)?).ok()?;
        self.frames
            .range(..end.min(self.frames.len()))
            .rev()
            .find(|f| f.markers.intersects(filter))
            .map(|f| f.frame)
    }

    /// A history made of `frames` (consecutive frame numbers expected; a gap restarts it).
    pub fn from_frames(frames: Vec<FrameRecord>, budget_bytes: usize) -> Self {
        let mut h = Self::new(budget_bytes);
        for f in frames {
            if let Some(last) = h.frames.back()
                && last.frame.checked_add(1) != Some(f.frame)
            {
                h.clear();
            }
            h.append(f);
            h.evict_over_budget();
        }
        h
    }
}
