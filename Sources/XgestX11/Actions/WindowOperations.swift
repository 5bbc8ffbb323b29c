import CXgest
import XgestCore

/// EWMH window operations on the client window a gesture started on.
struct WindowOperations {
    let ewmh: EWMHClient

    func perform(_ operation: WindowOperation, on target: HitTarget, time: EventTime) -> ActionOutcome {
        guard let info = target.window else {
            return .skipped(reason: "window \(operation.rawValue): the gesture was on the desktop, not a window")
        }
        let window = Window(info.id)
        guard let attributes = ewmh.attributes(window) else {
            return .failed(reason: "window \(operation.rawValue): window gone")
        }
        if attributes.override_redirect != 0 {
            return .skipped(
                reason: "window \(operation.rawValue): an override-redirect window (a pop-up or menu),"
                    + " which no window manager manages")
        }
        let display = ewmh.display
        // A gesture begun on a panel is on the panel (an edge swipe starts on the one along
        // that edge), and window managers keep a dock where it is: Openbox ignores maximize,
        // close and the rest for one, and the action said done.
        let types = ewmh.longs(window, "_NET_WM_WINDOW_TYPE", type: Atom(XA_ATOM)).map { Atom($0) }
        if types.contains(display.atom("_NET_WM_WINDOW_TYPE_DOCK")) {
            return .skipped(
                reason: "window \(operation.rawValue): a dock or panel (_NET_WM_WINDOW_TYPE_DOCK),"
                    + " which window managers keep as it is")
        }
        let manager = ewmh.manager()
        func require(_ name: String) -> ActionOutcome? {
            if let none = manager.whyNone { return .failed(reason: "window \(operation.rawValue): \(none)") }
            return manager.supported.contains(display.atom(name))
                ? nil : .failed(reason: "window \(operation.rawValue): the window manager does not support \(name)")
        }
        let timestamp = EWMHClient.timestamp(time)
        let source = EWMHClient.sourceIndication
        switch operation {
        case .maximize:
            if let refusal = require("_NET_WM_STATE_MAXIMIZED_VERT") ?? require("_NET_WM_STATE_MAXIMIZED_HORZ") {
                return refusal
            }
            // Not _NET_WM_STATE_TOGGLE: toggling flips each axis on its own, so a window
            // maximized in one direction would end up maximized in the other only.
            let state = Set(ewmh.longs(window, "_NET_WM_STATE", type: Atom(XA_ATOM)).map { Atom($0) })
            let vertical = display.atom("_NET_WM_STATE_MAXIMIZED_VERT")
            let horizontal = display.atom("_NET_WM_STATE_MAXIMIZED_HORZ")
            let maximized = state.contains(vertical) && state.contains(horizontal)
            ewmh.send(
                "_NET_WM_STATE", window: window,
                [maximized ? WMState.remove : WMState.add, Int(vertical), Int(horizontal), source])
        case .fullscreen:
            if let refusal = require("_NET_WM_STATE_FULLSCREEN") { return refusal }
            ewmh.send(
                "_NET_WM_STATE", window: window,
                [WMState.toggle, Int(display.atom("_NET_WM_STATE_FULLSCREEN")), 0, source])
        case .minimize:
            // ICCCM 4.1.4: a WM_CHANGE_STATE client message asking for IconicState, which any
            // window manager may answer; with none, nothing would, and it said done.
            if manager.supported.isEmpty && !ewmh.managerSelectionIsOwned() {
                let gone = manager == .gone ? " (\(EWMHManager.goneDetail))" : ""
                return .failed(reason: "window minimize: no window manager is running" + gone)
            }
            ewmh.send("WM_CHANGE_STATE", window: window, [Int(IconicState)])
        case .close:
            if let refusal = require("_NET_CLOSE_WINDOW") { return refusal }
            ewmh.send("_NET_CLOSE_WINDOW", window: window, [timestamp, source])
        case .raise:
            let listed = require("_NET_RESTACK_WINDOW") == nil
            // The name costs a round trip, asked only when it decides.
            let request = RaiseRequest.choose(restackListed: listed, managerName: listed ? ewmh.name(of: manager) : nil)
            if request == .restack {
                ewmh.send("_NET_RESTACK_WINDOW", window: window, [source, 0, Int(Above)])
            } else {
                if let refusal = require("_NET_ACTIVE_WINDOW") { return refusal }
                ewmh.send("_NET_ACTIVE_WINDOW", window: window, [source, timestamp, 0])
            }
        case .activate:
            if let refusal = require("_NET_ACTIVE_WINDOW") { return refusal }
            ewmh.send("_NET_ACTIVE_WINDOW", window: window, [source, timestamp, 0])
        }
        return sent(operation.rawValue)
    }

    /// Flushes the message and reports an error the server returned for it.
    private func sent(_ name: String) -> ActionOutcome {
        do {
            try ewmh.display.checked {}
            return .done
        } catch {
            return .failed(reason: "window \(name): \(error)")
        }
    }
}

/// The action field of a `_NET_WM_STATE` client message.
enum WMState {
    static let remove = 0
    static let add = 1
    static let toggle = 2
}
