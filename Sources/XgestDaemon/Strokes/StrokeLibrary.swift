import Glibc
import SystemPackage
import XgestConfig
import XgestCore
import XgestSystem

/// The stroke gestures a config may bind: the built-in ones and the user's templates,
/// one `NAME.stroke` file each in the strokes directory (see `ConfigLocation`). A file
/// that cannot be read or parsed is reported as `FILE:LINE: error: …` and left out; the
/// others stay usable.
public struct StrokeLibrary {
    /// The user's templates that loaded, in file-name order.
    public var files: [(path: String, file: StrokeTemplateFile)] = []
    /// One line per bad file: `FILE:LINE: error: MESSAGE`.
    public var problems: [String] = []
    /// The directory read; nil when there is none to read (no XDG_CONFIG_HOME or HOME).
    public var directory: String?
    /// Each file left out, by the shape it would have given (its file name without
    /// `.stroke`): where it is and why it was left out, for a binding that names the shape.
    public var leftOut: [String: (path: String, reason: String)] = [:]

    /// The most drawings loaded from all the files together: forty gestures of 50, the most
    /// `xgest record-stroke` records of one. Each file is capped on its own, but every
    /// stroke is compared with every drawing, so a directory of thousands of files would
    /// slow every stroke and every config load, and hold their points in memory.
    public static let mostDrawings = 2_000
    /// The most bytes read from all the files together: a recorded drawing takes about 1 KB,
    /// so 2,000 take about 2 MB; a file made by hand may hold 4 MiB of points.
    public static let mostBytes = 16 * 1024 * 1024

