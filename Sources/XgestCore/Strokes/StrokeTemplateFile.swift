/// A user's stroke gesture as a text file (`NAME.stroke`), one gesture per file with one
/// or more samples:
///
/// ```
/// # comments and blank lines are ignored
/// xgest-stroke 1 name=zed rotation-deg=20
/// sample
/// 0 0
/// 100 0
/// 0 100
/// 100 100
/// sample
/// 2 1
/// …
/// ```
///
/// The header is the first line that is not blank or a comment: `xgest-stroke 1`, then
/// optional `name=NAME` (otherwise the caller's default, usually the file name) and
/// `rotation-deg=D` (0–180, the rotation tolerated; 180 for any; default 30). Each sample
/// starts with a `sample` line and lists its points in drawing order, `x y` per line, in
/// screen pixels (y down) or any unit. Reading files is the caller's job: this gets text.
public struct StrokeTemplateFile: Hashable, Sendable {
    public static let formatVersion = 1

    public var name: String
    public var rotationToleranceRadians: Double
    public var samples: [[Point]]

    public init(name: String, rotationToleranceRadians: Double, samples: [[Point]]) {
        self.name = name
        self.rotationToleranceRadians = rotationToleranceRadians
        self.samples = samples
    }

    /// One template per sample.
    public var templates: [StrokeTemplate] {
        samples.map { StrokeTemplate(name: name, points: $0, rotationToleranceRadians: rotationToleranceRadians) }
    }

    /// Whether `name` may name a shape: letters, digits, `-`, `_` and `.`, not `.` first.
    /// `record-stroke` names the file after it, so it can be no path; a file's `name=` is
    /// held to the same rule.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            }
    }

    /// The rule of ``isValidName(_:)`` in words, for messages.
    public static let nameRule = "letters, digits, '-', '_' and '.', and not '.' first"

    /// The file's text; ``parse(_:defaultName:)`` reads it back.
    public var text: String {
        let degrees = Int((rotationToleranceRadians * degreesPerRadian).rounded())
        var out = "xgest-stroke \(StrokeTemplateFile.formatVersion) name=\(name) rotation-deg=\(degrees)\n"
        for sample in samples {
            out += "sample\n"
            for p in sample { out += "\(formatCoordinate(p.x)) \(formatCoordinate(p.y))\n" }
        }
        return out
    }

    public static func parse(_ text: String, defaultName: String) throws(StrokeFileError) -> StrokeTemplateFile {
        var reader = StrokeFileReader(defaultName: defaultName)
        var lineNumber = 0
        // A byte-order mark, which some editors write first, is no part of the header (the
        // config accepts one too).
        let text = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        // "\r\n" is one Character in Swift: split on it as well as on "\n".
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            try reader.read(line, at: lineNumber)
        }
        return try reader.finish()
    }
}

/// A stroke file that cannot be read, with the 1-based line of the problem.
public struct StrokeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
