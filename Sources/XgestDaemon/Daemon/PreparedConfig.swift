import XgestCore

/// A loaded config with its bindings and recognizers made for the screen's densities: all
/// a reload builds that needs no X connection. ``BackgroundReload`` makes it on its own
/// thread, so that the event loop only starts the engine (a third of what applying a
/// config cost it: `xgest-bench config`).
public struct PreparedConfig: Sendable {
    public let loaded: LoadedConfig
    /// The density the bindings' millimetres were converted at.
    public let pixelsPerMillimeter: Double
    /// The touchscreens whose monitor has another density, by id, with it: their
    /// gestures' millimetres are converted at it (``ScreenTracking/touchscreenDensities``).
    public let touchscreenDensities: [Int: Double]
    public let bindings: BindingSet
    /// The bindings made at each of ``touchscreenDensities``, by touchscreen id.
    public let perDevice: [Int: BindingSet]
    public let registrations: [RecognizerRegistration]

    public init(_ loaded: LoadedConfig, pixelsPerMillimeter: Double, touchscreenDensities: [Int: Double] = [:]) {
        self.loaded = loaded
        self.pixelsPerMillimeter = pixelsPerMillimeter
        let own = touchscreenDensities.filter { $0.value != pixelsPerMillimeter }
        self.touchscreenDensities = own
        bindings = loaded.bindingSet(pixelsPerMillimeter: pixelsPerMillimeter)
        let sets = TouchscreenBindingSets(densities: own, base: pixelsPerMillimeter) {
            loaded.bindingSet(pixelsPerMillimeter: $0)
        }
        perDevice = sets.byDevice
        registrations = bindings.registrations(alternatives: sets.alternatives)
    }

    /// This one, or one made again at these densities when the monitors' changed while it
    /// was made.
    public func at(pixelsPerMillimeter ppm: Double, touchscreenDensities: [Int: Double] = [:]) -> PreparedConfig {
        let own = touchscreenDensities.filter { $0.value != ppm }
        return ppm == pixelsPerMillimeter && own == self.touchscreenDensities
            ? self : PreparedConfig(loaded, pixelsPerMillimeter: ppm, touchscreenDensities: touchscreenDensities)
    }
}
