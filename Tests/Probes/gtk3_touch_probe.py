#!/usr/bin/python3
"""A GTK 3 application that prints what it makes of touchscreen input, for xgest's tests.

Usage: gtk3_touch_probe.py X Y WIDTH HEIGHT

Opens a window of WM_CLASS ("gtk3-touch-probe", "Gtk3-touch-probe") at X,Y: a button
on top, a scrolled list below it, and a zoom area at the bottom. Prints, one line each,
flushed at once:
    ready X Y WIDTH HEIGHT            the window is mapped there (root coordinates)
    area NAME X Y WIDTH HEIGHT        where a part is: button, list, zoom (root)
    input touch-PHASE                 a touch event reached the application (begin,
                                      update, end), seen before GTK dispatches it
    touch PHASE                       a touch event the window received (begin, end)
    clicked                           the button was clicked
    scrolled VALUE                    the list scrolled to VALUE (pixels)
    zoom SCALE                        Gtk.GestureZoom's scale changed
    long-press                        Gtk.GestureLongPress fired
    motion X Y                        pointer motion (root coordinates), to sync on
    button press|release NAME         a mouse button (left, right, middle) pressed or
                                      let go of, seen before GTK dispatches it
It quits on SIGTERM or when its standard input closes.
"""

import signal
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def say(line):
    print(line, flush=True)


RAW_TOUCH = {
    Gdk.EventType.TOUCH_BEGIN: "touch-begin",
    Gdk.EventType.TOUCH_UPDATE: "touch-update",
    Gdk.EventType.TOUCH_END: "touch-end",
}


BUTTON_EVENTS = {Gdk.EventType.BUTTON_PRESS: "press", Gdk.EventType.BUTTON_RELEASE: "release"}
BUTTON_NAMES = {1: "left", 2: "middle", 3: "right"}


def on_any_event(event, *_):
    phase = RAW_TOUCH.get(event.type)
    if phase is not None:
        say(f"input {phase}")
    action = BUTTON_EVENTS.get(event.type)
    if action is not None:
        button = event.button.button
        say(f"button {action} {BUTTON_NAMES.get(button, button)}")
    Gtk.main_do_event(event)
    # GDK holds the last motion of its queue back (to merge it with the next one) until
    # its frame clock flushes the queue, which GDK asks for only when the motion comes
    # into an empty queue. A motion onto or off the button comes behind the crossing
    # events GDK makes of it, and stays held until the next event, which a test syncing
    # on that motion's line never sends. After any other event, ask for the flush.
    window = event.get_window()
    clock = window.get_frame_clock() if window is not None else None
    if event.type != Gdk.EventType.MOTION_NOTIFY and clock is not None:
        clock.request_phase(Gdk.FrameClockPhase.FLUSH_EVENTS)


def on_event(_widget, event):
    if event.type == Gdk.EventType.TOUCH_BEGIN:
        say("touch begin")
    elif event.type == Gdk.EventType.TOUCH_END:
        say("touch end")
    elif event.type == Gdk.EventType.MOTION_NOTIFY:
        say(f"motion {event.motion.x_root:.0f} {event.motion.y_root:.0f}")
    return False


def report_areas(window, parts):
    origin = window.get_window().get_origin()[1:]
    width, height = window.get_size()
    say(f"ready {origin[0]} {origin[1]} {width} {height}")
    for name, widget in parts:
        a = widget.get_allocation()
        say(f"area {name} {origin[0] + a.x} {origin[1] + a.y} {a.width} {a.height}")
    return GLib.SOURCE_REMOVE


def quit_main(*_):
    Gtk.main_quit()
    return GLib.SOURCE_REMOVE


def main():
    x, y, width, height = (int(a) for a in sys.argv[1:5])
    GLib.set_prgname("gtk3-touch-probe")
    Gdk.set_program_class("Gtk3-touch-probe")
    window = Gtk.Window(title="gtk3 touch probe")
    window.set_decorated(False)
    window.set_default_size(width, height)
    window.move(x, y)
    window.add_events(Gdk.EventMask.TOUCH_MASK | Gdk.EventMask.POINTER_MOTION_MASK)
    window.connect("event", on_event)

    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    button = Gtk.Button(label="press me")
    button.set_size_request(-1, 100)
    button.connect("clicked", lambda _b: say("clicked"))
    box.pack_start(button, False, False, 0)

    scrolled = Gtk.ScrolledWindow()
    scrolled.set_size_request(-1, 300)
    # GTK 3 scrolls by touch drag only with kinetic scrolling on (its default).
    scrolled.set_kinetic_scrolling(True)
    listbox = Gtk.ListBox()
    for i in range(200):
        listbox.add(Gtk.Label(label=f"row {i}"))
    scrolled.add(listbox)
    scrolled.get_vadjustment().connect("value-changed", lambda adj: say(f"scrolled {adj.get_value():.0f}"))
    box.pack_start(scrolled, False, False, 0)

    zoom_area = Gtk.DrawingArea()
    zoom_area.set_vexpand(True)
    zoom_area.add_events(Gdk.EventMask.TOUCH_MASK | Gdk.EventMask.BUTTON_PRESS_MASK)
    zoom = Gtk.GestureZoom.new(zoom_area)
    zoom.connect("scale-changed", lambda _g, scale: say(f"zoom {scale:.3f}"))
    long_press = Gtk.GestureLongPress.new(zoom_area)
    long_press.set_touch_only(True)
    long_press.connect("pressed", lambda *_: say("long-press"))
    box.pack_start(zoom_area, True, True, 0)
    window.add(box)

    parts = [("button", button), ("list", scrolled), ("zoom", zoom_area)]
    window.connect("map-event", lambda w, _e: GLib.idle_add(report_areas, w, parts) and False)
    window.connect("destroy", Gtk.main_quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, quit_main)
    GLib.io_add_watch(sys.stdin, GLib.IO_HUP | GLib.IO_IN, quit_main)
    # The gestures must live as long as the window.
    window.gestures = (zoom, long_press)
    # Every event passes here first: a test can tell a touch reached the application
    # even when a widget's gesture claims it before the window's "event" signal.
    Gdk.Event.handler_set(on_any_event)
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
