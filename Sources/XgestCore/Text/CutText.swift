/// Text read up to a byte limit (a window title, read at most 4 KiB of): the read may end
/// in the middle of a multibyte UTF-8 character, whose first bytes alone decode as U+FFFD.
/// The cut is moved back to the last whole character instead.
public enum CutText {
    /// `bytes` as UTF-8, up to the first NUL; when `cut` (the property goes on past
    /// them), without the incomplete character they end in.
    public static func utf8(_ bytes: some Collection<UInt8>, cut: Bool) -> String {
        let text = Array(bytes.prefix { $0 != 0 })
        return String(decoding: cut ? wholeCharacters(text) : text[...], as: UTF8.self)
    }

    /// STRING text (``Latin1Text``) up to a cut: UTF-8 stored under STRING is cut at its
    /// last whole character, as ``utf8(_:cut:)`` cuts; Latin-1 has no character to cut.
    public static func latin1(_ bytes: some Collection<UInt8>, cut: Bool) -> String {
        let text = Array(bytes.prefix { $0 != 0 })
        guard cut else { return Latin1Text.decode(text) }
        let whole = wholeCharacters(text)
        // The cut is UTF-8's only when what is left is UTF-8; otherwise every byte is Latin-1.
        return whole.count < text.count && String(validating: whole, as: UTF8.self) != nil
            ? Latin1Text.decode(whole) : Latin1Text.decode(text)
    }

    /// `bytes` without the start of a character at their end whose continuation bytes are
    /// missing: a lead byte (11xxxxxx) followed by fewer continuation bytes (10xxxxxx)
    /// than it announces. Bytes that are not UTF-8 at all are left as they are.
    public static func wholeCharacters(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        // A character is at most 4 bytes: its lead is within the last 4.
        var continuations = 0
        for index in bytes.indices.reversed().prefix(4) {
            let byte = bytes[index]
            if byte & 0b1100_0000 == 0b1000_0000 {
                continuations += 1
                continue
            }
            let length =
                switch byte {
                case 0b1100_0000...0b1101_1111: 2
                case 0b1110_0000...0b1110_1111: 3
                case 0b1111_0000...0b1111_0111: 4
                default: 1
                }
            return length > 1 && continuations + 1 < length ? bytes[..<index] : bytes[...]
        }
        return bytes[...]
    }
}
