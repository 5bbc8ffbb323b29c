import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

@Suite struct ExecTests {
    /// Waits for the spawned children through the reaping path the daemon uses: poll the
    /// executor's descriptor, then reap. Ten seconds is far beyond what a shell needs.
    func waitForExits(_ executor: X11ActionExecutor, count: Int) -> [ChildReaper.ExitedChild] {
        var exited: [ChildReaper.ExitedChild] = []
        while exited.count < count {
            guard waitReadable(executor.childExitFileDescriptor, milliseconds: 10_000) else {
                Issue.record("no child exit within 10 s")
                break
            }
            exited += executor.reapChildren()
        }
        return exited
    }

    func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "xgest-exec-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
    }

    @Test func childRunsWithTheGestureEnvironmentInItsOwnSessionReadingDevNull() throws {
        let fixture = try ExecutorFixture()
        let executor = fixture.executor
        let output = temporaryPath("env")
        defer { unlink(output) }
        // The window's title would be shell syntax if anything interpolated it.
        let window = WindowInfo(
            id: 0x1a0_0007, instance: "Navigator", className: "firefox", title: "$(touch /tmp/xgest-pwned)",
            frame: Rect(x: 100, y: 400, width: 800, height: 600))
        // A swipe's values as its recognizer reports them: 120 px left, 900 px/s.
        let report = GestureReport(
            fingers: 3, direction: .left, translation: Point(x: -120, y: 4), velocity: Point(x: -900, y: 30.25))
        let script = #"""
            { env; echo "STDIN=$(readlink /proc/self/fd/0)"; echo "PID=$$"; echo "SID=$(cut -d' ' -f6 /proc/$$/stat)"; } > "$1"
            """#
        let outcome = executor.execute(
            invocation(
                .exec(arguments: ["sh", "-c", script, "sh", output]), target: .window(window),
                location: Point(x: 123, y: 456.5), gesture: .swipe, fingers: 3, direction: .left, report: report))
        #expect(outcome == .done)
        #expect(executor.children.runningCount == 1)
        let pid = try #require(executor.children.runningPIDs.first)

        let exited = waitForExits(executor, count: 1)
        #expect(exited.map(\.pid) == [pid])
        #expect(exited.map(\.program) == ["sh"])
        #expect(exited.map(\.termination) == [.exited(0)])
        #expect(exited.map(\.origin.binding) == ["test-binding"])
        #expect(executor.children.runningCount == 0)
        // Reaped: no zombie left in /proc.
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"))

        let text = try String(contentsOfFile: output, encoding: .utf8)
        let lines = Set(text.split(separator: "\n").map(String.init))
        for expected in [
            "XGEST_GESTURE=swipe", "XGEST_FINGERS=3", "XGEST_DIRECTION=left", "XGEST_WINDOW_CLASS=firefox",
            "XGEST_WINDOW_INSTANCE=Navigator", "XGEST_WINDOW_ID=\(0x1a0_0007)", "XGEST_X=123", "XGEST_Y=456.5",
            "XGEST_BINDING=test-binding", "STDIN=/dev/null", "SID=\(pid)",
            // In the window (UIKit's location(in:)), and the gesture's values.
            "XGEST_WINDOW_X=23", "XGEST_WINDOW_Y=56.5", "XGEST_TRANSLATION_X=-120", "XGEST_TRANSLATION_Y=4",
            "XGEST_VELOCITY_X=-900", "XGEST_VELOCITY_Y=30.25", "XGEST_SCALE=1", "XGEST_ROTATION=0",
        ] {
            #expect(lines.contains(expected), "missing \(expected)")
        }
        // The caller's environment is passed on.
        if let path = ProcessInfo.processInfo.environment["PATH"] { #expect(lines.contains("PATH=\(path)")) }
        #expect(!text.contains("xgest-pwned"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/xgest-pwned"))
    }

    @Test func desktopTargetGivesEmptyWindowVariables() throws {
        let fixture = try ExecutorFixture()
        let executor = fixture.executor
        let output = temporaryPath("env-desktop")
        defer { unlink(output) }
        let script = #"env > "$1""#
        #expect(
            executor.execute(invocation(.exec(arguments: ["sh", "-c", script, "sh", output]), target: .desktop))
                == .done)
        _ = waitForExits(executor, count: 1)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.contains("XGEST_WINDOW_CLASS="))
        #expect(lines.contains("XGEST_WINDOW_INSTANCE="))
        #expect(lines.contains("XGEST_WINDOW_ID="))
        #expect(lines.contains("XGEST_WINDOW_X="))
        #expect(lines.contains("XGEST_WINDOW_Y="))
        // Not a touchscreen gesture: no touches.
        #expect(lines.contains("XGEST_TOUCHES="))
        // Each variable once.
        let names = lines.filter { $0.hasPrefix("XGEST_") }.map { $0.prefix { $0 != "=" } }
        #expect(names.count == Set(names).count)
        #expect(names.count == 18)
    }

    @Test func exitStatusAndSignalAreReported() throws {
        let fixture = try ExecutorFixture()
        let executor = fixture.executor
        #expect(executor.execute(invocation(.exec(arguments: ["sh", "-c", "exit 3"]))) == .done)
        #expect(executor.execute(invocation(.exec(arguments: ["sh", "-c", "kill -TERM $$"]))) == .done)
        let exited = waitForExits(executor, count: 2)
        #expect(Set(exited.map(\.termination)) == [.exited(3), .signalled(SIGTERM)])
        #expect(executor.children.runningCount == 0)
        for child in exited { #expect(!FileManager.default.fileExists(atPath: "/proc/\(child.pid)")) }
    }

    /// A flood of `exec` is bounded to 32 commands started within 10 s and still running;
    /// a command that has run longer (an application a gesture opened) no longer counts.
    /// Before, 32 applications opened over a session stopped every `exec` binding.
    @Test func commandsRunningLongerThanTheFloodWindowNoLongerCount() throws {
        let fixture = try ExecutorFixture()
        let executor = fixture.executor
        defer {
            for pid in executor.children.runningPIDs { kill(pid, SIGKILL) }
            _ = waitForExits(executor, count: executor.children.runningCount)
        }
        func exec(atMilliseconds ms: UInt64) -> ActionOutcome {
            executor.execute(invocation(.exec(arguments: ["sleep", "1000"]), time: .milliseconds(ms)))
        }
        for ms in 0..<32 { #expect(exec(atMilliseconds: UInt64(ms)) == .done) }
        #expect(exec(atMilliseconds: 5_000) == .failed(reason: X11ActionExecutor.tooManyChildrenReason))
        // The first has run 10 s: 31 recent ones, room for one more, and then none.
        let before = Set(executor.children.runningPIDs)
        #expect(exec(atMilliseconds: 10_000) == .done)
        let last = try #require(Set(executor.children.runningPIDs).subtracting(before).first)
        #expect(exec(atMilliseconds: 10_000) == .failed(reason: X11ActionExecutor.tooManyChildrenReason))
        // A recent one exiting makes room at once.
        kill(last, SIGKILL)
        #expect(waitForExits(executor, count: 1).map(\.pid) == [last])
        #expect(exec(atMilliseconds: 10_001) == .done)
        #expect(executor.children.runningCount == 33)
        #expect(
            X11ActionExecutor.tooManyChildrenReason
                == "exec: not started: 32 commands started by xgest in the last 10 s are still running (the most at once)"
        )
    }

    @Test func programNotFoundFailsAndLeavesNoChild() throws {
        let fixture = try ExecutorFixture()
        let executor = fixture.executor
        let before = zombieChildren()
        #expect(
            executor.execute(invocation(.exec(arguments: ["xgest-no-such-program", "--flag"])))
                == .failed(reason: "exec: program not found in PATH: xgest-no-such-program"))
        #expect(
            executor.execute(invocation(.exec(arguments: ["/nonexistent/xgest-tool"])))
                == .failed(reason: "exec: no such file: /nonexistent/xgest-tool"))
        // Not executable, even for root: no execute bit at all.
        let plain = temporaryPath("plain")
        #expect(
            FileManager.default.createFile(
                atPath: plain, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644]))
        defer { unlink(plain) }
        #expect(
            executor.execute(invocation(.exec(arguments: [plain])))
                == .failed(reason: "exec: permission denied: \(plain)"))
        #expect(executor.execute(invocation(.exec(arguments: []))) == .failed(reason: "exec: no program given"))
        // A relative path is taken from the daemon's working directory, which the message names.
        let directory = FileManager.default.currentDirectoryPath
        #expect(
            executor.execute(invocation(.exec(arguments: ["xgest-no-such-dir/tool"])))
                == .failed(
                    reason:
                        "exec: no such file: xgest-no-such-dir/tool (looked up in xgest's working directory \(directory))"
                ))
        #expect(executor.children.runningCount == 0)
        #expect(executor.reapChildren().isEmpty)
        // glibc reaps a child whose exec failed; none of ours is left as a zombie.
        #expect(zombieChildren().subtracting(before).isEmpty)
    }

    /// `exec ~/bin/run.sh` looked for a directory named `~` in the daemon's working directory:
    /// a leading `~` the config marked stands for the daemon's HOME when the command runs,
    /// in the program and in its arguments; a failure names the program as written.
    @Test func aLeadingTildeIsTheDaemonsHomeWhenTheCommandRuns() throws {
        let fixture = try ExecutorFixture()
        let executor = fixture.executor
        let home = temporaryPath("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let output = home + "/args"
        #expect(
            FileManager.default.createFile(
                atPath: home + "/args.sh",
                contents: Data("#!/bin/sh\nout=$1; shift; printf '%s\\n' \"$0\" \"$@\" > \"$out\"\n".utf8),
                attributes: [.posixPermissions: 0o755]))
        let previous = getenv("HOME").map { String(cString: $0) }
        setenv("HOME", home, 1)
        defer {
            if let previous { setenv("HOME", previous, 1) } else { unsetenv("HOME") }
        }
        let arguments = ["~/args.sh", output, "~", "~/x y", "~/x", "~root"]
        #expect(executor.execute(invocation(.exec(arguments: arguments, homeRelative: [0, 2, 3]))) == .done)
        let exited = waitForExits(executor, count: 1)
        #expect(exited.map(\.termination) == [.exited(0)])
        // Said back (when it fails) as the config would write it, each ~ as it was.
        #expect(exited.map(\.origin.command) == ["exec ~/args.sh \(output) ~ ~/'x y' '~/x' '~root'"])
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == [home + "/args.sh", home, home + "/x y", "~/x", "~root"])
        #expect(
            executor.execute(invocation(.exec(arguments: ["~/xgest-no-such-tool", "a"], homeRelative: [0])))
                == .failed(reason: "exec: no such file: ~/xgest-no-such-tool (~ is \(home))"))
    }

    /// Signals ignored by whatever started xgest were ignored in every command too (a
    /// terminal opened by a gesture passed an ignored SIGTSTP to its shell's jobs, and
    /// Ctrl-Z did nothing there): every signal is back to its default in the child.
    @Test func aCommandGetsNoSignalIgnoredByTheDaemonsParent() throws {
        let fixture = try ExecutorFixture()
        let executor = fixture.executor
        let output = temporaryPath("sigign")
        defer { unlink(output) }
        let ignored = [SIGTSTP, SIGTTIN, SIGTTOU, SIGALRM, SIGXFSZ, SIGWINCH, SIGUSR1]
        let previous = ignored.map { signal($0, SIG_IGN) }
        let outcome = executor.execute(
            invocation(.exec(arguments: ["sh", "-c", #"grep ^SigIgn: /proc/$$/status > "$1""#, "sh", output])))
        for (number, handler) in zip(ignored, previous) { signal(number, handler) }
        #expect(outcome == .done)
        #expect(waitForExits(executor, count: 1).map(\.termination) == [.exited(0)])
        let line = try String(contentsOfFile: output, encoding: .utf8)
        let mask = try #require(
            UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespacesAndNewlines), radix: 16))
        // glibc's posix_spawn ignores its own two signals (32 and 33) in every child, whatever
        // is asked (docs/actions.md).
        let glibcOwn: UInt64 = 1 << 31 | 1 << 32
        #expect(mask & ~glibcOwn == 0, "\(line)")
    }

    /// Zombie children of this process still named as this process: what a child whose
    /// exec failed would be. (Other tests' children, Xorg or sh, may be zombies for a
    /// moment between their exit and their reaping; they carry their own names.)
    func zombieChildren() -> Set<Int32> {
        let ownName =
            (try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? ""
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var pids: Set<Int32> = []
        for task in tasks {
            let list = (try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? ""
            for pid in list.split(separator: " ").compactMap({ Int32($0) }) {
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")"),
                    stat[stat.index(after: close)...].split(separator: " ").first == "Z",
                    stat.contains("(\(ownName))")
                else { continue }
                pids.insert(pid)
            }
        }
        return pids
    }
}
