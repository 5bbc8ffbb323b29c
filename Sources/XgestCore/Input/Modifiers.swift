/// Keyboard modifiers held during input.
public struct Modifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let ctrl = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let `super` = Modifiers(rawValue: 1 << 3)
    /// X's modifier bits Mod1 to Mod5, held with none of the modifiers above on them (Hyper
    /// alone on Mod3, a Mod1 Alt was moved off): named after the bit, since the keymap
    /// gives xgest no better name. They count in an exact match, but bindings cannot name
    /// them.
    public static let mod1 = Modifiers(rawValue: 1 << 4)
    public static let mod2 = Modifiers(rawValue: 1 << 5)
    public static let mod3 = Modifiers(rawValue: 1 << 6)
    public static let mod4 = Modifiers(rawValue: 1 << 7)
    public static let mod5 = Modifiers(rawValue: 1 << 8)

    /// Names as the trace format spells them, in a fixed order; the config knows the
    /// first four.
    public static let named: [(name: String, modifier: Modifiers)] = [
        ("shift", .shift), ("ctrl", .ctrl), ("alt", .alt), ("super", .super),
        ("mod1", .mod1), ("mod2", .mod2), ("mod3", .mod3), ("mod4", .mod4), ("mod5", .mod5),
    ]

    /// `.mod1` to `.mod5`, in their bits' order.
    public static let unnamedBits: [Modifiers] = [.mod1, .mod2, .mod3, .mod4, .mod5]

    public init?(name: String) {
        guard let m = Modifiers.named.first(where: { $0.name == name }) else { return nil }
        self = m.modifier
    }

    public var names: [String] { Modifiers.named.filter { contains($0.modifier) }.map(\.name) }

    public var description: String { names.isEmpty ? "none" : names.joined(separator: "+") }

    /// Why a binding's modifiers turned a gesture down, as its "wrong modifiers" transition
    /// says it: `held ctrl+super, bound super` (modifiers must match exactly).
    public static func mismatch(held: Modifiers, bound: Modifiers) -> String { "held \(held), bound \(bound)" }
}
