/// The windows an `[[app]]` section applies to, and the global bindings it turns off.
///
/// `windowClasses` match a window when one of them matches its WM_CLASS class *or*
/// instance (`firefox-esr` or `Navigator` for Firefox ESR); `titles` when one of them
/// matches its title. With both, both must match. The desktop (no window under the
/// gesture) matches no section.
public struct AppScope: Hashable, Sendable {
    public var windowClasses: [GlobPattern]
    public var titles: [GlobPattern]
    /// Names of global bindings that do not run in these windows.
    public var disabled: [String]

    public init(windowClasses: [GlobPattern], titles: [GlobPattern] = [], disabled: [String] = []) {
        self.windowClasses = windowClasses
        self.titles = titles
        self.disabled = disabled
    }

    /// A section with one class glob and one title glob at most.
    public init(windowClass: GlobPattern? = nil, title: GlobPattern? = nil, disabled: [String] = []) {
        self.init(windowClasses: windowClass.map { [$0] } ?? [], titles: title.map { [$0] } ?? [], disabled: disabled)
    }

    public func matches(_ target: HitTarget) -> Bool {
        guard let w = target.window, !windowClasses.isEmpty || !titles.isEmpty else { return false }
        if !windowClasses.isEmpty, !windowClasses.contains(where: { $0.matches(w.className) || $0.matches(w.instance) })
        {
            return false
        }
        if !titles.isEmpty, !titles.contains(where: { $0.matches(w.title) }) { return false }
        return true
    }

    /// How the section is written, for messages: `class "firefox"`, `class ["a", "b"]`,
    /// `title "*Terminal*"`.
    public var description: String {
        var parts: [String] = []
        if !windowClasses.isEmpty { parts.append("class " + Self.describe(windowClasses)) }
        if !titles.isEmpty { parts.append("title " + Self.describe(titles)) }
        return parts.joined(separator: ", ")
    }

    private static func describe(_ patterns: [GlobPattern]) -> String {
        let quoted = patterns.map { "\"\($0.text)\"" }
        return quoted.count == 1 ? quoted[0] : "[" + quoted.joined(separator: ", ") + "]"
    }
}

extension HitTarget {
    /// The window's class (else its instance) or `desktop`: how replay names where a gesture happened.
    public var appName: String {
        switch self {
        case .desktop: return "desktop"
        case .window(let w):
            if !w.className.isEmpty { return w.className }
            return w.instance.isEmpty ? "window" : w.instance
        }
    }
}
