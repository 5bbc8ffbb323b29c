/// Which physical size a RandR monitor has: its own, or its output's (the EDID's).
///
/// The server makes an automatic monitor for each output in use, and when the output
/// reports no size (projectors, some touchscreens, virtual outputs: 0 mm) it gives that
/// monitor a size made up from 96 dpi, which would pass for a real one. So an automatic
/// monitor's size is its output's, 0 included. A monitor `xrandr --setmonitor` defined
/// has the size given there, or, given none, its first output's.
public enum MonitorMillimeters {
    public static func choose(
        monitor: (width: Double, height: Double), isAutomatic: Bool, output: (width: Double, height: Double)?
    ) -> (width: Double, height: Double) {
        guard let output else { return monitor }
        if isAutomatic || monitor.width <= 0 || monitor.height <= 0 { return output }
        return monitor
    }
}
