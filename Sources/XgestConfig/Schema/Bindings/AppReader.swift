import XgestCore

/// An `[[app]]` section read from its table; `disable` is resolved once every global
/// binding is known.
struct AppDraft {
    var scope: AppScope
    var table: ConfigTable
    var disable: [(String, ConfigValue)]
}

extension SchemaContext {
    mutating func readApp(_ table: ConfigTable) -> AppDraft {
        unknownKeys(table, known: AppKey.allCases.map(\.rawValue))
        var scope = AppScope()
        scope.windowClasses = readGlobs(table, AppKey.class.rawValue)
        scope.titles = readGlobs(table, AppKey.title.rawValue)
        if table[AppKey.class.rawValue] == nil && table[AppKey.title.rawValue] == nil {
            error("[[app]] needs class (a WM_CLASS glob) or title (a window title glob)", at: table.range)
        }
        let disable = stringList(table, AppKey.disable.rawValue) ?? []
        return AppDraft(scope: scope, table: table, disable: disable)
    }

    /// A glob, or a list of globs of which one must match (`class = ["firefox*", "[Cc]hromium"]`).
    private mutating func readGlobs(_ table: ConfigTable, _ key: String) -> [GlobPattern] {
        guard let items = stringList(table, key) else { return [] }
        if items.isEmpty, let v = table[key]?.value {
            error("\(key) needs at least one pattern", at: v.range)
        }
        var globs: [GlobPattern] = []
        for (text, v) in items {
            do {
                globs.append(try GlobPattern(text))
            } catch {
                self.error("invalid \(key) pattern \(quoteBasic(text)): \(error.message)", at: v.range)
            }
        }
        return globs
    }

    /// `disable` entries are globs over global binding names; one that matches none is an error.
    mutating func resolveDisable(_ app: inout AppDraft, globalNames: [String]) {
        for (text, value) in app.disable {
            guard let pattern = try? GlobPattern(text) else {
                error("invalid disable pattern \(quoteBasic(text))", at: value.range)
                continue
            }
            let matched = globalNames.filter(pattern.matches)
            if matched.isEmpty {
                if pattern.hasWildcards {
                    missing("disable pattern \(quoteBasic(text)) matches no global binding", at: value.range)
                } else {
                    missing(
                        "disable: no global binding is named \(quoteBasic(text))"
                            + Suggestions.didYouMean(text, in: globalNames), at: value.range)
                }
            }
            for name in matched where !app.scope.disabled.contains(name) { app.scope.disabled.append(name) }
        }
    }
}
