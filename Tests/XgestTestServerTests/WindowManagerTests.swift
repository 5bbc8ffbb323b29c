import Foundation
import Testing
import XgestTestServer

@Suite struct WindowManagerTests {
    @Test func openboxAnnouncesItselfAndStopsCleanly() throws {
        let server = try XorgServer()
        var options = WindowManagerProcess.Options()
        options.desktops = 3
        let wm = try WindowManagerProcess(server: server, options: options)
        let pid = wm.processID
        let directory = wm.directory
        #expect(wm.isRunning)

        let watch = try PropertyWatch(server: server)
        #expect(watch.windowID("_NET_SUPPORTING_WM_CHECK", on: watch.root) == wm.supportingWindow)
        #expect(watch.cardinal("_NET_NUMBER_OF_DESKTOPS", on: watch.root) == 3)
        #expect(watch.cardinal("_NET_CURRENT_DESKTOP", on: watch.root) == 0)
        let supported = watch.atomNames("_NET_SUPPORTED", on: watch.root)
        #expect(supported.contains("_NET_WM_STATE_MAXIMIZED_VERT"))
        #expect(supported.contains("_NET_CURRENT_DESKTOP"))

        #expect(wm.stop())
        #expect(!wm.isRunning)
        #expect(wm.statusDescription == "exit status 0")
        #expect(processState(pid) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(wm.stop())  // idempotent
    }

    @Test func stoppingTheServerStopsTheWindowManagerFirst() throws {
        let server = try XorgServer()
        let wm = try WindowManagerProcess(server: server)
        let pid = wm.processID
        server.stop()
        #expect(!wm.isRunning)
        #expect(processState(pid) == nil)
    }

    @Test func aMissingWindowManagerNamesItsPackage() throws {
        let server = try XorgServer()
        var options = WindowManagerProcess.Options()
        options.path = "/nonexistent/openbox"
        #expect {
            _ = try WindowManagerProcess(server: server, options: options)
        } throws: { error in
            "\(error)".contains("apt-get install openbox")
        }
    }

    @Test func aWindowManagerThatExitsAtOnceIsReported() throws {
        let server = try XorgServer()
        var options = WindowManagerProcess.Options()
        options.path = "/bin/false"
        #expect {
            _ = try WindowManagerProcess(server: server, options: options)
        } throws: { error in
            "\(error)".contains("exited during start-up (exit status 1)")
        }
    }
}
