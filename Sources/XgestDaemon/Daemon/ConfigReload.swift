import Synchronization

/// A reload of the running daemon's config (the file was saved, or SIGHUP): the new config
/// only when it is complete and valid; otherwise one line on stderr saying why, and the
/// running config stays.
public enum ConfigReload {
    /// Whether the last reload found the file empty, and said so. A burst of saves in place
    /// (each truncating the file, then writing it) is read empty at many of them: one line
    /// says it until the file is read with something in it.
    private static let emptySaid = Mutex(false)

    public static func load(_ path: String) -> LoadedConfig? {
        let strokes = StrokeLibrary.load()
        strokes.reportProblems()
        let text: [UInt8]
        do {
            text = try ConfigFile.read(path)
        } catch {
            emptySaid.withLock { $0 = false }
            say("\(error.message); the running config stays")
            return nil
        }
        // An empty file is what an editor leaves between truncating and writing, or a
        // copy half made: running with no bindings until the next save would drop every
        // gesture for that while. A config with no bindings on purpose can say so with a comment.
        let alreadySaid = emptySaid.withLock { said in
            defer { said = text.isEmpty }
            return said
        }
        guard !text.isEmpty else {
            if !alreadySaid { say("\(path) is empty (still being written?); the running config stays") }
            return nil
        }
        let result = ConfigFile.check(text, path: path, strokes: strokes)
        if !result.diagnostics.isEmpty { FileOutput.standardError.writeLine(result.renderedDiagnostics()) }
        guard let configuration = result.configuration else {
            say("\(path) has errors; the running config stays")
            return nil
        }
        return LoadedConfig(configuration: configuration, strokes: strokes)
    }

    private static func say(_ text: String) {
        FileOutput.standardError.writeLine("xgest: " + text)
    }
}