    /// Reads `directory` (default: the user's strokes directory); a missing directory is no
    /// templates. Files are read in name order until they add up to `mostDrawings` or
    /// `mostBytes`: the file that would go over and the ones after it are left out, with one
    /// problem naming it. The bytes of every file read count, whether it loads or not.
    public static func load(
        directory: String? = ConfigLocation.templatesDirectory(), mostDrawings: Int = mostDrawings,
        mostBytes: Int = mostBytes
    ) -> StrokeLibrary {
        var library = StrokeLibrary()
        guard let directory else { return library }
        library.directory = directory
        let names: [String]
        do {
            names = try Directory.listing(directory).filter { $0.hasSuffix(".stroke") && !$0.hasPrefix(".") }
        } catch {
            library.problems.append("\(directory): error: \(error.message)")
            return library
        }
        var budget = StrokeDirectoryBudget(mostDrawings: mostDrawings, mostBytes: mostBytes)
        for (k, name) in names.enumerated() {
            let path = directory + "/" + name
            let shape = String(name.dropLast(".stroke".count))
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.read(path, limit: .config)
            } catch {
                let reason = Self.reason(error.message, naming: path)
                library.problems.append("\(path): error: \(reason)")
                library.leftOut[shape] = (path, reason)
                continue
            }
            // Counted before the parse, whatever comes of it: a file left out for its own
            // error costs a reload its read and parse as much as one that loads.
            guard budget.read(bytes: bytes.count) else {
                library.leaveOut(names[k...], from: directory, over: budget, fileDrawings: 0, fileBytes: bytes.count)
                break
            }
            let file: StrokeTemplateFile
            do throws(StrokeFileError) {
                file = try StrokeTemplateFile.parse(String(decoding: bytes, as: UTF8.self), defaultName: shape)
            } catch {
                library.problems.append("\(path):\(error.line): error: \(error.message)")
                library.leftOut[shape] = (path, "line \(error.line): \(error.message)")
                budget.leftOut(bytes: bytes.count)
                continue
            }
            // A name the header does not give is the file's, held to the rule the header's
            // `name=` and record-stroke are: `bad name.stroke`, or a file name with an escape
            // in it, made a shape that a binding could name and messages print.
            guard StrokeTemplateFile.isValidName(file.name) else {
                let reason =
                    "the file's name is no shape name (a name is \(StrokeTemplateFile.nameRule)): rename it, or give"
                    + " the shape's name with name= in its header"
                library.problems.append("\(path): error: \(reason)")
                library.leftOut[shape] = (path, reason)
                budget.leftOut(bytes: bytes.count)
                continue
            }
            guard budget.load(drawings: file.samples.count) else {
                library.leaveOut(
                    names[k...], from: directory, over: budget, fileDrawings: file.samples.count, fileBytes: bytes.count
                )
                break
            }
            library.files.append((path, file))
        }
        return library
    }

    /// Leaves out `names` (the file that went over the caps, then the ones after it), with
    /// one problem naming the first.
    private mutating func leaveOut(
        _ names: ArraySlice<String>, from directory: String, over budget: StrokeDirectoryBudget, fileDrawings: Int,
        fileBytes: Int
    ) {
        guard let first = names.first else { return }
        let after = names.count - 1
        problems.append(
            "\(directory)/\(first): error: left out\(after > 0 ? ", with the \(after) file(s) after it" : ""): "
                + budget.overLimit(fileDrawings: fileDrawings, fileBytes: fileBytes))
        let limit =
            "it is past the \(budget.mostDrawings) drawings (\(StrokeDirectoryBudget.size(budget.mostBytes))) xgest"
            + " loads from the strokes directory, in file-name order"
        for later in names { leftOut[String(later.dropLast(".stroke".count))] = (directory + "/" + later, limit) }
    }

    /// The templates of a directory named on the command line (`--strokes DIR`): as
    /// ``load(directory:mostDrawings:mostBytes:)``, but a directory that is not there is an
    /// error, not no templates: a typo would otherwise replay or check without any.
    public static func loadGiven(_ directory: String) throws(CLIError) -> StrokeLibrary {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw CLIError("--strokes \(directory): \(Errno(rawValue: errno).reason)")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw CLIError("--strokes \(directory): not a directory") }
        return load(directory: directory)
    }

    /// The templates of `--strokes DIR` when given (``loadGiven(_:)``), else those `xgest
    /// run` reads.
    public static func load(given directory: String?) throws(CLIError) -> StrokeLibrary {
        guard let directory else { return load() }
        return try loadGiven(directory)
    }

    /// A file error's message without the path, which the problem's line starts with:
    /// "PATH: not a regular file (a FIFO)" is "not a regular file (a FIFO)", and "cannot
    /// read PATH: permission denied" is "cannot read: permission denied".
    static func reason(_ message: String, naming path: String) -> String {
        if message.hasPrefix(path + ": ") { return String(message.dropFirst(path.count + 2)) }
        let read = "cannot read " + path + ": "
        if message.hasPrefix(read) { return "cannot read: " + message.dropFirst(read.count) }
        return message
    }

    /// What a config check says of a shape no binding may use: the file of it that was
    /// left out and why, or where no file of it was found.
    public var unknownShapeExplanation: UnknownShapeExplanation {
        UnknownShapeExplanation(
            directory: directory, leftOut: leftOut.mapValues { "\($0.path) is there but was left out: \($0.reason)" })
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
    /// told to record again, in one stroke: a shape drawn with a lift in it (a `+`) makes
    /// drawings far apart, each of its strokes one, and the matching is single-stroke. `threshold`: the `stroke-threshold` the shape's bindings run with.
    public func recordingSummary(for name: String, threshold: Double = defaultStrokeRejectionThreshold) -> String? {
        var c = classifier()
        c.settings.rejectionThreshold = threshold
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
            line += " drawing the shape the same way each time and in one stroke (each release or lift ends a"
            line += " drawing: a shape drawn in two strokes was two drawings)"
        } else if needed < full {
            line += " (\(formatScore(full)) for drawings more alike)"
        }
        return line
    }

    /// Prints the problems on stderr. To the journal they are warnings: the daemon leaves
    /// each such file out and runs on. `xgest check`, which fails on them, says them as errors.
    public func reportProblems(priority: LogPriority = .warning) {
        // A template file may come from anywhere: what a message quotes of it is escaped.
        for p in problems { FileOutput.standardError.writeLine(DisplayText.escaped(p), priority: priority) }
    }
}
