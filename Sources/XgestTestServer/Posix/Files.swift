import Glibc

/// Creates a private (mode 0700) directory under $TMPDIR, or /tmp when $TMPDIR is unset
/// or so long that the inputtest socket paths would not fit a sockaddr_un (108 bytes).
func makeTemporaryDirectory(prefix: String) throws -> String {
    var base = "/tmp"
    if let tmp = getenv("TMPDIR"), tmp.pointee != 0 {
        let candidate = String(cString: tmp)
        if candidate.utf8.count <= maximumTemporaryBaseLength { base = candidate }
    }
    var template = Array((base + "/" + prefix + ".XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buf -> Bool in
        guard let p = buf.baseAddress else { return false }
        return mkdtemp(p) != nil
    }
    guard made else { throw TestServerError.system(call: "mkdtemp(\(base))", code: errno) }
    return template.withUnsafeBufferPointer { buf in
        buf.baseAddress.map { String(cString: $0) } ?? ""
    }
}

/// Room left in sockaddr_un.sun_path for "/xgest-xorg.XXXXXX/sock/touchpad.sock" and its NUL.
private let maximumTemporaryBaseLength = 60

func makeDirectory(_ path: String) throws {
    if mkdir(path, 0o700) != 0 && errno != EEXIST { throw TestServerError.system(call: "mkdir(\(path))", code: errno) }
}

func writeFile(_ path: String, contents: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw TestServerError.system(call: "open(\(path))", code: errno) }
    defer { close(fd) }
    var bytes = Array(contents.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { raw in
            write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        }
        if n < 0 {
            if errno == EINTR { continue }
            throw TestServerError.system(call: "write(\(path))", code: errno)
        }
        offset += n
    }
    bytes.removeAll()
}

/// The last `maximumBytes` of a file as text (lossy UTF-8); empty when it cannot be read.
func readFileTail(_ path: String, maximumBytes: Int) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    let size = lseek(fd, 0, SEEK_END)
    guard size >= 0 else { return "" }
    let start = max(0, Int(size) - maximumBytes)
    guard lseek(fd, off_t(start), SEEK_SET) >= 0 else { return "" }
    var buffer = [UInt8](repeating: 0, count: Int(size) - start)
    var filled = 0
    while filled < buffer.count {
        let n = buffer.withUnsafeMutableBytes { raw in
            read(fd, raw.baseAddress.map { $0 + filled }, raw.count - filled)
        }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        filled += n
    }
    var text = String(decoding: buffer[0..<filled], as: UTF8.self)
    // Start at a whole line when the tail was cut.
    if start > 0, let newline = text.firstIndex(of: "\n") {
        text = String(text[text.index(after: newline)...])
    }
    return text
}

/// Removes a directory tree that this process created. Symbolic links are removed, never
/// followed; errors are ignored because this only cleans up.
func removeTree(_ path: String) {
    if let dir = opendir(path) {
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                removeTree(child)
            } else {
                unlink(child)
            }
        }
        closedir(dir)
    }
    rmdir(path)
}

func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }
