/// What a continuous recognizer's measure says while it tracks a gesture that has not begun.
enum ThresholdCrossing<Direction> {
    /// Short of the threshold: go on tracking.
    case notYet
    /// Crossed in an allowed direction: begin.
    case crossed(Direction)
    /// Crossed in a direction the settings do not allow: fail.
    case disallowed
}
