import CXgest
import XgestCore
import XgestXlib

/// The root window's children, bottom to top, with what a hit-test and the lock check read
/// of each: the bookkeeping of ``TopLevelWindows``, with no X in it.
///
/// A window's entry is found by its id, and the override-redirect ones are kept apart, so
/// that an event about one window costs no walk over every entry: with thousands of
/// top-levels, each window made, moved or destroyed walked them all (a linear look-up,
/// then the lock check's filter of the whole stack). Only a restack still moves the ids
/// after the window's old place, a copy of one word per window above it.
struct TopLevelStack {
    struct Entry: Hashable {
        var id: Window
        /// The outer rectangle, border included, in root coordinates (what X hit-tests).
        var frame: Rect
        var overrideRedirect: Bool
        var mapped: Bool
        /// Whether the points of `frame` reach the window: false when its input shape is
        /// empty, as a compositing manager's overlay window's is (full-screen,
        /// override-redirect, mapped as long as the compositor runs) and a click-through
        /// overlay's. Nil until ``TopLevelWindows/takesInput(_:)`` asks, and again after a
        /// ShapeNotify says its input shape changed: the ShapeNotify selection is made
        /// before any read, so nothing in between is missed, and a move or resize keeps the shape.
        var takesInput: Bool? = nil
    }

    /// The ids, bottom to top, like XQueryTree, xgest's own windows included.
    private(set) var order: [Window] = []
    private var entries: [Window: Entry] = [:]
    /// The ids of the override-redirect entries, mapped or not: the only windows that can
    /// cover the screen as a locker does.
    private(set) var overrideRedirectIDs: Set<Window> = []
    /// xgest's own windows (the feedback overlay, kept mapped all session under a
    /// compositor): in `order` where the server stacks them, since a window restacked
    /// directly above one names it as its sibling, and taken for an unknown one it went on
    /// top, over windows the server has above it. They have no entry: what reads the stack
    /// (hit-tests, the lock check) never sees them.
    private(set) var ownIDs: Set<Window> = []

    var count: Int { order.count }

    func entry(_ w: Window) -> Entry? { entries[w] }

    /// Whether `w` has a place in the stack: an entry, or one of xgest's own windows.
    func contains(_ w: Window) -> Bool { entries[w] != nil || ownIDs.contains(w) }

    /// The entries, topmost first.
    var topDown: some Sequence<Entry> { order.reversed().lazy.compactMap { entries[$0] } }

    /// The override-redirect entries, in no particular order.
    var overrideRedirectEntries: [Entry] { overrideRedirectIDs.compactMap { entries[$0] } }

    /// Puts `entry` on top: a window made, or one back on the root. One already there of the
    /// same id is taken out first.
    mutating func push(_ entry: Entry) {
        remove(entry.id)
        order.append(entry.id)
        store(entry)
    }

    /// Puts one of xgest's own windows on top, with no entry (``ownIDs``).
    mutating func pushOwn(_ w: Window) {
        remove(w)
        order.append(w)
        ownIDs.insert(w)
    }

    mutating func remove(_ w: Window) {
        if entries.removeValue(forKey: w) != nil {
            overrideRedirectIDs.remove(w)
        } else if ownIDs.remove(w) == nil {
            return
        }
        if let i = position(w) { order.remove(at: i) }
    }

    /// Changes `w`'s entry in place (mapping, geometry, input shape); false when `w` is not here.
    @discardableResult
    mutating func update(_ w: Window, _ change: (inout Entry) -> Void) -> Bool {
        guard var entry = entries[w] else { return false }
        change(&entry)
        store(entry)
        return true
    }

    /// Moves `w` directly above `sibling` (ConfigureNotify's `above`): to the bottom when
    /// `sibling` is nil (None), on top when it is not here.
    mutating func restack(_ w: Window, above sibling: Window?) {
        guard contains(w), let from = position(w) else { return }
        order.remove(at: from)
        let to = sibling.map { s in position(s).map { $0 + 1 } ?? order.count } ?? 0
        order.insert(w, at: to)
    }

    /// Moves `w` to the top or the bottom (CirculateNotify).
    mutating func circulate(_ w: Window, toTop: Bool) {
        guard contains(w), let from = position(w) else { return }
        order.remove(at: from)
        if toTop { order.append(w) } else { order.insert(w, at: 0) }
    }

    private mutating func store(_ entry: Entry) {
        entries[entry.id] = entry
        if entry.overrideRedirect {
            overrideRedirectIDs.insert(entry.id)
        } else {
            overrideRedirectIDs.remove(entry.id)
        }
    }

    /// From the top, over the ids alone: events mostly concern windows just made or raised.
    private func position(_ w: Window) -> Int? { order.lastIndex(of: w) }
}
