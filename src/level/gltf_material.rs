//! glTF materials → [`Material`]: base colour factor, plus the mean colour of an embedded PNG
//! base colour texture when it is cheap to get (never fails the load).

use std::borrow::Cow;
use std::path::Path;

use gltf::json;

use super::loaded_level::Material;
use super::source::{self, UriTarget};

/// Textures larger than this (encoded bytes) are not decoded for their mean colour.
const MAX_TEXTURE_BYTES: usize = 16 << 20;

/// Reads all materials. `folder` is where relative image URIs are resolved (same rules as
/// buffers); an image that cannot be found or decoded just has no mean colour.
pub fn read_materials(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    folder: &Path,
) -> Vec<Material> {
    let mut means: Vec<Option<Option<[f32; 4]>>> = vec![None; root.images.len()];
    root.materials
        .iter()
        .map(|m| {
            let pbr = &m.pbr_metallic_roughness;
            let texture_mean_color = pbr
                .base_color_texture
                .as_ref()
                .and_then(|info| root.textures.get(info.index.value()))
                .and_then(|t| {
                    let img = t.source.value();
                    let slot = means.get_mut(img)?;
                    *slot.get_or_insert_with(|| image_mean(root, buffers, folder, img))
                });
            Material {
                name: m.name.clone(),
                base_color: pbr.base_color_factor.0,
                texture_mean_color,
            }
        })
        .collect()
}

fn image_mean(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    folder: &Path,
    img: usize,
) -> Option<[f32; 4]> {
    let image = root.images.get(img)?;
    let bytes: Cow<'_, [u8]> = if let Some(v) = image.buffer_view {
        let view = root.buffer_views.get(v.value())?;
        let buffer = buffers.get(view.buffer.value())?;
        let start = usize::try_from(view.byte_offset.map_or(0, |o| o.0)).ok()?;
        let len = usize::try_from(view.byte_length.0).ok()?;
        Cow::Borrowed(buffer.get(start..start.checked_add(len)?)?)
    } else {
        match source::resolve_uri(folder, image.uri.as_deref()?).ok()? {
            UriTarget::Data(d) => Cow::Owned(d),
            UriTarget::File(f) => {
                Cow::Owned(source::read_within_budget(&f, MAX_TEXTURE_BYTES as u64).ok()?)
            }
        }
    };
    png_mean(&bytes)
}

/// Mean RGBA of a PNG (0..1, as stored); `None` if not a PNG, too large, or undecodable.
pub fn png_mean(bytes: &[u8]) -> Option<[f32; 4]> {
    if bytes.len() > MAX_TEXTURE_BYTES || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png).ok()?;
    let rgba = img.to_rgba8();
    let n = u64::from(rgba.width()) * u64::from(rgba.height());
    if n == 0 {
        return None;
    }
    let mut sum = [0u64; 4];
    for px in rgba.pixels() {
        for (s, &c) in sum.iter_mut().zip(px.0.iter()) {
            *s += u64::from(c);
        }
    }
    Some(sum.map(|s| (s as f64 / n as f64 / 255.0) as f32))
}
