//! The wgpu instance, adapter, device and queue, with or without a window surface.

use thiserror::Error;

/// Hint printed with every "no adapter" failure.
pub const NO_ADAPTER_HINT: &str = "no GPU adapter found (on Linux without a GPU install Mesa's \
software Vulkan driver: `apt-get install mesa-vulkan-drivers libvulkan1`)";

/// What can go wrong setting up or using the GPU. Shown to the user in one line.
#[derive(Debug, Error)]
pub enum RenderError {
    #[error("{NO_ADAPTER_HINT}: {0}")]
    NoAdapter(String),
    #[error("could not open the GPU device: {0}")]
    Device(String),
    #[error("could not create the window surface: {0}")]
    Surface(String),
    #[error("could not read the frame back from the GPU: {0}")]
    Readback(String),
    #[error("bad frame size {0}x{1} (each side must be 1..={2})")]
    BadSize(u32, u32, u32),
}

/// The limits asked for: WebGL2's in the browser (the lowest tier the page runs on; WebGPU
/// gives at least these), the downlevel defaults elsewhere.
fn base_limits() -> wgpu::Limits {
    if cfg!(target_arch = "wasm32") {
        wgpu::Limits::downlevel_webgl2_defaults()
    } else {
        wgpu::Limits::downlevel_defaults()
    }
}

/// An open GPU: everything the renderer needs to create resources and submit work.
pub struct Gpu {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
}

impl Gpu {
    /// A GPU for offscreen rendering (no window): `screenshot`, tests and benchmarks.
    pub fn headless() -> Result<Self, RenderError> {
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        pollster::block_on(Self::open(instance, None))
    }

    /// Opens an adapter (compatible with `surface` when given) and its device.
    pub async fn open(
        instance: wgpu::Instance,
        surface: Option<&wgpu::Surface<'_>>,
    ) -> Result<Self, RenderError> {
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                compatible_surface: surface,
                force_fallback_adapter: false,
                apply_limit_buckets: false,
            })
            .await
            .map_err(|e| RenderError::NoAdapter(e.to_string()))?;
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("slidescope"),
                required_features: wgpu::Features::empty(),
                required_limits: wgpu::Limits {
                    max_buffer_size: adapter.limits().max_buffer_size,
                    ..base_limits().using_resolution(adapter.limits())
                },
                ..Default::default()
            })
            .await
            .map_err(|e| RenderError::Device(e.to_string()))?;
        // wgpu panics on uncaptured errors by default: log them instead (the frame that caused
        // one is lost, the app goes on).
        device.on_uncaptured_error(std::sync::Arc::new(|e: wgpu::Error| {
            log::error!("GPU error: {e}");
        }));
        Ok(Self {
            instance,
            adapter,
            device,
            queue,
        })
    }

    /// One line naming the adapter and backend (for logs and the HUD).
    pub fn adapter_summary(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?})", info.name, info.backend)
    }
}
