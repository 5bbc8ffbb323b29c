import Testing
import XgestCore

/// STRING properties (WM_NAME by XStoreName, WM_CLASS) are Latin-1 by ICCCM.
@Suite struct Latin1TextTests {
    @Test func latin1BytesAreLatin1() {
        #expect(Latin1Text.decode([0x43, 0x61, 0x66, 0xE9, 0x20, 0x6C, 0x61]) == "Café la")
        #expect(Latin1Text.decode([0xC0, 0xFF]) == "Àÿ")
    }

    @Test func validUTF8StaysUTF8() {
        #expect(Latin1Text.decode(Array("Café 🎉".utf8)) == "Café 🎉")
        #expect(Latin1Text.decode(Array("plain".utf8)) == "plain")
    }

    @Test func textEndsAtTheFirstNUL() {
        #expect(Latin1Text.decode([0x61, 0, 0x62]) == "a")
        #expect(Latin1Text.decode([]) == "")
    }
}
