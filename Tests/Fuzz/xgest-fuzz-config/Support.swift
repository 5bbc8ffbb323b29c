/// Keysym names used in xgest configs and their mutations' neighbours.
enum KnownKeysyms {
    static let names: Set<String> = [
        "Right", "Left", "Up", "Down", "minus", "plus", "equal", "Page_Down", "Page_Up", "Home", "End", "Escape",
        "Return", "Tab", "space", "BackSpace", "Delete", "Insert", "Print", "F1", "F2", "F3", "F4", "F5", "F6",
        "F7", "F8", "F9", "F10", "F11", "F12", "Super_L", "Super_R", "Control_L", "Control_R", "Alt_L", "Alt_R",
        "Shift_L", "Shift_R", "Meta_L", "XF86AudioRaiseVolume", "XF86AudioLowerVolume", "XF86AudioMute",
        "XF86MonBrightnessUp", "XF86MonBrightnessDown", "XF86Back", "XF86Forward",
    ]
}
