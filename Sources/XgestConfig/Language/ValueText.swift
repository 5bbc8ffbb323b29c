/// Values written back as config text, on one line: for messages that quote a value,
/// for dumping a parsed config, and so tests can check that writing and re-reading a
/// value gives it back unchanged.
extension ConfigValue {
    public var configText: String { kind.configText }
}

extension ConfigValue.Kind {
    public var configText: String {
        switch self {
        case .string(let text):
            return quoteBasic(text)
        case .integer(let value):
            return String(value)
        case .float(let value):
            if value.isNaN { return "nan" }
            // Swift's shortest round-trip spelling ("1.5", "1e+20", "-inf") is valid here.
            return String(value)
        case .boolean(let value):
            return value ? "true" : "false"
        case .array(let values):
            return "[" + values.map(\.configText).joined(separator: ", ") + "]"
        case .table(let table):
            return table.inlineText
        case .tableArray(let tables):
            return "[" + tables.map(\.inlineText).joined(separator: ", ") + "]"
        }
    }
}

extension ConfigTable {
    /// The table as an inline table, `{ a = 1, b = { c = "x" } }`.
    public var inlineText: String {
        guard !entries.isEmpty else { return "{}" }
        let pairs = entries.map { formatKey($0.key) + " = " + $0.value.configText }
        return "{ " + pairs.joined(separator: ", ") + " }"
    }
}
