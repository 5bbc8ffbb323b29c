import Glibc
import SystemPackage

/// Directories without Foundation.
public enum Directory {
    /// The names in `path`, sorted; empty when there is nothing at `path`. Anything else
    /// that keeps it from being read (a file in its place, no permission) is an error
    /// giving the reason, for the caller to put after the path.
    public static func listing(_ path: String) throws(CLIError) -> [String] {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return [] }
            throw CLIError("cannot be read as a directory: \(Errno(rawValue: errno).reason)")
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Creates `path` and its missing parents (`mkdir -p`).
    public static func create(_ path: String) throws(CLIError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw CLIError("cannot create \(prefix): \(Errno(rawValue: errno).reason)")
            }
        }
    }
}
