import ArgumentParser
import Glibc

/// `xgest --config=~/x.toml`: the shell expands `~` only at the start of a word, not after
/// `=` or inside quotes, so xgest was given a path under a directory named `~` and said
/// `cannot read ~/x.toml: no such file or directory`, true but no help. A path that starts
/// with `~/` (or is `~`) and cannot be what was meant is a wrong command line (64), said
/// with what `~` was not expanded to and the way to write it. The path is not expanded
/// here: a directory named `~` is legal, and a path under one that exists is used as given.
enum UnexpandedTilde {
    /// How the command uses the path: one it reads must be there; one it writes (or makes)
    /// needs the `~` it is under.
    enum Use {
        case reads(String)
        case writes
    }

    static func check(_ value: String?, of option: String, _ use: Use) throws {
        guard let value, value == "~" || value.hasPrefix("~/") else { return }
        let missing: String
        switch use {
        case .reads(let what):
            guard !exists(value) else { return }
            missing = "no such \(what)"
        case .writes:
            guard !exists("~") else { return }
            missing = "nothing is named ~ in the current directory"
        }
        throw ValidationError(message(value, of: option, missing: missing))
    }

    /// `<file>` and `<trace>` are arguments, not options: only quotes keep their `~`.
    static func message(_ value: String, of option: String, missing: String) -> String {
        let home = homeDirectory.map { "to your home directory \($0)" } ?? "(HOME is not set)"
        let rest = value.dropFirst()
        let why: String
        let fix: String
        if option.hasPrefix("-") {
            why = "the shell expands ~ only at the start of a word, not after = or in quotes"
            fix = "\(option) \(value), with a space, or \(option)=$HOME\(rest)"
        } else {
            why = "the shell expands ~ only at the start of a word, not in quotes"
            fix = "\(value) unquoted, or \"$HOME\(rest)\""
        }
        return "\(option) \(value): \(missing), and ~ was not expanded \(home) (\(why)): write \(fix)"
    }

    /// What the shell expands `~` to: $HOME, else the account's directory.
    static var homeDirectory: String? {
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let path = String(cString: directory)
        return path.isEmpty ? nil : path
    }

    /// Whether anything is at `path`, a symbolic link to nothing included.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
