//! A vertex buffer rewritten every frame; it grows to the next power of two of what it must
//! hold and never shrinks.

/// A per-frame vertex buffer of `stride`-byte items.
pub(crate) struct StreamBuffer {
    label: &'static str,
    stride: u64,
    /// Items the buffer holds.
    capacity: u64,
    buffer: wgpu::Buffer,
}

fn create(device: &wgpu::Device, label: &str, bytes: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size: bytes,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

impl StreamBuffer {
    pub fn new(device: &wgpu::Device, label: &'static str, stride: u64, capacity: u64) -> Self {
        Self {
            label,
            stride,
            capacity,
            buffer: create(device, label, capacity * stride),
        }
    }

    /// Uploads `items` (nothing when empty), growing the buffer when they do not fit.
    pub fn write<T: bytemuck::Pod>(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        items: &[T],
    ) {
        if items.is_empty() {
            return;
        }
        let needed = items.len() as u64;
        if needed > self.capacity {
            self.capacity = needed.next_power_of_two();
            self.buffer = create(device, self.label, self.capacity * self.stride);
        }
        queue.write_buffer(&self.buffer, 0, bytemuck::cast_slice(items));
    }

    pub fn slice(&self) -> wgpu::BufferSlice<'_> {
        self.buffer.slice(..)
    }
}
