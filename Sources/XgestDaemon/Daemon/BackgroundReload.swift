import CXgest
import Glibc
import Synchronization
import XgestConfig

/// Reads, checks and prepares a changed config on a thread of its own, so that the event
/// loop goes on handing touches back while it does. A config at the 4 MiB limit takes about
/// a second and a half to parse and check; on the loop's thread every touch, touchpad
/// gesture and stroke press xgest holds waited for it. The loop watches
/// ``fileDescriptor`` and takes the result with ``collect()``: the config with its bindings
/// and recognizers made (``PreparedConfig``). Starting the engine from them stays on the
/// loop's thread, where the engine lives and its hit-testing reads the X connection.
///
/// One load runs at a time. A change while one runs is remembered, and another load starts
/// when it ends, so the last save is always the one read. The ended load's config is then
/// dropped, not applied: it may have read the file while the newer save was writing it
/// (a partial config that parses, or an empty one), and the newer save replaces it anyway.
///
/// Unless the file is still as the ended load read it: then the changes that came were the
/// end of the save it read, and it stands. One save is often two changes: Foundation's
/// atomic write renames its file into place and closes it after, and a load starts at the
/// rename; read again, a large config was checked twice (twice the seconds, its errors said
/// twice, what glibc kept of two loads' peaks). A reload asked for (SIGHUP), or one at
/// another density, runs whatever the file holds.
public final class BackgroundReload: Sendable {
    /// Readable when a load has finished: the read end of a pipe the loading thread writes
    /// a byte to.
    public let fileDescriptor: Int32
    private let writeEnd: Int32
    private let path: String
    /// Whether each reload refused for an empty file says so (``ConfigReload``).
    private let sayingEachEmptyRead: Bool
    /// Called on the loading thread when a load has read and checked the file, before it
    /// looks whether the file changed meanwhile; tests change it there.
    private let whenChecked: @Sendable () -> Void
    /// Called on the loading thread when a load has found the file open for writing and
    /// waits for its writer; tests close it there.
    private let whileWaitingForWriter: @Sendable () -> Void
    private let state = Mutex(State())

    private struct State: Sendable {
        var running = false
        /// A change came while a load ran.
        var again = false
        /// One of those was asked for (``Cause/asked``): the load after it runs in any case.
        var againAsked = false
        /// The load running was asked for: it reads a file still open for writing too.
        var runningAsked = false
        /// Requests so far: a file found as the load read it settles only those before it.
        var requests = 0
        /// The density asked for last: the bindings are made at it.
        var pixelsPerMillimeter = Settings.defaultPixelsPerMillimeter
        /// The touchscreens with a density of their own, asked for with it.
        var touchscreenDensities: [Int: Double] = [:]
        /// The finished load's config, nil inside when it was refused (its reason is printed).
        var finished: PreparedConfig?? = nil
        /// The finished load was refused because some process had the file open for writing.
        var finishedBeingWritten = false
    }

    /// Why a load is asked for.
    public enum Cause: Sendable {
        /// The file was saved, or may have been: nothing to load again when a load running
        /// read the file as it is.
        case saved
        /// SIGHUP: the file is read again, and the stroke templates with it, whatever it holds.
        case asked
    }

    /// Nil when no pipe can be made; the caller then loads on its own thread.
    public convenience init?(path: String, sayingEachEmptyRead: Bool) {
        self.init(path: path, sayingEachEmptyRead: sayingEachEmptyRead, whenChecked: {})
    }

