import XgestCore

/// Two bindings of the same gesture in the same scope (global, or one `[[app]]`): the
/// engine runs both recognizers on the same input, they begin or recognize on the same
/// event, and the first in the config fails the other (prevention runs both ways by
/// default), so the second never fires. Accepted with no word, a copy-paste slip looked
/// like a binding that did nothing for no reason.
///
/// Said only where it is certain: everything the recognizers and the engine's arbitration
/// look at is the same (kind, devices, fingers, direction, taps, button, shape, pattern,
/// conditions, the binding's own settings, `requires-failure-of`, `simultaneous-with`,
/// touch handling), both are enabled, neither writes `prevents` or `prevented-by`, and no
/// app section disables the first (the second fires there). Lists written alike cannot
/// relate the two: a binding naming the other would need the other to name itself. Only
/// the name and what is run differ. Not said of a config with errors.
extension SchemaContext {
    /// The indices of the bindings it warned of.
    @discardableResult
    mutating func reportShadowed(_ drafts: [BindingDraft], apps: [AppDraft]) -> Set<Int> {
        // A binding with an error may be read without the value that made it differ (a
        // region out of range is left out), and a config with errors runs nothing anyway.
        guard !(diagnostics + completenessDiagnostics).contains(where: { $0.severity == .error }) else { return [] }
        var said = Set<Int>()
        let disabledSomewhere = Set(apps.flatMap(\.scope.disabled))
        // Keyed by the recognition alone, so that 20,000 copies are one look-up each.
        var first: [GestureBinding: Int] = [:]
        for (i, draft) in drafts.enumerated() {
            let b = draft.binding
            guard b.isEnabled, b.prevents == nil, b.preventedBy == nil else { continue }
            let key = Self.recognition(of: b)
            guard let j = first[key] else {
                first[key] = i
                continue
            }
            let earlier = drafts[j].binding.name
            guard b.app != nil || !disabledSomewhere.contains(earlier) else { continue }
            said.insert(i)
            report(
                .warning(
                    "\(quoteBasic(b.name)) can never fire: \(quoteBasic(earlier)) takes the same gesture (the first"
                        + " of two alike fails the other; make them differ, or relate them with simultaneous-with)",
                    at: draft.table.range,
                    notes: [.init(range: drafts[j].table.range, message: "\(quoteBasic(earlier)) is here")]))
        }
        return said
    }

    private static func recognition(of binding: GestureBinding) -> GestureBinding {
        PreemptionRules.recognition(of: binding)
    }
}
