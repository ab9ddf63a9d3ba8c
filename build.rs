//! The shared library's SONAME, so that a C host links against `libnakade.so.0` (the major
//! version of the C ABI) and a later incompatible library cannot be loaded in its place.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" || os.ends_with("bsd") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libnakade.so.0");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
