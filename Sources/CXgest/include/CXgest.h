// The C side of xgest: the X headers Swift imports, plus wrappers for what Swift cannot
// call (function-like macros, error-handler trampolines). No logic lives here.
#ifndef CXGEST_H
#define CXGEST_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/shape.h>
#include <X11/XKBlib.h>
#include <stdint.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include "CXgestProcess.h"
#include "CXgestChildren.h"

// XIMaskLen / XISetMask / XIClearMask / XIMaskIsSet are macros.
static inline int xgest_mask_len(int event) { return XIMaskLen(event); }
static inline void xgest_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline void xgest_clear_mask(unsigned char *mask, int event) { XIClearMask(mask, event); }
static inline int xgest_mask_is_set(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event) != 0; }

// One trapped protocol error, copied out of Xlib's XErrorEvent.
typedef struct {
    unsigned long serial;
    unsigned long resource;
    unsigned char error_code;
    unsigned char request_code;
    unsigned char minor_code;
} xgest_x_error;

// Installs an error handler that records protocol errors instead of printing and
// exiting, and an I/O error handler that calls `on_io_error` (which must not return).
void xgest_install_error_handlers(void (*on_io_error)(Display *));

// Removes and returns the oldest recorded error for `dpy`; 0 when there is none.
int xgest_take_error(Display *dpy, xgest_x_error *out);

// Drops every recorded error for `dpy`.
void xgest_clear_errors(Display *dpy);

#endif
