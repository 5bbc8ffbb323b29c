import XgestCore

/// Reads a binding's `monitor` condition.
extension SchemaContext {
    /// `"eDP-1"`, `"HDMI-*"` (a glob over RandR monitor names) or `"primary"`.
    mutating func readMonitor(_ table: ConfigTable) -> MonitorMatch? {
        guard let (text, v) = string(table, BindingKey.monitor.rawValue) else { return nil }
        if text == MonitorMatch.primaryKeyword { return .primary }
        guard !text.isEmpty else {
            error(
                "monitor needs a RandR monitor name (see `xrandr --listmonitors`), a glob or \"primary\"",
                at: v.range)
            return nil
        }
        do {
            return .named(try GlobPattern(text))
        } catch {
            self.error("invalid monitor pattern \(quoteBasic(text)): \(error.message)", at: v.range)
            return nil
        }
    }
}
