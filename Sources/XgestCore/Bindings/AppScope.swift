/// The windows an `[[app]]` section applies to, and the global bindings it turns off.
///
/// `windowClass` matches a window whose WM_CLASS class *or* instance matches (`firefox`
/// or `Navigator`); `title` matches its title. With both, both must match. The desktop
/// (no window under the gesture) matches no section.
public struct AppScope: Hashable, Sendable {
    public var windowClass: GlobPattern?
    public var title: GlobPattern?
    /// Names of global bindings that do not run in these windows.
    public var disabled: [String]

    public init(windowClass: GlobPattern? = nil, title: GlobPattern? = nil, disabled: [String] = []) {
        self.windowClass = windowClass
        self.title = title
        self.disabled = disabled
    }

    public func matches(_ target: HitTarget) -> Bool {
        guard let w = target.window else { return false }
        if let c = windowClass, !c.matches(w.className), !c.matches(w.instance) { return false }
        if let t = title, !t.matches(w.title) { return false }
        return windowClass != nil || title != nil
    }

    /// How the section is written, for messages: `class "firefox"`, `title "*Terminal*"`.
    public var description: String {
        var parts: [String] = []
        if let c = windowClass { parts.append("class \"\(c.text)\"") }
        if let t = title { parts.append("title \"\(t.text)\"") }
        return parts.joined(separator: ", ")
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
