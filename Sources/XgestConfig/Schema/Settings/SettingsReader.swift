import XgestCore

/// Reads `[settings]`: each key checked against ``SettingKey``, each value against its
/// type and limits.
extension SchemaContext {
    mutating func readSettings(_ table: ConfigTable) -> Settings {
        unknownKeys(table, known: SettingKey.allCases.map(\.rawValue) + [Settings.replayUnrecognizedStrokesKey])
        var settings = Settings()
        if let replays = bool(table, Settings.replayUnrecognizedStrokesKey) {
            settings.replaysUnrecognizedStrokes = replays
        }
        for entry in table.entries {
            guard let key = SettingKey(rawValue: entry.key) else { continue }
            if let v = readSetting(key, entry.value) { settings.values[key] = v }
        }
        checkOrder(table, own: settings.values, inherited: nil)
        return settings
    }

    mutating func readSetting(_ key: SettingKey, _ v: ConfigValue) -> SettingValue? {
        let name = key.rawValue
        switch key.valueType {
        case .duration(let limits):
            switch v.asDuration() {
            case .failure(let d):
                report(d)
                return nil
            case .success(let duration):
                let c = duration.components
                let seconds = Double(c.seconds) + Double(c.attoseconds) / 1e18
                guard limits.contains(seconds) else {
                    return outOfRange(
                        name, "\(formatSeconds(limits.lowerBound)) and \(formatSeconds(limits.upperBound))", v)
                }
                return .seconds(seconds)
            }
        case .distance(let limits), .pixels(let limits):
            switch v.asDistance() {
            case .failure(let d):
                report(d)
                return nil
            case .success(let distance):
                if case .pixels = key.valueType, distance.unit == .millimeters {
                    error(
                        "\(name) is in pixels: X does not report a touchpad's size, so millimetres cannot be"
                            + " converted; write a number of pixels", at: v.range)
                    return nil
                }
                return checkDistance(name, distance, limits, suffix: "", v).map { .distance($0) }
            }
        case .speed(let limits):
            return readSpeed(name, v, limits).map { .speed($0) }
        case .number(let limits, _):
            guard let n = v.asDouble() else {
                error("expected \(name) as a number (\(key.numberUnit)), found \(v.kind.description)", at: v.range)
                return nil
            }
            guard limits.contains(n) else {
                return outOfRange(name, "\(formatNumber(limits.lowerBound)) and \(formatNumber(limits.upperBound))", v)
            }
            return .number(n)
        }
    }

    private mutating func readSpeed(_ name: String, _ v: ConfigValue, _ limits: ClosedRange<Double>) -> Distance? {
        if let n = v.asDouble() {
            return checkDistance(name, Distance(n, .pixels), limits, suffix: "/s", v)
        }
        let expected = "expected a speed such as \"150px/s\" or \"40mm/s\""
        guard let text = v.asString() else {
            error("\(expected), found \(v.kind.description)", at: v.range)
            return nil
        }
        var trimmed = text
        while trimmed.hasSuffix(" ") { trimmed.removeLast() }
        guard trimmed.hasSuffix("/s") else {
            error("\(expected), found \(quoteBasic(text))", at: v.range)
            return nil
        }
        switch splitQuantity(String(trimmed.dropLast(2))) {
        case .failure:
            error("\(expected), found \(quoteBasic(text))", at: v.range)
            return nil
        case .success(let (number, unitText)):
            let units = DistanceUnit.allCases.map { $0.rawValue + "/s" }
            guard let unit = DistanceUnit(rawValue: unitText) else {
                error(
                    "unknown speed unit \(quoteBasic(unitText + "/s")) in \(quoteBasic(text))"
                        + "\(Suggestions.didYouMean(unitText + "/s", in: units)) (use \(units.joined(separator: ", ")))",
                    at: v.range)
                return nil
            }
            return checkDistance(name, Distance(number, unit), limits, suffix: "/s", v)
        }
    }

    /// Pixel limits as given; millimetre limits the same at 4 px/mm (about 100 dpi).
    private mutating func checkDistance(
        _ name: String, _ d: Distance, _ limits: ClosedRange<Double>, suffix: String, _ v: ConfigValue
    ) -> Distance? {
        let scale = d.unit == .millimeters ? 0.25 : 1
        let low = limits.lowerBound * scale
        let high = limits.upperBound * scale
        guard d.value >= low, d.value <= high else {
            let u = d.unit.rawValue + suffix
            return outOfRange(name, "\(formatNumber(low))\(u) and \(formatNumber(high))\(u)", v)
        }
        return d
    }

    private mutating func outOfRange<T>(_ name: String, _ between: String, _ v: ConfigValue) -> T? {
        error("\(name) must be between \(between), found \(v.configText)", at: v.range)
        return nil
    }

    /// The pairs whose fast threshold must not be below the slow one (more than it, when
    /// `strictly`): the swipe's interpolation between them needs the order.
    private static let orderedPairs: [(slow: SettingKey, fast: SettingKey, strictly: Bool)] = [
        (.swipeDistance, .swipeFastDistance, false), (.swipeSpeed, .swipeFastSpeed, true),
    ]

    /// Checks the pairs' order in `table`, whose values are `own`: a key it leaves out
    /// counts with the value of `inherited` (the `[settings]` a binding's own keys are
    /// read over) or its default. A binding is checked only for the pairs it writes a key
    /// of: the rest are `[settings]`'s, already checked there. Compared at 96 dpi, as
    /// `check` knows no screen; on a denser one a pair mixing units may meet out of order,
    /// and the fast value is then raised to the slow one (`Settings.tunables`).
    mutating func checkOrder(_ table: ConfigTable, own: [SettingKey: SettingValue], inherited: Settings?) {
        let ppm = Settings.defaultPixelsPerMillimeter
        for (slow, fast, strictly) in Self.orderedPairs {
            if inherited != nil, table[slow.rawValue] == nil, table[fast.rawValue] == nil { continue }
            func value(_ key: SettingKey) -> Double {
                (own[key] ?? inherited?.values[key])?.resolved(pixelsPerMillimeter: ppm) ?? key.defaultValue
            }
            func text(_ key: SettingKey) -> String {
                if let written = table[key.rawValue] { return written.value.configText }
                if let global = inherited?.values[key] { return "\(global.configText), from [settings]" }
                return "\(key.defaultText), its default"
            }
            let a = value(slow)
            let b = value(fast)
            guard strictly ? b <= a : b < a, let at = table[fast.rawValue] ?? table[slow.rawValue] else { continue }
            error(
                "\(fast.rawValue) (\(text(fast))) must be \(strictly ? "more than" : "at least")"
                    + " \(slow.rawValue) (\(text(slow)))", at: at.value.range)
        }
    }
}

/// `0.35` as `350ms`, `2` as `2s`.
func formatSeconds(_ s: Double) -> String {
    if s == 0 { return "0s" }
    return s < 1 ? formatNumber(s * 1000) + "ms" : formatNumber(s) + "s"
}
