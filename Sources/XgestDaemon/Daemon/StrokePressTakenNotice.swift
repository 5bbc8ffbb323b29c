/// What xgest says when another client's grab takes a stroke button's press. An open
/// menu's grab (a right click on its item, a double right click on an application that
/// opens it at the press) takes a press now and then, and the application behaves as
/// without xgest: that is only traced. (The implicit grab of a button already held takes
/// every press made with it down: those are not counted, ``X11InputSource``'s raw
/// buttons tell them.) A
/// grab that keeps taking the button, a hotkey program's passive grab made after xgest's,
/// takes every press and strokes with the button cannot start: that is said, once,
/// when ``saidAfter`` presses in a row were taken, and said again when a press comes
/// through xgest's grab after it.
enum StrokePressTakenNotice {
    /// Presses in a row, none through xgest's grab between, before the warning: more
    /// than a menu's ordinary one or two (a double click in a menu).
    static let saidAfter = 3

    /// Whether the `inARow`-th press taken in a row is the one said without `--debug`.
    static func isSaid(inARow: Int) -> Bool { inARow == saidAfter }

    /// The warning, for a grab that keeps taking the button.
    static func kept(button: Int, inARow: Int) -> String {
        "\(inARow) presses of button \(button) in a row taken by another client's grab: strokes with button \(button)"
            + " cannot start while it holds it (a hotkey program such as xbindkeys or sxhkd binding button \(button),"
            + " started or reloaded after xgest); unbind the button there, or restart xgest after it (xgest then"
            + " hands it the clicks that are not strokes)"
    }

    /// The trace's line for a press taken, before the warning or after it.
    static func taken(button: Int, inARow: Int) -> String {
        "press of button \(button) taken by another client's grab, \(inARow) in a row: that client has it, as it"
            + " would without xgest (an open menu takes one now and then; \(saidAfter) in a"
            + " row are said)"
    }

    /// Said when a press comes through xgest's grab again after the warning.
    static func freed(button: Int) -> String {
        "press of button \(button) came to xgest again: strokes with button \(button) work again"
    }
}
