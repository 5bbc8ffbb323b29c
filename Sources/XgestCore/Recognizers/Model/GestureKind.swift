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
    /// A recognizer written outside xgest's set.
    case custom

    public var description: String { rawValue }
}
