import XgestCore

/// What the X11 layer hands to its caller, in the order the server sent it.
public enum CapturedEvent: Sendable {
    /// An input event. `startTarget` is set on the event that starts a sequence (the
    /// first finger down on a touchscreen, a touchpad gesture's begin, a button press):
    /// the window under the start point, found once per sequence.
    case input(InputEvent, startTarget: HitTarget?)
    case deviceAdded(XIDevice)
    /// A device went (removed or disabled), or was `detached` from its master (floated, or
    /// moved to another master pointer): its sequences end here.
    case deviceRemoved(id: Int, name: String, detached: Bool)
    /// The root window changed size (a resolution change, a monitor added or removed).
    case screenChanged(width: Int, height: Int)
    /// Monitors or a touchscreen's mapping may have changed (a RandR notification, a
    /// device's coordinate transformation matrix): read the layout again. `reason` says
    /// which event, for the debug trace.
    case layoutMayHaveChanged(reason: String)
    /// The source is about to judge input by its monitor (a touchpad gesture's start, whose
    /// claim it decides at once) after a change of the layout it reported: the caller
    /// reads the layout now and sets ``X11InputSource/layout`` if it changed, where it
    /// would otherwise wait for the next input event or the end of the pass.
    case layoutNeeded
    /// A touchscreen's coordinate transformation matrix changed: its touches' positions
    /// before and after do not compare (a finger still would seem to jump), so its
    /// sequence in flight ends here, its touches handed back.
    case touchscreenRemapped(id: Int)
    /// The pointer drawing a stroke of `device` went onto another X screen of the server
    /// (one with several: `:N.0`, `:N.1`), whose positions are not this screen's: the
    /// sequence ends here, as a failed one (its press is handed back, as far as it was on
    /// this screen), and nothing more of it is read.
    case leftScreen(device: Int, time: EventTime)
    /// A touchpad gesture no binding could take, handed back at its begin to the
    /// application under the pointer: xgest gets nothing more of it. `begin` is the
    /// begin event, for the trace.
    case touchpadGestureHandedBack(TouchpadGestureDecision, begin: InputEvent)
    /// A touchpad gesture a binding could take, kept at its begin: its events follow, and
    /// no application gets any of them. Sent before the begin's input event.
    case touchpadGestureKept(TouchpadGestureDecision)
    /// A press of a touchpad's button that a stroke grab took (the grabs are on the master
    /// pointer, which the touchpad drives too), replayed to the application at once: only
    /// a mouse draws strokes.
    case touchpadPressHandedBack(button: Int, time: EventTime)
    /// A press of `button` by another device than a mouse (`from` names it: a touchpad,
    /// XTest, a touchscreen) made while mouse `device` held a stroke button, which that
    /// grab took: it joins the held press, as a button of the mouse clicked meanwhile (its
    /// input event follows), and reaches the application with the press's replay.
    case pressJoinedHeldPress(device: Int, button: Int, from: String, time: EventTime)
    /// A touch xgest never owned ended for it: another client's grab, listening before
    /// xgest's (an open menu's active pointer grab), owned and accepted it. The device's
    /// sequence ends here, its touches handed back; the touch's events never reached the
    /// caller. With `passedOn`, that grab passed the touch on at its end instead, and xgest
    /// accepted it (``X11InputSource/touchOwned(_:_:)``).
    case touchTaken(device: Int, touch: UInt32, time: EventTime, passedOn: Bool)
    /// Touches of `device` xgest accepted on its own, whatever the bindings decide, because
    /// handing them back would harm (`reason` says how): no application gets them, and the
    /// engine's verdict on them, when its sequence ends, does nothing.
    case touchesKept(device: Int, touches: [UInt32], reason: String)
    /// A mouse's press of stroke button `button` that another client's grab took instead
    /// of xgest's (an open menu, a hotkey program that grabbed the button after xgest):
    /// xgest saw only the raw press and release. Sent for each such press but one made
    /// with another button down, whose grab takes it; `inARow` counts them since the last
    /// press that came through xgest's grab.
    case strokePressTaken(button: Int, time: EventTime, inARow: Int)
    /// A press of `button` came through xgest's stroke grab again after `afterTaken`
    /// presses in a row ``strokePressTaken``.
    case strokePressFreed(button: Int, time: EventTime, afterTaken: Int)
    /// A grab another client held when xgest asked for it is xgest's now: the bindings
    /// needing it work again.
    case grabRetaken(CaptureGrab)
    /// A screen locker came up (`locked`) or went away.
    case screenLockChanged(locked: Bool)
    /// Override-redirect windows came to cover every monitor, with no lock (yet): a locker
    /// mapping its window before it takes the keyboard and pointer grabs, which it cannot
    /// get while xgest's stroke grab or a dragged button holds the pointer.
    case screenCovered
    /// A touch, touchpad gesture or press handed back at its start because the screen is
    /// locked (`what` describes it): xgest gets nothing more of it.
    case handedBackWhileLocked(String, time: EventTime)
    /// The root's X resources changed (RESOURCE_MANAGER: `xrdb`, or a desktop setting a new
    /// scale), `changes` times in the pass that ends; the feedback overlay reads its scale
    /// from them (``DesktopScale``), once for all of them.
    case resourcesChanged(changes: Int)
    /// The keymap changed which bit a modifier is on (`xmodmap`, `setxkbmap`): the stroke
    /// grabs are made again for the new bits, and the modifiers held are read with them.
    /// `summary` is the new map (``X11InputSource/modifierMapSummary``), for the debug trace.
    case modifierMapChanged(summary: String)
    /// xscreensaver's `_SCREENSAVER_STATUS` was read once for its `changes` in the pass that ends.
    case saverStatusRead(changes: Int)
    /// A request xgest sent naming a device by its id, not waited for (a touch verdict
    /// naming its master, the XTest motion copying a touchscreen's state to its master),
    /// was answered BadDevice: the device went before the server took it, the hierarchy
    /// event not read yet. The error is dropped, never taken by a later check as its own;
    /// `line` says which device and request, for the debug trace.
    case requestToGoneDevice(line: String)
}
