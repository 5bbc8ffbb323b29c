/// What reading the strokes directory has used of its caps (``StrokeLibrary/mostDrawings``,
/// ``StrokeLibrary/mostBytes``), and what the problem says when a file would go over.
///
/// Every byte read counts, whether or not its file loads: the cap bounds the work of a
/// reload, and a directory of large files that fail to parse (a sync tool's conflict
/// copies, a broken generator) was read and parsed whole at every reload, 400 MiB for 100
/// such files. Only the drawings of files that load count: they are what every stroke is
/// compared with.
struct StrokeDirectoryBudget {
    let mostDrawings: Int
    let mostBytes: Int
    /// Drawings of the files loaded so far.
    private(set) var drawings = 0
    /// Bytes of every file read so far, loaded or not.
    private(set) var bytes = 0
    /// The part of ``bytes`` in files left out for a problem of their own.
    private(set) var leftOutBytes = 0

    /// Counts a file's bytes as read; false when they take the total past ``mostBytes``:
    /// the file is then left out unparsed.
    mutating func read(bytes count: Int) -> Bool {
        bytes += count
        return bytes <= mostBytes
    }

    /// The file whose `count` bytes were just read was left out for a problem of its own.
    mutating func leftOut(bytes count: Int) { leftOutBytes += count }

    /// Counts a parsed file's drawings; false when they take the total past ``mostDrawings``.
    mutating func load(drawings count: Int) -> Bool {
        drawings += count
        return drawings <= mostDrawings
    }

    /// What the problem of the file that went over says after `PATH: error: left out…: `:
    /// the cap it reached, and what the files before it held of it (`fileDrawings` and
    /// `fileBytes`, the file's own, are counted already).
    func overLimit(fileDrawings: Int, fileBytes: Int) -> String {
        guard bytes > mostBytes else {
            return "xgest loads at most \(mostDrawings) drawings (\(Self.size(mostBytes))) from the strokes directory,"
                + " and the files before this one hold \(drawings - fileDrawings); remove the ones no binding uses"
        }
        var line =
            "xgest reads at most \(Self.size(mostBytes)) (\(mostDrawings) drawings) from the strokes directory, and"
            + " the files before this one hold \(Self.size(bytes - fileBytes))"
        guard leftOutBytes > 0 else { return line + "; remove the ones no binding uses" }
        // Said once here, for the files each reported above: they were read for nothing.
        line += ", \(Self.size(leftOutBytes)) of it in files left out for their own errors, which count all the same"
        return line + "; mend or remove those, and the ones no binding uses"
    }

    /// A byte count for a message: whole MiB, KiB or bytes where it is one, else MiB to a tenth.
    static func size(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        if bytes % mebibyte == 0 && bytes > 0 { return "\(bytes / mebibyte) MiB" }
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < mebibyte { return "\((bytes + 1023) / 1024) KiB" }
        let tenths = (bytes * 10 + mebibyte / 2) / mebibyte
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
