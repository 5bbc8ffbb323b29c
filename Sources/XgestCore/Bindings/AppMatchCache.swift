import Synchronization

/// Which app sections match a window, worked out once per window instead of once per
/// binding that asks.
///
/// Every binding's receive condition asks when a sequence starts: an app binding whether
/// its section matches the window under it, a global binding whether a section that
/// overrides or disables it does. With 100 sections of ten bindings, each global was
/// shadowed by every section, and a touch matched window globs about 20,000 times
/// (1.4 ms, `xgest-bench config`); the conditions of one sequence all ask about the same
/// window, so the answers for every section are kept for the last window asked about.
final class AppMatchCache: Sendable {
    private let apps: [AppScope]
    private let last = Mutex<(target: HitTarget, matches: [Bool])?>(nil)

    init(apps: [AppScope]) { self.apps = apps }

    func matches(section a: Int, _ target: HitTarget) -> Bool {
        last.withLock { last in
            if let last, last.target == target { return last.matches[a] }
            let matches = apps.map { $0.matches(target) }
            last = (target, matches)
            return matches[a]
        }
    }
}
