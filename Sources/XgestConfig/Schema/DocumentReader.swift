import XgestCore

/// The top level: `[settings]`, `[feedback]`, `[[gesture]]` and `[[app]]` (with `[[app.gesture]]`).
extension SchemaContext {
    mutating func readDocument(_ document: ConfigDocument) -> XgestConfiguration {
        let root = document.root
        unknownKeys(root, known: TopLevelKey.allCases.map(\.rawValue))
        var configuration = XgestConfiguration()
        if let entry = root[TopLevelKey.settings.rawValue] {
            if let table = entry.value.asTable() {
                configuration.settings = readSettings(table)
                settings = configuration.settings
            } else {
                let hint = entry.value.asTableArray() != nil ? ": write [settings], not [[settings]]" : ""
                error("expected settings as a table, found \(entry.value.kind.description)\(hint)", at: entry.keyRange)
            }
        }
        if let entry = root[TopLevelKey.feedback.rawValue] {
            if let table = entry.value.asTable() {
                configuration.feedback = readFeedback(table)
            } else {
                let hint = entry.value.asTableArray() != nil ? ": write [feedback], not [[feedback]]" : ""
                error("expected feedback as a table, found \(entry.value.kind.description)\(hint)", at: entry.keyRange)
            }
        }
        var drafts: [BindingDraft] = []
        let globalGestures = tables(root, TopLevelKey.gesture.rawValue)
        for (n, table) in globalGestures.enumerated() {
            if let d = readBinding(table, app: nil, autoName: "gesture-\(n + 1)") { drafts.append(d) }
        }
        var apps: [AppDraft] = []
        let appTables = tables(root, TopLevelKey.app.rawValue)
        for (a, table) in appTables.enumerated() {
            apps.append(readApp(table))
            for (n, g) in tables(table, AppKey.gesture.rawValue).enumerated() {
                if let d = readBinding(g, app: a, autoName: "app-\(a + 1)-gesture-\(n + 1)") { drafts.append(d) }
            }
        }
        checkDuplicateNames(drafts)
        resolveRelations(&drafts)
        let globalNames = drafts.filter { $0.binding.app == nil }.map(\.binding.name)
        for i in apps.indices { resolveDisable(&apps[i], globalNames: globalNames) }
        let shadowed = reportShadowed(drafts, apps: apps)
        reportPreempted(drafts, apps: apps, alreadySaid: shadowed)
        reportAppsWithoutBindings(appTables, globalGestures: globalGestures)
        configuration.bindings = drafts.map(\.binding)
        configuration.apps = apps.map(\.scope)
        return configuration
    }

    /// The tables of an array of tables at `key`; one table written for them is an error.
    private mutating func tables(_ parent: ConfigTable, _ key: String) -> [ConfigTable] {
        guard let entry = parent[key] else { return [] }
        if let tables = entry.value.asTableArray() { return tables }
        let path = formatKeyPath(parent.path + [key])
        if let table = entry.value.asTable() {
            reportListWrittenAsTable(table, key: key, in: parent, at: entry.keyRange)
        } else {
            error("expected \(path) as [[\(path)]] tables, found \(entry.value.kind.description)", at: entry.keyRange)
        }
        return []
    }

    private mutating func checkDuplicateNames(_ drafts: [BindingDraft]) {
        var first: [String: BindingDraft] = [:]
        for d in drafts {
            let name = d.binding.name
            guard let earlier = first[name] else {
                first[name] = d
                continue
            }
            let here = d.nameValue?.range ?? d.table.range
            let there = earlier.nameValue?.range ?? earlier.table.range
            let unnamed = earlier.nameValue == nil ? " (the name of an unnamed binding)" : ""
            error(
                "duplicate binding name \(quoteBasic(name))", at: here,
                notes: [.init(range: there, message: "\(quoteBasic(name)) first used here\(unnamed)")])
        }
    }
}
