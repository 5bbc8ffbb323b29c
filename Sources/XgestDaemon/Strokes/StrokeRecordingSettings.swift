import XgestConfig
import XgestCore

/// What the user's config asks of a stroke of the shape `xgest record-stroke NAME` records:
/// how long a path must be to be a sample (a shorter one, drawn that small again, would
/// never reach the bindings it was recorded for), how long it may take (one drawn at a
/// slower pace again would time out), and the score a drawing needs, for what the command
/// says of the drawings.
public struct StrokeRecordingSettings: Equatable, Sendable {
    public var minimumLengthPx: Double
    public var maximumDurationSeconds: Double
    public var threshold: Double
    /// What the other shapes' bindings hold a stroke to: the shapes that would take the
    /// drawings are held to these, not to ``threshold``.
    public var shapeThresholds: StrokeShapeThresholds
    /// Where both come from: the config file, and whether from the bindings of the shape
    /// or its `[settings]`; nil for the defaults.
    public var origin: String?

    /// The least `stroke-min-length`, the longest `stroke-max-duration` and the least
    /// `stroke-threshold` of the enabled bindings of shape `name` (a binding may set its
    /// own), else the config's: where the first binding of the shape takes a drawing.
    /// Without a config (nil), the defaults.
    public init(
        name: String, config: (configuration: XgestConfiguration, path: String)?, pixelsPerMillimeter: Double
    ) {
        guard let (configuration, file) = config else {
            let defaults = Settings().tunables(pixelsPerMillimeter: pixelsPerMillimeter)
            minimumLengthPx = defaults.strokeMinimumLengthPx
            maximumDurationSeconds = defaults.strokeMaximumDurationSeconds
            threshold = defaults.strokeThreshold
            shapeThresholds = StrokeShapeThresholds(base: defaults.strokeThreshold)
            origin = nil
            return
        }
        let set = configuration.bindingSet(pixelsPerMillimeter: pixelsPerMillimeter)
        shapeThresholds = StrokeShapeThresholds(set)
        let own = set.bindings.indices.filter {
            set.bindings[$0].isEnabled && set.bindings[$0].kind == .stroke && set.bindings[$0].shape == name
        }.map { set.tunables(forBinding: $0) }
        if let least = own.map(\.strokeMinimumLengthPx).min(), let lowest = own.map(\.strokeThreshold).min(),
            let longest = own.map(\.strokeMaximumDurationSeconds).max()
        {
            minimumLengthPx = least
            maximumDurationSeconds = longest
            threshold = lowest
            origin = "\(file), for the bindings of \"\(name)\""
        } else {
            minimumLengthPx = set.tunables.strokeMinimumLengthPx
            maximumDurationSeconds = set.tunables.strokeMaximumDurationSeconds
            threshold = set.tunables.strokeThreshold
            origin = file
        }
    }

    /// The buttons the enabled pointer bindings of shape `name` draw with (each binding's
    /// `button`, default 3), lowest first; empty when no binding of the shape is on the
    /// pointer. `record-stroke` holds the first unless `--button` says otherwise: a binding
    /// drawn with the middle button is recorded with it.
    public static func buttons(name: String, configuration: XgestConfiguration) -> [Int] {
        let drawing = configuration.bindings.filter {
            $0.isEnabled && $0.kind == .stroke && $0.shape == name && $0.devices.contains(.pointer)
        }
        return Set(drawing.map { $0.button ?? GestureBinding.defaultButton }).sorted()
    }

    /// How a message names where `key`'s value comes from:
    /// `stroke-min-length of ~/.config/xgest/xgest.toml, for the bindings of "zed"`.
    public func naming(_ key: String) -> String {
        origin.map { "\(key) of \($0)" } ?? "\(key)'s default"
    }

    /// The config `record-stroke NAME` reads, checked as the daemon checks it but with
    /// `name` known as a shape: a binding of the shape may be written before its drawings are.
    public static func check(path: String, recording name: String, strokes: StrokeLibrary) throws(CLIError)
        -> ConfigLoadResult
    {
        ConfigFile.check(try ConfigFile.read(path), path: path, strokes: strokes, alsoShapes: [name])
    }
}
