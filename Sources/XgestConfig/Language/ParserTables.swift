/// Headers and key insertion, with TOML's rules on what may be defined where:
/// - a table is opened by one header only; a table named on the way to a deeper header
///   (`a` in `[a.b]`) may still get its own `[a]` later;
/// - `[[a]]` appends a table to the array `a`; `[a.b]` and `[[a.b]]` after it go into
///   the latest element of `a`;
/// - dotted keys (`a.b = 1`) create tables that only other dotted keys of the same
///   table may extend, and which a header may add sub-tables to but not reopen;
/// - inline tables and arrays are closed once written: nothing may add to them;
/// - a key is defined once, as a value or as a table, never both.
extension Parser {
    typealias KeyPath = [(name: String, range: SourceRange)]

    mutating func parseTableHeader() throws {
        let open = token.range
        advance(.key)
        let keys = try parseKey()
        guard token.kind == .rightBracket else {
            throw fail("expected \"]\" to close the table header, found \(token.spelling)")
        }
        let header = SourceRange(start: open.start, end: token.range.end)
        try checkHeaderParts(keys, header: header)
        advance(.afterValue)
        current = defineTable(keys, header: header)
        try expectEndOfLine(after: "table header")
    }

    mutating func parseArrayOfTablesHeader() throws {
        let open = token.range
        advance(.key)
        let keys = try parseKey()
        guard token.kind == .doubleRightBracket else {
            throw fail("expected \"]]\" to close the array-of-tables header, found \(token.spelling)")
        }
        let header = SourceRange(start: open.start, end: token.range.end)
        try checkHeaderParts(keys, header: header)
        advance(.afterValue)
        current = appendTable(keys, header: header)
        try expectEndOfLine(after: "array-of-tables header")
    }

    /// Refuses a header of too many parts (``Parser/maximumKeyParts``). The lines under it
    /// go to a detached table, checked but kept out of the document and out of the table
    /// before the header.
    private mutating func checkHeaderParts(_ keys: KeyPath, header: SourceRange) throws {
        do {
            try checkKeyParts(keys, under: 0)
        } catch {
            current = TableNode(origin: .header, range: header, path: [])
            throw error
        }
    }

    /// The table a header's leading keys lead to, creating implicit tables on the way;
    /// nil (after reporting why) if one of them is a value.
    private mutating func walkHeaderPrefix(_ keys: KeyPath, header: SourceRange) -> TableNode? {
        var table = root
        for (offset, key) in keys.dropLast().enumerated() {
            guard let entry = table.entry(key.name) else {
                let created = TableNode(origin: .implicit, range: key.range, path: keys.prefix(offset + 1).map(\.name))
                table.add(EntryNode(key: key.name, keyRange: key.range, node: .table(created)))
                table = created
                continue
            }
            switch entry.node {
            case .table(let sub) where sub.origin != .inline:
                table = sub
            case .tableArray(let array):
                table = array.tables[array.tables.count - 1]
            case .table, .scalar, .array:
                let path = keys.prefix(offset + 1).map(\.name)
                error(
                    "\(displayKey(path)) is already \(entry.node.description), so it cannot hold a table",
                    at: key.range, notes: [firstDefinition(entry, path: path)])
                return nil
            }
        }
        return table
    }

    /// The table for `[keys]`; on error a detached table, so the lines under the bad
    /// header are still checked but do not pile up errors against the real one.
    private mutating func defineTable(_ keys: KeyPath, header: SourceRange) -> TableNode {
        let detached = TableNode(origin: .header, range: header, path: keys.map(\.name))
        guard let parent = walkHeaderPrefix(keys, header: header), let last = keys.last else { return detached }
        let path = keys.map(\.name)
        guard let entry = parent.entry(last.name) else {
            let table = TableNode(origin: .header, range: header, path: path)
            parent.add(EntryNode(key: last.name, keyRange: last.range, node: .table(table)))
            return table
        }
        let first = firstDefinition(entry, path: path)
        switch entry.node {
        case .table(let table):
            switch table.origin {
            case .implicit:
                // Named before on the way to a deeper header; this is its definition.
                table.origin = .header
                table.range = header
                entry.keyRange = last.range
                return table
            case .header, .root, .arrayElement:
                error("table [\(formatKeyPath(path))] is defined more than once", at: header, notes: [first])
            case .dotted:
                error(
                    "table [\(formatKeyPath(path))] is already defined by dotted keys", at: header, notes: [first])
            case .inline:
                error(
                    "\(displayKey(path)) is already an inline table, so it cannot be reopened", at: header,
                    notes: [first])
            }
        case .tableArray:
            error(
                "\(displayKey(path)) is already an array of tables; write [[\(formatKeyPath(path))]] to add one",
                at: header, notes: [first])
        case .scalar, .array:
            error(
                "\(displayKey(path)) is already \(entry.node.description), so it cannot be a table", at: header,
                notes: [first])
        }
        return detached
    }

