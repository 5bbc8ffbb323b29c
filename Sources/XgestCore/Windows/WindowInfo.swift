/// A top-level application window, as the hit-test found it at the start of a gesture.
public struct WindowInfo: Hashable, Sendable, CustomStringConvertible {
    /// The X window id of the client window (not its frame).
    public var id: UInt64
    /// WM_CLASS instance (first string), e.g. `Navigator`.
    public var instance: String
    /// WM_CLASS class (second string), e.g. `firefox`.
    public var className: String
    /// `_NET_WM_NAME`, else `WM_NAME`.
    public var title: String
    /// `_NET_WM_PID`, when the client set it.
    public var pid: Int32?
    /// The frame-less client geometry in root coordinates.
    public var frame: Rect

    public init(
        id: UInt64, instance: String = "", className: String = "", title: String = "", pid: Int32? = nil,
        frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    ) {
        self.id = id
        self.instance = instance
        self.className = className
        self.title = title
        self.pid = pid
        self.frame = frame
    }

    /// The window's fields, its class, instance and title made ``DisplayText/quotable(_:)``:
    /// a line holding it is written with ``DisplayText/escapedAsWritten(_:)``.
    public var description: String {
        "0x" + String(id, radix: 16) + " class=\(DisplayText.field(className)) instance=\(DisplayText.field(instance))"
            + " title=\"\(DisplayText.quotable(title))\""
    }
}

/// What lies under a point: an application window, or the desktop (root) when none does.
public enum HitTarget: Hashable, Sendable, CustomStringConvertible {
    case window(WindowInfo)
    case desktop

    public var window: WindowInfo? {
        if case .window(let w) = self { return w }
        return nil
    }

    public var description: String {
        switch self {
        case .window(let w): return w.description
        case .desktop: return "desktop"
        }
    }
}

/// The window stack a trace records, for hit-testing during replay: later records stack
/// above earlier ones, a record with a known id replaces that window, and a closed
/// record removes it.
public struct WindowStack: Sendable {
    /// Bottom to top.
    public private(set) var windows: [WindowInfo] = []

    public init() {}

    public mutating func place(_ window: WindowInfo) {
        windows.removeAll { $0.id == window.id }
        windows.append(window)
    }

    public mutating func close(id: UInt64) {
        windows.removeAll { $0.id == id }
    }

    public func hitTest(_ p: Point) -> HitTarget {
        for w in windows.reversed() where w.frame.contains(p) { return .window(w) }
        return .desktop
    }
}
