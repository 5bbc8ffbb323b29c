/// The family of a gesture, spelled as the config's `kind` key spells it.
public enum GestureKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case tap
    case longPress = "long-press"
    case pan
    case swipe
    case pinch
    case rotate
    case edge
    case stroke
    /// The gesture lock: one stroke over a 3×3 grid joining cells in a set order.
    case pattern
    /// The tickle: a stroke back and forth, recognized on its N-th reversal.
    case scrub
    /// A recognizer written outside xgest's set.
    case custom

    public var description: String { rawValue }
}
