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
        withMatches(target) { $0[a] }
    }

    /// The position in `sections` of the first section that matches `target`; nil when
    /// none does. One lock for the whole list: a global binding asks about every section
    /// that shadows it.
    func firstMatching(among sections: [Int], _ target: HitTarget) -> Int? {
        withMatches(target) { matches in sections.firstIndex { matches[$0] } }
    }

    /// `body` on whether each section matches `target`, worked out when the target is not
    /// the last one asked about.
    private func withMatches<R>(_ target: HitTarget, _ body: ([Bool]) -> R) -> R {
        last.withLock { last in
            if let last, last.target == target { return body(last.matches) }
            let matches = apps.map { $0.matches(target) }
            last = (target, matches)
            return body(matches)
        }
    }
}
