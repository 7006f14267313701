// libiconchooser-svg: librsvg behind the one entry point of CSVGRasterizerInterface.h.
#define _GNU_SOURCE  // pipe2
#include <CSVGRasterizerInterface.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

/// Measures and draws in this process, with no budget: what the child runs.
static int rasterize_here(const unsigned char *svg, size_t length, double *intrinsic_width, double *intrinsic_height,
                          const struct iconchooser_svg_canvas *canvas, char *message, size_t message_capacity) {
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

/// What the child leaves for the parent, at the start of the region they share.
struct shared_answer {
    volatile int done;
    int status;
    double width;
    double height;
    char message[512];
};

/// A field of /proc/self/status in bytes ("VmData:"), or 0; read with calls safe after fork.
static size_t status_bytes(const char *field) {
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[4096];
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    if (count <= 0) return 0;
    text[count] = 0;
    const char *found = strstr(text, field);
    if (!found) return 0;
    found += strlen(field);
    size_t kilobytes = 0;
    while (*found == ' ' || *found == '\t') found++;
    while (*found >= '0' && *found <= '9') kilobytes = kilobytes * 10 + (size_t)(*found++ - '0');
    return kilobytes * 1024;
}

/// Set by AddressSanitizer when the program is built with it (the fuzz targets); absent otherwise.
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/// The child: limits itself, draws into the shared region, says it is done, and leaves
/// without running the parent's exit handlers.
static void run_child(const unsigned char *svg, size_t length, const struct iconchooser_svg_canvas *canvas,
                      struct iconchooser_svg_budget budget, struct shared_answer *answer, unsigned char *pixels) {
    // Ctrl-C or a hang-up ends the child at once, and a crash (glib aborts when an allocation
    // fails) ends it by its signal: the parent's handlers are not the child's (Swift's
    // backtracer, run in the child, could wait for a key on the terminal).
    const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGXCPU, SIGTRAP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) signal(signals[i], SIG_DFL);
    // Under a fuzzer, a child that dies (past its memory budget, which the sanitizer's own
    // allocations count against) is the parent's to report, not a crash of the fuzzer's.
    if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(NULL);
#ifdef __GLIBC__
    // Large blocks (surfaces) are mapped afresh, so they count against the limit below: glibc
    // would otherwise serve them from the heap space the parent had freed, which the limit
    // does not see, and how much of that there is depends on what the parent did before.
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
    size_t data = status_bytes("VmData:");
    struct rlimit memory = {data + budget.memory_bytes, data + budget.memory_bytes};
    setrlimit(RLIMIT_DATA, &memory);
    rlim_t seconds = (rlim_t)ceil(budget.seconds) + 1;
    struct rlimit cpu = {seconds, seconds + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    struct iconchooser_svg_canvas local;
    if (canvas) {
        local = *canvas;
        local.rgba = pixels;
    }
    double width = 0, height = 0;
    answer->status = rasterize_here(svg, length, &width, &height, canvas ? &local : NULL, answer->message,
                                    sizeof answer->message);
    answer->width = width;
    answer->height = height;
    __sync_synchronize();
    answer->done = 1;
    _exit(0);
}

static double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

/// The CPU seconds (user and system) process `pid` has run, from /proc; -1 where it cannot be read.
static double cpu_seconds_of(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return -1;
    char text[1024];
    ssize_t count;
    do { count = read(file, text, sizeof text - 1); } while (count < 0 && errno == EINTR);
    close(file);
    if (count <= 0) return -1;
    text[count] = 0;
    // The fields after the command name, which is in parentheses and may hold anything: the
    // state, then ten numbers, then utime and stime in clock ticks.
    const char *after = strrchr(text, ')');
    unsigned long user = 0, system = 0;
    if (!after || sscanf(after + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &user, &system) != 2) return -1;
    long ticks = sysconf(_SC_CLK_TCK);
    return ticks > 0 ? (double)(user + system) / (double)ticks : -1;
}

/// How much longer than its CPU budget a drawing may take by the clock, for a machine so busy
/// that the child waits its turn; only reached by a child that cannot be measured or does not run.
static const double wall_clock_allowance = 10;

/// Waits for the child to close its end of `pipe_end` (it has left). False once it has run for
/// `cpu_budget` seconds of CPU time (what a drawing costs, however busy the machine), or, where
/// that cannot be read, once `cpu_budget` seconds have passed; never past `wall_deadline`.
static int wait_for_exit(int pipe_end, pid_t child, double cpu_budget, double started, double wall_deadline) {
    int measurable = cpu_seconds_of(child) >= 0;
    if (!measurable) wall_deadline = fmin(wall_deadline, started + cpu_budget);
    // Checked often enough that a short budget is kept to within a few milliseconds.
    double interval = fmax(0.002, fmin(0.02, cpu_budget / 4));
    for (;;) {
        double left = wall_deadline - now_seconds();
        if (left <= 0) return 0;
        struct pollfd fd = {pipe_end, POLLIN, 0};
        int ready = poll(&fd, 1, (int)ceil(fmin(left, measurable ? interval : left) * 1000));
        if (ready > 0) {
            char byte;
            ssize_t count = read(pipe_end, &byte, 1);
            if (count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN)) return 1;
        } else if (ready == 0 && measurable) {
            if (cpu_seconds_of(child) >= cpu_budget) return 0;
        } else if (ready < 0 && errno != EINTR) {
            return 1;
        }
    }
}

