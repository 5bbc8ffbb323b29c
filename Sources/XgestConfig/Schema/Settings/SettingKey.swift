import XgestCore

/// One key of `[settings]` and everything xgest knows about it: its name as the config
/// spells it, the kind of value it takes with its limits, its default and the tunable it
/// sets. The keys themselves are one table, ``SettingKey/allCases`` (SettingTable.swift):
/// adding a setting is adding an entry there.
public struct SettingKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as the config spells it; unknown keys are checked (and suggested) against these.
    public let rawValue: String
    /// The kind of value it takes, with its limits.
    public let valueType: ValueType
    /// The default in millimetres (mm/s for a speed); nil for keys whose default is not a
    /// length on screen.
    /// Without it the default is the one the recognizers have (`RecognizerTunables()`).
    public let defaultMillimeters: Double?
    /// Where a resolved value (seconds, pixels, px/s or the number) goes.
    let tunable: WritableKeyPath<RecognizerTunables, Double> & Sendable
    /// What it tunes, for people reading the table (docs/config.md says the same).
    public let summary: String

    /// What kind of value a setting takes, with its limits.
    public enum ValueType: Hashable, Sendable {
        /// `"500ms"`; limits in seconds.
        case duration(ClosedRange<Double>)
        /// `"12mm"` or pixels; limits in pixels (millimetres: the same at 4 px/mm).
        case distance(ClosedRange<Double>)
        /// Pixels only: the device reports no physical size (touchpads).
        case pixels(ClosedRange<Double>)
        /// `"150px/s"`, `"40mm/s"` or a number of px/s; limits in px/s.
        case speed(ClosedRange<Double>)
        /// A plain number: a ratio, a factor or degrees, read in `unit` (for messages).
        case number(ClosedRange<Double>, unit: String)
    }

    init(
        _ name: String, _ valueType: ValueType, _ tunable: WritableKeyPath<RecognizerTunables, Double> & Sendable,
        millimeters: Double? = nil, _ summary: String
    ) {
        self.rawValue = name
        self.valueType = valueType
        self.tunable = tunable
        self.defaultMillimeters = millimeters
        self.summary = summary
    }

    /// The key spelled `rawValue`, nil for a name no setting has.
    public init?(rawValue: String) {
        guard let key = Self.byName[rawValue] else { return nil }
        self = key
    }

    private static let byName = Dictionary(allCases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    public var description: String { rawValue }

    /// The unit a plain number is read in, for messages and docs.
    public var numberUnit: String {
        switch valueType {
        case .number(_, let unit): return unit
        case .duration, .distance, .pixels, .speed: return "pixels"
        }
    }

    /// The default, as it is in `RecognizerTunables` (seconds, pixels, px/s, or the number);
    /// a default in millimetres at 96 dpi.
    public var defaultValue: Double {
        if let mm = defaultMillimeters { return mm * Settings.defaultPixelsPerMillimeter }
        return RecognizerTunables()[keyPath: tunable]
    }

    /// The default as a config writes it and docs/config.md's table gives it: `"21mm"`,
    /// `"265mm/s"`, or the number in its unit.
    public var defaultText: String {
        guard let mm = defaultMillimeters else {
            if case .duration = valueType { return quoteBasic(formatSeconds(defaultValue)) }
            return formatNumber(defaultValue)
        }
        if case .speed = valueType { return quoteBasic(formatNumber(mm) + "mm/s") }
        return quoteBasic(formatNumber(mm) + "mm")
    }

    /// Stores a resolved value (seconds, pixels, px/s or the number) in `tunables`.
    func apply(_ v: Double, to t: inout RecognizerTunables) { t[keyPath: tunable] = v }

    // The name is the identity: two keys with one name would be one setting.
    public static func == (a: SettingKey, b: SettingKey) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
