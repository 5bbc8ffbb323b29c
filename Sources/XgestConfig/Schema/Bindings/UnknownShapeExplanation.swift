/// What the strokes directory holds of a shape a binding names that is no stroke shape
/// known: the template file of it that was left out and why, or where a file of it was
/// looked for. The caller reads the directory; the schema only words the error.
public struct UnknownShapeExplanation: Sendable, Equatable {
    /// The strokes directory read, nil for none (no templates were looked for).
    public var directory: String?
    /// By shape name: the file that was left out and why, said in full
    /// ("/home/u/.config/xgest/strokes/zed.stroke is there but was left out: line 5: …").
    public var leftOut: [String: String]

    public init(directory: String? = nil, leftOut: [String: String] = [:]) {
        self.directory = directory
        self.leftOut = leftOut
    }

    /// Where a file of `name` was looked for and not found ("there is no DIR/zed.stroke"):
    /// nil with no directory.
    func notFound(_ name: String) -> String? {
        directory.map { "there is no \($0)/\(name).stroke" }
    }
}
