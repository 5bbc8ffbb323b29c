/// The modifier map as the debug trace says it, when the capture opens and when the
/// keymap changes.
extension ModifierMap {
    /// `alt mod1, super mod4, num lock mod2`, and what cannot work, once per map: a
    /// binding's modifier on no bit never matches.
    var summary: String {
        var parts: [String] = []
        for (name, mask) in [("alt", alt), ("super", self.super), ("hyper", hyper)] {
            guard mask != 0 else { continue }
            parts.append(
                "\(name) \(Self.bitNames(mask))" + (name == "hyper" ? " (held as \(Self.bitNames(mask)))" : ""))
        }
        for (name, mask) in [("num lock", numLock), ("scroll lock", scrollLock)] where mask != 0 {
            parts.append("\(name) \(Self.bitNames(mask))")
        }
        var text = "modifier map: " + (parts.isEmpty ? "no known key on mod1 to mod5" : parts.joined(separator: ", "))
        let missing = [("alt", alt), ("super", self.super)].filter { $0.1 == 0 }.map(\.0)
        if !missing.isEmpty {
            let names = missing.joined(separator: " and ")
            text +=
                "; \(names) \(missing.count == 1 ? "is" : "are") on no modifier bit: bindings with"
                + " \(missing.count == 1 ? "it" : "them") in their modifiers never match"
        }
        return text
    }

    private static func bitNames(_ mask: UInt32) -> String {
        zip(modBits, 1...).filter { mask & $0.0 != 0 }.map { "mod\($0.1)" }.joined(separator: "+")
    }
}
