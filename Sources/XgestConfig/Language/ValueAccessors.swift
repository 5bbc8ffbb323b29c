/// Typed reads for the schema layer: each returns nil when the value is of another
/// kind, and `description` names the kind for "expected a string, found an integer".
extension ConfigValue {
    public func asString() -> String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    public func asInteger() -> Int64? {
        if case .integer(let value) = kind { return value }
        return nil
    }

    /// A float, or an integer widened to one: `2` is as good a scale factor as `2.0`.
    public func asDouble() -> Double? {
        switch kind {
        case .float(let value): return value
        case .integer(let value): return Double(value)
        case .string, .boolean, .array, .table, .tableArray: return nil
        }
    }

    public func asBool() -> Bool? {
        if case .boolean(let value) = kind { return value }
        return nil
    }

    public func asArray() -> [ConfigValue]? {
        if case .array(let values) = kind { return values }
        return nil
    }

    public func asTable() -> ConfigTable? {
        if case .table(let table) = kind { return table }
        return nil
    }

    /// The tables of `[[key]]` headers, or of an array literal made only of inline
    /// tables (`key = [{ … }, { … }]`), which mean the same thing.
    public func asTableArray() -> [ConfigTable]? {
        switch kind {
        case .tableArray(let tables):
            return tables
        case .array(let values):
            let tables = values.compactMap { $0.asTable() }
            return tables.count == values.count ? tables : nil
        case .string, .integer, .float, .boolean, .table:
            return nil
        }
    }
}

extension ConfigValue.Kind: CustomStringConvertible {
    /// The kind with an article, as error messages use it: "a string", "an integer".
    public var description: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a float"
        case .boolean: return "a boolean"
        case .array: return "an array"
        case .table(let table): return table.origin == .inline ? "an inline table" : "a table"
        case .tableArray: return "an array of tables"
        }
    }
}
