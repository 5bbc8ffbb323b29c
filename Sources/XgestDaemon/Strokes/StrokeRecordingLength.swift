import XgestConfig
import XgestCore

/// How long a path `xgest record-stroke NAME` takes as a sample: as long as the user's
/// config lets a stroke be. A sample shorter than that, drawn that small again, would never
/// reach the binding it was recorded for.
public struct StrokeRecordingLength: Equatable, Sendable {
    public var minimumPx: Double
    /// Where the length comes from, for the message that names it: the bindings of the
    /// shape, the config's `[settings]`, or the default.
    public var origin: String

    /// The least `stroke-min-length` of the enabled bindings of shape `name` (a binding may
    /// set its own), else the config's: the first length at which some binding of the shape
    /// takes the drawing. Without a config, the default.
    public init(name: String, configuration: XgestConfiguration?, path: String?, pixelsPerMillimeter: Double) {
        guard let configuration else {
            minimumPx = Settings().tunables(pixelsPerMillimeter: pixelsPerMillimeter).strokeMinimumLengthPx
            origin = "stroke-min-length's default"
            return
        }
        let set = configuration.bindingSet(pixelsPerMillimeter: pixelsPerMillimeter)
        let own = set.bindings.indices.filter {
            set.bindings[$0].isEnabled && set.bindings[$0].kind == .stroke && set.bindings[$0].shape == name
        }
        let file = path.map { " of " + $0 } ?? ""
        if let least = own.map({ set.tunables(forBinding: $0).strokeMinimumLengthPx }).min() {
            minimumPx = least
            origin = "stroke-min-length\(file), for the bindings of \"\(name)\""
        } else {
            minimumPx = set.tunables.strokeMinimumLengthPx
            origin = "stroke-min-length\(file)"
        }
    }

    /// The config `record-stroke NAME` measures its samples against, checked as the daemon
    /// checks it but with `name` known as a shape: a binding of the shape may be written
    /// before its drawings are.
    public static func check(path: String, recording name: String, strokes: StrokeLibrary) throws(CLIError)
        -> ConfigLoadResult
    {
        ConfigFile.check(try ConfigFile.read(path), path: path, strokes: strokes, alsoShapes: [name])
    }
}
