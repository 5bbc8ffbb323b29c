import CXgest
import Glibc
import XgestCore
import XgestDaemon
import XgestTestServer

/// `xgest demo --screenshots DIR`: the feedback overlay on the private server, in three
/// pictures: a check mark being drawn, its recognized label, and a rejected stroke.
struct FeedbackScreenshots {
    /// The daemon's config: a check mark with button 3, the label kept long enough to be
    /// photographed (a new trail replaces it).
    static let config = """
        [feedback]
        label-duration = "10s"

        [[gesture]]
        name = "reload-page"
        kind = "stroke"
        device = "pointer"
        shape = "check"
        button = 3
        action = "key F5"
        """
    /// The part of the screen photographed, around the strokes and their labels.
    static let crop = (x: 640, y: 190, width: 520, height: 360)
    /// A light application window under the strokes.
    static let backdropPixel: UInt = 0xf6f5f4
    static let trailPixel: UInt32 = 0x3584e4
    static let labelPixel: UInt32 = 0x1e1e1e
    static let waitMilliseconds = 10_000

    let server: XorgServer
    let daemon: MonitoredProcess
    let directory: String
    let display: OpaquePointer

    /// A private server, the daemon on it with ``config``, the three pictures, and all stopped again.
    static func write(into directory: String, _ out: FileOutput) throws(CLIError) {
        do {
            try Directory.create(directory)
        } catch {
            throw CLIError("demo: --screenshots \(directory): \(error.description)")
        }
        let files = try DemoConfig(config: config + "\n")
        defer { files.remove() }
        files.removeOnSignals()
        let server: XorgServer
        do {
            server = try XorgServer()
        } catch {
            throw CLIError("demo: cannot start the private X server: \(error)")
        }
        defer { server.stop() }
        setenv("DISPLAY", server.displayName, 1)
        files.useForDaemon()
        let daemon: MonitoredProcess
        do {
            daemon = try MonitoredProcess(
                path: "/proc/self/exe", arguments: ["xgest", "run", "--debug", "--config", files.configPath])
        } catch {
            throw CLIError("demo: cannot start the daemon: \(error)")
        }
        defer { _ = daemon.stop(signal: SIGTERM) }
        var said: [String] = []
        guard
            daemon.readLines(
                timeoutMilliseconds: waitMilliseconds, until: { $0.contains("capturing on") },
                onLine: { said.append($0) })
        else { throw CLIError("demo: the daemon did not start: " + said.suffix(3).joined(separator: "; ")) }
        guard let display = XOpenDisplay(server.displayName) else {
            throw CLIError("demo: cannot open \(server.displayName)")
        }
        defer { XCloseDisplay(display) }
        try FeedbackScreenshots(server: server, daemon: daemon, directory: directory, display: display).run(out)
    }

    static func check(from s: Point) -> [Point] {
        var points: [Point] = []
        for k in 0...6 { points.append(Point(x: s.x + Double(k) * 15, y: s.y + Double(k) * 17.5)) }
        for k in 1...14 { points.append(Point(x: s.x + 90 + Double(k) * 15, y: s.y + 105 - Double(k) * 270 / 14)) }
        return points
    }

    /// Writes the three pictures into `directory`; the lines say what was written.
    func run(_ out: FileOutput) throws(CLIError) {
        let root = XDefaultRootWindow(display)
        let backdrop = XCreateSimpleWindow(display, root, 0, 0, 1920, 1080, 0, 0, Self.backdropPixel)
        XMapWindow(display, backdrop)
        XSync(display, False)
        let check = Self.check(from: Point(x: 700, y: 400))
        let p = server.pointer
        do {
            try server.drawWithPointer(Array(check.prefix(15)), release: false)
        } catch {
            throw CLIError("demo: cannot draw: \(error)")
        }
        try awaitPixels(check.prefix(15).map { ($0, Self.trailPixel) }, "the trail")
        try save("feedback-drawing.png", out)
        do {
            for q in check.dropFirst(15) {
                try p.move(x: q.x, y: q.y)
                try p.sync()
            }
            try p.release(button: 3)
            try p.sync()
        } catch {
            throw CLIError("demo: cannot draw: \(error)")
        }
        try awaitLine("feedback label: reload-page")
        let end = check[check.count - 1]
        try awaitPixels([(Point(x: end.x + 16, y: end.y + 16), Self.labelPixel)], "the label")
        try save("feedback-recognized.png", out)

        // A straight stroke is no check: its label names the closest shape.
        let straight = (0...12).map { Point(x: 680 + Double($0) * 18, y: 420 + Double($0) * 4) }
        do {
            try server.drawWithPointer(straight)
        } catch {
            throw CLIError("demo: cannot draw: \(error)")
        }
        try awaitLine("feedback label: not recognized")
        let last = straight[straight.count - 1]
        try awaitPixels(
            [(Point(x: last.x + 16, y: last.y + 16), Self.labelPixel), (check[3], Self.backdropPixelValue)],
            "the rejection")
        try save("feedback-rejected.png", out)
        XDestroyWindow(display, backdrop)
        XSync(display, False)
    }

    static var backdropPixelValue: UInt32 { UInt32(backdropPixel) }

    private func awaitLine(_ text: String) throws(CLIError) {
        guard
            daemon.readLines(timeoutMilliseconds: Self.waitMilliseconds, until: { $0.contains(text) }, onLine: { _ in })
        else { throw CLIError("demo: the daemon did not report \"\(text)\"") }
    }

    /// Reads the screen until every point has its colour: the daemon's drawing reaches
    /// the server on its own connection, after its trace line. Bounded by a deadline.
    private func awaitPixels(_ expected: [(Point, UInt32)], _ what: String) throws(CLIError) {
        // Each look is a round trip, which paces the loop.
        let deadline = DebugTrace.monotonicMicroseconds() + UInt64(Self.waitMilliseconds) * 1000
        while !expected.allSatisfy({ pixels(x: Int($0.0.x), y: Int($0.0.y), width: 1, height: 1).first?.first == $0.1 })
        {
            if DebugTrace.monotonicMicroseconds() > deadline {
                throw CLIError("demo: \(what) did not appear on screen")
            }
        }
    }

    private func save(_ name: String, _ out: FileOutput) throws(CLIError) {
        let c = Self.crop
        let shot = pixels(x: c.x, y: c.y, width: c.width, height: c.height)
        let path = directory + "/" + name
        if let failure = PNGWriter.write(PNGWriter.encode(shot, width: c.width), to: path) {
            throw CLIError("demo: \(failure)")
        }
        out.writeLine("xgest demo: wrote \(path)")
    }

    /// The root window's pixels as 0xRRGGBB (the private server's screen is 24-bit TrueColor).
    private func pixels(x: Int, y: Int, width: Int, height: Int) -> [[UInt32]] {
        guard
            let image = XGetImage(
                display, XDefaultRootWindow(display), Int32(x), Int32(y), UInt32(width), UInt32(height), UInt.max,
                ZPixmap)
        else { return [] }
        // XDestroyImage is a macro for the image's own destroy function.
        defer { _ = image.pointee.f.destroy_image?(image) }
        let stride = Int(image.pointee.bytes_per_line)
        let bytes = Int(image.pointee.bits_per_pixel) / 8
        return image.pointee.data.withMemoryRebound(to: UInt8.self, capacity: stride * height) { data in
            (0..<height).map { row in
                (0..<width).map { col in
                    let at = row * stride + col * bytes
                    return UInt32(data[at]) | UInt32(data[at + 1]) << 8 | UInt32(data[at + 2]) << 16
                }
            }
        }
    }
}
