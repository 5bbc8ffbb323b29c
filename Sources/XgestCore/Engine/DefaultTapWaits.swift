/// The tap default, for every tap at once: each tap that takes it waits for the taps on
/// the same kind of device that need the same fingers and more taps
/// (``MultiTapProfile/waitsByDefault(for:)``). The engine adds these requirements and the
/// config check looks for cycles through them; both ask this, so they cannot disagree.
///
/// Taps are grouped by what must match (device kind and fingers) and, in a group, by their
/// number of taps: a tap's waits are the taps of its group with more, gathered once per
/// number of taps, so the work grows with the taps and the waits found, not with the
/// square of the taps. Comparing every tap with every other made 20,000 taps take 0.7 s
/// to check in a release build, and 60,000 4.6 s, where none waits for another.
public enum DefaultTapWaits {
    public struct Tap: Sendable {
        /// Its place among the registrations (or bindings), which the waits name.
        public var index: Int
        public var device: DeviceKind
        public var profile: MultiTapProfile
        /// Whether it waits by default (``RecognizerRegistration/defaultTapRelations``);
        /// one that does not is still waited for.
        public var takesDefault: Bool

        public init(index: Int, device: DeviceKind, profile: MultiTapProfile, takesDefault: Bool) {
            self.index = index
            self.device = device
            self.profile = profile
            self.takesDefault = takesDefault
        }
    }

    private struct Group: Hashable {
        var device: DeviceKind
        var touches: Int
    }

    /// For each tap that takes the default, in the order given, the indices of the taps it
    /// waits for, in the order given; taps given in increasing index order. `steps` counts
    /// the taps visited in gathering them (not the waits handed out): the test of growth
    /// reads it.
    public static func waits(of taps: [Tap], steps: inout Int) -> [(index: Int, waitsFor: [Int])] {
        // Per group, per number of taps, the taps' indices in order.
        var groups: [Group: [Int: [Int]]] = [:]
        for tap in taps {
            steps += 1
            groups[Group(device: tap.device, touches: tap.profile.touches), default: [:]][tap.profile.taps, default: []]
                .append(tap.index)
        }
        // Per group, per number of taps, the taps of the group with more, in order: each
        // number's from the next larger one's, merged with that number's own taps.
        var more: [Group: [Int: [Int]]] = [:]
        for (group, byTaps) in groups {
            var above: [Int] = []
            var table: [Int: [Int]] = [:]
            for count in byTaps.keys.sorted(by: >) {
                table[count] = above
                above = merged(above, byTaps[count] ?? [], steps: &steps)
            }
            more[group] = table
        }
        return taps.compactMap { tap in
            guard tap.takesDefault else { return nil }
            steps += 1
            let group = Group(device: tap.device, touches: tap.profile.touches)
            return (tap.index, more[group]?[tap.profile.taps] ?? [])
        }
    }

    /// Two increasing lists as one.
    private static func merged(_ a: [Int], _ b: [Int], steps: inout Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            steps += 1
            if j == b.count || (i < a.count && a[i] < b[j]) {
                out.append(a[i])
                i += 1
            } else {
                out.append(b[j])
                j += 1
            }
        }
        return out
    }
}
