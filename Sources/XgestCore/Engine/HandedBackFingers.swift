/// The fingers of the last touchscreen sequence handed back on a device, while they are
/// still down, and when the last of them landed.
///
/// UIKit keeps a recognizer that failed failed until every touch of its event has
/// ended: a finger that lands while the others are down joins their event, it does not
/// start one of its own. Here a sequence handed back is over for xgest, so without this
/// the fingers of a gesture that landed too slowly (a three-finger tap whose third finger
/// came after the landing window) started a new sequence once the first ones were handed
/// back, and that sequence ran a binding for fewer fingers: the application had the first
/// fingers and xgest ran the one-finger tap's action. A finger that lands within
/// ``joinWindow`` of the last landing of a handed-back sequence still down is handed back
/// with it, at once (`joins touches handed back`), and is one more of its fingers.
///
/// The window is counted from the last finger to land, not from the reject: a resting
/// finger (a thumb on a scroll bar, handed back long ago) must not keep the other hand
/// from making a gesture, while the fingers of one gesture follow each other closely.
/// Which window a finger lands on is not asked: the fingers of one hand span two windows
/// as easily as one, and a gesture's late finger landing on the next window would again
/// start a gesture of fewer fingers there.
///
/// The engine learns that a handed-back finger lifted from the touch end the X layer
/// passes it (a raw touch end: the server's own TouchEnd comes at the reject); replayed
/// traces hold the end where the finger lifted.
struct HandedBackFingers {
    /// How long after the last finger of a handed-back sequence landed another finger that
    /// lands still joins it: libinput's touchpad gesture code waits 100 ms
    /// (`DEFAULT_GESTURE_SWITCH_TIMEOUT`) before taking a change of the fingers down for a
    /// new gesture. Past the widest gap of the scripted timings in
    /// docs/state-machines/touchscreen.md (80 ms); not measured on people.
    static let joinWindow = EventDuration.milliseconds(100)

    /// The handed-back sequence; 0 when none has fingers down.
    private(set) var sequence: SequenceID = 0
    /// Its fingers still down.
    private var touchIDs: [UInt32] = []
    /// When the last of its fingers landed.
    private var lastLanding = EventTime.zero

    init() { touchIDs.reserveCapacity(16) }

    /// Whether a finger landing at `time` joins the handed-back fingers. A sequence whose
    /// window has passed is forgotten: its fingers no longer take anything with them.
    mutating func takes(landingAt time: EventTime) -> Bool {
        guard sequence != 0 else { return false }
        if time < lastLanding || time - lastLanding <= Self.joinWindow { return true }
        forget()
        return false
    }

    func contains(_ id: UInt32) -> Bool { sequence != 0 && touchIDs.contains(id) }

    /// Finger `id` of `sequence`, which landed at `landing`, was handed back while down.
    mutating func add(_ id: UInt32, of sequence: SequenceID, landedAt landing: EventTime) {
        if sequence != self.sequence {
            self.sequence = sequence
            touchIDs.removeAll(keepingCapacity: true)
            lastLanding = landing
        }
        touchIDs.append(id)
        if landing > lastLanding { lastLanding = landing }
    }

    /// A touch that is not xgest's lifted: when it is one of the fingers, the others may
    /// be all that is left of the sequence.
    mutating func lifted(_ id: UInt32) {
        guard sequence != 0, let i = touchIDs.firstIndex(of: id) else { return }
        touchIDs.remove(at: i)
        if touchIDs.isEmpty { forget() }
    }

    mutating func forget() {
        sequence = 0
        touchIDs.removeAll(keepingCapacity: true)
    }
}
