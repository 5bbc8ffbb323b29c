import CXgest

/// Xlib's own locks, for a process that calls Xlib on more than one thread: the daemon
/// checks a reloaded config's keysyms (`XStringToKeysym`, ``isKnownKeysym(_:)``) on the
/// reload's thread while its loop sends key combos. libX11 1.8 and later take the locks
/// by themselves; older ones need `XInitThreads` before any other Xlib call.
public enum XlibThreads {
    /// Call first thing, before the config is checked or a display opened.
    public static func enable() { _ = XInitThreads() }
}
