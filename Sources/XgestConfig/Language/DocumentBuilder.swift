/// The mutable tree the parser grows while reading; frozen into `ConfigDocument` at
/// the end. Tables are classes because headers reach back into tables opened earlier
/// (`[a]`, then `[a.b]`), which with value types would mean copying paths around.
final class TableNode {
    var origin: ConfigTable.Origin
    var range: SourceRange
    /// The keys from the root, for messages and for the frozen table.
    let path: [String]
    private(set) var entries: [EntryNode] = []
    private var indexByKey: [String: Int] = [:]

    init(origin: ConfigTable.Origin, range: SourceRange, path: [String]) {
        self.origin = origin
        self.range = range
        self.path = path
    }

    func entry(_ key: String) -> EntryNode? {
        indexByKey[key].map { entries[$0] }
    }

    func add(_ entry: EntryNode) {
        indexByKey[entry.key] = entries.count
        entries.append(entry)
    }

    func freeze() -> ConfigTable {
        let frozen = entries.map { entry in
            ConfigEntry(key: entry.key, keyRange: entry.keyRange, value: entry.node.freeze())
        }
        return ConfigTable(path: path, origin: origin, range: range, entries: frozen)
    }
}

final class EntryNode {
    let key: String
    var keyRange: SourceRange
    var node: Node

    init(key: String, keyRange: SourceRange, node: Node) {
        self.key = key
        self.keyRange = keyRange
        self.node = node
    }
}

final class TableArrayNode {
    let range: SourceRange
    var tables: [TableNode]

    init(range: SourceRange, first: TableNode) {
        self.range = range
        self.tables = [first]
    }
}

indirect enum Node {
    /// A string, number or boolean, final as parsed.
    case scalar(ConfigValue)
    case array([Node], SourceRange)
    /// Any table, inline ones included (their origin says they are closed).
    case table(TableNode)
    case tableArray(TableArrayNode)

    func freeze() -> ConfigValue {
        switch self {
        case .scalar(let value):
            return value
        case .array(let elements, let range):
            return ConfigValue(kind: .array(elements.map { $0.freeze() }), range: range)
        case .table(let table):
            return ConfigValue(kind: .table(table.freeze()), range: table.range)
        case .tableArray(let array):
            return ConfigValue(kind: .tableArray(array.tables.map { $0.freeze() }), range: array.range)
        }
    }

    /// "an integer", "an inline table"…: what a key already holds, for error messages.
    var description: String {
        switch self {
        case .scalar(let value): return value.kind.description
        case .array: return "an array"
        case .table(let table): return table.origin == .inline ? "an inline table" : "a table"
        case .tableArray: return "an array of tables"
        }
    }
}
