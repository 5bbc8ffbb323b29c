import Glibc

/// What posix_spawn's ENOENT was about when the program itself exists: the kernel says
/// ENOENT too when a script's `#!` interpreter is missing (or an ELF program's loader),
/// and "no such file" then named a file the user can see. A script saved with Windows
/// line endings is the common case: its `#!/bin/sh\r` names an interpreter ending in a
/// carriage return.
enum ScriptInterpreter {
    /// What a file that exists lacks to start.
    enum Missing: Hashable, Sendable {
        /// The interpreter its `#!` line names, as the kernel reads it.
        case interpreter(String)
        /// Something else it needs: an interpreter's own interpreter, an ELF loader.
        case unknown
    }

    /// The kernel reads at most this much of a file for its `#!` line (BINPRM_BUF_SIZE).
    static let lineLimitBytes = 256

    /// The file posix_spawnp tried for `program`, and what it lacks; nil when no such file
    /// exists (the ENOENT was about the program itself). A name without a slash is looked
    /// up in PATH as posix_spawnp does.
    static func missing(for program: String) -> (file: String, missing: Missing)? {
        guard let file = existingFile(for: program) else { return nil }
        guard let interpreter = interpreter(ofFileAt: file), !exists(interpreter) else { return (file, .unknown) }
        return (file, .interpreter(interpreter))
    }

    /// The interpreter a `#!` line names: what follows `#!` and blanks, up to the next
    /// blank or the line's end, as Linux's binfmt_script reads it (a carriage return is
    /// part of the name). Nil when the bytes do not start with `#!` or name nothing.
    static func interpreter(inFirstBytes bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("#!".utf8)) else { return nil }
        let isBlank = { (c: UInt8) in c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") }
        let line = bytes.dropFirst(2).prefix { $0 != UInt8(ascii: "\n") }
        let name = line.drop(while: isBlank).prefix { !isBlank($0) && $0 != 0 }
        guard !name.isEmpty else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    private static func interpreter(ofFileAt path: String) -> String? {
        // Not blocking: a FIFO put there since the spawn would hold the daemon's loop.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: lineLimitBytes)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, lineLimitBytes) }
        guard n > 0 else { return nil }
        return interpreter(inFirstBytes: Array(bytes.prefix(n)))
    }

    private static func existingFile(for program: String) -> String? {
        if program.contains("/") { return exists(program) ? program : nil }
        // posix_spawnp's own default when PATH is unset.
        let path = getenv("PATH").map { String(cString: $0) } ?? "/bin:/usr/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            // An empty entry is the working directory.
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + program
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
