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

    /// Why a file cannot be written in a directory: `place` is the one in the way, the
    /// directory itself or one above it that it would be made in.
    public enum WriteProblem: Equatable, Sendable {
        case notADirectory(place: String)
        /// No permission, a read-only file system.
        case refused(place: String, Errno)
        /// A symlink to nothing (a dotfiles checkout not made yet): no directory can be
        /// made there, and `mkdir -p` fails on it.
        case linkToNothing(place: String, target: String)
    }

    /// Why no file can be written in `path`, made with its missing parents first (as
    /// ``create(_:)`` does), or nil when one can: for work that ends in writing there,
    /// checked before the work rather than after it.
    public static func whyUnwritable(_ path: String) -> WriteProblem? {
        var place = path
        while true {
            var info = stat()
            if stat(place, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { return .notADirectory(place: place) }
                // Root passes access() on any mode; a read-only file system still says so.
                guard access(place, W_OK | X_OK) == 0 else { return .refused(place: place, Errno(rawValue: errno)) }
                return nil
            }
            let failure = Errno(rawValue: errno)
            if failure == .noSuchFileOrDirectory, lstat(place, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                return .linkToNothing(place: place, target: TextFile.endOfLinks(place))
            }
            // Missing, or under a file (the stat above finds it): made in the one above.
            guard failure == .noSuchFileOrDirectory || failure == .notDirectory, place != "/", place != "." else {
                return .refused(place: place, failure)
            }
            let slash = place.lastIndex(of: "/")
            place = slash.map { $0 == place.startIndex ? "/" : String(place[..<$0]) } ?? "."
        }
    }

    /// Creates `path` and its missing parents (`mkdir -p`).
    public static func create(_ path: String) throws(CLIError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            guard mkdir(prefix, 0o755) != 0 else { continue }
            let failure = Errno(rawValue: errno)
            // Something there already: only a directory will do (a symlink to nothing is
            // there too, and nothing can be written under it).
            var info = stat()
            if failure == .fileExists, stat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
            throw CLIError(
                "cannot create \(prefix): "
                    + (failure == .fileExists ? "something that is not a directory is there" : failure.reason))
        }
    }
}
