import Glibc

/// The home directory an `exec` command's leading `~` stands for: the daemon's, read when
/// the command runs (from the environment the command gets), as a shell reads HOME for
/// an unquoted leading tilde. The config marks the words (ArgumentSplitter); nothing
/// else in a command is expanded.
enum HomeDirectory {
    /// HOME from `environment` (`NAME=value` entries) when set and not empty, else the
    /// user's entry in the password database, as a shell falls back; nil when neither
    /// names one, and the words stay as written.
    static func path(in environment: [String]) -> String? {
        if let entry = environment.last(where: { $0.hasPrefix("HOME=") }) {
            let value = String(entry.dropFirst("HOME=".count))
            if !value.isEmpty { return value }
        }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let path = String(cString: directory)
        return path.isEmpty ? nil : path
    }

    /// `arguments` with `home` in place of the leading `~` of those at `homeRelative`.
    static func expand(_ arguments: [String], homeRelative: Set<Int>, home: String?) -> [String] {
        guard let home, !homeRelative.isEmpty else { return arguments }
        return arguments.indices.map { i in
            let argument = arguments[i]
            guard homeRelative.contains(i), argument.hasPrefix("~") else { return argument }
            // A HOME of `/` gives `/x` for `~/x`, as a shell does, not `//x`.
            let rest = argument.dropFirst()
            return home.hasSuffix("/") && rest.hasPrefix("/") ? home + rest.dropFirst() : home + rest
        }
    }
}
