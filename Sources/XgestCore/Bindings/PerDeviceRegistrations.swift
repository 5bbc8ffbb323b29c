extension BindingSet {
    /// The engine's registrations, with each touchscreen registration's recognizer and
    /// conditions taken from `alternatives` for their devices
    /// (``RecognizerRegistration/perDevice``): this config's bindings made at the density
    /// of those touchscreens' own monitor. Made from the same config, so their entries
    /// come in the same order as this set's.
    public func registrations(alternatives: [(devices: [Int], set: BindingSet)]) -> [RecognizerRegistration] {
        var registrations = registrations()
        for (devices, set) in alternatives where !devices.isEmpty {
            let theirs = set.registrations()
            guard theirs.count == registrations.count else { continue }
            for (i, r) in theirs.enumerated() where r.deviceKind == .touchscreen && r.name == registrations[i].name {
                let alternative = DeviceRecognizer(
                    recognizer: r.recognizer, shouldReceive: r.shouldReceive, shouldBegin: r.shouldBegin)
                for device in devices { registrations[i].perDevice[device] = alternative }
            }
        }
        return registrations
    }
}

/// A config's bindings made at each touchscreen's own density, where its monitor's is
/// not the base one the config's set was made at: once per distinct density, so that two
/// touchscreens on monitors of one density share a set.
public struct TouchscreenBindingSets: Sendable {
    /// By touchscreen id.
    public let byDevice: [Int: BindingSet]
    /// Each distinct set with its touchscreens, for ``BindingSet/registrations(alternatives:)``.
    public let alternatives: [(devices: [Int], set: BindingSet)]

    /// `densities` by touchscreen id; those equal to `base` need no set of their own.
    public init(densities: [Int: Double], base: Double, make: (Double) -> BindingSet) {
        var byDevice: [Int: BindingSet] = [:]
        var alternatives: [(devices: [Int], set: BindingSet)] = []
        let own = densities.filter { $0.value != base }
        for ppm in Set(own.values).sorted() {
            let devices = own.keys.filter { own[$0] == ppm }.sorted()
            let set = make(ppm)
            alternatives.append((devices, set))
            for d in devices { byDevice[d] = set }
        }
        self.byDevice = byDevice
        self.alternatives = alternatives
    }

    public static let none = TouchscreenBindingSets(densities: [:], base: 0) { _ in BindingSet(bindings: [], apps: []) }
}
