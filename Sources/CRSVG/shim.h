#ifndef ICONCHOOSER_CRSVG_SHIM_H
#define ICONCHOOSER_CRSVG_SHIM_H
// librsvg draws SVG layers of Icon Composer bundles into cairo image surfaces.
// Handles are made from bytes in memory without a base URL, so librsvg refuses every
// external reference (files, http:, entities naming files); see SVGRasterizer.swift.
#include <librsvg/rsvg.h>
#include <cairo.h>
#endif
