import SystemPackage

extension FileType {
    /// "a FIFO", "a directory": what a path is, said where a regular file was wanted (the
    /// config, the instance lock, the held-input file).
    public var described: String {
        switch self {
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .fifo: return "a FIFO"
        case .characterSpecial: return "a character device"
        case .blockSpecial: return "a block device"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        default: return "of type \(rawValue)"
        }
    }
}
