import CXgest
import Glibc
import XgestCore

/// A private headless Xorg (dummy video driver, inputtest input devices) for tests,
/// benchmarks and the demo. Several can run side by side: each has its own temporary
/// directory (config, log, device sockets), and Xorg picks a free display number itself.
///
/// `stop()` (also run by deinit) always ends with the server process reaped and its
/// directory removed. Use one server from one thread at a time.
public final class XorgServer {
    public struct Options: Sendable {
        public var screenWidth = 1920
        public var screenHeight = 1080
        /// Bits per pixel of the screen's default visual: 24 (TrueColor 8-8-8), or 8
        /// (PseudoColor), 16 (TrueColor 5-6-5) or 30 (TrueColor 10-10-10) for code that must
        /// not take a pixel for 0xRRGGBB.
        public var depth = 24
        public var xorgPath = "/usr/lib/xorg/Xorg"
        /// Bound for Xorg to report readiness on -displayfd, in milliseconds. A cold first
        /// start takes about 0.5 s with GLX; without it, typically 0.1 s.
        public var startTimeoutMilliseconds = 15_000
        /// Grace period between SIGTERM and SIGKILL, in milliseconds (a clean exit takes 7-25 ms).
        public var stopTimeoutMilliseconds = 3_000
        /// Bound for each inputtest handshake, in milliseconds.
        public var feederTimeoutMilliseconds = 5_000
        /// Bound for the handshake right after re-enabling a device, in milliseconds, before
        /// falling back to re-arming it twice (see `setEnabled`). An armed socket accepts
        /// within a millisecond or so.
        public var rearmHandshakeTimeoutMilliseconds = 1_000
        /// A second X screen's width and height (`:N.1`, right of the first: a "Zaphod"
        /// server with two screens and no Xinerama), or 0 for one screen. The devices'
        /// absolute axes then span both: pixel x of the second screen is x + screenWidth.
        public var secondScreenWidth = 0
        public var secondScreenHeight = 0
        /// A second touchscreen (``XorgServer/secondTouchscreen``), attached to the core
        /// pointer as the first is.
        public var secondTouchscreen = false
        /// More Xorg arguments, such as `-extension SHAPE` for a server without SHAPE.
        public var extraArguments: [String] = []

        public init() {}
    }

    public let options: Options
    /// ":N", for XOpenDisplay or $DISPLAY.
    public let displayName: String
    public let displayNumber: Int
    public var screenWidth: Int { options.screenWidth }
    public var screenHeight: Int { options.screenHeight }
    /// The server's private directory: xorg.conf, xorg.conf.d/ (empty), Xorg.log, stderr.log, sock/.
    public let directory: String
    public var logPath: String { directory + "/Xorg.log" }
    public var processID: Int32 { process.pid }
    /// From posix_spawn to the display number on -displayfd, in nanoseconds.
    public let startupNanoseconds: UInt64

    public let touchscreen: Touchscreen
    /// The second touchscreen, when ``Options/secondTouchscreen`` asked for one.
    public let secondTouchscreen: Touchscreen?
    public let pointer: Pointer
    public let touchpad: Touchpad
    public let keyboard: Keyboard

    private let process: ChildProcess
    private let watchdog: Watchdog
    private let config: XorgConfig
    private var stopped = false
    /// Open TestWindows; closed before the server goes away, because Xlib treats a lost
    /// connection as fatal to the whole process.
    private var clients: [WeakClient] = []
    var control: ControlConnection?

