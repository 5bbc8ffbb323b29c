#!/usr/bin/python3
"""A GTK 3 application that grabs the seat, as a game or a modal dialog does, for xgest's tests.

Usage: gtk3_seat_grab_probe.py X Y WIDTH HEIGHT

Opens a window at X,Y and, once it is mapped, takes Gdk.Seat.grab on it for every
capability (pointer, touch, keyboard) with owner events. Prints, one line each, flushed
at once:
    ready X Y WIDTH HEIGHT      the window is mapped there (root coordinates)
    grab STATUS                 what Gdk.Seat.grab answered (success, already-grabbed, ...)
    button press|release        a button event reached the window
    touch begin|end             a touch event reached the window
It quits on SIGTERM or when its standard input closes: its grab and window go with it.
"""

import signal
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

NAMES = {
    Gdk.EventType.BUTTON_PRESS: "button press",
    Gdk.EventType.BUTTON_RELEASE: "button release",
    Gdk.EventType.TOUCH_BEGIN: "touch begin",
    Gdk.EventType.TOUCH_END: "touch end",
}


def say(line):
    print(line, flush=True)


def on_event(_widget, event):
    name = NAMES.get(event.type)
    if name is not None:
        say(name)
    return False


def grab(window):
    origin = window.get_window().get_origin()[1:]
    width, height = window.get_size()
    seat = Gdk.Display.get_default().get_default_seat()
    status = seat.grab(window.get_window(), Gdk.SeatCapabilities.ALL, True, None, None, None)
    say(f"ready {origin[0]} {origin[1]} {width} {height}")
    say(f"grab {status.value_nick}")
    return GLib.SOURCE_REMOVE


def quit_main(*_):
    Gtk.main_quit()
    return GLib.SOURCE_REMOVE


def main():
    x, y, width, height = (int(a) for a in sys.argv[1:5])
    window = Gtk.Window(title="gtk3 seat grab probe")
    window.set_default_size(width, height)
    window.move(x, y)
    window.add_events(Gdk.EventMask.ALL_EVENTS_MASK)
    window.connect("event", on_event)
    window.connect("map-event", lambda w, _e: GLib.idle_add(grab, w) and False)
    window.connect("destroy", Gtk.main_quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, quit_main)
    GLib.io_add_watch(sys.stdin, GLib.IO_HUP | GLib.IO_IN, quit_main)
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
