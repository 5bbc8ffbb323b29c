import Glibc

/// The C library's text for an errno value, e.g. "No such file or directory".
func errnoDescription(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "errno \(code)" }
    return String(cString: text)
}
