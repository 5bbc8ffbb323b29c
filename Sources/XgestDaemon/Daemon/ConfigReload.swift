import Synchronization
import XgestConfig
import XgestCore

/// A reload of the running daemon's config (the file was saved, or SIGHUP): the new config
/// only when it is complete and valid; otherwise one line on stderr saying why (for an
/// empty file, see ``EmptyReadNotice``), and the running config stays. The stroke
/// templates are read again with it, and their problems said when they changed.
public enum ConfigReload {
    private static let emptyReads = Mutex(EmptyReadNotice())
    /// The stroke templates' problems said last: the same ones are not said again at each
    /// reload (a bad template file would be said at every save of the config).
    private static let strokeProblemsSaid = Mutex<[String]>([])

    /// The daemon's start said these (``ConfigFile/loadValid(_:)``).
    public static func noteSaid(strokeProblems: [String]) {
        strokeProblemsSaid.withLock { $0 = strokeProblems }
    }

    /// `sayingEachEmptyRead`: every reload is traced (`--debug`), so each one refused for an
    /// empty file says so, not only the first of a row.
    public static func load(_ path: String, sayingEachEmptyRead: Bool) -> LoadedConfig? {
        attempt(path, sayingEachEmptyRead: sayingEachEmptyRead).config
    }

    /// What a reload read, and what came of it.
    public struct Attempt: Sendable {
        /// Nil when it is refused (why is said).
        public var config: LoadedConfig?
        /// The file as read whole; nil when it was not (it could not be, or was being written).
        public var text: [UInt8]?
        /// It was not read because some process still had it open for writing: its last
        /// writer's close is a save, whether or not that writer wrote (``ConfigWatcher``).
        public var beingWritten = false
    }

    /// As ``load(_:sayingEachEmptyRead:)``, with the text read. `waitingForWriter`: on a
    /// thread that may block, a file found open for writing is waited for
    /// (``WriterCloseWait``), and `whileWaiting` called once the wait has begun. `asked`:
    /// SIGHUP, which reads a file still open for writing too, saying so: it is how a user
    /// forces a read, and a process that keeps the file open (a sync tool, an editor
    /// holding it) would otherwise leave no way to apply a save.
    public static func attempt(
        _ path: String, sayingEachEmptyRead: Bool, waitingForWriter: Bool = false, asked: Bool = false,
        whileWaiting: () -> Void = {}
    ) -> Attempt {
        var read: [UInt8]?
        do {
            read = try readWaitingForWriter(path, waiting: waitingForWriter, whileWaiting: whileWaiting)
            if read == nil, asked {
                say("\(path) is still open for writing (a save may be going on); SIGHUP reads it as it is")
                read = try ConfigFile.read(path)
            }
        } catch {
            _ = emptyReads.withLock { $0.says(empty: false, sayingEach: sayingEachEmptyRead) }
            say("\(error.message); the running config stays")
            return Attempt()
        }
        // A file some process still has open for writing is a save in place going on: any
        // part of it may parse, and running it would drop the bindings not yet written. Its
        // close is a change of its own, read then.
        guard let text = read else {
            if emptyReads.withLock({ $0.says(empty: true, sayingEach: sayingEachEmptyRead) }) {
                say("\(path) is still being written (open for writing); the running config stays until it is closed")
            }
            return Attempt(beingWritten: true)
        }
        // An empty file is what an editor leaves between truncating and writing, or a
        // copy half made: running with no bindings until the next save would drop every
        // gesture for that while. A config with no bindings on purpose can say so with a comment.
        // A byte order mark alone is empty too: the same emptied buffer, saved by an editor
        // that writes one, ran no gesture.
        let empty = EmptyFile(text)
        let saysEmpty = emptyReads.withLock { $0.says(empty: empty != nil, sayingEach: sayingEachEmptyRead) }
        if let empty {
            if saysEmpty { say("\(path) is \(empty.described) (still being written?); the running config stays") }
            return Attempt(text: text)
        }
        // Read only for a config that is read: a reload refused before it says nothing of them.
        let strokes = StrokeLibrary.load()
        let problemsChanged = strokeProblemsSaid.withLock { said in
            let changed = said != strokes.problems
            said = strokes.problems
            return changed
        }
        if problemsChanged { strokes.reportProblems() }
        let result = ConfigFile.check(text, path: path, strokes: strokes)
        if !result.diagnostics.isEmpty {
            FileOutput.standardError.writeLine(result.renderedDiagnostics(), priority: result.priority)
        }
        guard let configuration = result.configuration else {
            say("\(path) has errors; the running config stays")
            return Attempt(text: text)
        }
        return Attempt(config: LoadedConfig(configuration: configuration, strokes: strokes), text: text)
    }

    /// The file read whole, or nil while some process has it open for writing: with
    /// `waiting`, still so after ``WriterCloseWait/patienceMilliseconds``.
    private static func readWaitingForWriter(
        _ path: String, waiting: Bool, whileWaiting: () -> Void
    ) throws(CLIError) -> [UInt8]? {
        // Watched before the first look, so that a close between the two is not missed.
        let wait = waiting ? WriterCloseWait(path: path) : nil
        let deadline = WriterCloseWait.deadline(inMilliseconds: WriterCloseWait.patienceMilliseconds)
        var waited = false
        while true {
            if let text = try ConfigFile.readUnlessBeingWritten(path) { return text }
            guard let wait else { return nil }
            if !waited { whileWaiting() }
            waited = true
            guard wait.waitForChange(until: deadline) else { return nil }
        }
    }

    private static func say(_ text: String) {
        // The text names the config's path: controls escaped.
        FileOutput.standardError.writeLine(DisplayText.escapedAsWritten("xgest: " + text))
    }
}
