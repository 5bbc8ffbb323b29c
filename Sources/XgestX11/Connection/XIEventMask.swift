import CXgest

/// Builds an `XIEventMask` for a list of XI event types and passes it to `body`.
func withEventMask<T>(device: Int32, _ types: [Int32], _ body: (inout XIEventMask) -> T) -> T {
    var bits = [UInt8](repeating: 0, count: Int(xgest_mask_len(XI_LASTEVENT)))
    for t in types { xgest_set_mask(&bits, t) }
    return bits.withUnsafeMutableBufferPointer { buf in
        var mask = XIEventMask(deviceid: device, mask_len: Int32(buf.count), mask: buf.baseAddress)
        return body(&mask)
    }
}
