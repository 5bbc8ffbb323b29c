import SystemPackage

extension Errno {
    /// The system's message in the form xgest's messages use after a colon: "permission
    /// denied", "no such file or directory".
    public var reason: String {
        let text = description
        guard let first = text.first else { return "error \(rawValue)" }
        return first.lowercased() + text.dropFirst()
    }
}
