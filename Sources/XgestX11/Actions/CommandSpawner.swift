import CXgest
import Glibc

/// Starts `exec` actions: posix_spawnp with an explicit argv, never a shell.
///
/// The child reads /dev/null (a gesture has no input to give it), keeps xgest's stdout
/// and stderr (so its messages land in the same journal), starts a new session (it is
/// not part of xgest's process group and outlives a Ctrl-C of `xgest run`), and gets a
/// clean signal state: xgest blocks SIGINT/SIGTERM/SIGHUP for the thread that takes
/// them, and a blocked mask would otherwise be inherited through exec; every signal
/// ignored (xgest ignores SIGPIPE, and whatever started xgest may have ignored others)
/// would be too. A SIGTSTP ignored by the parent of an autostarted xgest reached the shell
/// of every terminal a gesture opened, and Ctrl-Z did nothing there.
enum CommandSpawner {
    /// Why a command did not start.
    struct Failure: Error, Hashable, CustomStringConvertible {
        var program: String
        var code: Int32
        /// The working directory a relative path (`bin/run.sh`) was looked up in.
        var directory: String? = nil
        /// For ENOENT when the program's file exists: that file, and what it lacks.
        var file: String? = nil
        var missing: ScriptInterpreter.Missing? = nil
        /// What the program's leading `~` stood for, when it had one (`program` is then as written).
        var home: String? = nil

        var description: String {
            if program.isEmpty { return "no program given" }
            if code == ENOENT, let file, let missing {
                guard case .interpreter(let interpreter) = missing else {
                    return "cannot run \(file): a program it needs to start (its #! interpreter or ELF loader)"
                        + " does not exist"
                }
                // Its carriage return is written out (`\r`) where the line is said, as other controls are.
                return "\(file): its interpreter \(interpreter) (the #! line) does not exist"
                    + (interpreter.hasSuffix("\r") ? ": the script has Windows (CRLF) line endings" : "")
            }
            switch code {
            case ENOENT:
                guard program.contains("/") else { return "program not found in PATH: \(program)" }
                return "no such file: \(program)"
                    + (home.map { " (~ is \($0))" } ?? "")
                    + (directory.map { " (looked up in xgest's working directory \($0))" } ?? "")
            case EACCES: return "permission denied: \(program)"
            case ENOEXEC: return "not an executable: \(program)"
            default: return "cannot run \(program): \(String(cString: strerror(code)))"
            }
        }
    }

    /// The child's pid. glibc's posix_spawnp reports an exec failure as its return value
    /// and has already reaped that child, so a failure leaves no zombie behind.
    static func spawn(_ arguments: [String], environment: [String]) -> Result<pid_t, Failure> {
        guard let program = arguments.first, !program.isEmpty else {
            return .failure(Failure(program: "", code: ENOENT))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Descriptors xgest opened without O_CLOEXEC (none should be) stay out of the child.
        _ = xgest_spawn_add_closefrom(&actions, 3)

        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // Every signal: glibc's set leaves out its own two (32 and 33), which its
        // posix_spawn sets ignored in the child whatever is asked.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | xgest_spawn_flag_setsid())

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        envp.append(nil)
        defer { for p in envp { free(p) } }

        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            // A relative path with a slash is not searched in PATH but taken from the daemon's
            // working directory, which for an autostarted daemon is wherever the session started it.
            let relative = rc == ENOENT && program.contains("/") && !program.hasPrefix("/")
            var failure = Failure(program: program, code: rc, directory: relative ? workingDirectory() : nil)
            // The program exists, so the ENOENT was about what it needs to start.
            if rc == ENOENT, let (file, missing) = ScriptInterpreter.missing(for: program) {
                failure.file = file
                failure.missing = missing
            }
            return .failure(failure)
        }
        return .success(pid)
    }

    private static func workingDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }
}
