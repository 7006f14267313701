#include "CRSVG.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The parts of librsvg's, GLib's and cairo's C interfaces used here, declared as their headers
// declare them (stable ABI since librsvg 2.52, GLib 2.0 and cairo 1.0): the headers themselves
// come only with pkg-config, which would link the libraries this file exists not to link.
typedef struct { double length; int unit; } rsvg_length;
typedef struct { double x, y, width, height; } rsvg_rectangle;
typedef struct { uint32_t domain; int code; char *message; } g_error;
enum { cairo_format_argb32 = 0, cairo_status_success = 0 };

static struct {
    void *(*new_from_data)(const uint8_t *, size_t, g_error **);
    int (*intrinsic_size_in_pixels)(void *, double *, double *);
    void (*intrinsic_dimensions)(void *, int *, rsvg_length *, int *, rsvg_length *, int *, rsvg_rectangle *);
    int (*render_document)(void *, void *, const rsvg_rectangle *, g_error **);
    void (*object_unref)(void *);
    void (*error_free)(g_error *);
    void *(*image_surface_create)(int, int, int);
    int (*surface_status)(void *);
    void (*surface_flush)(void *);
    void (*surface_destroy)(void *);
    unsigned char *(*image_surface_get_data)(void *);
    int (*image_surface_get_stride)(void *);
    void *(*create)(void *);
    void (*destroy)(void *);
} api;

static const char *load_problem = "not loaded";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = {
#ifdef __APPLE__
        "librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib", "/usr/local/lib/librsvg-2.2.dylib",
#else
        "librsvg-2.so.2",
#endif
    };
    void *library = NULL;
    for (size_t i = 0; library == NULL && i < sizeof names / sizeof names[0]; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        load_problem = "librsvg is not installed (Debian: librsvg2-2)";
        return;
    }
    // dlsym on librsvg's handle also finds what its own dependencies (GLib, cairo) define.
#define FIND(field, symbol) \
    if ((*(void **)&api.field = dlsym(library, symbol)) == NULL) { load_problem = "librsvg lacks " symbol " (2.52 or later is needed)"; return; }
    FIND(new_from_data, "rsvg_handle_new_from_data")
    FIND(intrinsic_size_in_pixels, "rsvg_handle_get_intrinsic_size_in_pixels")
    FIND(intrinsic_dimensions, "rsvg_handle_get_intrinsic_dimensions")
    FIND(render_document, "rsvg_handle_render_document")
    FIND(object_unref, "g_object_unref")
    FIND(error_free, "g_error_free")
    FIND(image_surface_create, "cairo_image_surface_create")
    FIND(surface_status, "cairo_surface_status")
    FIND(surface_flush, "cairo_surface_flush")
    FIND(surface_destroy, "cairo_surface_destroy")
    FIND(image_surface_get_data, "cairo_image_surface_get_data")
    FIND(image_surface_get_stride, "cairo_image_surface_get_stride")
    FIND(create, "cairo_create")
    FIND(destroy, "cairo_destroy")
#undef FIND
    load_problem = NULL;
}

const char *iconchooser_svg_load(void) {
    pthread_once(&load_once, load);
    return load_problem;
}

static void take_message(g_error *error, char *message, size_t capacity) {
    if (capacity == 0) return;
    snprintf(message, capacity, "%s", error != NULL && error->message != NULL ? error->message : "librsvg gave no reason");
    if (error != NULL) api.error_free(error);
}

iconchooser_svg *iconchooser_svg_open(const uint8_t *bytes, size_t count, char *message, size_t capacity) {
    if (iconchooser_svg_load() != NULL) {
        if (capacity > 0) snprintf(message, capacity, "%s", load_problem);
        return NULL;
    }
    g_error *error = NULL;
    void *handle = api.new_from_data(bytes, count, &error);
    if (handle == NULL) take_message(error, message, capacity);
    else if (error != NULL) api.error_free(error);
    return handle;
}

int iconchooser_svg_size(iconchooser_svg *svg, double *width, double *height) {
    if (api.intrinsic_size_in_pixels(svg, width, height)) return 1;
    int has_width = 0, has_height = 0, has_viewbox = 0;
    rsvg_length declared_width = {0}, declared_height = {0};
    rsvg_rectangle viewbox = {0};
    api.intrinsic_dimensions(svg, &has_width, &declared_width, &has_height, &declared_height, &has_viewbox, &viewbox);
    if (!has_viewbox) return 0;
    *width = viewbox.width;
    *height = viewbox.height;
    return 2;
}

int iconchooser_svg_render(iconchooser_svg *svg, double x, double y, double viewport_width, double viewport_height,
                           uint32_t *pixels, int width, int height, char *message, size_t capacity) {
    void *surface = api.image_surface_create(cairo_format_argb32, width, height);
    if (surface == NULL || api.surface_status(surface) != cairo_status_success) {
        if (surface != NULL) api.surface_destroy(surface);
        snprintf(message, capacity, "no drawing surface of %d×%d", width, height);
        return 0;
    }
    void *context = api.create(surface);
    rsvg_rectangle viewport = { x, y, viewport_width, viewport_height };
    g_error *error = NULL;
    int drawn = api.render_document(svg, context, &viewport, &error);
    api.destroy(context);
    if (!drawn) {
        take_message(error, message, capacity);
        api.surface_destroy(surface);
        return 0;
    }
    if (error != NULL) api.error_free(error);
    api.surface_flush(surface);
    const unsigned char *data = api.image_surface_get_data(surface);
    int stride = api.image_surface_get_stride(surface);
    if (data == NULL) {
        snprintf(message, capacity, "empty drawing surface");
        api.surface_destroy(surface);
        return 0;
    }
    for (int row = 0; row < height; row++) {
        memcpy(pixels + (size_t)row * (size_t)width, data + (size_t)row * (size_t)stride, (size_t)width * sizeof(uint32_t));
    }
    api.surface_destroy(surface);
    return 1;
}

void iconchooser_svg_close(iconchooser_svg *svg) {
    if (svg != NULL) api.object_unref(svg);
}
