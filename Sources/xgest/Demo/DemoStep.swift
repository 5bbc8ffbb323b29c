import XgestDaemon
import XgestTestServer

/// One scripted scene of the demo: its caption, the input it plays, and what the daemon
/// must do for the caption to be true, checked against the daemon's own trace.
struct DemoStep {
    var title: String
    var expectation: DemoExpectation
    /// Trace lines (each with how many of them) that show the daemon has dealt with the scene.
    var markers: [(text: String, count: Int)]
    var play: (XorgServer) throws -> Void
}

/// What a scene's caption promises.
enum DemoExpectation {
    /// No binding acts: the input goes back to the application.
    case handedBack
    /// `binding` runs `action`; a window or desktop action needs a window manager, and
    /// without one it must fail saying so.
    case action(binding: String, action: String, needsWindowManager: Bool)

    /// Nil when the scene's trace lines bear the caption out, else what went wrong.
    func mismatch(in lines: [String], withWindowManager: Bool) -> String? {
        let actions = lines.filter { $0.contains(DemoTrace.actionTag) }
        switch self {
        case .handedBack:
            guard let first = actions.first else { return nil }
            return "no binding was to act, but: \(first)"
        case .action(let binding, let action, let needsWindowManager):
            // A pointer action's line names the pixel too: "click 2 at 1340,925 on …".
            let own = actions.filter { line in
                guard let r = line.firstRange(of: DemoTrace.actionTag + binding + ": " + action + " ") else {
                    return false
                }
                let rest = line[r.upperBound...]
                return rest.hasPrefix("on ") || rest.hasPrefix("at ")
            }
            if let other = actions.first(where: { !own.contains($0) }) { return "another binding acted: \(other)" }
            guard !own.isEmpty else { return "\(binding) did not run \"\(action)\"" }
            let outcomes =
                needsWindowManager && !withWindowManager
                ? [DemoTrace.failed, DemoTrace.noWindowManager] : [DemoTrace.done]
            if let wrong = own.first(where: { line in !outcomes.allSatisfy { line.contains($0) } }) {
                return "expected \"\(outcomes.joined(separator: " … "))\": \(wrong)"
            }
            return nil
        }
    }
}

/// The parts of `xgest run --debug` lines the demo looks for (Output/DebugTrace.swift).
enum DemoTrace {
    static let actionTag = "action         "
    static let done = "-> done"
    static let failed = "-> failed: "
    static let noWindowManager = "no EWMH window manager is running"
}
