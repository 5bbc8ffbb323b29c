import CXgest

/// This process's environment as "NAME=value" entries, with `overrides` replacing (or
/// adding) the variables they name; for a child that needs its own DISPLAY.
func environment(overriding overrides: [String: String]) -> [String] {
    var entries: [String] = []
    if var cursor = xgest_environ() {
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            let name = text.prefix { $0 != "=" }
            if overrides[String(name)] == nil { entries.append(text) }
            cursor += 1
        }
    }
    for (name, value) in overrides.sorted(by: { $0.key < $1.key }) { entries.append(name + "=" + value) }
    return entries
}
