/// Keyboard modifiers held during input.
public struct Modifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let ctrl = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let `super` = Modifiers(rawValue: 1 << 3)

    /// Names as the trace format and the config spell them, in a fixed order.
    public static let named: [(name: String, modifier: Modifiers)] = [
        ("shift", .shift), ("ctrl", .ctrl), ("alt", .alt), ("super", .super),
    ]

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
