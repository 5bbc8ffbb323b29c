/// The rc.xml a test Openbox runs with: a known number of desktops and nothing that acts
/// on input (no key or mouse bindings), so that the window manager only reacts to EWMH
/// requests and never takes a test's keys, buttons or touches; with `clickToFocus`, the
/// press bindings of Openbox's default rc.xml in the client context (Focus and Raise on
/// buttons 1 to 3), for which it holds synchronous button grabs on every client window and
/// replays each press to the window with XAllowEvents(ReplayPointer).
struct OpenboxConfig {
    var desktops: Int
    /// An empty menu file, so that Openbox does not look for the Debian menu.
    var menuPath: String
    var clickToFocus = false

    private var mouse: String {
        guard clickToFocus else { return "<mouse></mouse>" }
        let buttons = ["Left", "Middle", "Right"].map {
            "<mousebind button=\"\($0)\" action=\"Press\"><action name=\"Focus\"/><action name=\"Raise\"/></mousebind>"
        }
        return "<mouse><context name=\"Client\">" + buttons.joined() + "</context></mouse>"
    }

    var text: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <openbox_config xmlns="http://openbox.org/3.4/rc">
          <focus>
            <focusNew>yes</focusNew>
            <followMouse>no</followMouse>
          </focus>
          <placement>
            <policy>Smart</policy>
          </placement>
          <desktops>
            <number>\(desktops)</number>
            <firstdesk>1</firstdesk>
            <popupTime>0</popupTime>
          </desktops>
          <keyboard></keyboard>
          \(mouse)
          <menu>
            <file>\(menuPath)</file>
          </menu>
        </openbox_config>

        """
    }

    static let emptyMenu = """
        <?xml version="1.0" encoding="UTF-8"?>
        <openbox_menu xmlns="http://openbox.org/3.4/menu"></openbox_menu>

        """
}
