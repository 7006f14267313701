#ifndef ICONCHOOSER_CPNG_SHIM_H
#define ICONCHOOSER_CPNG_SHIM_H
// libpng's simplified read API (png_image_*) returns errors instead of longjmp-ing,
// so Swift can call it directly.
#include <png.h>
// zlib, for the raw deflate stream of Xcode-crushed (CgBI) PNGs, which libpng refuses.
#include <zlib.h>

// inflateInit2 is a macro (it passes ZLIB_VERSION and sizeof(z_stream)), which Swift cannot import.
// windowBits -15: a raw deflate stream, no zlib header or Adler-32 trailer.
static inline int iconchooser_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}

// deflateInit is a macro too: a zlib stream (header and Adler-32), the form libpng wants in IDAT.
static inline int iconchooser_deflate_init(z_streamp stream, int level) {
    return deflateInit(stream, level);
}
#endif
