import CXgest
import XgestCore

/// A press a stroke grab took, and everything the pointer did until its last button was
/// released (the pointer's path, and any other button pressed and released meanwhile),
/// kept until xgest decides whether it was a stroke: the application gets it back as the
/// user made it (see `PressReplayer`) or never sees it.
struct HeldPress {
    /// Motion kept at most: past it the last motion moves instead, since the replay
    /// samples the path anyway and a button held down for minutes must not grow memory.
    static let maximumMotionSteps = 4096

    /// What the user did, in order.
    enum Step: Hashable {
        case press(button: Int, at: Point)
        case motion(to: Point)
        case release(button: Int, at: Point)
    }

    /// From the first press to the last release (or to where the pointer is while a
    /// button is down).
    private(set) var steps: [Step]
    /// The button whose press started it, for which the engine decides.
    let button: Int
    private(set) var buttonsDown: Set<Int>
    private var motionSteps = 0
    /// Where the first press was made, and where the pointer last was.
    let start: Point
    private(set) var last: Point
    /// The farthest the pointer got from ``start``, as the stroke recognizers measure a
    /// press's travel: one that never got `stroke-distance` away is a click.
    private(set) var reach = 0.0
    /// Handed back while a button was still down: what becomes of it when the last one is
    /// released, since a press replayed while the user still holds the button would end as
    /// a click at once.
    var atRelease: ReleaseFate?
    /// The pointer went onto another X screen while it was held: the stroke was given up
    /// for that, whatever it drew (docs/x11-notes.md, "Several X screens").
    var leftScreen = false
    /// The child of the root the press was made over (the top of the stack there that
    /// takes input), nil over the root itself.
    let topLevel: Window?
    /// That window went before the replay: replayed, the press would land on whatever is
    /// under it now (the desktop's menu, another application's context menu), where the
    /// user's press went to the window that was there and its release nowhere.
    var windowGone: PressWindowGone?
    /// The core state of the keyboard at the press: the replay is made with its modifiers
    /// (``ReplayModifiers``).
    let modifiers: UInt32

    /// The core buttons (1 to 5) already down at the press: a chord the user made. Any
    /// other down when the press is replayed was pressed since (see
    /// ``X11InputSource/replayWaiting()``).
    let buttonsDownBefore: Set<Int>

    /// The master pointer whose grab took it: another device's press made while it is
    /// held comes through that grab, and joins it (``X11InputSource/joinsHeldPress(_:_:)``).
    let master: Int32

    init(
        button: Int, at p: Point, over topLevel: Window? = nil, modifiers: UInt32 = 0,
        buttonsDownBefore: Set<Int> = [], master: Int32 = 0
    ) {
        self.button = button
        self.master = master
        self.topLevel = topLevel
        self.modifiers = modifiers
        self.buttonsDownBefore = buttonsDownBefore.subtracting([button])
        steps = [.press(button: button, at: p)]
        buttonsDown = [button]
        start = p
        last = p
    }

    /// Every button is up: nothing more of it comes.
    var isReleased: Bool { buttonsDown.isEmpty }

    /// Another button was pressed while it was held (a click, a wheel's notch): that
    /// press is the application's, and goes with the replay.
    var pressedOtherButton: Bool {
        steps.dropFirst().contains { if case .press = $0 { true } else { false } }
    }

    mutating func moved(to p: Point) {
        guard !isReleased, last != p else { return }
        last = p
        reach = max(reach, start.distance(to: p))
        if motionSteps >= HeldPress.maximumMotionSteps, case .motion = steps.last {
            steps[steps.count - 1] = .motion(to: p)
            return
        }
        steps.append(.motion(to: p))
        motionSteps += 1
    }

    mutating func pressed(_ b: Int, at p: Point) {
        guard !isReleased else { return }
        moved(to: p)
        buttonsDown.insert(b)
        steps.append(.press(button: b, at: p))
    }

    mutating func released(_ b: Int, at p: Point) {
        guard buttonsDown.remove(b) != nil else { return }
        // The release's own position, even when it is the last: a click's press and
        // release are one point, a drag's release ends the path.
        if last != p {
            last = p
            reach = max(reach, start.distance(to: p))
            steps.append(.motion(to: p))
            motionSteps += 1
        }
        steps.append(.release(button: b, at: p))
    }
}

/// What a press handed back while a button is still down comes to at the last release.
enum ReleaseFate: Hashable, Sendable {
    case replayed
    /// A stroke drawn and not recognized (``DrawnPressFate/discarded(pastPx:)``): the
    /// application never sees it, unless another button was pressed since.
    case discarded
}

/// What becomes of a press no binding took once the user drew it into a stroke.
public enum DrawnPressFate: Hashable, Sendable {
    /// Replayed as any other press: `replay-unrecognized-strokes = true`, and `record-stroke`.
    case replayed
    /// Reaches no application once it got `pastPx` (the pointer bindings' least
    /// `stroke-distance`) from where it was made: the user saw a trail and a "not
    /// recognized" label, and a drag replayed then runs what it lands on unseen (a Qt
    /// context menu opened at the replayed press takes the release away from it as a choice).
    case discarded(pastPx: Double)
}

/// What became of a held press handed back to the application.
public enum PressHandBack: Hashable, Sendable {
    /// Replayed now, pressed at `from` and released at `to`.
    case replayed(from: Point, to: Point)
    /// The button is still down: the press is replayed, with its path, at the release.
    case atRelease
    /// A later press of a stroke button was already taken by its grab, which would take
    /// the replay too: the press is replayed, in order, once that grab ends.
    case afterTheNextPress
    /// Not replayed: a stroke drawn and not recognized (``DrawnPressFate``).
    case strokeNotReplayed
    /// The same, with the button still down: the release ends the grab, and nothing is
    /// replayed then unless another button is pressed before it.
    case strokeNotReplayedAtRelease
    /// No press of that button is held (the application already had it).
    case nothingHeld
    /// Not replayed: the window it was made over went while it was held.
    case windowGone(PressWindowGone)
}

/// How the window a held press was made over went before its replay.
public enum PressWindowGone: String, Hashable, Sendable {
    case destroyed
    case unmapped

    /// What a window's DestroyNotify or UnmapNotify makes of a press over it: a destroy
    /// says more than the unmap that comes before it.
    func worse(than other: PressWindowGone?) -> PressWindowGone {
        other == .destroyed ? .destroyed : self
    }
}
