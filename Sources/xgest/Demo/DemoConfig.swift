import Glibc
import XgestDaemon

/// The demo's private directory: the config the daemon runs (the shipped one with
/// ``section`` added) and a stand-in `x-terminal-emulator`, first on the daemon's PATH, so
/// that the check mark's exec runs something that exists and opens nothing. It is the
/// daemon's config home too (``useForDaemon()``).
struct DemoConfig {
    let directory: String
    /// Holds the lock on ``DemoLeftovers/lockName`` while the demo runs, and is never
    /// closed before it ends: a demo killed with SIGKILL loses it with its life, and the
    /// next demo knows its directory for a leftover.
    let lockDescriptor: Int32
    var configPath: String { directory + "/xgest.toml" }
    var binDirectory: String { directory + "/bin" }

    /// Bindings for the demo's own window, for three gestures the shipped config leaves to
    /// applications (a global one would cost every application's touches), so that the
    /// tour shows a rotation, a pan and a two-finger double tap too.
    static let section = """

        # Added by `xgest demo`: bindings for its own window.
        [[app]]
        class = "XgestDemo"
        [[app.gesture]]
        name = "demo-rotate"
        kind = "rotate"
        device = "touchscreen"
        direction = "cw"
        action = "key ctrl+r"
        [[app.gesture]]
        name = "demo-pan"
        kind = "pan"
        device = "touchscreen"
        fingers = 2
        action = "scroll down 1"
        repeat = true
        [[app.gesture]]
        name = "demo-maximize"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        taps = 2
        action = "window maximize"

        """

    init(shipped: String) throws(CLIError) {
        try self.init(config: try TextFile.read(shipped, limit: .config) + Self.section)
    }

    /// The private directory with `config` as the daemon's config.
    init(config: String) throws(CLIError) {
        var template = Array("/tmp/xgest-demo-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let made else {
            throw CLIError("demo: cannot create a private directory: \(String(cString: strerror(errno)))")
        }
        directory = made
        lockDescriptor = try Self.lock(made)
        try TextFile.write(config, to: configPath)
        guard mkdir(binDirectory, 0o700) == 0 else {
            throw CLIError("demo: cannot create \(binDirectory): \(String(cString: strerror(errno)))")
        }
        let standIn = binDirectory + "/x-terminal-emulator"
        try TextFile.write("#!/bin/sh\n# xgest demo: a stand-in terminal that opens nothing.\nexit 0\n", to: standIn)
        guard chmod(standIn, 0o700) == 0 else {
            throw CLIError("demo: cannot make \(standIn) executable: \(String(cString: strerror(errno)))")
        }
    }

    /// Takes the lock that says the demo of `directory` runs. Made under another name and
    /// renamed once held: a demo cleaning up leftovers meanwhile never finds it unheld.
    private static func lock(_ directory: String) throws(CLIError) -> Int32 {
        let staged = directory + "/" + DemoLeftovers.lockName + ".new"
        let descriptor = open(staged, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0,
            rename(staged, directory + "/" + DemoLeftovers.lockName) == 0
        else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw CLIError("demo: cannot make the lock of \(directory): \(reason)")
        }
        return descriptor
    }

    /// Sets the environment the daemon is started with: the stand-in first on PATH, and
    /// this directory as XDG_CONFIG_HOME. It holds no `xgest/strokes`, so the drawings a
    /// user recorded (`xgest record-stroke`) do not change what the demo's strokes do: a
    /// recorded straight line was taken for the stroke the screenshots show rejected.
    func useForDaemon() {
        setenv("PATH", binDirectory + ":" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"), 1)
        setenv("XDG_CONFIG_HOME", directory, 1)
    }

    /// What a demo makes in its directory, files before the directory they are in, in the
    /// order they are removed (by a demo's end and by ``DemoLeftovers``).
    static let files = ["bin/x-terminal-emulator", "xgest.toml", DemoLeftovers.lockName, "bin"]

    /// The files, then the directories, in the order they are removed.
    private var paths: [String] { Self.files.map { directory + "/" + $0 } + [directory] }

    func remove() {
        for path in paths where unlink(path) != 0 { rmdir(path) }
    }

    /// Removes the directory when the demo is stopped by a signal (Ctrl-C, Ctrl-\, the
    /// terminal closed, `pkill -HUP xgest`, `xgest demo | head` once head is done), then
    /// dies of it as before: the private X server and daemon are stopped by their watchdog,
    /// but the directory was left in /tmp.
    func removeOnSignals() {
        demoCleanupPaths = paths.map { strdup($0) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] {
            signal(s, removeDemoFiles)
            sigaddset(&mask, s)
        }
        // A parent that had them blocked passes the mask on; the demo is stopped by them all the same.
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }
}

/// What the signal handler removes, copied before it is installed: a handler may not allocate.
nonisolated(unsafe) private var demoCleanupPaths: [UnsafeMutablePointer<CChar>?] = []

private let removeDemoFiles: @convention(c) (Int32) -> Void = { sig in
    // unlink, rmdir, signal and raise are async-signal-safe.
    for path in demoCleanupPaths {
        guard let path else { continue }
        if unlink(path) != 0 { rmdir(path) }
    }
    signal(sig, SIG_DFL)
    raise(sig)
}
