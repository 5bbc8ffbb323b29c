/// When a touchscreen recognizer must give up a touch it cannot take, so that the engine
/// hands the touch back to the application as early as the evidence allows. Every
/// recognizer that waits for more fingers, or for parallel motion, asks here; no rule of
/// this kind lives anywhere else.
///
/// - A recognizer needing more fingers than are down gives them up when the last of its
///   finger-landing window (``defaultFingerLandingWindowSeconds``, or the binding's
///   `hold-touches`) has passed, or as soon as any of them moves past its lone-finger
///   slop (``defaultLoneFingerSlopPx``; the daemon gives it the `finger-landing-movement`
///   setting, 1 mm): fingers that move before the others land are a drag. A tap or long
///   press asks while its landing window runs; once all its fingers are down, only its own
///   movement limit applies.
/// - A swipe or pan of several fingers gives them up when they move apart, together or
///   around each other (``divergenceScaleRatio``, ``divergenceRotationRadians``): that is
///   a pinch or a rotation, not fingers moving side by side.
/// - A pinch or rotation gives its fingers up when they move side by side
///   (``movedTogether(_:slopPx:)``): a two-finger scroll or drag, which, held until a
///   finger lifted, reached the application one finger after the other.
public enum TouchHandback {
    /// How far a finger may move while a multi-finger recognizer waits for the others,
    /// when nothing sets it (the recognizers' other movement defaults are 10 px too). The
    /// daemon passes the `finger-landing-movement` setting, 1 mm (3.8 px at 96 dpi).
    /// Every pixel of it is time a dragging finger is held from the application, counted
    /// in the touchscreen's frames: a 600 px/s drag moves 4.8 px per 8 ms frame, so a slop
    /// under that is crossed at the first frame, 6 px (1.6 mm) only at the second.
    public static let defaultLoneFingerSlopPx = 10.0
    /// How much the fingers' spread may change (as a fraction of the spread when the
    /// last of them landed) before a swipe or pan gives them up.
    public static let divergenceScaleRatio = 0.1
    /// How far the fingers may turn around their centre before a swipe or pan gives
    /// them up: 10 degrees.
    public static let divergenceRotationRadians = Double.pi / 18

    /// Whether a recognizer needing `required` fingers must give up the touches of
    /// `frame`, which has fewer, because one of them moved too far alone.
    static func loneFingerMoved(_ frame: TouchFrame, required: Int, slopPx: Double) -> Bool {
        frame.count < required && frame.maximumTravelPx > slopPx
    }

    /// Whether a tap or long press whose landing window still runs (`landingDeadline`
    /// set: fewer fingers than it needs have landed) must give up the touches of `frame`
    /// because one of them moved too far before the others came.
    static func movedWhileLanding(_ frame: TouchFrame, landingDeadline: EventTime?, slopPx: Double) -> Bool {
        landingDeadline != nil && frame.maximumTravelPx > slopPx
    }

    /// How far, in lone-finger slops, the fingers' centre must travel before a pinch or
    /// rotation takes their moving side by side for a drag: 2 mm with the setting's 1 mm,
    /// two frames of a 600 px/s scroll.
    public static let togetherTravelSlops = 2.0
    /// How many times farther the centre must travel than the fingers move around it.
    /// A pinch or turn with one finger still moves its centre exactly as far as each finger
    /// moves around it (half the moving finger's path), one with both moving less; fingers
    /// reported one event at a time do too, until the second finger's update comes.
    public static let togetherTravelDominance = 2.0

    /// Whether ``movedTogether(_:slopPx:)`` can hold, from two of the frame's fields: the
    /// centre travels no farther than the finger that travelled farthest. Checked first,
    /// inline: a pinch or rotation is asked at every motion, most of it short of this.
    @inline(__always)
    static func mayHaveMovedTogether(_ frame: TouchFrame, slopPx: Double) -> Bool {
        frame.maximumTravelPx > togetherTravelSlops * slopPx
    }

    /// Whether the fingers of `frame` moved side by side, the same way, since they landed:
    /// the centre of the first two travelled more than ``togetherTravelSlops`` slops, and
    /// ``togetherTravelDominance`` times farther than they moved around it (needs two).
    /// Constant in the number of fingers, as the pinch and the turn are measured on the
    /// first two: each of two fingers moves around their centre half as far as the line
    /// between them changes.
    static func movedTogether(_ frame: TouchFrame, slopPx: Double) -> Bool {
        guard frame.count >= 2 else { return false }
        let a = frame.touches[0]
        let b = frame.touches[1]
        let travelPx = ((a.location - a.startLocation) + (b.location - b.startLocation)).distance(to: .zero) / 2
        // Fingers that have not gone far together (one finger's travel passed the check first).
        guard travelPx > togetherTravelSlops * slopPx else { return false }
        let aroundPx = ((b.location - a.location) - (b.startLocation - a.startLocation)).distance(to: .zero) / 2
        return travelPx > togetherTravelDominance * aroundPx
    }

    /// Whether the fingers of `frame` moved apart or around each other (needs two).
    static func spreadOrTurnChanged(_ frame: TouchFrame) -> Bool {
        frame.count >= 2
            && (abs(frame.scale - 1) > divergenceScaleRatio || abs(frame.rotationRadians) > divergenceRotationRadians)
    }
}

/// Watches a swipe's or pan's fingers for a pinch or a rotation. Fingers reported one
/// event at a time (no same-time frames) spread apart for an event and back when the
/// next finger's update comes; only a change that lasts as many consecutive updates as
/// there are fingers down counts.
struct DivergenceWatch: Hashable, Sendable {
    private var streak = 0

    /// Observes a motion frame; true once the fingers have diverged.
    mutating func diverged(_ frame: TouchFrame) -> Bool {
        streak = TouchHandback.spreadOrTurnChanged(frame) ? streak + 1 : 0
        return streak >= frame.count && frame.count >= 2
    }
}

/// Fingers of a multi-finger gesture land one at a time. A recognizer that needs more
/// fingers than are down waits for them only this long after the first landed (or until
/// a finger moves past its lone-finger slop), then fails with "too few
/// fingers", so that a sequence nobody can claim is handed back to the application early.
///
/// 50 ms: long enough for fingers put down together as one chord (docs/state-machines/
/// touchscreen.md gives the figures), short enough that a finger resting alone reaches
/// the application well before a toolkit's long press (400–500 ms) could notice.
public let defaultFingerLandingWindowSeconds = 0.05

/// The longest time from a gesture's first landing to its last, however closely each
/// finger follows the one before it (``landingDeadline(_:required:windowSeconds:)``): a
/// five-finger gesture's fingers 50 ms apart land within it. A longer landing window
/// (`hold-touches`) is a longer total too.
public let maximumFingerLandingSpreadSeconds = 0.2

/// The deadline by which `required` fingers must be down, when fewer are: the landing
/// window after the finger that just landed (`frame` is its landing), never later than
/// ``maximumFingerLandingSpreadSeconds`` after the first. Counted from the first alone, a
/// gesture's fingers had to land within 50 ms of each other in all: three fingers 25-45 ms
/// apart never made a three-finger gesture.
func landingDeadline(_ frame: TouchFrame, required: Int, windowSeconds: Double) -> EventTime? {
    guard frame.count < required else { return nil }
    let spread = max(windowSeconds, maximumFingerLandingSpreadSeconds)
    return min(frame.time + .seconds(windowSeconds), frame.sequenceStartTime + .seconds(spread))
}
