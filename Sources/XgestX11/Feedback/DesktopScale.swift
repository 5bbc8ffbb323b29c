import CXgest

/// How much larger the desktop draws than at 96 dpi: the `Xft.dpi` resource, which GNOME,
/// KDE and Xfce set for a HiDPI screen (192 at 200 %) and GTK and Qt size their text by.
/// The overlay's trail and label follow it, so that they look as large beside the
/// applications on a 4K panel as on a 1080p one.
///
/// Whole factors only: the label's core-font text is scaled up pixel for pixel, which
/// stays sharp at 2× and would smear at 1.5×.
public enum DesktopScale {
    /// The dpi a scale of 1 stands for: X's and the toolkits' own default.
    static let baseDotsPerInch = 96.0
    static let largest = 4
    static let resourcesLimitBytes = 1 << 20

    /// The scale `resources` (the root window's RESOURCE_MANAGER, as `xrdb -query` prints
    /// it) asks for: `Xft.dpi` over 96, rounded, from 1 to 4; 1 without a usable value.
    public static func scale(resources: String) -> Int {
        var dpi: Double?
        for line in resources.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":"),
                line[..<colon].trimmingWhitespace() == "Xft.dpi"
            else { continue }
            dpi = Double(line[line.index(after: colon)...].trimmingWhitespace())
        }
        guard let dpi, dpi.isFinite, dpi > 0 else { return 1 }
        // Bounded before it becomes an Int: 1e300 dpi would not fit one.
        return Int(min(Double(largest), max(1, (dpi / baseDotsPerInch).rounded())))
    }

    /// The scale the desktop on `display` asks for now. The root window's property is read
    /// afresh (a round trip): Xlib's copy is the one from when the display was opened, and
    /// a desktop changes it when the user picks another scale (the daemon reads it again
    /// then: ``CapturedEvent/resourcesChanged``).
    public static func scale(of display: XDisplay) -> Int {
        // The resources of a desktop are a few kilobytes; a megabyte is read at most.
        let resources = display.text(
            XA_RESOURCE_MANAGER, of: display.root, type: XA_STRING, limitBytes: resourcesLimitBytes)
        return resources.map { scale(resources: $0) } ?? 1
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return s
    }
}
