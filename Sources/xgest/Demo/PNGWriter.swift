import Glibc
import XgestDaemon

/// A minimal PNG encoder for the demo's screenshots, so that the daemon links no image
/// or compression library: an 8-bit palette image when the picture has at most 256
/// colours (a screenshot of flat colours does), else 8-bit RGB; the pixel data in stored
/// (uncompressed) deflate blocks, which every PNG reader takes. The files are larger
/// than a compressing encoder's; `docs/images/` holds them recompressed.
enum PNGWriter {
    /// `pixels` as rows of 0xRRGGBB, all `width` long.
    static func encode(_ pixels: [[UInt32]], width: Int) -> [UInt8] {
        var palette: [UInt32] = []
        var index: [UInt32: UInt8] = [:]
        for row in pixels {
            for p in row where index[p] == nil {
                guard palette.count < 256 else { break }
                index[p] = UInt8(palette.count)
                palette.append(p)
            }
        }
        let paletted = pixels.allSatisfy { row in row.allSatisfy { index[$0] != nil } }
        var raw: [UInt8] = []
        raw.reserveCapacity(pixels.count * (1 + width * (paletted ? 1 : 3)))
        for row in pixels {
            raw.append(0)  // filter: none
            for p in row {
                if paletted, let i = index[p] {
                    raw.append(i)
                } else {
                    raw += [UInt8(p >> 16 & 0xff), UInt8(p >> 8 & 0xff), UInt8(p & 0xff)]
                }
            }
        }
        var out: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(pixels.count))
        header += [8, paletted ? 3 : 2, 0, 0, 0]
        chunk("IHDR", header, into: &out)
        if paletted {
            chunk(
                "PLTE", palette.flatMap { [UInt8($0 >> 16 & 0xff), UInt8($0 >> 8 & 0xff), UInt8($0 & 0xff)] },
                into: &out)
        }
        chunk("IDAT", zlibStored(raw), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// Writes `bytes` to `path`; a message saying why not on failure.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        guard let f = fopen(path, "wb") else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        defer { fclose(f) }
        let n = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
        return n == bytes.count ? nil : "cannot write \(path): \(String(cString: strerror(errno)))"
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, data.count - offset)
            let last: UInt8 = offset + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        out += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xedb8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
    }
}
