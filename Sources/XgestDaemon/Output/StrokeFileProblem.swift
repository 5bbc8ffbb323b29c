import Glibc

/// What keeps `record-stroke --force` from replacing an existing NAME.stroke, checked before
/// anything is drawn.
public enum StrokeFileProblem {
    /// Nil when there is nothing at `path`, or a regular file (a symlink is followed: the
    /// file it leads to is replaced, and the link kept).
    public static func check(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "\(path) is a directory: only a file is replaced; move it away"
        default: return "\(path) is not a regular file: only a file is replaced; move it away"
        }
    }
}
