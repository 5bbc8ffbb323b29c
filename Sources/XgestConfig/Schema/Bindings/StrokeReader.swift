import XgestCore

/// What a binding's `shape` key held.
enum ShapeEntry {
    case absent
    /// Present but not usable (reported already).
    case invalid
    case named(String, ConfigValue)

    var isPresent: Bool {
        switch self {
        case .absent: return false
        case .invalid, .named: return true
        }
    }

    var name: String? {
        if case .named(let n, _) = self { return n }
        return nil
    }
}

/// Reads the stroke keys of a binding: `shape`, checked against the built-in gestures
/// and the user's templates, and the rules that tie it to `direction` and `device`.
extension SchemaContext {
    mutating func readShape(_ table: ConfigTable, _ kind: GestureKind) -> ShapeEntry {
        guard let entry = table[BindingKey.shape.rawValue] else { return .absent }
        guard kind == .stroke else {
            error("shape applies to kind stroke only", at: entry.value.range)
            return .invalid
        }
        guard let (name, v) = string(table, BindingKey.shape.rawValue) else { return .invalid }
        guard strokeShapes.contains(name) else {
            if let leftOut = unknownShapes.leftOut[name] {
                // The user's own shape, not a typo: what matters is why its file did not load.
                error("unknown shape \(quoteBasic(name)): \(leftOut)", at: v.range)
                return .invalid
            }
            error(
                "unknown shape \(quoteBasic(name))\(Suggestions.didYouMean(name, in: strokeShapes));"
                    + " expected a built-in shape or a template of the strokes directory"
                    + (unknownShapes.notFound(name).map { " (\($0))" } ?? "") + ": "
                    + strokeShapes.joined(separator: ", "), at: v.range)
            return .invalid
        }
        return .named(name, v)
    }

    /// A stroke names a shape or a direction, one of the two; a direction alone is judged
    /// on pointer strokes only.
    mutating func checkStroke(
        _ table: ConfigTable, header: String, shape: ShapeEntry, _ binding: inout GestureBinding
    ) {
        guard binding.kind == .stroke else { return }
        let direction = table[BindingKey.direction.rawValue]?.value
        if shape.isPresent, let direction {
            error(
                "a stroke takes a shape or a direction, not both: the shape already says how it is drawn",
                at: direction.range)
            binding.direction = nil
        } else if !shape.isPresent, direction == nil {
            missing(
                "\(header) needs a shape (\(strokeShapes.prefix(3).joined(separator: ", ")), …)"
                    + " or a direction for kind \"stroke\"", at: table.range)
        }
        if let button = table[BindingKey.button.rawValue]?.value, !binding.devices.contains(.pointer) {
            error(
                "button applies to pointer strokes only: on a touchscreen a stroke is drawn with one finger",
                at: button.range)
        }
    }
}
