import CXgest
import XgestCore

/// EWMH virtual desktop operations: switching desktops and showing the desktop.
struct DesktopOperations {
    let ewmh: EWMHClient

    func perform(_ operation: DesktopOperation, time: EventTime) -> ActionOutcome {
        let display = ewmh.display
        let manager = ewmh.manager()
        if let none = manager.whyNone {
            return .failed(reason: "\(operation == .showDesktop ? Self.label(operation) : "desktop"): \(none)")
        }
        let supported = manager.supported
        if case .showDesktop = operation {
            guard supported.contains(display.atom("_NET_SHOWING_DESKTOP")) else {
                return .failed(
                    reason: "\(Self.label(operation)): the window manager does not support _NET_SHOWING_DESKTOP")
            }
            let showing = ewmh.cardinal("_NET_SHOWING_DESKTOP", on: display.root) ?? 0
            ewmh.send("_NET_SHOWING_DESKTOP", window: display.root, [showing == 0 ? 1 : 0])
            return sent()
        }
        guard supported.contains(display.atom("_NET_CURRENT_DESKTOP")) else { return Self.unsupported }
        guard let count = ewmh.cardinal("_NET_NUMBER_OF_DESKTOPS", on: display.root),
            let current = ewmh.cardinal("_NET_CURRENT_DESKTOP", on: display.root)
        else { return unreadable(operation) }
        if let nonsense = Self.nonsense(count: count, current: current, for: operation) {
            return .failed(reason: "\(Self.label(operation)): \(nonsense)")
        }
        let target: Int
        switch operation {
        case .next(let wrap):
            if current + 1 < count {
                target = current + 1
            } else if wrap {
                target = 0
            } else {
                return .skipped(reason: "desktop next: already on the last desktop (\(count))")
            }
        case .previous(let wrap):
            if current > 0 {
                target = current - 1
            } else if wrap {
                target = count - 1
            } else {
                return .skipped(reason: "desktop previous: already on the first desktop")
            }
        case .number(let n):
            guard (1...count).contains(n) else {
                return .failed(
                    reason: "desktop \(n): " + (count == 1 ? "there is 1 desktop" : "there are \(count) desktops"))
            }
            target = n - 1
        case .showDesktop:
            return .failed(reason: "bug: show-desktop handled above")
        }
        if target == current { return .skipped(reason: "desktop: already on desktop \(target + 1)") }
        ewmh.send("_NET_CURRENT_DESKTOP", window: display.root, [target, EWMHClient.timestamp(time)])
        return sent()
    }

    /// The most desktops a window manager can sensibly say it has: the largest desktop
    /// number a binding can name. A count past it is a broken or hostile value (2^32 − 1,
    /// a −1 written unsigned), and a switch computed from it would be reported done.
    static let largestCount = 999_999_999

    /// Why the window manager's numbers cannot be acted on, nil when they can: no desktop,
    /// a count past ``largestCount``, or (for a move from the current desktop) a current
    /// desktop that is not one of them, from which "next" or "previous" would ask for a
    /// desktop that does not exist.
    static func nonsense(count: Int, current: Int, for operation: DesktopOperation) -> String? {
        if count == 0 { return "the window manager says it has no desktop (_NET_NUMBER_OF_DESKTOPS is 0)" }
        if count > largestCount {
            return "the window manager's desktop count makes no sense (_NET_NUMBER_OF_DESKTOPS is \(count))"
        }
        switch operation {
        case .next, .previous:
            guard current >= count else { return nil }
            return "the window manager's current desktop is none of its \(count) (_NET_CURRENT_DESKTOP is \(current),"
                + " numbered from 0)"
        case .number, .showDesktop:
            return nil
        }
    }

    /// Why the desktop numbers of a window manager that lists the support could not be
    /// read. A property that is there but is no
    /// CARDINAL is the window manager's mistake (or another client's), not a missing
    /// feature: it is said as what it is. Asked only after a read failed, so a switch
    /// costs no round trip more.
    private func unreadable(_ operation: DesktopOperation) -> ActionOutcome {
        let root = ewmh.display.root
        for property in ["_NET_NUMBER_OF_DESKTOPS", "_NET_CURRENT_DESKTOP"] {
            if let what = ewmh.notACardinal(property, on: root) {
                return .failed(reason: "\(Self.label(operation)): the window manager's \(property) \(what)")
            }
        }
        return Self.unsupported
    }

    private static let unsupported = ActionOutcome.failed(
        reason: "desktop: the window manager does not support switching desktops")

    /// The operation as its failures begin.
    private static func label(_ operation: DesktopOperation) -> String {
        switch operation {
        case .next: "desktop next"
        case .previous: "desktop previous"
        case .number(let n): "desktop \(n)"
        case .showDesktop: "show-desktop"
        }
    }

    private func sent() -> ActionOutcome {
        do {
            try ewmh.display.checked {}
            return .done
        } catch {
            return .failed(reason: "desktop: \(error)")
        }
    }
}
