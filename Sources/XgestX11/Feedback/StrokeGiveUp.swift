import XgestCore

/// Why the bindings gave a traced stroke up while its button or finger was still down,
/// for its label: nothing else says so, since the stroke ends with no classification.
enum StrokeGiveUp: Sendable, Equatable {
    /// Not the start window's distance from the press within its time (10 px in 300 ms):
    /// the press is a click, handed back at its release, whatever is drawn after.
    case heldStill
    /// Still drawn after `stroke-max-duration`.
    case tooLong

    /// The give-up a recognizer's failure stands for; nil for any other failure.
    init?(_ reason: TransitionReason) {
        switch reason {
        case .tooSlow: self = .heldStill
        case .timedOut: self = .tooLong
        default: return nil
        }
    }

    /// The label, in the words of the others: what came of it, then why.
    var labelText: String {
        switch self {
        case .heldStill: "not a stroke: held still"
        case .tooLong: "not recognized: took too long"
        }
    }

    /// How far the pointer must go after a press held still was given up before the
    /// label says so, by default (``FeedbackOptions/heldStillLabelAfterPx``): the start
    /// window's distance, the same a stroke must go to start. A right button held to open a
    /// context menu (press, wait, release) never gets that far, so ordinary menu use shows
    /// nothing; a user who hesitated and then draws does.
    static let defaultHeldStillLabelAfterPx = StrokeSettings(shape: "").startMovementPx
}
