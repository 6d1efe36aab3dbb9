//! Defensive glTF accessor reading. Every byte range (bufferView in buffer, accessor in
//! bufferView, element stride) is checked before a byte is read, so bad files give errors,
//! never panics. Handles float and `KHR_mesh_quantization` integer (normalized or not)
//! VEC3 attributes, and u8/u16/u32 indices. (`gltf` 1.4.1's `read_positions` only reads f32
//! and debug-asserts on other component types, hence this module.)

use std::borrow::Cow;

use glam::Vec3;
use gltf::json::accessor::{ComponentType, GenericComponentType, Type};
use gltf::json::validation::Checked;
use gltf::json::{self, Index};

use super::level_error::LevelErrorKind;

/// The checked bytes of one accessor.
struct Layout<'a> {
    /// From the first element's first byte to the last element's last byte.
    data: &'a [u8],
    stride: usize,
    count: usize,
    component: ComponentType,
    normalized: bool,
}

fn component_size(c: ComponentType) -> usize {
    match c {
        ComponentType::I8 | ComponentType::U8 => 1,
        ComponentType::I16 | ComponentType::U16 => 2,
        ComponentType::U32 | ComponentType::F32 => 4,
    }
}

fn layout<'a>(
    root: &json::Root,
    buffers: &'a [Cow<'_, [u8]>],
    index: Index<json::Accessor>,
    want: Type,
    components: usize,
) -> Result<Layout<'a>, LevelErrorKind> {
    let i = index.value();
    let err = |message: String| LevelErrorKind::Accessor {
        accessor: i,
        message,
    };
    let accessor = root
        .accessors
        .get(i)
        .ok_or_else(|| LevelErrorKind::Invalid(format!("accessor {i} does not exist")))?;
    if accessor.sparse.is_some() {
        return Err(LevelErrorKind::Unsupported(format!("sparse accessor {i}")));
    }
    if accessor.type_ != Checked::Valid(want) {
        return Err(err(format!("type must be {want:?}")));
    }
    let Checked::Valid(GenericComponentType(component)) = accessor.component_type else {
        return Err(err("invalid componentType".into()));
    };
    let count = usize::try_from(accessor.count.0).map_err(|_| err("count too large".into()))?;
    let v = accessor
        .buffer_view
        .ok_or_else(|| err("has no bufferView (zero-filled accessors are not supported)".into()))?
        .value();
    let view = root
        .buffer_views
        .get(v)
        .ok_or_else(|| err(format!("bufferView {v} does not exist")))?;
    let b = view.buffer.value();
    let buffer = buffers.get(b).ok_or_else(|| LevelErrorKind::BufferView {
        view: v,
        message: format!("buffer {b} does not exist"),
    })?;
    let view_start = view.byte_offset.map_or(0, |o| o.0);
    let view_len = view.byte_length.0;
    let view_end = view_start.checked_add(view_len);
    if view_end.is_none_or(|e| e > buffer.len() as u64) {
        return Err(LevelErrorKind::BufferView {
            view: v,
            message: format!(
                "bytes {view_start}..{} lie past the end of buffer {b} ({} bytes)",
                view_start.saturating_add(view_len),
                buffer.len()
            ),
        });
    }
    let elem = component_size(component) * components;
    let stride = view.byte_stride.map_or(elem, |s| s.0);
    if stride < elem {
        return Err(err(format!("byteStride {stride} < element size {elem}")));
    }
    let offset = accessor.byte_offset.map_or(0, |o| o.0);
    let needed = if count == 0 {
        Some(0)
    } else {
        (stride as u64)
            .checked_mul(count as u64 - 1)
            .and_then(|n| n.checked_add(elem as u64))
    };
    let end = needed.and_then(|n| n.checked_add(offset));
    let Some(end) = end.filter(|&e| e <= view_len) else {
        return Err(err(format!(
            "out of range: {count} elements at offset {offset} need more than the {view_len} bytes of bufferView {v}"
        )));
    };
    // Both bounds are within the buffer, checked above.
    let start = (view_start + offset) as usize;
    let end = (view_start + end) as usize;
    Ok(Layout {
        data: &buffer[start..end.max(start)],
        stride,
        count,
        component,
        normalized: accessor.normalized,
    })
}

