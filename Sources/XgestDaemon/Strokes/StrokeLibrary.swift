import Glibc
import XgestCore

/// The stroke gestures a config may bind: the built-in ones and the user's templates,
/// one `NAME.stroke` file each in the strokes directory (see `ConfigLocation`). A file
/// that cannot be read or parsed is reported as `FILE:LINE: error: …` and left out; the
/// others stay usable.
public struct StrokeLibrary {
    /// The user's templates that loaded, in file-name order.
    public var files: [(path: String, file: StrokeTemplateFile)] = []
    /// One line per bad file: `FILE:LINE: error: MESSAGE`.
    public var problems: [String] = []

    /// Reads `directory` (default: the user's strokes directory); a missing directory is no templates.
    public static func load(directory: String? = ConfigLocation.strokesDirectory()) -> StrokeLibrary {
        var library = StrokeLibrary()
        guard let directory else { return library }
        for name in Directory.entries(directory) where name.hasSuffix(".stroke") && !name.hasPrefix(".") {
            let path = directory + "/" + name
            let text: String
            do {
                text = try TextFile.read(path, limit: .config)
            } catch {
                library.problems.append("\(path): error: \(error.message)")
                continue
            }
            do throws(StrokeFileError) {
                let file = try StrokeTemplateFile.parse(text, defaultName: String(name.dropLast(".stroke".count)))
                library.files.append((path, file))
            } catch {
                library.problems.append("\(path):\(error.line): error: \(error.message)")
            }
        }
        return library
    }

    /// Every shape name a binding may use: the built-in ones, then the user's new ones.
    public var names: [String] {
        var names = BuiltInStrokes.names
        for (_, f) in files where !names.contains(f.name) { names.append(f.name) }
        return names
    }

    /// The classifier over the built-in and user templates, built once per load.
    ///
    /// Samples the user recorded of a built-in gesture (`record-stroke check` adds to
    /// `check`) are judged by their plain score and the built-in templates by their
    /// verified one: a drawing passes as either.
    public func classifier() -> StrokeClassifier {
        StrokeClassifier(
            templates: BuiltInStrokes.templates, verifiers: BuiltInStrokes.verifiers,
            recorded: files.flatMap(\.file.templates))
    }

    /// What `xgest record-stroke` says of the drawings recorded as `name`: how alike they
    /// are, and the score the next drawing needs against them. Drawings scoring low against
    /// each other get a lower threshold, by a limit (docs/strokes.md, step 8); a person who
    /// draws the shape more differently than that will see many drawings missed, and is
    /// told to record again.
    public func recordingSummary(for name: String) -> String? {
        let c = classifier()
        guard let full = c.rejectionThreshold(for: name) else { return nil }
        let quoted = "\"\(name)\""
        guard let alike = c.recordedConsistency(for: name), let needed = c.recordedRejectionThreshold(for: name) else {
            return "\(quoted): a drawing needs a score of \(formatScore(full)) against it to be taken"
        }
        var line =
            "\(quoted): the drawings score \(formatScore(alike)) against each other (median); a drawing needs "
            + formatScore(needed) + " against them to be taken"
        // The threshold stopped at its limit, above where these drawings would need it.
        if alike - c.settings.recordedConsistencyMarginScore < needed {
            line += "; drawn this differently each time, many will be missed: record them again with --force,"
            line += " drawing the shape the same way each time"
        } else if needed < full {
            line += " (\(formatScore(full)) for drawings more alike)"
        }
        return line
    }

    /// Prints the problems on stderr.
    public func reportProblems() {
        // A template file may come from anywhere: what a message quotes of it is escaped.
        for p in problems { FileOutput.standardError.writeLine(DisplayText.escaped(p)) }
    }
}
