#include "CXgest.h"
#include <pthread.h>
#include <string.h>

// Xlib calls the error handler synchronously from the thread that talks to the display;
// a small ring per process is enough because callers drain it after each checked call.
#define XGEST_ERROR_RING 32

static struct {
    Display *dpy;
    xgest_x_error error;
} ring[XGEST_ERROR_RING];
static int ring_head, ring_count;
static pthread_mutex_t ring_lock = PTHREAD_MUTEX_INITIALIZER;
static void (*io_error_callback)(Display *);

static int record_error(Display *dpy, XErrorEvent *e) {
    pthread_mutex_lock(&ring_lock);
    int slot = (ring_head + ring_count) % XGEST_ERROR_RING;
    if (ring_count == XGEST_ERROR_RING) {
        ring_head = (ring_head + 1) % XGEST_ERROR_RING;  // keep the newest
    } else {
        ring_count++;
    }
    ring[slot].dpy = dpy;
    ring[slot].error.serial = e->serial;
    ring[slot].error.resource = e->resourceid;
    ring[slot].error.error_code = e->error_code;
    ring[slot].error.request_code = e->request_code;
    ring[slot].error.minor_code = e->minor_code;
    pthread_mutex_unlock(&ring_lock);
    return 0;
}

static int io_error(Display *dpy) {
    if (io_error_callback) io_error_callback(dpy);
    return 0;  // Xlib exits after this returns; the callback is expected not to.
}

void xgest_install_error_handlers(void (*on_io_error)(Display *)) {
    io_error_callback = on_io_error;
    XSetErrorHandler(record_error);
    XSetIOErrorHandler(io_error);
}

int xgest_take_error(Display *dpy, xgest_x_error *out) {
    int found = 0;
    pthread_mutex_lock(&ring_lock);
    for (int i = 0; i < ring_count; i++) {
        int slot = (ring_head + i) % XGEST_ERROR_RING;
        if (ring[slot].dpy != dpy) continue;
        *out = ring[slot].error;
        // close the gap
        for (int j = i; j < ring_count - 1; j++) {
            ring[(ring_head + j) % XGEST_ERROR_RING] = ring[(ring_head + j + 1) % XGEST_ERROR_RING];
        }
        ring_count--;
        found = 1;
        break;
    }
    pthread_mutex_unlock(&ring_lock);
    return found;
}

void xgest_clear_errors(Display *dpy) {
    xgest_x_error e;
    while (xgest_take_error(dpy, &e)) {
    }
}
