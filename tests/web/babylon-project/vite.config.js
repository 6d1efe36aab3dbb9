// The one line probe-js/README.md gives for Vite: slidescope-probe served as it is from
// node_modules (not pre-bundled), so the adapter finds its viewer/ beside itself.
export default { optimizeDeps: { exclude: ["slidescope-probe"] } };
