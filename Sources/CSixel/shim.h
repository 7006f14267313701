#ifndef ICONCHOOSER_CSIXEL_SHIM_H
#define ICONCHOOSER_CSIXEL_SHIM_H
// libsixel's dither (palette and error diffusion) and encoder; errors are SIXELSTATUS
// return values, nothing here longjmps.
#include <sixel.h>

// SIXEL_PIXELFORMAT_RGB888 is built from another macro, which Swift cannot import.
static inline int iconchooser_sixel_pixelformat_rgb888(void) {
    return SIXEL_PIXELFORMAT_RGB888;
}
#endif
