//! slidescope command line.
fn main() {
    println!("slidescope {}", env!("CARGO_PKG_VERSION"));
}
