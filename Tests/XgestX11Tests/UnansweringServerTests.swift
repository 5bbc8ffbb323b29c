import Foundation
import Glibc
import Testing
import XgestTestServer
import XgestX11

/// A server that accepts connections and never answers them (still starting, hung, a
/// tunnel whose far end is gone): opening the display is bounded, and said.
@Suite struct UnansweringServerTests {
    /// `xgest devices` says the server has not answered, then gives up at its bound with
    /// the status of a server that is gone.
    @Test func devicesGivesUpOnAServerThatNeverAnswers() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let relay = try HangingDisplayRelay(server: server)
        defer { relay.stop() }
        relay.cut()
        let started = ContinuousClock.now
        let r = try runXgest(["devices"], environment: environment(display: relay.displayName))
        let elapsed = ContinuousClock.now - started
        #expect(r.status == XServerLoss.unavailableExitCode, "\(r.err)")
        let lines = r.err.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "xgest: the X server \(relay.displayName) has not answered the connection yet; waiting up to"
                + " \(ConnectDeadline.seconds) s", "\(lines)")
        #expect(
            lines.last?.hasPrefix(
                "xgest: the X server \(relay.displayName) did not answer the connection within"
                    + " \(ConnectDeadline.seconds) s") == true, "\(lines)")
        #expect(lines.count == 2, "\(lines)")
        #expect(elapsed >= .seconds(ConnectDeadline.seconds) && elapsed < .seconds(ConnectDeadline.seconds + 5))
    }

    /// Started by the session, the daemon waits longer for a server that answers late.
    @Test func anAutostartWaitsForTheServerAsLongAsASessionStartTakes() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let relay = try HangingDisplayRelay(server: server)
        defer { relay.stop() }
        relay.cut()
        let daemon = try XgestProcess(["run", "--autostart"], display: relay.displayName)
        let notice = daemon.waitForLine(containing: "has not answered")
        #expect(
            notice?.hasSuffix("waiting up to \(ConnectDeadline.atSessionStartSeconds) s") == true, "\(notice ?? "")")
        #expect(daemon.process.isRunning)
        _ = daemon.stop(signal: SIGKILL)
    }
}
