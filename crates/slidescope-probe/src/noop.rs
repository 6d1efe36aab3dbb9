//! The probe with every call compiled away: what `Probe` is without the `enabled` feature, so
//! a game's release build keeps its probe calls and pays nothing for them.

use std::io;
use std::net::ToSocketAddrs;
use std::path::Path;

use crate::types::{Contact, Move, ObjectPose};

/// A probe that does nothing (same methods as [`RecordingProbe`](crate::RecordingProbe)).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoopProbe;

impl NoopProbe {
    #[inline(always)]
    pub fn new() -> Self {
        Self
    }
    #[inline(always)]
    pub fn connect(_addr: impl ToSocketAddrs) -> io::Result<Self> {
        Ok(Self)
    }
    #[inline(always)]
    pub fn save(_path: impl AsRef<Path>) -> io::Result<Self> {
        Ok(Self)
    }
    #[inline(always)]
    pub fn also_save(&mut self, _path: impl AsRef<Path>) -> io::Result<&mut Self> {
        Ok(self)
    }
    #[inline(always)]
    pub fn also_connect(&mut self, _addr: impl ToSocketAddrs) -> io::Result<&mut Self> {
        Ok(self)
    }
    #[inline(always)]
    pub fn set_level_mesh(&mut self, _positions: &[[f32; 3]], _indices: &[[u32; 3]]) {}
    #[inline(always)]
    pub fn set_level_file(&mut self, _path: &str, _hash: u64) {}

    pub fn set_conventions(&mut self, _conventions: &crate::Declared) {}
    #[inline(always)]
    pub fn set_object_mesh(&mut self, _object: u32, _p: &[[f32; 3]], _i: &[[u32; 3]]) {}
    #[inline(always)]
    pub fn object_poses(&mut self, _poses: &[ObjectPose]) {}
    #[inline(always)]
    pub fn frame(&mut self, _frame: u64, _time_secs: f64, _dt_secs: f32) {}
    #[inline(always)]
    pub fn log_move(&mut self, _m: &Move, _contacts: &[Contact]) {}
    #[inline(always)]
    pub fn flush(&mut self) {}
    #[inline(always)]
    pub fn sink_count(&self) -> usize {
        0
    }
    #[inline(always)]
    pub fn errors(&self) -> Vec<String> {
        Vec::new()
    }
}
