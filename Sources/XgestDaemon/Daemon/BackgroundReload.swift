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
public final class BackgroundReload: Sendable {
    /// Readable when a load has finished: the read end of a pipe the loading thread writes
    /// a byte to.
    public let fileDescriptor: Int32
    private let writeEnd: Int32
    private let path: String
    /// Whether each reload refused for an empty file says so (``ConfigReload``).
    private let sayingEachEmptyRead: Bool
    private let state = Mutex(State())

    private struct State: Sendable {
        var running = false
        /// A change came while a load ran.
        var again = false
        /// The density asked for last: the bindings are made at it.
        var pixelsPerMillimeter = Settings.defaultPixelsPerMillimeter
        /// The finished load's config, nil inside when it was refused (its reason is printed).
        var finished: PreparedConfig?? = nil
    }

    /// Nil when no pipe can be made; the caller then loads on its own thread.
    public init?(path: String, sayingEachEmptyRead: Bool) {
        var fds: [Int32] = [-1, -1]
        guard xgest_pipe_cloexec(&fds) == 0 else { return nil }
        // Read until empty at each wake; never block the loop on it.
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        fileDescriptor = fds[0]
        writeEnd = fds[1]
        self.path = path
        self.sayingEachEmptyRead = sayingEachEmptyRead
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Starts a load whose bindings are made at `pixelsPerMillimeter` (the density the loop
    /// converts at now), or asks for another after the one running.
    public func request(pixelsPerMillimeter: Double) {
        let start = state.withLock { s -> Bool in
            s.pixelsPerMillimeter = pixelsPerMillimeter
            if s.running {
                s.again = true
                return false
            }
            s.running = true
            return true
        }
        guard start else { return }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, runLoad, context) == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: load here, as before.
            Unmanaged<BackgroundReload>.fromOpaque(context).release()
            load()
        }
    }

    /// What a finished load gave, once.
    public enum Outcome {
        /// No load has finished.
        case nothing
        /// The file could not be read or has errors (its reason is printed).
        case refused
        case loaded(PreparedConfig)
        /// The file changed again while it was read: what was read is dropped, and the load
        /// of the newer save has started.
        case overtaken
    }

    /// What the finished load gave, once. Starts the load asked for meanwhile.
    public func collect() -> Outcome {
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(fileDescriptor, &bytes, bytes.count) > 0 {}
        let (loaded, again) = state.withLock { s -> (PreparedConfig??, Bool) in
            guard let finished = s.finished else { return (nil, false) }
            s.finished = nil
            s.running = false
            let again = s.again
            s.again = false
            return (finished, again)
        }
        if again {
            request(pixelsPerMillimeter: state.withLock { $0.pixelsPerMillimeter })
            return loaded == nil ? .nothing : .overtaken
        }
        switch loaded {
        case .none: return .nothing
        case .some(.none): return .refused
        case .some(.some(let config)): return .loaded(config)
        }
    }

    fileprivate func load() {
        let ppm = state.withLock { $0.pixelsPerMillimeter }
        finish(
            ConfigReload.load(path, sayingEachEmptyRead: sayingEachEmptyRead).map {
                PreparedConfig($0, pixelsPerMillimeter: ppm)
            })
    }

    private func finish(_ loaded: PreparedConfig?) {
        state.withLock { $0.finished = .some(loaded) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}

private let runLoad: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    let reload = Unmanaged<BackgroundReload>.fromOpaque(context).takeRetainedValue()
    reload.load()
    return nil
}
