import XgestCore

/// Reads `begin-action` and `end-action`, and checks where the actions that hold input
/// (`key-down`, `key-up`, `drag`) may stand: they pair across the phases of a
/// continuous gesture, so a gesture recognized in one go has nothing to hold them through.
extension SchemaContext {
    mutating func readPhaseActions(_ table: ConfigTable, _ binding: inout GestureBinding) {
        let continuous = binding.devices.contains { GestureAvailability.isContinuous(binding.kind, on: $0) }
        let onceReason =
            "kind \(quoteBasic(binding.kind.rawValue)) on a \(binding.devices.first?.rawValue ?? "device")"
            + " is recognized once"
        for key in [BindingKey.beginAction, .endAction] {
            guard let entry = table[key.rawValue] else { continue }
            guard continuous else {
                error(
                    "\(key.rawValue) needs a continuous gesture (pan, pinch, rotate, edge, long-press,"
                        + " or a touchpad swipe); \(onceReason)", at: entry.keyRange)
                continue
            }
            let action = readAction(table, key.rawValue)
            if key == .beginAction { binding.beginAction = action } else { binding.endAction = action }
        }
        checkHeldInput(table, binding, continuous: continuous, onceReason: onceReason)
    }

    /// Errors for a holding action where it cannot pair with a release.
    private mutating func checkHeldInput(
        _ table: ConfigTable, _ binding: GestureBinding, continuous: Bool, onceReason: String
    ) {
        let placed: [(BindingKey, BoundAction?)] = [
            (.action, binding.action), (.beginAction, binding.beginAction), (.endAction, binding.endAction),
            (.reverseAction, binding.reverseAction), (.onFailure, binding.failureAction),
        ]
        for (key, bound) in placed {
            guard let bound, let value = table[key.rawValue]?.value else { continue }
            switch bound.action {
            case .drag:
                if key != .action {
                    error(
                        "drag holds its button through the whole gesture: write it as the binding's action,"
                            + " not in \(key.rawValue)", at: value.range)
                } else if !continuous {
                    error("drag needs a continuous gesture to follow; \(onceReason)", at: value.range)
                } else if let other = table[BindingKey.on.rawValue] ?? table[BindingKey.repeat.rawValue] {
                    error(
                        "\(other.key) does not apply to drag: it presses at the begin, follows every update"
                            + " and releases at the end", at: other.keyRange)
                }
            case .keyDown, .keyUp:
                if !continuous {
                    error(
                        "key-down and key-up hold keys across the phases of a continuous gesture; \(onceReason):"
                            + " use key", at: value.range)
                } else if case .keyDown = bound.action, key == .endAction {
                    error(
                        "key-down in end-action would be released at once, when the gesture ends: use key",
                        at: value.range)
                }
            case .key, .exec, .window, .desktop, .click, .scroll:
                break
            }
        }
    }
}
