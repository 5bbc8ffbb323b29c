import CXgest
import XgestCore

/// How xgest reads window properties: every `XGetWindowProperty` goes through here, so
/// the reply is checked (status, type, format) and freed in one place, and each caller
/// says only what it wants and how much of it.
///
/// A property that is unset, of another type or format, or on a window that no longer
/// exists reads as nil. The protocol error of a gone window is not consumed: it stays
/// recorded for ``XDisplay/takeError(in:)``, so a caller reading several properties of one
/// window can ask once, at the end, whether the window went away meanwhile.
extension XDisplay {
    /// The 32-bit items of `property` (Xlib hands them out as C longs), at most `limit`;
    /// `type` AnyPropertyType accepts any type.
    func longs(_ property: Atom, of window: Window, type: Atom, limit: Int) -> [UInt]? {
        readProperty(property, of: window, type: type, longs: limit, format: 32) { data, items, _, _, _ in
            guard let data else { return [] }
            return data.withMemoryRebound(to: UInt.self, capacity: items) { p in (0..<items).map { p[$0] } }
        }
    }

    /// A format-8 property of `type` as UTF-8 text, cut at `limitBytes` (rounded up to
    /// whole 32-bit units, the protocol's), at the last whole character before the cut.
    func text(_ property: Atom, of window: Window, type: Atom, limitBytes: Int) -> String? {
        readProperty(property, of: window, type: type, longs: (limitBytes + 3) / 4, format: 8) {
            data, items, _, _, cut in
            CutText.utf8(UnsafeBufferPointer(start: data, count: data == nil ? 0 : items), cut: cut)
        }
    }

    /// A format-8 property of any type, with its type, cut at `limitBytes` (rounded up to
    /// whole 32-bit units): text whose encoding the type says (STRING, UTF8_STRING,
    /// COMPOUND_TEXT); `cut` when the property goes on past them.
    func bytes(_ property: Atom, of window: Window, limitBytes: Int) -> (type: Atom, bytes: [UInt8], cut: Bool)? {
        readProperty(property, of: window, type: Atom(AnyPropertyType), longs: (limitBytes + 3) / 4, format: 8) {
            data, items, type, _, cut in
            (type, Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : items)), cut)
        }
    }

    /// Whether `property` is set on `window`, whatever its type (reads none of its data).
    func hasProperty(_ property: Atom, on window: Window) -> Bool { propertyKind(property, of: window) != nil }

    /// The type and format of `property` (8, 16 or 32 bits an item), nil when it is unset;
    /// reads none of its data. Lets a caller that read nil say a property is there but not
    /// what it should be, rather than that it is missing.
    func propertyKind(_ property: Atom, of window: Window) -> (type: Atom, format: Int)? {
        readProperty(property, of: window, type: Atom(AnyPropertyType), longs: 0, format: nil) {
            _, _, type, format, _ in
            (type, format)
        }
    }

    /// One `XGetWindowProperty` of at most `longs` 32-bit units from the start; `decode`
    /// gets the data (nil when there is none, a zero-length read), its item count, its type,
    /// its format and whether the property goes on past what was read, when the reply has
    /// the type asked for (any, for AnyPropertyType) and `format` (any, for nil).
    private func readProperty<T>(
        _ property: Atom, of window: Window, type expected: Atom, longs: Int, format expectedFormat: Int32?,
        decode: (UnsafeMutablePointer<UInt8>?, Int, Atom, Int, Bool) -> T
    ) -> T? {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            handle, window, property, 0, longs, False, expected, &type, &format, &items, &after, &data)
        defer { if let data { XFree(data) } }
        // None (0) as the type: the property is unset.
        guard status == Success, type != 0, expected == Atom(AnyPropertyType) || type == expected else { return nil }
        if let expectedFormat, format != expectedFormat { return nil }
        return decode(data, Int(items), type, Int(format), after > 0)
    }
}
