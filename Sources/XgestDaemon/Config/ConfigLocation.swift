import Glibc
import XgestCore

/// Where xgest finds its config when none is given (DESIGN.md): the user's file, else
/// the default shipped with xgest.
///
/// - user: `$XDG_CONFIG_HOME/xgest/xgest.toml`, with `$XDG_CONFIG_HOME` defaulting to
///   `~/.config` when unset, empty or relative (as the XDG spec says); the user's stroke
///   templates are in `strokes/` beside it;
/// - shipped, installed: `share/xgest/xgest.toml` beside the `bin/` the executable is in
///   (`/usr/bin/xgest` → `/usr/share/xgest/xgest.toml`);
/// - shipped, in development: `config/xgest.toml` of the source tree this binary was built from.
public enum ConfigLocation {
    public static func defaultPath() -> String? {
        if let user = userPath(), TextFile.exists(user) { return user }
        return shippedPath()
    }

    public static func userPath() -> String? { userDirectory().map { $0 + "/xgest.toml" } }

    /// The symbolic link to nothing on the way to the user's config, with where it points:
    /// the file itself, or its directory, or the config home above it (`~/.config/xgest`
    /// or `~/.config` linked to a dotfiles checkout not made yet). Nil when there is none.
    public static func danglingUserLink() -> (link: String, target: String)? {
        guard let directory = userDirectory() else { return nil }
        for path in [directory + "/xgest.toml", directory, parent(directory)] {
            if let target = danglingLinkTarget(path) { return (path, target) }
        }
        return nil
    }

    /// Where `path` points when it is a symbolic link to nothing (a dotfile manager's link
    /// whose target was moved, or not checked out yet), else nil.
    public static func danglingLinkTarget(_ path: String) -> String? {
        var link = stat()
        var target = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(path, &target) != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return "?" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The user's stroke templates: `$XDG_CONFIG_HOME/xgest/strokes`, else `~/.config/xgest/strokes`.
    public static func strokesDirectory() -> String? { userDirectory().map { $0 + "/strokes" } }

    /// The strokes directory templates are read from: none when XDG_CONFIG_HOME is not a
    /// directory (``configHomeNotADirectory()``, said once as the config is looked for),
    /// where every load said the strokes directory "cannot be read as a directory" instead.
    public static func templatesDirectory() -> String? {
        configHomeNotADirectory() == nil ? strokesDirectory() : nil
    }

    /// XDG_CONFIG_HOME when it is an absolute path to something that is not a directory
    /// (a file): nothing of xgest's can be there, and the shipped config runs.
    public static func configHomeNotADirectory() -> String? {
        guard let home = environment("XDG_CONFIG_HOME"), home.hasPrefix("/") else { return nil }
        var status = stat()
        guard stat(home, &status) == 0 ? status.st_mode & S_IFMT != S_IFDIR : errno == ENOTDIR else { return nil }
        return home
    }

    /// `$XDG_CONFIG_HOME/xgest`, else `~/.config/xgest`.
    static func userDirectory() -> String? {
        userDirectory(configHome: environment("XDG_CONFIG_HOME"), home: environment("HOME"))
    }

    /// As above, from the two variables' values. A value ending in "/" (`~/.config/`) gives
    /// no doubled slash in the paths said.
    static func userDirectory(configHome: String?, home: String?) -> String? {
        if let xdg = configHome, xdg.hasPrefix("/") { return withoutTrailingSlashes(xdg) + "/xgest" }
        guard let home, !home.isEmpty else { return nil }
        return withoutTrailingSlashes(home) + "/.config/xgest"
    }

    /// `path` without the slashes it ends with; the root becomes empty, to be followed by "/NAME".
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    public static func shippedPath() -> String? { shippedCandidates().first(where: TextFile.exists) }

    /// Where the shipped config is looked for, in order: for a line saying it is missing.
    public static func shippedCandidates() -> [String] {
        var candidates: [String] = []
        if let exe = executablePath() {
            candidates.append(parent(parent(exe)) + "/share/xgest/xgest.toml")
        }
        // Running from the source tree (`swift run`, the tests): this file is
        // Sources/XgestDaemon/Config/ConfigLocation.swift there, four levels below the root.
        candidates.append(parent(parent(parent(parent(#filePath)))) + "/config/xgest.toml")
        return candidates
    }

    /// "looked for A and B": where the shipped config was looked for, escaped for a line.
    public static func shippedCandidatesText() -> String {
        "looked for " + shippedCandidates().map(DisplayText.escaped).joined(separator: " and ")
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
