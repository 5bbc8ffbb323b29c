import CXgest
import XgestCore

/// Decodes a window's text property by its type, as ICCCM types them: UTF8_STRING as
/// UTF-8, STRING as Latin-1 (``Latin1Text``), COMPOUND_TEXT (what XmbTextListToTextProperty
/// gives old Xt, Motif and Tk clients with no _NET_WM_NAME) through Xlib's converter to
/// UTF-8, which needs no UTF-8 locale.
struct WindowText {
    let display: XDisplay
    private let utf8String: Atom
    private let string: Atom

    init(display: XDisplay) {
        self.display = display
        utf8String = display.atom("UTF8_STRING")
        string = Atom(XA_STRING)
    }

    /// `cut`: the property goes on past `bytes`, which may end inside a character.
    func decode(_ bytes: [UInt8], type: Atom, cut: Bool) -> String? {
        switch type {
        case utf8String: return CutText.utf8(bytes, cut: cut)
        case string: return CutText.latin1(bytes, cut: cut)
        default: return converted(bytes, type: type)
        }
    }

    /// A C string of Xlib's that holds STRING text (XGetClassHint's WM_CLASS).
    static func latin1(_ cString: UnsafePointer<CChar>) -> String {
        let bytes = sequence(first: cString) { $0 + 1 }.lazy.map { UInt8(bitPattern: $0.pointee) }.prefix { $0 != 0 }
        return Latin1Text.decode(Array(bytes))
    }

    /// COMPOUND_TEXT or another encoding Xlib knows; nil when it converts none of it.
    private func converted(_ bytes: [UInt8], type: Atom) -> String? {
        var bytes = bytes
        return bytes.withUnsafeMutableBufferPointer { buffer -> String? in
            var property = XTextProperty(
                value: buffer.baseAddress, encoding: type, format: 8, nitems: UInt(buffer.count))
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            var count: Int32 = 0
            // Success, or the number of characters it could not convert (shown as '?').
            guard Xutf8TextPropertyToTextList(display.handle, &property, &list, &count) >= Success, let list else {
                return nil
            }
            defer { XFreeStringList(list) }
            return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }.joined()
        }
    }
}
