import XgestCore

/// Reads `hold-touches`: how long a touchscreen binding that needs several fingers may
/// hold fewer of them from applications while the rest land.
extension SchemaContext {
    /// The longest `hold-touches` may be: a finger resting alone must reach the
    /// application before any toolkit's long press (400–500 ms) could fire.
    static let holdTouchesLimitSeconds = 0.4

    mutating func readHoldTouches(_ table: ConfigTable, _ binding: GestureBinding) -> Double? {
        let name = BindingKey.holdTouches.rawValue
        guard let v = table[name]?.value else { return nil }
        let waitsForFingers: Set<GestureKind> = [.tap, .longPress, .pan, .swipe, .pinch, .rotate]
        guard binding.devices.contains(.touchscreen), waitsForFingers.contains(binding.kind) else {
            error(
                "\(name) applies to touchscreen taps, long presses, pans, swipes, pinches and rotations: they wait for"
                    + " their fingers to land", at: v.range)
            return nil
        }
        switch v.asDuration() {
        case .failure(let d):
            report(d)
            return nil
        case .success(let duration):
            let c = duration.components
            let seconds = Double(c.seconds) + Double(c.attoseconds) / 1e18
            let limit = SchemaContext.holdTouchesLimitSeconds
            guard seconds >= 0, seconds <= limit else {
                error("\(name) must be between 0s and \(formatSeconds(limit)), found \(v.configText)", at: v.range)
                return nil
            }
            return seconds
        }
    }
}
