import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A server with two X screens ("Zaphod": `:N.0` 1920x1080 and `:N.1` 1280x1024 right of
/// it, no Xinerama): xgest watches the screen its DISPLAY names, and says so. The devices'
/// absolute axes span both screens: desktop x 1920 + x is x on screen 1.
@Suite struct OtherScreenTests {
    static func twoScreens() -> XorgServer.Options {
        var o = XorgServer.Options()
        o.secondScreenWidth = 1280
        o.secondScreenHeight = 1024
        return o
    }

    static let strokeConfig = """
        [[gesture]]
        name = "strokeL"
        kind = "stroke"
        device = "pointer"
        button = 3
        direction = "left"
        action = "key F5"

        """

    @Test func theStartSaysWhichScreenIsWatchedAndHowToWatchTheOther() throws {
        let server = try XorgServer(options: Self.twoScreens())
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-zaphod-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("xgest.toml").path
        try Self.strokeConfig.write(toFile: config, atomically: true, encoding: .utf8)
        // Without --debug: the line is for everyone.
        for (display, watched, other) in [
            (server.displayName, 0, server.displayName + ".1"),
            (server.displayName + ".1", 1, server.displayName + ".0"),
        ] {
            let daemon = try XgestProcess(["run", "--config", config], display: display)
            let line = daemon.waitForLine(containing: "screens")
            #expect(daemon.stop(signal: SIGTERM) == 0)
            #expect(
                line
                    == "xgest: the X server has 2 screens and this xgest watches screen \(watched) only: input on the"
                    + " others is not seen; another `xgest run` with DISPLAY=\(other) covers that one",
                "\(daemon.stderrLines)")
        }
    }
}
