// The C side of xgest: the X headers Swift imports, plus wrappers for what Swift cannot
// call (function-like macros). No logic lives here.
#ifndef CXGEST_H
#define CXGEST_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xext.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/shape.h>
#include <X11/extensions/Xfixes.h>
#include <X11/XKBlib.h>
#include <stdint.h>
#include <sys/inotify.h>
#include "CXgestProcess.h"
#include "CXgestChildren.h"
#include "CXgestSignals.h"

// XIMaskLen / XISetMask / XIClearMask / XIMaskIsSet are macros.
static inline int xgest_mask_len(int event) { return XIMaskLen(event); }
static inline void xgest_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline void xgest_clear_mask(unsigned char *mask, int event) { XIClearMask(mask, event); }
static inline int xgest_mask_is_set(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event) != 0; }

// IsModifierKey is a macro: Shift_L to Hyper_R, the ISO locks and shifts, Mode_switch, Num_Lock.
static inline int xgest_is_modifier_keysym(KeySym keysym) { return IsModifierKey(keysym) ? 1 : 0; }

// XkbKeyHasActions / XkbKeyNumActions / XkbKeyActionsPtr are macros: a key's actions, one
// per group and level, or none.
static inline int xgest_key_action_count(XkbDescPtr xkb, int keycode) {
    return XkbKeyHasActions(xkb, keycode) ? XkbKeyNumActions(xkb, keycode) : 0;
}
static inline XkbAction *xgest_key_actions(XkbDescPtr xkb, int keycode) { return XkbKeyActionsPtr(xkb, keycode); }

// The connection setup's resource-id mask: the bits of an id a client allocates itself, the
// others naming the client (the same mask for every client of a server). Xlib keeps it in
// the field Xlib.h calls private4 (Xlibint.h: resource_mask), reached the way Xlib's own
// XAllocID macro reaches resource_alloc; no function returns it.
static inline XID xgest_resource_id_mask(Display *dpy) { return ((_XPrivDisplay)dpy)->private4; }

#endif
