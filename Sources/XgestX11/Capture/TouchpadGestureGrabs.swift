import CXgest
import XgestCore

/// Passive gesture grabs on the root window, one per XI 2.4 gesture type that some binding
/// uses, and the decision each grabbed gesture gets at its begin.
///
/// The grabs are synchronous: when a gesture begins, the server delivers its begin to
/// xgest alone and freezes the master pointer until xgest answers. `keep` releases the
/// grab, the rest of the gesture still coming to xgest alone; `handBack`
/// (XIReplayDevice) ends the gesture for xgest and replays its begin, then the events
/// queued behind it, to the windows below the grab, as if xgest had never grabbed it
/// (xorg-server's dix/events.c ComputeFreezes and dix/gestures.c GestureSetupListener;
/// docs/x11-notes.md). A grab on the root rather than on each application's window sees
/// gestures over windows that select gesture events themselves, which a selection on the
/// root would miss, and needs no watching of windows as they come and go: the hit-test at
/// the begin decides, with the same app matching the engine uses.
final class TouchpadGestureGrabs {
    let display: XDisplay
    private(set) var grabbed: Set<TouchpadClaims.GestureType> = []

    init(display: XDisplay) { self.display = display }

    /// Grabs exactly these types, releasing the others. Each type is a grab of its own:
    /// one another client holds does not keep xgest from the others. Throws, naming the
    /// types left ungrabbed, when another client holds a gesture grab on the root window
    /// for the same modifiers.
    func set(_ wanted: Set<TouchpadClaims.GestureType>) throws(X11Error) {
        for t in grabbed.subtracting(wanted) {
            ungrab(t)
            grabbed.remove(t)
        }
        var taken: [String] = []
        for t in TouchpadClaims.GestureType.allCases where wanted.contains(t) && !grabbed.contains(t) {
            do {
                try grab(t)
                grabbed.insert(t)
            } catch {
                guard case .grabTaken = error else { throw error }
                taken.append(t.rawValue)
            }
        }
        display.flush()
        if !taken.isEmpty { throw .grabTaken(.touchpadGestures(taken)) }
    }

    func releaseAll() {
        for t in grabbed { ungrab(t) }
        grabbed = []
        display.flush()
    }

    /// The rest of the gesture comes to xgest; applications see none of it, but get the
    /// master pointer's other input (another mouse, the touchpad's buttons, scrolling) as
    /// they would without xgest.
    ///
    /// The grab is released rather than thawed (XIAsyncDevice): a gesture's owner is fixed
    /// at its begin, as a copy of the grab that took it, and stays so until its end when
    /// that grab was passive (xorg-server's dix/gestures.c GestureAddGrabListener,
    /// dix/events.c DeactivatePointerGrab), while the grab itself, active until the end,
    /// would take every other event of the master pointer and drop what its gesture mask
    /// does not hold. Releasing it also thaws the events queued behind the begin, which
    /// then reach their windows as if no grab had been (docs/x11-notes.md).
    func keep(master: Int32) {
        XIUngrabDevice(display.handle, master, UInt(CurrentTime))
        display.flush()
    }

    /// The gesture goes to the application under the pointer, whole, from its begin.
    func handBack(master: Int32) {
        // CurrentTime: the server compares it with the grab's time, and the begin that
        // froze the device is the only event this answer can be about.
        XIAllowEvents(display.handle, master, XIReplayDevice, UInt(CurrentTime))
        display.flush()
    }

    private static func mask(_ type: TouchpadClaims.GestureType) -> [Int32] {
        switch type {
        case .swipe: return [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]
        case .pinch: return [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd]
        }
    }

    private func grab(_ type: TouchpadClaims.GestureType) throws(X11Error) {
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
        let status = try display.checked { () -> Int32 in
            withEventMask(device: XIAllMasterDevices, Self.mask(type)) { mask in
                // Synchronous for the pointer (frozen from the begin until xgest answers),
                // asynchronous for the keyboard paired with it.
                switch type {
                case .swipe:
                    XIGrabSwipeGestureBegin(
                        display.handle, XIAllMasterDevices, display.root, GrabModeSync, GrabModeAsync, False, &mask,
                        1, &modifiers)
                case .pinch:
                    XIGrabPinchGestureBegin(
                        display.handle, XIAllMasterDevices, display.root, GrabModeSync, GrabModeAsync, False, &mask,
                        1, &modifiers)
                }
            }
        }
        guard status == 0, modifiers.status == 0 else {
            throw .grabTaken(.touchpadGestures([type.rawValue]))
        }
    }

    private func ungrab(_ type: TouchpadClaims.GestureType) {
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
        switch type {
        case .swipe: XIUngrabSwipeGestureBegin(display.handle, XIAllMasterDevices, display.root, 1, &modifiers)
        case .pinch: XIUngrabPinchGestureBegin(display.handle, XIAllMasterDevices, display.root, 1, &modifiers)
        }
    }
}