    public init(options: Options = Options()) throws {
        try Self.checkInstallation(options)
        let directory = try makeTemporaryDirectory(prefix: "xgest-xorg")
        let config = XorgConfig(
            screenWidth: options.screenWidth, screenHeight: options.screenHeight,
            secondScreen: options.secondScreenWidth > 0
                ? (options.secondScreenWidth, options.secondScreenHeight) : nil,
            depth: options.depth,
            devices: InputTestDeviceKind.always + (options.secondTouchscreen ? [.secondTouchscreen] : []),
            socketDirectory: directory + "/sock")
        let launched: (process: ChildProcess, watchdog: Watchdog, display: Int, nanoseconds: UInt64)
        do {
            try makeDirectory(config.socketDirectory)
            try makeDirectory(directory + "/xorg.conf.d")
            try writeFile(directory + "/xorg.conf", contents: config.text)
            launched = try Self.launch(options: options, directory: directory)
        } catch {
            removeTree(directory)
            throw error
        }
        var connections: [InputTestDeviceKind: InputTestConnection] = [:]
        do {
            for kind in config.devices {
                let connection = InputTestConnection(deviceName: kind.xiName, socketPath: config.socketPath(for: kind))
                try connection.connect(timeoutMilliseconds: options.feederTimeoutMilliseconds)
                connections[kind] = connection
            }
        } catch {
            connections.removeAll()
            launched.watchdog.disarm()
            launched.process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
            removeTree(directory)
            throw error
        }
        func connection(_ kind: InputTestDeviceKind) -> InputTestConnection {
            connections[kind] ?? InputTestConnection(deviceName: kind.xiName, socketPath: "")
        }
        // The devices' absolute axes span the whole desktop, every screen side by side.
        let (w, h) = (
            options.screenWidth + options.secondScreenWidth, max(options.screenHeight, options.secondScreenHeight)
        )
        self.options = options
        self.directory = directory
        self.config = config
        self.process = launched.process
        self.watchdog = launched.watchdog
        self.displayNumber = launched.display
        self.displayName = ":\(launched.display)"
        self.startupNanoseconds = launched.nanoseconds
        touchscreen = Touchscreen(
            kind: .touchscreen, connection: connection(.touchscreen), screenWidth: w, screenHeight: h)
        secondTouchscreen =
            options.secondTouchscreen
            ? Touchscreen(
                kind: .secondTouchscreen, connection: connection(.secondTouchscreen), screenWidth: w, screenHeight: h)
            : nil
        pointer = Pointer(kind: .pointer, connection: connection(.pointer), screenWidth: w, screenHeight: h)
        touchpad = Touchpad(kind: .touchpad, connection: connection(.touchpad), screenWidth: w, screenHeight: h)
        keyboard = Keyboard(kind: .keyboard, connection: connection(.keyboard), screenWidth: w, screenHeight: h)
    }

    deinit { stop() }

    public var isRunning: Bool { !stopped && !process.hasExited }

    /// The virtual devices this server has.
    public var deviceKinds: [InputTestDeviceKind] { config.devices }

    private var devices: [InputTestDevice] {
        [touchscreen, pointer, touchpad, keyboard] + (secondTouchscreen.map { [$0] } ?? [])
    }

    /// A virtual device; throws `unknownDevice` for a second touchscreen not asked for.
    public func device(_ kind: InputTestDeviceKind) throws -> InputTestDevice {
        switch kind {
        case .touchscreen: return touchscreen
        case .secondTouchscreen:
            guard let secondTouchscreen else { throw TestServerError.unknownDevice(name: kind.xiName) }
            return secondTouchscreen
        case .pointer: return pointer
        case .touchpad: return touchpad
        case .keyboard: return keyboard
        }
    }

    /// Closes every X connection this object opened, stops Xorg (SIGTERM, then SIGKILL
    /// after `stopTimeoutMilliseconds`), reaps it and removes the directory. Idempotent.
    public func stop() {
        if stopped { return }
        stopped = true
        for client in clients { client.object?.serverWillStop() }
        clients.removeAll()
        control?.close()
        control = nil
        watchdog.disarm()
        let clean = process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
        for device in devices { device.connection.disconnect() }
        if !clean { removeStaleDisplayFiles() }
        removeTree(directory)
    }

    func register(_ client: TestServerClient) {
        clients.removeAll { $0.object == nil }
        clients.append(WeakClient(object: client))
    }

    // MARK: start-up

    private static func checkInstallation(_ options: Options) throws {
        // Xorg quietly falls back to some default mode for a nonsensical size.
        guard (1...16_384).contains(options.screenWidth), (1...16_384).contains(options.screenHeight) else {
            throw TestServerError.invalidScreenSize(width: options.screenWidth, height: options.screenHeight)
        }
        guard fileExists(options.xorgPath) else {
            throw TestServerError.missingComponent(path: options.xorgPath, debianPackage: "xserver-xorg-core")
        }
        guard options.xorgPath == Options().xorgPath else { return }
        let modules = "/usr/lib/xorg/modules"
        if !fileExists(modules + "/drivers/dummy_drv.so") {
            throw TestServerError.missingComponent(
                path: modules + "/drivers/dummy_drv.so", debianPackage: "xserver-xorg-video-dummy")
        }
        if !fileExists(modules + "/input/inputtest_drv.so") {
            throw TestServerError.missingComponent(
                path: modules + "/input/inputtest_drv.so", debianPackage: "xserver-xorg-core")
        }
    }

