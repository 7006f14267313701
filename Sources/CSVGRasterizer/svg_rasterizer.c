// libiconchooser-svg: librsvg behind the one entry point of CSVGRasterizerInterface.h.
#include <CSVGRasterizerInterface.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>
#include <librsvg/rsvg.h>

static int fail(char *message, size_t capacity, const char *reason) {
    if (message && capacity > 0) snprintf(message, capacity, "%s", reason);
    return -1;
}

/// Copies a GError's message out and frees it.
static int fail_with_error(char *message, size_t capacity, GError *error, const char *otherwise) {
    int result = fail(message, capacity, error && error->message ? error->message : otherwise);
    if (error) g_error_free(error);
    return result;
}

static void measure(RsvgHandle *handle, double *width, double *height) {
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) return;
    // No absolute width and height: the viewBox gives the size, as a browser would show it.
    gboolean has_width = FALSE, has_height = FALSE, has_view_box = FALSE;
    RsvgLength declared_width, declared_height;
    RsvgRectangle view_box = {0, 0, 0, 0};
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &declared_width, &has_height, &declared_height,
                                         &has_view_box, &view_box);
    *width = has_view_box ? view_box.width : 0;
    *height = has_view_box ? view_box.height : 0;
}

/// cairo's ARGB32 (one native-endian word a pixel, A R G B from the top bits) to R G B A bytes, in place.
static void words_to_rgba(unsigned char *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t word;
        memcpy(&word, pixels + i * 4, 4);
        pixels[i * 4] = (unsigned char)(word >> 16);
        pixels[i * 4 + 1] = (unsigned char)(word >> 8);
        pixels[i * 4 + 2] = (unsigned char)word;
        pixels[i * 4 + 3] = (unsigned char)(word >> 24);
    }
}

static int draw(RsvgHandle *handle, const struct iconchooser_svg_canvas *canvas, char *message, size_t capacity) {
    if (!canvas->rgba || canvas->width == 0 || canvas->height == 0) return fail(message, capacity, "empty drawing surface");
    // cairo and pixman count a picture's bytes in an int.
    if (canvas->width > INT_MAX / 4 || canvas->height > INT_MAX / 4 / canvas->width) {
        return fail(message, capacity, "drawing surface too large");
    }
    int width = (int)canvas->width, height = (int)canvas->height;
    if (cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width) != width * 4) {
        return fail(message, capacity, "no drawing surface of that width");
    }
    memset(canvas->rgba, 0, canvas->width * canvas->height * 4);
    cairo_surface_t *surface = cairo_image_surface_create_for_data(canvas->rgba, CAIRO_FORMAT_ARGB32, width, height, width * 4);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return fail(message, capacity, "no drawing surface");
    }
    cairo_t *context = cairo_create(surface);
    RsvgRectangle viewport = {canvas->viewport_x, canvas->viewport_y, canvas->viewport_width, canvas->viewport_height};
    GError *error = NULL;
    gboolean drawn = cairo_status(context) == CAIRO_STATUS_SUCCESS &&
                     rsvg_handle_render_document(handle, context, &viewport, &error);
    cairo_destroy(context);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    if (!drawn) return fail_with_error(message, capacity, error, "librsvg gave no reason");
    words_to_rgba(canvas->rgba, canvas->width * canvas->height);
    return 0;
}

int iconchooser_svg_rasterize(const unsigned char *svg, size_t length, double *intrinsic_width, double *intrinsic_height,
                              const struct iconchooser_svg_canvas *canvas, char *message, size_t message_capacity) {
    if (!svg || !intrinsic_width || !intrinsic_height) return fail(message, message_capacity, "no document");
    *intrinsic_width = 0;
    *intrinsic_height = 0;
    GError *error = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data(svg, (gsize)length, &error);
    if (!handle) return fail_with_error(message, message_capacity, error, "librsvg gave no reason");
    measure(handle, intrinsic_width, intrinsic_height);
    int result = canvas ? draw(handle, canvas, message, message_capacity) : 0;
    g_object_unref(handle);
    return result;
}