    init?(
        path: String, sayingEachEmptyRead: Bool, whenChecked: @escaping @Sendable () -> Void,
        whileWaitingForWriter: @escaping @Sendable () -> Void = {}
    ) {
        var fds: [Int32] = [-1, -1]
        guard xgest_pipe_cloexec(&fds) == 0 else { return nil }
        // Read until empty at each wake; never block the loop on it.
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        fileDescriptor = fds[0]
        writeEnd = fds[1]
        self.path = path
        self.sayingEachEmptyRead = sayingEachEmptyRead
        self.whenChecked = whenChecked
        self.whileWaitingForWriter = whileWaitingForWriter
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Whether a load runs: a request now is taken when it ends.
    public var isLoading: Bool { state.withLock { $0.running } }

    /// Starts a load whose bindings are made at `pixelsPerMillimeter` (the density the loop
    /// converts at now, and each touchscreen's own), or asks for another after the one running.
    public func request(
        pixelsPerMillimeter: Double, touchscreenDensities: [Int: Double] = [:], because cause: Cause
    ) {
        let start = state.withLock { s -> Bool in
            s.pixelsPerMillimeter = pixelsPerMillimeter
            s.touchscreenDensities = touchscreenDensities
            s.requests += 1
            if s.running {
                s.again = true
                if cause == .asked { s.againAsked = true }
                return false
            }
            s.running = true
            s.runningAsked = cause == .asked
            return true
        }
        if start { startLoad() }
    }

    private func startLoad() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, runLoad, context) == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: load here, as before.
            Unmanaged<BackgroundReload>.fromOpaque(context).release()
            load(onItsOwnThread: false)
        }
    }

    /// What a finished load gave, once.
    public enum Outcome {
        /// No load has finished.
        case nothing
        /// The file could not be read or has errors (its reason is printed). `beingWritten`:
        /// some process had it open for writing, so it was not read.
        case refused(beingWritten: Bool)
        case loaded(PreparedConfig)
        /// The file changed again while it was read, or a reload was `asked` for (SIGHUP):
        /// what was read is dropped, and the next load has started.
        case overtaken(asked: Bool)
    }

    /// What the finished load gave, once. Starts the load asked for meanwhile.
    public func collect() -> Outcome {
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(fileDescriptor, &bytes, bytes.count) > 0 {}
        let (loaded, beingWritten, again, asked) = state.withLock { s -> (PreparedConfig??, Bool, Bool, Bool) in
            guard let finished = s.finished else { return (nil, false, false, false) }
            s.finished = nil
            // The load asked for meanwhile starts at once.
            s.running = s.again
            s.runningAsked = s.againAsked
            let again = (s.again, s.againAsked)
            s.again = false
            s.againAsked = false
            return (finished, s.finishedBeingWritten, again.0, again.1)
        }
        if again {
            startLoad()
            return loaded == nil ? .nothing : .overtaken(asked: asked)
        }
        switch loaded {
        case .none: return .nothing
        case .some(.none): return .refused(beingWritten: beingWritten)
        case .some(.some(let config)): return .loaded(config)
        }
    }

    /// `onItsOwnThread`: not the loop's, which must not wait for a writer.
    fileprivate func load(onItsOwnThread: Bool) {
        let (prepared, beingWritten, settled) = readAndPrepare(waitingForWriter: onItsOwnThread)
        // The load's values are freed: this thread gives its arena's free memory back itself,
        // before the loop hears of it. The loop's malloc_trim gives back a thread arena's free
        // blocks but not its top, and the small blocks this thread still caches go back to
        // the arena when it exits; one of them lying between the load's freed peak and the
        // top, the loop's trim joined them all to the top and kept them (33 MB after a
        // refused config of a million values, when the thread had exited before the loop woke).
        if onItsOwnThread { xgest_release_free_memory() }
        state.withLock { s in
            s.finished = .some(prepared)
            s.finishedBeingWritten = beingWritten
            // No change since the file was found as it was read: nothing to load again.
            if let settled, s.requests == settled { s.again = false }
        }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The file read, checked and prepared: the config (nil when refused), whether it was
    /// being written, and the requests it settles. What the read held is freed on return.
    private func readAndPrepare(waitingForWriter: Bool) -> (PreparedConfig?, beingWritten: Bool, settled: Int?) {
        let (ppm, own, asked) = state.withLock { ($0.pixelsPerMillimeter, $0.touchscreenDensities, $0.runningAsked) }
        // On its own thread, a load may wait for a writer about to close the file.
        let attempt = ConfigReload.attempt(
            path, sayingEachEmptyRead: sayingEachEmptyRead, waitingForWriter: waitingForWriter, asked: asked,
            whileWaiting: whileWaitingForWriter)
        let prepared = attempt.config.map { PreparedConfig($0, pixelsPerMillimeter: ppm, touchscreenDensities: own) }
        whenChecked()
        let settled = attempt.text.flatMap {
            requestsSettled(byFinding: $0, pixelsPerMillimeter: ppm, touchscreenDensities: own)
        }
        return (prepared, attempt.beingWritten, settled)
    }

    /// With changes come during the load, all of them saves and the density the same: the
    /// requests so far, when the file holds `text`, what the load read, now. Nil otherwise,
    /// or when the file is open for writing or cannot be read (a save going on).
    private func requestsSettled(
        byFinding text: [UInt8], pixelsPerMillimeter ppm: Double, touchscreenDensities own: [Int: Double]
    ) -> Int? {
        let requests = state.withLock { s in
            s.again && !s.againAsked && s.pixelsPerMillimeter == ppm && s.touchscreenDensities == own
                ? s.requests : nil
        }
        guard let requests, let now = try? ConfigFile.readUnlessBeingWritten(path), now == text else { return nil }
        return requests
    }
}

private let runLoad: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    let reload = Unmanaged<BackgroundReload>.fromOpaque(context).takeRetainedValue()
    reload.load(onItsOwnThread: true)
    return nil
}
