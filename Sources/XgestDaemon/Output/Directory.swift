import Glibc

/// Directories without Foundation.
public enum Directory {
    /// The names in `path`, sorted; empty when it cannot be read.
    public static func entries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
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
                throw CLIError("cannot create \(prefix): \(String(cString: strerror(errno)))")
            }
        }
    }
}
