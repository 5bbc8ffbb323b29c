/// An `[[app]]` section with no bindings and no `disable` does nothing, and is almost
/// always `[[app]]` followed by `[[gesture]]` where `[[app.gesture]]` was meant: that
/// gesture then applies in every application, and check said nothing. A warning names
/// the section, and each global `[[gesture]]` written under it before the next `[[app]]`.
/// Not said of a config with errors, which runs nothing, and whose errors come first.
extension SchemaContext {
    mutating func reportAppsWithoutBindings(_ apps: [ConfigTable], globalGestures: [ConfigTable]) {
        guard !(diagnostics + completenessDiagnostics).contains(where: { $0.severity == .error }) else { return }
        for (i, app) in apps.enumerated() {
            // `disable = []` disables nothing; any other disable is read (and checked) elsewhere.
            let disable = app[AppKey.disable.rawValue]?.value
            guard app[AppKey.gesture.rawValue] == nil, disable == nil || disable?.asArray()?.isEmpty == true else {
                continue
            }
            let next = apps.indices.contains(i + 1) ? apps[i + 1].location : nil
            let under = globalGestures.filter { g in
                g.location > app.location && next.map { g.location < $0 } ?? true
            }
            let notes = under.map {
                Diagnostic.Note(
                    range: $0.range,
                    message:
                        "this [[gesture]] is global: it applies in every application, not only in the [[app]] above")
            }
            // Left out when the parser reported errors: the line it dropped may be the binding.
            completenessDiagnostics.append(
                .warning(
                    "[[app]] has no bindings and disables nothing: its gestures are written [[app.gesture]]",
                    at: app.range, notes: notes))
        }
    }
}
