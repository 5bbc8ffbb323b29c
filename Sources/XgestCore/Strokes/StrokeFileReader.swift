/// Reads a stroke file line by line; see ``StrokeTemplateFile`` for the format.
struct StrokeFileReader {
    let defaultName: String
    private var name: String?
    private var rotationDegrees = defaultStrokeRotationToleranceRadians * degreesPerRadian
    private var sawHeader = false
    private var samples: [[Point]] = []
    private var sampleLines: [Int] = []
    /// The last line that was not blank or a comment, for errors about the whole file.
    private var lastContentLine = 1

    static let largestCoordinate: Double = 1_000_000
    /// Twice what `xgest record-stroke --samples` records at most (50), room for two
    /// recordings joined by hand. Every stroke is compared with every sample: within the
    /// 4 MiB a file may have, a hundred thousand samples would slow each stroke by tens of
    /// milliseconds and each config load by more.
    static let mostSamples = 100

    init(defaultName: String) { self.defaultName = defaultName }

    mutating func read(_ raw: Substring, at line: Int) throws(StrokeFileError) {
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let first = words.first, !first.hasPrefix("#") else { return }
        lastContentLine = line
        guard sawHeader else {
            try readHeader(words, at: line)
            return
        }
        if first == "sample" {
            guard words.count == 1 else {
                throw StrokeFileError(line: line, message: "`sample` takes nothing after it")
            }
            try checkLastSample()
            guard samples.count < Self.mostSamples else {
                throw StrokeFileError(
                    line: line,
                    message: "more than \(Self.mostSamples) samples (record-stroke writes at most 50): keep fewer")
            }
            samples.append([])
            sampleLines.append(line)
            return
        }
        guard words.count == 2, let x = Self.number(words[0]), let y = Self.number(words[1]),
            x.isFinite, y.isFinite
        else {
            throw StrokeFileError(line: line, message: "expected a point `x y` (two numbers) or `sample`")
        }
        // A template file may come from anywhere: coordinates far past any screen would make
        // the matcher's distances overflow to infinity.
        guard abs(x) <= Self.largestCoordinate, abs(y) <= Self.largestCoordinate else {
            throw StrokeFileError(
                line: line, message: "a point's coordinates must be within ±\(Int(Self.largestCoordinate)) pixels")
        }
        guard !samples.isEmpty else {
            throw StrokeFileError(line: line, message: "a point before the first `sample` line")
        }
        samples[samples.count - 1].append(Point(x: x, y: y))
    }

    /// `Double(String)` reads through a C string, which ends at a NUL byte: "4\0zz" was
    /// read as 4, where "4zz" is refused.
    private static func number(_ word: Substring) -> Double? {
        guard !word.utf8.contains(0) else { return nil }
        return Double(String(word))
    }

    private mutating func readHeader(_ words: [Substring], at line: Int) throws(StrokeFileError) {
        guard words.count >= 2, words[0] == "xgest-stroke" else {
            throw StrokeFileError(
                line: line, message: "expected the header `xgest-stroke \(StrokeTemplateFile.formatVersion)`")
        }
        let newer = StrokeFileError(
            line: line,
            message: "format version \(words[1]) is newer than this xgest reads (\(StrokeTemplateFile.formatVersion))")
        guard let version = Int(String(words[1])), version >= 1 else {
            // Digits too many for an Int are a whole number still, only a large one.
            if !words[1].isEmpty, words[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }) { throw newer }
            throw StrokeFileError(line: line, message: "the format version must be a whole number, got `\(words[1])`")
        }
        guard version <= StrokeTemplateFile.formatVersion else { throw newer }
        for field in words.dropFirst(2) {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw StrokeFileError(line: line, message: "expected `key=value`, got `\(field)`")
            }
            switch parts[0] {
            case "name":
                guard StrokeTemplateFile.isValidName(String(parts[1])) else {
                    throw StrokeFileError(
                        line: line, message: "name `\(parts[1])`: a name is \(StrokeTemplateFile.nameRule)")
                }
                name = String(parts[1])
            case "rotation-deg":
                guard let d = Self.number(parts[1]), d >= 0, d <= 180 else {
                    throw StrokeFileError(line: line, message: "rotation-deg must be a number from 0 to 180")
                }
                rotationDegrees = d
            default:
                throw StrokeFileError(
                    line: line, message: "unknown header field `\(parts[0])`; known: name, rotation-deg")
            }
        }
        sawHeader = true
    }

    /// The sample just finished must have a path to compare.
    private func checkLastSample() throws(StrokeFileError) {
        guard let last = samples.last, let line = sampleLines.last else { return }
        guard last.count >= 2, strokePathLength(last) > 0 else {
            throw StrokeFileError(line: line, message: "this sample needs at least two distinct points")
        }
    }

    func finish() throws(StrokeFileError) -> StrokeTemplateFile {
        guard sawHeader else {
            throw StrokeFileError(line: lastContentLine, message: "empty file: expected the header `xgest-stroke 1`")
        }
        guard !samples.isEmpty else {
            throw StrokeFileError(line: lastContentLine, message: "no samples: add a `sample` line and its points")
        }
        try checkLastSample()
        let finalName = name ?? defaultName
        guard !finalName.isEmpty else { throw StrokeFileError(line: 1, message: "the gesture has no name") }
        return StrokeTemplateFile(
            name: finalName, rotationToleranceRadians: rotationDegrees / degreesPerRadian, samples: samples)
    }
}