    /// Starts Xorg and waits until it writes its display number to the -displayfd pipe,
    /// which it does once initialisation is complete (devices on, sockets accepting).
    private static func launch(options: Options, directory: String) throws -> (ChildProcess, Watchdog, Int, UInt64) {
        let pipe = try makePipe()
        let readEnd = pipe.read
        let writeEnd = pipe.write
        defer { close(readEnd) }
        let arguments =
            [
                options.xorgPath,
                "-config", directory + "/xorg.conf",
                // Only our config: no snippets from /etc/X11/xorg.conf.d.
                "-configdir", directory + "/xorg.conf.d",
                "-displayfd", "3",
                "-sharevts", "-novtswitch", "-noreset",
                "-nolisten", "tcp",
                "-logverbose", "0",
                "-logfile", directory + "/Xorg.log",
            ] + options.extraArguments
        let started = monotonicNanoseconds()
        let process: ChildProcess
        do {
            // A group of its own: Ctrl-Z in the terminal of `xgest demo` stopped the server
            // with the demo, and the daemon, syncing with it to let go of its grabs, was
            // continued before it could stop and then stopped for good. Stopping and ending
            // the server are the owner's job (stop(), the watchdog).
            process = try ChildProcess(
                path: options.xorgPath, arguments: arguments, stderrPath: directory + "/stderr.log",
                inheritedFD: writeEnd, ownProcessGroup: true)
        } catch {
            close(writeEnd)
            throw error
        }
        // Only the child holds the write end now: end-of-file means it died.
        close(writeEnd)
        let watchdog: Watchdog
        do {
            watchdog = try Watchdog(guarding: process.pid, removing: directory)
        } catch {
            process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
            throw error
        }

        let deadline = Deadline(millisecondsFromNow: options.startTimeoutMilliseconds)
        var text: [UInt8] = []
        do {
            while !text.contains(UInt8(ascii: "\n")) {
                let events = try waitForEvents(fd: readEnd, events: Int16(POLLIN), until: deadline)
                if events == 0 {
                    process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
                    throw TestServerError.startTimedOut(
                        milliseconds: options.startTimeoutMilliseconds, logTail: logTail(directory))
                }
                var chunk = [UInt8](repeating: 0, count: 32)
                let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    if !process.wait(milliseconds: options.stopTimeoutMilliseconds) {
                        process.terminate(graceMilliseconds: 0)
                    }
                    throw TestServerError.serverExited(
                        status: process.statusDescription, logTail: logTail(directory))
                }
                text += chunk[0..<n]
            }
        } catch {
            process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
            throw error
        }
        let elapsed = monotonicNanoseconds() - started
        let digits = String(decoding: text.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard let display = Int(digits) else {
            process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
            throw TestServerError.serverExited(status: "wrote \"\(digits)\" to -displayfd", logTail: logTail(directory))
        }
        return (process, watchdog, display, elapsed)
    }

    /// The end of Xorg's log, or of its stderr when the log is empty (e.g. the log file
    /// could not be opened). At -logverbose 0 the log still has every fatal error.
    static func logTail(_ directory: String) -> String {
        let log = readFileTail(directory + "/Xorg.log", maximumBytes: 2_000)
        return log.isEmpty ? readFileTail(directory + "/stderr.log", maximumBytes: 2_000) : log
    }

    /// A killed Xorg leaves its lock file and socket; remove them if they are ours.
    private func removeStaleDisplayFiles() {
        let lock = "/tmp/.X\(displayNumber)-lock"
        let owner = readFileTail(lock, maximumBytes: 64).trimmingSpaces
        guard Int32(owner) == process.pid else { return }
        unlink("/tmp/.X11-unix/X\(displayNumber)")
        unlink(lock)
    }
}

/// Something holding an X connection to a test server, closed before the server stops.
protocol TestServerClient: AnyObject {
    func serverWillStop()
}

private struct WeakClient {
    weak var object: TestServerClient?
}

extension String {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }
}
