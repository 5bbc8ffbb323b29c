/// The keys of `[feedback]`.
enum FeedbackKey: String, CaseIterable {
    case enabled
    case trailColor = "trail-color"
    case trailWidth = "trail-width"
    case label
    case labelDuration = "label-duration"
    case strokes, touches, gestures
}

/// Reads `[feedback]`: every key optional, each value checked where it is written.
extension SchemaContext {
    mutating func readFeedback(_ table: ConfigTable) -> FeedbackSettings {
        unknownKeys(table, known: FeedbackKey.allCases.map(\.rawValue))
        var f = FeedbackSettings()
        if let b = bool(table, FeedbackKey.enabled.rawValue) { f.enabled = b }
        if let b = bool(table, FeedbackKey.strokes.rawValue) { f.strokes = b }
        if let b = bool(table, FeedbackKey.touches.rawValue) { f.touches = b }
        if let b = bool(table, FeedbackKey.gestures.rawValue) { f.gestures = b }
        if let (text, v) = string(table, FeedbackKey.trailColor.rawValue) {
            if let c = FeedbackSettings.Color(hex: text) {
                f.trailColor = c
            } else {
                error(
                    "expected trail-color as \"#rrggbb\" or \"#rrggbbaa\" (hexadecimal), found \(quoteBasic(text))",
                    at: v.range)
            }
        }
        let widths = FeedbackSettings.trailWidthPixelLimits
        if let (w, _) = integer(table, FeedbackKey.trailWidth.rawValue, in: widths) { f.trailWidthPixels = w }
        if let (mode, _) = choice(table, FeedbackKey.label.rawValue, FeedbackSettings.LabelMode.self) { f.label = mode }
        if let v = table[FeedbackKey.labelDuration.rawValue]?.value {
            switch v.asDuration() {
            case .failure(let d):
                report(d)
            case .success(let duration):
                let c = duration.components
                let seconds = Double(c.seconds) + Double(c.attoseconds) / 1e18
                let limits = FeedbackSettings.labelDurationSecondLimits
                if limits.contains(seconds) {
                    f.labelDurationSeconds = seconds
                } else {
                    error(
                        "label-duration must be between \(formatSeconds(limits.lowerBound)) and"
                            + " \(formatSeconds(limits.upperBound)), found \(v.configText)", at: v.range)
                }
            }
        }
        return f
    }
}
