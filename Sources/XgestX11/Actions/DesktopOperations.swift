import CXgest
import XgestCore

/// EWMH virtual desktop operations: switching desktops and showing the desktop.
struct DesktopOperations {
    let ewmh: EWMHClient

    func perform(_ operation: DesktopOperation, time: EventTime) -> ActionOutcome {
        let display = ewmh.display
        let supported = ewmh.supported()
        guard !supported.isEmpty else { return .failed(reason: "desktop: no EWMH window manager is running") }
        if case .showDesktop = operation {
            guard supported.contains(display.atom("_NET_SHOWING_DESKTOP")) else {
                return .failed(reason: "desktop: the window manager does not support _NET_SHOWING_DESKTOP")
            }
            let showing = ewmh.cardinal("_NET_SHOWING_DESKTOP", on: display.root) ?? 0
            ewmh.send("_NET_SHOWING_DESKTOP", window: display.root, [showing == 0 ? 1 : 0])
            return sent()
        }
        guard supported.contains(display.atom("_NET_CURRENT_DESKTOP")),
            let count = ewmh.cardinal("_NET_NUMBER_OF_DESKTOPS", on: display.root), count > 0,
            let current = ewmh.cardinal("_NET_CURRENT_DESKTOP", on: display.root)
        else { return .failed(reason: "desktop: the window manager does not support switching desktops") }
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

    private func sent() -> ActionOutcome {
        do {
            try ewmh.display.checked {}
            return .done
        } catch {
            return .failed(reason: "desktop: \(error)")
        }
    }
}
