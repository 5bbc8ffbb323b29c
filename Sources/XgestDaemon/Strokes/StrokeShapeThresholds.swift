import XgestCore

/// The `stroke-threshold` each shape's strokes are held to, as the daemon holds them: every
/// stroke binding classifies with its own (its `stroke-threshold`, else `[settings]`'s), so
/// a stroke is taken as a bound shape when it reaches the least threshold of the bindings
/// naming it, and a shape no binding names would be taken at `[settings]`'s. What
/// ``StrokeLibrary/confusions(of:thresholds:among:)`` holds the other shape to.
public struct StrokeShapeThresholds: Equatable, Sendable {
    /// `[settings]`'s, else the default: a shape no enabled binding names.
    public var base: Double
    /// The least threshold of the enabled stroke bindings of each shape they name (as a
    /// binding's `shape` names it: `circle`, not `circle-cw`).
    public var bound: [String: Double]

    public init(base: Double = defaultStrokeRejectionThreshold, bound: [String: Double] = [:]) {
        self.base = base
        self.bound = bound
    }

    /// The thresholds of `set`'s enabled stroke bindings, each with its own override.
    public init(_ set: BindingSet) {
        base = set.tunables.strokeThreshold
        bound = [:]
        for i in set.bindings.indices {
            let b = set.bindings[i]
            guard b.isEnabled, b.kind == .stroke, let shape = b.shape else { continue }
            let own = set.tunables(forBinding: i).strokeThreshold
            bound[shape] = min(bound[shape] ?? own, own)
        }
    }

    /// The threshold a stroke classified as `gesture` (a classifier name: `circle-cw`) is
    /// taken at: the least of the bound shapes it stands for, else ``base``.
    public func threshold(forGesture gesture: String) -> Double {
        let naming = bound.filter { BuiltInStrokes.gestureNames(forShape: $0.key).contains(gesture) }
        return naming.values.min() ?? base
    }
}
