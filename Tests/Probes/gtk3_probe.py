#!/usr/bin/python3
"""A GTK 3 application that prints the touchpad gestures it receives, for xgest's tests.

Usage: gtk3_probe.py X Y WIDTH HEIGHT

Opens a window of WM_CLASS ("gtk3-probe", "Gtk3-probe") at X,Y and prints, one line
each, flushed at once:
    ready X Y WIDTH HEIGHT            the window is mapped there (root coordinates)
    pinch PHASE FINGERS SCALE         a GDK_TOUCHPAD_PINCH event (XI 2.4 pinch)
    swipe PHASE FINGERS DX DY         a GDK_TOUCHPAD_SWIPE event (XI 2.4 swipe)
    motion X Y                        pointer motion (root coordinates), to sync on
    key NAME UNICODE                  a key press: GDK's keyval name and its character
                                      (hexadecimal, 0 for none)
It quits on SIGTERM or when its standard input closes.
"""

import signal
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

PHASES = {
    Gdk.TouchpadGesturePhase.BEGIN: "begin",
    Gdk.TouchpadGesturePhase.UPDATE: "update",
    Gdk.TouchpadGesturePhase.END: "end",
    Gdk.TouchpadGesturePhase.CANCEL: "cancel",
}


def say(line):
    print(line, flush=True)


def on_event(_widget, event):
    if event.type == Gdk.EventType.TOUCHPAD_PINCH:
        p = event.touchpad_pinch
        say(f"pinch {PHASES.get(p.phase, p.phase)} {p.n_fingers} {p.scale:.3f}")
    elif event.type == Gdk.EventType.TOUCHPAD_SWIPE:
        s = event.touchpad_swipe
        say(f"swipe {PHASES.get(s.phase, s.phase)} {s.n_fingers} {s.dx:.1f} {s.dy:.1f}")
    elif event.type == Gdk.EventType.KEY_PRESS:
        say(f"key {Gdk.keyval_name(event.keyval)} {Gdk.keyval_to_unicode(event.keyval):x}")
    elif event.type == Gdk.EventType.MOTION_NOTIFY:
        say(f"motion {event.motion.x_root:.0f} {event.motion.y_root:.0f}")
    return False


def on_map(window, _event):
    # No window manager gives the focus: take it, for the key presses.
    window.get_window().focus(Gdk.CURRENT_TIME)
    x, y = window.get_window().get_origin()[1:]
    width, height = window.get_size()
    say(f"ready {x} {y} {width} {height}")
    return False


def quit_main(*_):
    Gtk.main_quit()
    return GLib.SOURCE_REMOVE


def main():
    x, y, width, height = (int(a) for a in sys.argv[1:5])
    # Gtk initialised itself at import, naming the class after argv[0]: name both here.
    GLib.set_prgname("gtk3-probe")
    Gdk.set_program_class("Gtk3-probe")
    window = Gtk.Window(title="gtk3 probe")
    window.set_decorated(False)
    window.set_default_size(width, height)
    window.move(x, y)
    window.add_events(
        Gdk.EventMask.TOUCHPAD_GESTURE_MASK | Gdk.EventMask.POINTER_MOTION_MASK | Gdk.EventMask.KEY_PRESS_MASK
    )
    window.connect("event", on_event)
    window.connect("map-event", on_map)
    window.connect("destroy", Gtk.main_quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, quit_main)
    GLib.io_add_watch(sys.stdin, GLib.IO_HUP | GLib.IO_IN, quit_main)
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
