import Foundation
import Testing
import XgestTestServer

/// The single-instance lock refuses every lock path another user could have prepared, and
/// says why in one line, with --autostart too: a hard link (its target would be truncated),
/// a symlink, a file or directory owned by someone else, a directory others may write in.
/// Each case runs in a scratch directory given as XDG_RUNTIME_DIR or TMPDIR, never in the
/// machine's own /tmp/xgest-UID.
@Suite struct InstanceLockTests {
    final class Scratch {
        let server: XorgServer
        let root: URL
        let config: String

        init() throws {
            server = try XorgServer()
            root = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-lock-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            config = root.appendingPathComponent("xgest.toml").path
            try "# no bindings\n".write(toFile: config, atomically: true, encoding: .utf8)
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(at: root)
        }

        /// A directory of its own for one case, with `mode`.
        func directory(_ name: String, mode: mode_t = 0o700) throws -> String {
            let path = root.appendingPathComponent(name).path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect(chmod(path, mode) == 0)
            return path
        }

        var lockName: String { "xgest-\(server.displayName.replacingOccurrences(of: ":", with: "_")).lock" }

        /// `xgest run` with only these of XDG_RUNTIME_DIR and TMPDIR set.
        func run(runtime: String? = nil, tmp: String? = nil, autostart: Bool = false) throws -> (
            status: Int32, out: String, err: String
        ) {
            var env = environment(display: server.displayName)
            env.removeValue(forKey: "XDG_RUNTIME_DIR")
            env.removeValue(forKey: "TMPDIR")
            if let runtime { env["XDG_RUNTIME_DIR"] = runtime }
            if let tmp { env["TMPDIR"] = tmp }
            return try runXgest(["run", "--config", config] + (autostart ? ["--autostart"] : []), environment: env)
        }

        func refusal(_ path: String, _ reason: String) -> String {
            "xgest: cannot create the instance lock \(path): \(reason)\n"
        }
    }

    @Test func aHardLinkAtTheLockPathIsRefusedAndItsTargetKept() throws {
        let s = try Scratch()
        let runtime = try s.directory("runtime")
        let victim = runtime + "/victim"
        try "keep me\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let lock = runtime + "/" + s.lockName
        #expect(link(victim, lock) == 0)
        let r = try s.run(runtime: runtime)
        #expect(r.status == 1)
        #expect(r.err == s.refusal(lock, "it has 2 links (a hard link to another file?); remove it"))
        #expect((try? String(contentsOfFile: victim, encoding: .utf8)) == "keep me\n")
    }

    @Test func aSymlinkAtTheLockPathIsRefused() throws {
        let s = try Scratch()
        let runtime = try s.directory("runtime")
        let lock = runtime + "/" + s.lockName
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: runtime + "/elsewhere")
        let r = try s.run(runtime: runtime, autostart: true)
        #expect(r.status == 1)
        #expect(r.err == s.refusal(lock, "it is a symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: runtime + "/elsewhere"))
    }

    @Test func aWorldWritableRuntimeDirectoryIsRefusedAlsoUnderAutostart() throws {
        let s = try Scratch()
        let runtime = try s.directory("runtime", mode: 0o777)
        let r = try s.run(runtime: runtime, autostart: true)
        #expect(r.status == 1)
        #expect(
            r.err
                == s.refusal(
                    runtime,
                    "mode 0777 lets other users write in it (no one else may write in it) (XDG_RUNTIME_DIR is \(runtime))"
                ))
        #expect(!FileManager.default.fileExists(atPath: runtime + "/" + s.lockName))
    }

    @Test func withoutARuntimeDirectoryTheLockIsInAPrivateDirectoryOfItsOwn() throws {
        let s = try Scratch()
        let tmp = try s.directory("tmp", mode: 0o1777)
        let own = tmp + "/xgest-\(getuid())"
        let daemon = try XgestProcess(
            ["run", "--debug", "--config", s.config], display: s.server.displayName,
            extraEnvironment: ["TMPDIR": tmp, "XDG_RUNTIME_DIR": ""])
        #expect(daemon.waitForLine(containing: "capturing on") != nil)
        var status = stat()
        #expect(lstat(own, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFDIR)
        #expect(status.st_mode & 0o7777 == 0o700)
        #expect(FileManager.default.fileExists(atPath: own + "/" + s.lockName))
        #expect(daemon.stop(signal: SIGTERM) == 0)

        // Opened up afterwards: refused, not used.
        #expect(chmod(own, 0o755) == 0)
        let r = try s.run(tmp: tmp)
        #expect(r.status == 1)
        #expect(r.err == s.refusal(own, "mode 0755 lets other users into it (it must be 0700) (TMPDIR is \(tmp))"))
    }

    /// Started with standard input, output and error closed, the daemon opens them on
    /// /dev/null first: the X connection and the lock file took their numbers, and what
    /// the daemon said went into the lock file over its process id.
    @Test func closedStandardDescriptorsAreOpenedOnDevNullNotTakenByTheLock() throws {
        let s = try Scratch()
        let runtime = try s.directory("runtime")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec \"$0\" run --config \"$1\" <&- >&- 2>&-", xgestExecutable(), s.config]
        var env = environment(display: s.server.displayName)
        env["XDG_RUNTIME_DIR"] = runtime
        p.environment = env
        try p.run()
        defer {
            p.terminate()
            p.waitUntilExit()
        }
        let lock = runtime + "/" + s.lockName
        let pid = "\(p.processIdentifier)"
        // The lock holds the process id once the daemon has it; bounded, 1 ms a look.
        var held: String?
        for _ in 0..<5_000 where p.isRunning {
            held = try? String(contentsOfFile: lock, encoding: .utf8)
            if held?.contains(pid) == true { break }
            usleep(1_000)
        }
        #expect(held?.trimmingCharacters(in: .whitespacesAndNewlines) == pid, "\(held ?? "no lock file")")
        for fd in 0...2 {
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
            #expect(target == "/dev/null", "fd \(fd) is \(target ?? "closed")")
        }
    }

    @Test func aSymlinkPutWhereThePrivateDirectoryGoesIsRefused() throws {
        let s = try Scratch()
        let tmp = try s.directory("tmp", mode: 0o1777)
        let elsewhere = try s.directory("elsewhere")
        let own = tmp + "/xgest-\(getuid())"
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: elsewhere)
        let r = try s.run(tmp: tmp, autostart: true)
        #expect(r.status == 1)
        #expect(r.err == s.refusal(own, "not a directory (a symbolic link or a file was put there) (TMPDIR is \(tmp))"))
    }

    /// Another user's directory or lock file: only root can make one here.
    @Test(.enabled(if: getuid() == 0)) func filesOwnedBySomeoneElseAreRefused() throws {
        let s = try Scratch()
        let tmp = try s.directory("tmp", mode: 0o1777)
        let own = tmp + "/xgest-\(getuid())"
        #expect(mkdir(own, 0o700) == 0)
        #expect(chown(own, 65534, 65534) == 0)
        let r = try s.run(tmp: tmp, autostart: true)
        #expect(r.status == 1)
        #expect(r.err == s.refusal(own, "owned by uid 65534, not by you (uid 0) (TMPDIR is \(tmp))"))

        let runtime = try s.directory("runtime")
        let lock = runtime + "/" + s.lockName
        #expect(FileManager.default.createFile(atPath: lock, contents: Data("1\n".utf8)))
        #expect(chown(lock, 65534, 65534) == 0)
        let held = try s.run(runtime: runtime)
        #expect(held.status == 1)
        #expect(held.err == s.refusal(lock, "owned by uid 65534, not by you (uid 0)"))
    }
}
