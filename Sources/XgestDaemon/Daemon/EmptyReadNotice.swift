/// Whether a reload that found the config empty says so. A burst of saves in place (each
/// truncating the file, then writing it) is read empty at many of them: one line says it
/// until the file is read with something in it. With `--debug`, which shows every reload,
/// each refused one says why on its own line.
struct EmptyReadNotice {
    private var said = false

    /// Notes a read of the config, `empty` or not (a read that failed counts as not
    /// empty); true when this read is empty and to be said.
    mutating func says(empty: Bool, sayingEach: Bool) -> Bool {
        defer { said = empty }
        return empty && (sayingEach || !said)
    }
}
