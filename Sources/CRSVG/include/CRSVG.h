#ifndef ICONCHOOSER_CRSVG_H
#define ICONCHOOSER_CRSVG_H
// librsvg, loaded the first time an SVG layer is drawn. Linking it would load librsvg and the
// forty libraries behind it (cairo, pango, glib, gio, X11…) at every start of every command:
// about 10 ms of CPU before main, measured with perf stat, for the few Icon Composer bundles
// that have SVG layers. Handles are made from bytes in memory without a base URL, so librsvg
// refuses every external reference (files, http:, entities naming files); see SVGDocument.swift.

#include <stddef.h>
#include <stdint.h>

/// An SVG document parsed by librsvg (an RsvgHandle).
typedef struct iconchooser_svg iconchooser_svg;

/// Loads librsvg (once; later calls return the first answer). NULL when it is ready, else why
/// it cannot be used, as a static string.
const char *iconchooser_svg_load(void);

/// Parses `count` bytes; NULL on failure, with librsvg's message in `message` (at most
/// `capacity` bytes, NUL-terminated). Needs a successful iconchooser_svg_load.
iconchooser_svg *iconchooser_svg_open(const uint8_t *bytes, size_t count, char *message, size_t capacity);

/// The size the document declares, in pixels: 1 with its absolute width and height, 2 with its
/// viewBox's (no absolute size), 0 with neither.
int iconchooser_svg_size(iconchooser_svg *svg, double *width, double *height);

/// Draws the document into the `viewport` rectangle of a `width`×`height` picture (cairo's
/// ARGB32: a native-endian word a pixel, premultiplied) written to `pixels`, `width` words a
/// row. 1 on success; 0 with the reason in `message`.
int iconchooser_svg_render(iconchooser_svg *svg, double x, double y, double viewport_width, double viewport_height,
                           uint32_t *pixels, int width, int height, char *message, size_t capacity);

void iconchooser_svg_close(iconchooser_svg *svg);

#endif
