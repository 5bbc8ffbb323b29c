import Glibc
import XgestTestServer

/// A real application the app benchmark drives: the GTK 3 and Qt 5 probes of the tests
/// (Tests/Probes) and Chromium and Firefox ESR on Benchmarks/apps/touch-page.html. Each
/// prints, one line each, what it received: `input touch-begin`, `long-press`,
/// `zoom SCALE`, `motion X Y`, `area zoom X Y W H`.
struct AppClient {
    var name: String
    /// The program that must be installed for the client to run.
    var program: String
    /// The command line, given a scratch directory of its own.
    var command: (_ scratch: String) -> [String]
    /// Text before each line of the client's own (the browsers' consoles add theirs).
    var marker: String?
    /// Whether `zoom` is the page's scale (browsers), not the gesture's (toolkits).
    var zoomIsAbsolute: Bool
    /// Files the client needs in its scratch directory before it starts.
    var prepare: (_ scratch: String) throws -> Void = { _ in }

    static let window = (x: 200, y: 100, width: 800, height: 800)

    static var all: [AppClient] {
        let w = window
        let geometry = ["\(w.x)", "\(w.y)", "\(w.width)", "\(w.height)"]
        let page = "file://\(currentDirectory())/Benchmarks/apps/touch-page.html"
        return [
            AppClient(
                name: "GTK 3", program: "/usr/bin/python3",
                command: { _ in ["/usr/bin/python3", "Tests/Probes/gtk3_touch_probe.py"] + geometry },
                marker: nil, zoomIsAbsolute: false),
            AppClient(
                name: "Qt 5", program: "/usr/bin/python3",
                command: { _ in ["/usr/bin/python3", "Tests/Probes/qt5_touch_probe.py"] + geometry },
                marker: nil, zoomIsAbsolute: false),
            AppClient(
                name: "Chromium", program: "/usr/bin/chromium",
                command: { scratch in
                    [
                        "/usr/bin/chromium", "--no-sandbox", "--user-data-dir=\(scratch)", "--no-first-run",
                        "--no-default-browser-check", "--disable-gpu", "--password-store=basic", "--kiosk",
                        "--enable-logging=stderr", "--v=0", page,
                    ]
                }, marker: "xgest ", zoomIsAbsolute: true),
            AppClient(
                name: "Firefox ESR", program: "/usr/bin/firefox-esr",
                command: { scratch in
                    ["/usr/bin/firefox-esr", "--no-remote", "--new-instance", "--profile", scratch, "--kiosk", page]
                }, marker: "xgest ", zoomIsAbsolute: true,
                prepare: { scratch in try write(firefoxPreferences, to: "\(scratch)/user.js") }),
        ]
    }

    /// Console output on standard output, touch events from XInput 2 (with
    /// MOZ_USE_XINPUT2=1), and no first-run pages in the way.
    static let firefoxPreferences = """
        user_pref("devtools.console.stdout.content", true);
        user_pref("dom.w3c_touch_events.enabled", 1);
        user_pref("browser.shell.checkDefaultBrowser", false);
        user_pref("browser.aboutwelcome.enabled", false);
        user_pref("browser.startup.homepage_override.mstone", "ignore");
        user_pref("datareporting.policy.dataSubmissionEnabled", false);
        user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
        user_pref("apz.allow_zooming", true);

        """

    var isInstalled: Bool { access(program, X_OK) == 0 }

    /// The client's own text in a line it printed, or nil for the rest of its output.
    func message(in line: String) -> String? {
        guard let marker else { return line }
        let chars = Array(line)
        let m = Array(marker)
        guard chars.count >= m.count,
            let start = (0...(chars.count - m.count)).first(where: { chars[$0..<($0 + m.count)].elementsEqual(m) })
        else { return nil }
        var text = chars[(start + m.count)...]
        // Chromium quotes the message: `"xgest zoom 1.5", source: file://… (20)`.
        if let quote = text.firstIndex(of: "\"") { text = text[..<quote] }
        return String(text)
    }

    /// Starts the client on $DISPLAY; its standard output goes where its standard error
    /// goes, so that every line is read from one pipe.
    func start(scratch: String) throws -> MonitoredProcess {
        try prepare(scratch)
        return try MonitoredProcess(
            path: "/bin/sh", arguments: ["sh", "-c", "exec \"$@\" 1>&2", "sh"] + command(scratch), keepsStdinOpen: true,
            ownProcessGroup: true)
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws {
        guard let f = fopen(path, "w") else { throw HandbackError("cannot write \(path)") }
        fputs(text, f)
        fclose(f)
    }
}
