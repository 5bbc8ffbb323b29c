import XgestCore

/// Reads the keys of the gesture lock and the tickle: a pattern's `pattern` and
/// `on-failure`, a scrub's `reversals` and `scrub-duration`.
extension SchemaContext {
    /// The most reversals a scrub may ask for: more is no gesture anyone draws in a few seconds.
    static let maximumReversals = 20
    /// The range of `scrub-duration`, in seconds.
    static let scrubDurationRangeSeconds = 0.2...10.0

    mutating func readPatternKeys(_ table: ConfigTable, header: String, _ binding: inout GestureBinding) {
        let patternKey = BindingKey.pattern.rawValue
        let failureKey = BindingKey.onFailure.rawValue
        guard binding.kind == .pattern else {
            for key in [patternKey, failureKey] {
                if let v = table[key]?.value { error("\(key) applies to kind pattern only", at: v.range) }
            }
            return
        }
        if table[patternKey] == nil {
            missing("\(header) needs a pattern (the cells to join, like \"1-2-3-6-9\")", at: table.range)
        } else if let (text, v) = string(table, patternKey) {
            switch Self.parsePattern(text) {
            case .success(let cells): binding.pattern = cells
            case .failure(let e): error(e.message, at: v.range)
            }
        }
        if table[failureKey] != nil { binding.failureAction = readAction(table, failureKey) }
    }

    mutating func readScrubKeys(_ table: ConfigTable, _ binding: inout GestureBinding) {
        let reversalsKey = BindingKey.reversals.rawValue
        let durationKey = BindingKey.scrubDuration.rawValue
        guard binding.kind == .scrub else {
            for key in [reversalsKey, durationKey] {
                if let v = table[key]?.value { error("\(key) applies to kind scrub only", at: v.range) }
            }
            return
        }
        if table[reversalsKey] != nil {
            binding.reversals = integer(table, reversalsKey, in: 1...Self.maximumReversals)?.0
        }
        guard let v = table[durationKey]?.value else { return }
        switch v.asDuration() {
        case .failure(let d):
            report(d)
        case .success(let duration):
            let c = duration.components
            let seconds = Double(c.seconds) + Double(c.attoseconds) / 1e18
            let range = Self.scrubDurationRangeSeconds
            guard range.contains(seconds) else {
                error(
                    "\(durationKey) must be between \(formatSeconds(range.lowerBound)) and"
                        + " \(formatSeconds(range.upperBound)), found \(v.configText)", at: v.range)
                return
            }
            binding.scrubDurationSeconds = seconds
        }
    }

    /// Why a `pattern` value is not a pattern.
    struct PatternError: Error, Equatable {
        var message: String
    }

    /// `"1-2-3-6-9"`: two to nine cells from 1 to 9 joined by "-", each once (as on a phone's
    /// lock, a stroke cannot visit a cell twice).
    static func parsePattern(_ text: String) -> Result<[Int], PatternError> {
        let expected = "expected cells 1 to 9 joined by \"-\", like \"1-2-3-6-9\""
        var cells: [Int] = []
        for part in text.split(separator: "-", omittingEmptySubsequences: false) {
            guard let n = Int(part), (1...9).contains(n) else {
                return .failure(
                    PatternError(
                        message: "\(quoteBasic(String(part))) is not a cell in pattern \(quoteBasic(text)): \(expected)"
                    ))
            }
            guard !cells.contains(n) else {
                return .failure(
                    PatternError(
                        message:
                            "cell \(n) appears twice in pattern \(quoteBasic(text)): a stroke visits each cell once"))
            }
            if let last = cells.last, let between = PatternGrid.cellBetween(last, n), !cells.contains(between) {
                return .failure(
                    PatternError(
                        message:
                            "pattern \(quoteBasic(text)) cannot be drawn: a stroke from \(last) to \(n) passes \(between), which counts as visited (write \(last)-\(between)-\(n))"
                    ))
            }
            cells.append(n)
        }
        guard cells.count >= 2 else {
            return .failure(
                PatternError(message: "pattern \(quoteBasic(text)) joins no cells: it needs at least two; \(expected)"))
        }
        return .success(cells)
    }
}
