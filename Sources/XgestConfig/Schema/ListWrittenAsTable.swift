/// What to say when a list of tables (`[[gesture]]`, `[[app]]`, `[[app.gesture]]`) was
/// written as one table, by the way it was written: each way needs its own correction.
extension SchemaContext {
    /// `table`, at `key` in `parent`, where `[[key]]` tables belong.
    mutating func reportListWrittenAsTable(
        _ table: ConfigTable, key: String, in parent: ConfigTable, at range: SourceRange
    ) {
        let path = formatKeyPath(parent.path + [key])
        switch table.origin {
        case .implicit:
            // Only named by a deeper header (`[[app.gesture]]` with no `[[app]]` before it),
            // not written as [app]: what is missing is the element the deeper one belongs to.
            guard let inner = table.entries.first else { break }
            let innerPath = formatKeyPath(table.path + [inner.key])
            let what = key == TopLevelKey.app.rawValue && parent.origin == .root ? " (with class or title)" : ""
            let needs = "needs an [[\(path)]]\(what) above it"
            if inner.value.asTableArray() != nil {
                error("[[\(innerPath)]] \(needs): it belongs to the [[\(path)]] just before", at: range)
            } else {
                error("[\(innerPath)] \(needs), and is written [[\(innerPath)]]", at: range)
            }
            return
        case .dotted:
            // `gesture.shape = "check"`: TOML's dotted key, which makes one table; the
            // message meant for a [gesture] header sent the user looking for one.
            let written = Self.dottedKeys(table, from: key)
            let keys = table.entries.map { formatKeyPath(Self.dottedKeys(of: $0)) + " = …" }
            let suits =
                parent.origin == .root
                ? " (a dotted key suits a table written once, as settings.swipe-distance = … does for [settings])" : ""
            error(
                "\(written) is a dotted key, which makes \(path) one table, but \(path) is a list of tables:"
                    + " write [[\(path)]] on a line of its own, then \(keys.joined(separator: ", ")) under it\(suits)",
                at: range)
            return
        case .inline:
            error("\(path) is a list: write [[\(path)]] for each one, not one inline table \(path) = { … }", at: range)
            return
        case .root, .header, .arrayElement:
            break
        }
        error("\(path) is a list: write [[\(path)]] for each one, not [\(path)]", at: range)
    }

    /// The first dotted key that made `table`, as written: `app.class` for `app.class = "x"`.
    private static func dottedKeys(_ table: ConfigTable, from key: String) -> String {
        formatKeyPath([key] + (table.entries.first.map(dottedKeys(of:)) ?? []))
    }

    /// The keys of `entry` down to its first value: `gesture.kind` for an entry `gesture`
    /// made by `gesture.kind = "tap"`.
    private static func dottedKeys(of entry: ConfigEntry) -> [String] {
        guard let table = entry.value.asTable(), table.origin == .dotted, let first = table.entries.first else {
            return [entry.key]
        }
        return [entry.key] + dottedKeys(of: first)
    }
}
