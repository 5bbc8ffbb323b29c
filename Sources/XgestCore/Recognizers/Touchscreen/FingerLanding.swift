/// Fingers of a multi-finger gesture land one at a time. A recognizer that needs more
/// fingers than are down waits for them only this long after the first landed (or until
/// the touches move past its threshold), then fails with "too few fingers", so that a
/// sequence nobody can claim is handed back to the application early.
public let defaultFingerLandingWindowSeconds = 0.25

/// The deadline by which `required` fingers must be down, when fewer are.
func landingDeadline(_ frame: TouchFrame, required: Int, windowSeconds: Double) -> EventTime? {
    frame.count < required ? frame.sequenceStartTime + .seconds(windowSeconds) : nil
}
