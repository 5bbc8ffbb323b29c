import CXgest

extension XDisplay {
    /// The button number to give XTest for logical button `logical`. XTest presses a button
    /// of its own device, which the master pointer's map then maps like a mouse's: with a
    /// left-handed map (`xmodmap -e "pointer = 3 2 1"`), XTest's 3 arrives as 1, and a
    /// right click handed back, or a `click 3`, reached the application as a left click.
    /// The number the map sends to `logical` is asked for at each use (one round trip, never
    /// stale); with no such number (a map that disables it), `logical` itself.
    func xtestButton(forLogical logical: Int) -> UInt32 {
        var map = [UInt8](repeating: 0, count: 256)
        let count = min(Int(XGetPointerMapping(handle, &map, Int32(map.count))), map.count)
        guard count > 0, let i = map.prefix(count).firstIndex(where: { Int($0) == logical }) else {
            return UInt32(clamping: logical)
        }
        return UInt32(i + 1)
    }
}
