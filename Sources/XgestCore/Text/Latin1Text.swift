/// Text of the X type STRING, which ICCCM makes ISO 8859-1 (Latin-1): WM_CLASS, and
/// WM_NAME when a client sets it that way (XStoreName). A Latin-1 "Café" is not valid
/// UTF-8, and read as UTF-8 it became "Caf\u{FFFD}", which no `title = "Café*"` matched.
///
/// Bytes that are valid UTF-8 are read as UTF-8 all the same: many clients store UTF-8
/// under STRING, and Latin-1 text that happens to be valid UTF-8 ("Ã©" and the like) is
/// next to never seen. Text ends at the first NUL, as C strings do.
public enum Latin1Text {
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        let text = bytes.prefix { $0 != 0 }
        if let utf8 = String(validating: text, as: UTF8.self) { return utf8 }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.map { Unicode.Scalar($0) })
        return String(scalars)
    }
}
