import XgestCore

/// A loaded config with its bindings and recognizers made for one density: all a reload
/// builds that needs no X connection. ``BackgroundReload`` makes it on its own thread, so
/// that the event loop only starts the engine (a third of what applying a config cost it:
/// `xgest-bench config`).
public struct PreparedConfig: Sendable {
    public let loaded: LoadedConfig
    /// The density the bindings' millimetres were converted at.
    public let pixelsPerMillimeter: Double
    public let bindings: BindingSet
    public let registrations: [RecognizerRegistration]

    public init(_ loaded: LoadedConfig, pixelsPerMillimeter: Double) {
        self.loaded = loaded
        self.pixelsPerMillimeter = pixelsPerMillimeter
        bindings = loaded.bindingSet(pixelsPerMillimeter: pixelsPerMillimeter)
        registrations = bindings.registrations()
    }

    /// This one, or one made again at `pixelsPerMillimeter` when the monitors' density
    /// changed while it was made.
    public func at(pixelsPerMillimeter ppm: Double) -> PreparedConfig {
        ppm == pixelsPerMillimeter ? self : PreparedConfig(loaded, pixelsPerMillimeter: ppm)
    }
}