    private mutating func appendTable(_ keys: KeyPath, header: SourceRange) -> TableNode {
        let element = TableNode(origin: .arrayElement, range: header, path: keys.map(\.name))
        guard let parent = walkHeaderPrefix(keys, header: header), let last = keys.last else { return element }
        let path = keys.map(\.name)
        guard let entry = parent.entry(last.name) else {
            let array = TableArrayNode(range: header, first: element)
            parent.add(EntryNode(key: last.name, keyRange: last.range, node: .tableArray(array)))
            return element
        }
        switch entry.node {
        case .tableArray(let array):
            array.tables.append(element)
        case .table, .scalar, .array:
            error(
                "\(displayKey(path)) is already \(entry.node.description), so it cannot be an array of tables",
                at: header, notes: [firstDefinition(entry, path: path)])
        }
        return element
    }

    /// Puts `key.path = value` into `table`, creating dotted tables on the way.
    mutating func insert(_ value: Node, at keys: KeyPath, into start: TableNode) {
        guard let last = keys.last else { return }
        var table = start
        for (offset, key) in keys.dropLast().enumerated() {
            let path = start.path + keys.prefix(offset + 1).map(\.name)
            guard let entry = table.entry(key.name) else {
                let created = TableNode(origin: .dotted, range: key.range, path: path)
                table.add(EntryNode(key: key.name, keyRange: key.range, node: .table(created)))
                table = created
                continue
            }
            let first = firstDefinition(entry, path: path)
            switch entry.node {
            case .table(let sub):
                switch sub.origin {
                case .dotted:
                    table = sub
                    continue
                case .header, .implicit, .root, .arrayElement:
                    error(
                        "table \(displayKey(path)) is defined by a header; add keys to it under that header",
                        at: key.range, notes: [first])
                case .inline:
                    error(
                        "\(displayKey(path)) is an inline table, which cannot be extended", at: key.range,
                        notes: [first])
                }
            case .tableArray:
                error(
                    "\(displayKey(path)) is an array of tables, which dotted keys cannot extend", at: key.range,
                    notes: [first])
            case .scalar, .array:
                error(
                    "\(displayKey(path)) is already \(entry.node.description), so it cannot hold keys", at: key.range,
                    notes: [first])
            }
            return
        }
        let path = start.path + keys.map(\.name)
        guard let entry = table.entry(last.name) else {
            table.add(EntryNode(key: last.name, keyRange: last.range, node: value))
            return
        }
        let first = firstDefinition(entry, path: path)
        switch entry.node {
        case .scalar, .array:
            error("duplicate key \(displayKey(path))", at: last.range, notes: [first])
        case .table(let sub) where sub.origin == .inline:
            error("duplicate key \(displayKey(path))", at: last.range, notes: [first])
        case .table, .tableArray:
            error(
                "\(displayKey(path)) is already \(entry.node.description), so it cannot be a value", at: last.range,
                notes: [first])
        }
    }

    private func firstDefinition(_ entry: EntryNode, path: [String]) -> Diagnostic.Note {
        let range: SourceRange
        switch entry.node {
        case .table(let table) where table.origin == .header: range = table.range
        case .tableArray(let array): range = array.range
        case .scalar, .array, .table: range = entry.keyRange
        }
        return Diagnostic.Note(range: range, message: "\(displayKey(path)) first defined here")
    }
}

/// A key path for a message: `"a.b"` when every key is bare, else the quoted form.
func displayKey(_ keys: [String]) -> String {
    if keys.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(isBareKeyScalar) }) {
        return "\"" + keys.joined(separator: ".") + "\""
    }
    return formatKeyPath(keys)
}
