import XgestCore

/// Reads the condition keys of a binding: `modifiers` and `region` (`edge` is a plain choice;
/// `monitor` is in MonitorReader.swift).
extension SchemaContext {
    /// `["ctrl", "super"]` (or one string) → the modifiers that must be held.
    mutating func readModifiers(_ table: ConfigTable) -> Modifiers? {
        guard let items = stringList(table, BindingKey.modifiers.rawValue) else { return nil }
        // One name is read as a list of one, but it reads like a key combination, and
        // "ctrl+super" in one string would name no modifier: say how the list is written.
        if let v = table[BindingKey.modifiers.rawValue]?.value, let one = v.asString() {
            report(
                .warning(
                    "modifiers is a list: write modifiers = [\(one.split(separator: "+").map { quoteBasic(String($0)) }.joined(separator: ", "))]",
                    at: v.range))
        }
        let names = ModifierAlias.allCases.map(\.rawValue)
        var modifiers = Modifiers()
        var named: [Modifiers: String] = [:]
        for (name, value) in items {
            if let alias = ModifierAlias(rawValue: name.lowercased()) {
                // Harmless, but a sign of a list meant otherwise (["ctrl", "control"] for "ctrl+alt").
                if let first = named[alias.modifier] {
                    report(
                        .warning(
                            "\(quoteBasic(name)) is the same modifier as \(quoteBasic(first)), already listed",
                            at: value.range))
                }
                named[alias.modifier] = named[alias.modifier] ?? name
                modifiers.insert(alias.modifier)
            } else if name.lowercased() == "meta" {
                error(KeyComboParser.ambiguousMeta, at: value.range)
            } else {
                error(
                    "unknown modifier \(quoteBasic(name))\(Suggestions.didYouMean(name, in: names));"
                        + " expected one of: \(names.joined(separator: ", "))", at: value.range)
            }
        }
        return modifiers
    }

    /// `{ x = 0, y = 0, width = "50%", height = "100%" }`: pixels or percentages of the monitor.
    mutating func readRegion(_ table: ConfigTable) -> ScreenRegion? {
        guard let v = table[BindingKey.region.rawValue]?.value else { return nil }
        guard let region = v.asTable() else {
            error(
                "expected region as a table such as { x = 0, y = 0, width = \"50%\", height = \"100%\" },"
                    + " found \(v.kind.description)", at: v.range)
            return nil
        }
        let keys = ["x", "y", "width", "height"]
        unknownKeys(region, known: keys)
        var lengths: [ScreenRegion.Length] = []
        for key in keys {
            guard let entry = region[key] else {
                error("region needs \(key)", at: v.range)
                continue
            }
            if let length = readLength(key, entry.value, positive: key == "width" || key == "height") {
                lengths.append(length)
            }
        }
        guard lengths.count == 4 else { return nil }
        return ScreenRegion(x: lengths[0], y: lengths[1], width: lengths[2], height: lengths[3])
    }

    private mutating func readLength(_ key: String, _ v: ConfigValue, positive: Bool) -> ScreenRegion.Length? {
        let bad =
            "expected region \(key) as pixels (a number or \"40px\"), millimetres (\"10mm\") or a percentage (\"50%\")"
        let number: Double
        let unit: String
        if let n = v.asDouble() {
            (number, unit) = (n, "px")
        } else if let text = v.asString(), case .success(let (n, u)) = splitQuantity(text),
            u == "%" || u == "px" || u == "mm"
        {
            (number, unit) = (n, u)
        } else {
            error("\(bad), found \(v.configText)", at: v.range)
            return nil
        }
        let percent = unit == "%"
        let most = percent ? 100 : DistanceUnit.longest
        guard number.isFinite, positive ? number > 0 : number >= 0, number <= most else {
            let limit =
                percent
                ? (positive ? "above 0% and at most 100%" : "from 0% to 100%")
                : (positive ? "above 0" : "at least 0") + " and at most \(formatNumber(most))"
            error("region \(key) must be \(limit), found \(v.configText)", at: v.range)
            return nil
        }
        switch unit {
        case "%": return .percent(number)
        case "mm": return .millimeters(number)
        default: return .pixels(number)
        }
    }
}
