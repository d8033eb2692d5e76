#include "segue_support.h"
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Xlib's XErrorEvent, declared here so the build needs no X headers (libX11 is loaded by SDL).
typedef struct {
    int type;
    void *display;
    unsigned long resourceid;
    unsigned long serial;
    unsigned char error_code;
    unsigned char request_code;
    unsigned char minor_code;
} SegueXErrorEvent;

typedef int (*SegueXErrorHandler)(void *, SegueXErrorEvent *);
typedef int (*SegueXIOErrorHandler)(void *);

static volatile sig_atomic_t first_error = 0;
static char program_name[64] = "segue";

static int on_x_error(void *display, SegueXErrorEvent *event) {
    (void)display;
    if (!first_error) first_error = event->error_code ? event->error_code : 255;
    return 0;
}

static int on_x_io_error(void *display) {
    (void)display;
    char line[128];
    int n = snprintf(line, sizeof line, "%s: lost the connection to the display\n", program_name);
    if (n > 0) { ssize_t ignored = write(2, line, (size_t)n); (void)ignored; }
    exit(1);
}

int segue_x11_install_error_handlers(const char *program) {
    SegueXErrorHandler (*set_error)(SegueXErrorHandler) =
        (SegueXErrorHandler (*)(SegueXErrorHandler))dlsym(RTLD_DEFAULT, "XSetErrorHandler");
    SegueXIOErrorHandler (*set_io_error)(SegueXIOErrorHandler) =
        (SegueXIOErrorHandler (*)(SegueXIOErrorHandler))dlsym(RTLD_DEFAULT, "XSetIOErrorHandler");
    if (!set_error || !set_io_error) return 0;
    if (program) {
        strncpy(program_name, program, sizeof program_name - 1);
        program_name[sizeof program_name - 1] = 0;
    }
    first_error = 0;
    set_error(on_x_error);
    set_io_error(on_x_io_error);
    return 1;
}

int segue_x11_error(void) { return first_error; }

int segue_x11_window_size(void *display, unsigned long window, int *width, int *height) {
    typedef int (*GetGeometry)(void *, unsigned long, unsigned long *, int *, int *, unsigned int *, unsigned int *,
                               unsigned int *, unsigned int *);
    GetGeometry get = (GetGeometry)dlsym(RTLD_DEFAULT, "XGetGeometry");
    if (!get || !display || !window) return 0;
    unsigned long root = 0;
    int x = 0, y = 0;
    unsigned int w = 0, h = 0, border = 0, depth = 0;
    if (!get(display, window, &root, &x, &y, &w, &h, &border, &depth)) return 0;
    *width = (int)w;
    *height = (int)h;
    return 1;
}