/// Reads a VEC3 accessor (POSITION or NORMAL): f32, or integer components per
/// `KHR_mesh_quantization` (normalized integers map to [0, 1] / [-1, 1]).
pub fn read_vec3(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    index: Index<json::Accessor>,
) -> Result<Vec<Vec3>, LevelErrorKind> {
    let l = layout(root, buffers, index, Type::Vec3, 3)?;
    let mut out = Vec::with_capacity(l.count);
    let d = l.data;
    let norm = l.normalized;
    // Each element starts at k * stride and its `elem` bytes are in range (checked).
    macro_rules! decode {
        ($size:expr, $read:expr) => {
            for k in 0..l.count {
                let o = k * l.stride;
                let c = |j: usize| -> f32 {
                    let at = o + j * $size;
                    $read(&d[at..at + $size])
                };
                out.push(Vec3::new(c(0), c(1), c(2)));
            }
        };
    }
    match l.component {
        ComponentType::F32 => decode!(4, |b: &[u8]| f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        ComponentType::U32 => decode!(4, |b: &[u8]| {
            let v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f32;
            if norm { v / u32::MAX as f32 } else { v }
        }),
        ComponentType::I16 => decode!(2, |b: &[u8]| {
            let v = f32::from(i16::from_le_bytes([b[0], b[1]]));
            if norm { (v / 32767.0).max(-1.0) } else { v }
        }),
        ComponentType::U16 => decode!(2, |b: &[u8]| {
            let v = f32::from(u16::from_le_bytes([b[0], b[1]]));
            if norm { v / 65535.0 } else { v }
        }),
        ComponentType::I8 => decode!(1, |b: &[u8]| {
            let v = f32::from(b[0] as i8);
            if norm { (v / 127.0).max(-1.0) } else { v }
        }),
        ComponentType::U8 => decode!(1, |b: &[u8]| {
            let v = f32::from(b[0]);
            if norm { v / 255.0 } else { v }
        }),
    }
    Ok(out)
}

/// Reads an index accessor (SCALAR u8/u16/u32). Values are not range-checked here.
pub fn read_indices(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    index: Index<json::Accessor>,
) -> Result<Vec<u32>, LevelErrorKind> {
    let l = layout(root, buffers, index, Type::Scalar, 1)?;
    let d = l.data;
    let s = l.stride;
    let out = match l.component {
        ComponentType::U8 => (0..l.count).map(|k| u32::from(d[k * s])).collect(),
        ComponentType::U16 => (0..l.count)
            .map(|k| u32::from(u16::from_le_bytes([d[k * s], d[k * s + 1]])))
            .collect(),
        ComponentType::U32 => (0..l.count)
            .map(|k| {
                let o = k * s;
                u32::from_le_bytes([d[o], d[o + 1], d[o + 2], d[o + 3]])
            })
            .collect(),
        other => {
            return Err(LevelErrorKind::Accessor {
                accessor: index.value(),
                message: format!("index componentType must be u8/u16/u32, not {other:?}"),
            });
        }
    };
    Ok(out)
}

/// Number of elements of an accessor, `None` if it does not exist.
pub fn count(root: &json::Root, index: Index<json::Accessor>) -> Option<usize> {
    root.accessors
        .get(index.value())
        .and_then(|a| usize::try_from(a.count.0).ok())
}

/// Reads a float accessor of `type_` (`components` numbers an element) as a flat list:
/// f32, or normalized integers mapped to [0, 1] / [-1, 1] (glTF animation outputs). Errors on
/// non-normalized integers.
pub fn read_floats(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    index: Index<json::Accessor>,
    type_: Type,
    components: usize,
) -> Result<Vec<f32>, LevelErrorKind> {
    let l = layout(root, buffers, index, type_, components)?;
    let size = component_size(l.component);
    if l.component != ComponentType::F32 && !l.normalized {
        return Err(LevelErrorKind::Accessor {
            accessor: index.value(),
            message: format!("must be float or normalized, not {:?}", l.component),
        });
    }
    let d = l.data;
    let mut out = Vec::with_capacity(l.count.saturating_mul(components));
    for k in 0..l.count {
        for j in 0..components {
            // In range: the layout checked every element's bytes.
            let at = k * l.stride + j * size;
            let b = &d[at..at + size];
            out.push(match l.component {
                ComponentType::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
                ComponentType::U32 => {
                    u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f32 / u32::MAX as f32
                }
                ComponentType::I16 => {
                    (f32::from(i16::from_le_bytes([b[0], b[1]])) / 32767.0).max(-1.0)
                }
                ComponentType::U16 => f32::from(u16::from_le_bytes([b[0], b[1]])) / 65535.0,
                ComponentType::I8 => (f32::from(b[0] as i8) / 127.0).max(-1.0),
                ComponentType::U8 => f32::from(b[0]) / 255.0,
            });
        }
    }
    Ok(out)
}
