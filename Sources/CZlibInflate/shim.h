#ifndef ICONCHOOSER_CZLIBINFLATE_SHIM_H
#define ICONCHOOSER_CZLIBINFLATE_SHIM_H
// zlib's inflate, for a compiled catalog's zlib renditions where the package is built without
// ISA-L (the ISAL trait). Errors are return values; nothing here longjmps.
#include <zlib.h>

// inflateInit2 is a macro (it passes ZLIB_VERSION and sizeof(z_stream)), which Swift cannot import.
// windowBits 15: a zlib stream; 31: a gzip stream; -15: raw deflate.
static inline int iconchooser_zlib_inflate_init(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