int iconchooser_svg_rasterize(const unsigned char *svg, size_t length, double *intrinsic_width, double *intrinsic_height,
                              const struct iconchooser_svg_canvas *canvas, struct iconchooser_svg_budget budget,
                              double *seconds_spent, char *message, size_t message_capacity) {
    if (seconds_spent) *seconds_spent = 0;
    if (!svg || !intrinsic_width || !intrinsic_height) return fail(message, message_capacity, "no document");
    *intrinsic_width = 0;
    *intrinsic_height = 0;
    size_t pixel_bytes = 0;
    if (canvas) {
        if (!canvas->rgba || canvas->width == 0 || canvas->height == 0) return fail(message, message_capacity, "empty drawing surface");
        if (canvas->width > INT_MAX / 4 || canvas->height > INT_MAX / 4 / canvas->width) {
            return fail(message, message_capacity, "drawing surface too large");
        }
        pixel_bytes = canvas->width * canvas->height * 4;
    }
    size_t header = (sizeof(struct shared_answer) + 63) / 64 * 64;
    size_t region_size = header + pixel_bytes;
    void *region = mmap(NULL, region_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) return fail(message, message_capacity, "no memory to share with the drawing process");
    struct shared_answer *answer = region;
    memset(answer, 0, sizeof *answer);
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) {
        munmap(region, region_size);
        return fail(message, message_capacity, "no pipe to the drawing process");
    }
    pid_t child = fork();
    if (child < 0) {
        close(ends[0]);
        close(ends[1]);
        munmap(region, region_size);
        return fail(message, message_capacity, "cannot start the drawing process");
    }
    if (child == 0) {
        close(ends[0]);
        run_child(svg, length, canvas, budget, answer, (unsigned char *)region + header);
    }
    close(ends[1]);
    double started = now_seconds();
    int finished = wait_for_exit(ends[0], child, budget.seconds, started, started + budget.seconds * wall_clock_allowance);
    close(ends[0]);
    if (!finished) kill(child, SIGKILL);
    int status = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    while (wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {}
    if (seconds_spent) {
        double cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6
                     + (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
        *seconds_spent = cpu > 0 ? cpu : now_seconds() - started;
    }
    __sync_synchronize();
    int result;
    if (!finished) {
        char reason[160];
        snprintf(reason, sizeof reason, "drawing it took longer than %.2g s; stopped", budget.seconds);
        fail(message, message_capacity, reason);
        result = ICONCHOOSER_SVG_OUT_OF_TIME;
    } else if (!answer->done) {
        char reason[200];
        if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL)) {
            snprintf(reason, sizeof reason, "drawing it took longer than %.2g s; stopped", budget.seconds);
            fail(message, message_capacity, reason);
            result = ICONCHOOSER_SVG_OUT_OF_TIME;
        } else {
            snprintf(reason, sizeof reason, "drawing it needed more than %zu MB, or failed (%s %d); stopped",
                     budget.memory_bytes >> 20, WIFSIGNALED(status) ? "signal" : "status",
                     WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
            fail(message, message_capacity, reason);
            result = ICONCHOOSER_SVG_OUT_OF_MEMORY;
        }
    } else {
        *intrinsic_width = answer->width;
        *intrinsic_height = answer->height;
        result = answer->status;
        if (result != 0) {
            answer->message[sizeof answer->message - 1] = 0;
            fail(message, message_capacity, answer->message);
            result = ICONCHOOSER_SVG_FAILED;
        } else if (canvas) {
            memcpy(canvas->rgba, (unsigned char *)region + header, pixel_bytes);
        }
    }
    munmap(region, region_size);
    return result;
}
