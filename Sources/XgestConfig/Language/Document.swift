/// A parsed config: the root table and everything under it, in file order, each with
/// the place it was written, so that a schema layer can both read it and point at it.
public struct ConfigDocument: Sendable, Equatable {
    public var root: ConfigTable

    public init(root: ConfigTable) {
        self.root = root
    }
}

/// A table: the root, a `[header]` table, a table made by a dotted key, an inline
/// table, or one element of an array of tables.
public struct ConfigTable: Sendable, Equatable {
    /// How the table came to exist; a schema can use it to say "write [[gesture]], not
    /// [gesture]" or to point at the right place.
    public enum Origin: Sendable, Equatable {
        case root
        /// `[a.b]`.
        case header
        /// Only named on the way to a deeper header (`a` in `[a.b]`), never opened.
        case implicit
        /// Created by a dotted key (`a` in `a.b = 1`).
        case dotted
        /// `{ … }`.
        case inline
        /// One `[[a.b]]` element.
        case arrayElement
    }

    /// The keys leading to this table from the root; elements of arrays of tables
    /// have the array's path.
    public var path: [String]
    public var origin: Origin
    /// Where the table is defined: its header, its `{`…`}`, the dotted key or header key
    /// that created it, or the start of the file for the root.
    public var range: SourceRange
    /// Entries in the order their keys first appear in the file.
    public var entries: [ConfigEntry]

    public init(path: [String], origin: Origin, range: SourceRange, entries: [ConfigEntry]) {
        self.path = path
        self.origin = origin
        self.range = range
        self.entries = entries
    }

    public var location: SourceLocation { range.start }

    /// The entry with this key, if any (keys are unique within a table).
    public subscript(key: String) -> ConfigEntry? {
        entries.first { $0.key == key }
    }

    /// The path as it would be written in a header: `app.gesture`, quoting keys that
    /// cannot be bare.
    public var dottedPath: String { formatKeyPath(path) }
}

/// One `key = value` (or a sub-table, or an array of tables) in a table.
public struct ConfigEntry: Sendable, Equatable {
    public var key: String
    /// Where this key segment is written where the entry was defined (for a table,
    /// in its header), so "unknown key" errors point at the key itself.
    public var keyRange: SourceRange
    public var value: ConfigValue

    public init(key: String, keyRange: SourceRange, value: ConfigValue) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

/// A value and the source it was written in.
public struct ConfigValue: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        /// A `[ … ]` literal; its elements may be of different kinds.
        case array([ConfigValue])
        /// A `[header]`, dotted, or inline table.
        case table(ConfigTable)
        /// The tables of `[[key]]` headers, in file order.
        case tableArray([ConfigTable])
    }

    public var kind: Kind
    /// The value's text; for a header table, the header.
    public var range: SourceRange

    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    public var location: SourceLocation { range.start }
}

/// Keys joined with dots, quoted where a bare key cannot spell them.
func formatKeyPath(_ keys: [String]) -> String {
    keys.map(formatKey).joined(separator: ".")
}

func formatKey(_ key: String) -> String {
    if !key.isEmpty && key.unicodeScalars.allSatisfy(isBareKeyScalar) {
        return key
    }
    return quoteBasic(key)
}

/// `A-Z a-z 0-9 _ -`: the characters of a bare key.
func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "_", "-": return true
    default: return false
    }
}

/// The string as a basic string literal, escaping what must be escaped.
func quoteBasic(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u" + hex(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
