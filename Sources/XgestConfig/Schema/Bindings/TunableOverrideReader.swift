import XgestCore

/// A `[settings]` key written in a binding: the same names, units and limits as in
/// `[settings]`, for that binding's recognizer only (UIKit sets these per recognizer).
extension SchemaContext {
    mutating func readTunableOverrides(_ table: ConfigTable) -> [TunableOverride] {
        var overrides: [TunableOverride] = []
        var own: [SettingKey: SettingValue] = [:]
        for entry in table.entries {
            guard let key = SettingKey(rawValue: entry.key), let v = readSetting(key, entry.value) else { continue }
            own[key] = v
            switch v {
            case .seconds(let n), .number(let n):
                overrides.append(TunableOverride(key.tunable, n))
            case .distance(let d), .speed(let d):
                overrides.append(TunableOverride(key.tunable, d.value, isMillimeters: d.unit == .millimeters))
            }
        }
        checkOrder(table, own: own, inherited: settings)
        return overrides
    }
}
