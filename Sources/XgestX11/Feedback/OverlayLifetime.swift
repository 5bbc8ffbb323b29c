/// Whether the overlay window exists, and whether it shows anything.
///
/// Without a compositing manager the window exists only while something is shown: made at
/// a trail's first point, destroyed when the label goes. Under one it is made as soon as
/// the compositor is seen, kept for as long as it runs, and parked before and between
/// gestures: picom with `fading` on fades a window in over about a third of a second each
/// time it is mapped (and out as it is unmapped), not when it is moved or resized, so a
/// window mapped for each stroke drew the start of every trail faint.
enum OverlayLifetime {
    /// No window: none made yet, or destroyed (no compositor, feedback withdrawn or off,
    /// the compositor gone).
    case absent
    /// Up and showing what the overlay shows.
    case showing(OverlayWindow)
    /// Kept under a compositor with nothing shown: still mapped, so no fade of the
    /// compositor's when it shows something again, but one pixel outside the root with
    /// nothing drawn (``OverlayFrame/parked``).
    case parked(OverlayWindow)

    var window: OverlayWindow? {
        switch self {
        case .absent: nil
        case .showing(let w), .parked(let w): w
        }
    }
}
