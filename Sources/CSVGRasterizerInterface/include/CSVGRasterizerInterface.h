#ifndef ICONCHOOSER_SVG_RASTERIZER_INTERFACE_H
#define ICONCHOOSER_SVG_RASTERIZER_INTERFACE_H

#include <stddef.h>

// The one entry point of libiconchooser-svg, the library that draws SVG with librsvg. It is a
// library of its own, opened only when an SVG must be drawn, so that no other command pays for
// loading librsvg, cairo, glib and the forty libraries behind them. Its type is written only
// here: the library is compiled against this declaration and IconArt calls through
// `iconchooser_svg_rasterize_pointer`, so the two cannot drift apart.

/// Where the document is drawn: an RGBA picture of `width` × `height` pixels (4 bytes a pixel,
/// rows without padding, premultiplied alpha, gamma-encoded sRGB as cairo draws), with the
/// document's viewport fitted into the rectangle (viewport_x, viewport_y, viewport_width,
/// viewport_height) of it, in pixels, which may reach outside the picture.
struct iconchooser_svg_canvas {
    unsigned char *rgba;
    size_t width;
    size_t height;
    double viewport_x;
    double viewport_y;
    double viewport_width;
    double viewport_height;
};

/// What one call may spend: librsvg runs in a child process (forked, no exec) that is stopped
/// after `seconds` of CPU time (measured from /proc, so a busy machine does not make a drawing
/// fail; where that cannot be read, after `seconds` by the clock, and never later than ten times
/// `seconds` by the clock), and may use no more than `memory_bytes` beyond what it starts with
/// (its data size, under RLIMIT_DATA), so whatever an SVG makes librsvg do costs at most this much.
struct iconchooser_svg_budget {
    double seconds;
    size_t memory_bytes;
};

/// Why a call failed.
enum {
    /// librsvg refused the document or could not draw it; the message is its reason.
    ICONCHOOSER_SVG_FAILED = -1,
    /// Drawing took longer than the budget's seconds and was stopped.
    ICONCHOOSER_SVG_OUT_OF_TIME = -2,
    /// The child ended without an answer: past its memory budget (an allocation failed), or
    /// killed by a signal.
    ICONCHOOSER_SVG_OUT_OF_MEMORY = -3,
};

/// Parses `length` bytes of SVG (without a base URL: nothing outside the bytes is ever loaded) and
/// reports the size it declares in CSS pixels in *intrinsic_width and *intrinsic_height: its width
/// and height, else its viewBox's, else 0 × 0. With a `canvas`, also draws it there. All of it
/// happens in a child process within `budget`; `*seconds_spent` (where not NULL) is the CPU seconds
/// the child ran, or the seconds waited where that is not known.
/// Returns 0, or one of the failures above with a NUL-terminated reason (librsvg's own, possibly
/// several lines) in the `message_capacity` bytes at `message`.
typedef int iconchooser_svg_rasterize_function(const unsigned char *svg, size_t length,
                                               double *intrinsic_width, double *intrinsic_height,
                                               const struct iconchooser_svg_canvas *canvas,
                                               struct iconchooser_svg_budget budget, double *seconds_spent,
                                               char *message, size_t message_capacity);

typedef iconchooser_svg_rasterize_function *iconchooser_svg_rasterize_pointer;

/// The name the library exports the entry point under, for dlsym.
#define ICONCHOOSER_SVG_RASTERIZE_SYMBOL "iconchooser_svg_rasterize"

/// Declared with the function type above, so the library's definition must match it.
iconchooser_svg_rasterize_function iconchooser_svg_rasterize;

#endif
