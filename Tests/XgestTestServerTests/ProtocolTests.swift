import Testing

@testable import XgestTestServer

/// The driver drops the connection when a message's length differs from sizeof(its C
/// struct); these are the sizes of xf86-input-inputtest-protocol.h 1.1 on x86-64.
@Suite struct ProtocolTests {
    typealias P = InputTestProtocol

    @Test func messageSizesMatchTheDriverStructs() {
        #expect(P.touch(id: 1, type: .begin, valuators: []).count == 1056)
        #expect(P.motion(absolute: true, valuators: []).count == 1056)
        #expect(P.button(1, isPress: true, absolute: true, valuators: []).count == 1064)
        #expect(P.key(38, isPress: true).count == 16)
        #expect(
            P.pinch(phaseOffset: 0, fingers: 2, cancelled: false, dx: 0, dy: 0, scale: 1, angleDelta: 0).count == 64)
        #expect(P.swipe(phaseOffset: 0, fingers: 3, cancelled: false, dx: 0, dy: 0).count == 48)
        #expect(P.clientVersion().count == 12)
        #expect(P.waitForSync().count == 8)
    }

    @Test func headersCarryLengthAndType() {
        let messages: [([UInt8], UInt32)] = [
            (P.clientVersion(), 0), (P.waitForSync(), 1), (P.motion(absolute: true, valuators: []), 2),
            (P.button(1, isPress: true, absolute: true, valuators: []), 4), (P.key(38, isPress: true), 5),
            (P.touch(id: 1, type: .begin, valuators: []), 6),
            (P.pinch(phaseOffset: 0, fingers: 2, cancelled: false, dx: 0, dy: 0, scale: 1, angleDelta: 0), 7),
            (P.swipe(phaseOffset: 0, fingers: 3, cancelled: false, dx: 0, dy: 0), 8),
        ]
        for (bytes, type) in messages {
            #expect(P.readUInt32(bytes, at: 0) == UInt32(bytes.count))
            #expect(P.readUInt32(bytes, at: 4) == type)
        }
    }

    @Test func touchFieldsSitAtTheirOffsets() {
        let m = P.touch(id: 0xABCD, type: .update, valuators: [(0, 10240), (1, 15170.5)])
        #expect(P.readUInt32(m, at: 8) == 0xABCD)
        #expect(P.readUInt32(m, at: 12) == 19)  // XI_TouchUpdate
        #expect(P.readUInt32(m, at: 16) == 0)  // has_unaccelerated
        #expect(m[20] == 0b11)  // mask: axes 0 and 1
        #expect(m[21...27].allSatisfy { $0 == 0 })
        #expect(double(m, at: 32) == 10240)  // valuators[0] at 16 + 16
        #expect(double(m, at: 40) == 15170.5)
    }

    @Test func buttonValuatorsFollowTheAlignedHeader() {
        let m = P.button(3, isPress: true, absolute: true, valuators: [(1, 7)])
        #expect(P.readUInt32(m, at: 8) == 1)  // is_absolute
        #expect(P.readUInt32(m, at: 12) == 3)  // button
        #expect(P.readUInt32(m, at: 16) == 1)  // is_press
        #expect(m[28] == 0b10)  // mask at 24 + 4
        #expect(double(m, at: 24 + 16 + 8) == 7)
    }

    @Test func gestureFields() {
        let pinch = P.pinch(phaseOffset: 2, fingers: 2, cancelled: true, dx: 1.5, dy: -2, scale: 0.9, angleDelta: 12)
        #expect(P.readUInt16(pinch, at: 8) == 29)  // XI_GesturePinchEnd
        #expect(P.readUInt16(pinch, at: 10) == 2)
        #expect(P.readUInt32(pinch, at: 12) == 1)  // cancelled
        #expect([16, 24, 32, 40, 48, 56].map { double(pinch, at: $0) } == [1.5, -2, 1.5, -2, 0.9, 12])
        let swipe = P.swipe(phaseOffset: 1, fingers: 4, cancelled: false, dx: 3, dy: 4)
        #expect(P.readUInt16(swipe, at: 8) == 31)  // XI_GestureSwipeUpdate
        #expect(P.readUInt16(swipe, at: 10) == 4)
        #expect(P.readUInt32(swipe, at: 12) == 0)
        #expect([16, 24, 32, 40].map { double(swipe, at: $0) } == [3, 4, 3, 4])
    }

    @Test func keyFields() {
        let m = P.key(38, isPress: false)
        #expect(P.readUInt32(m, at: 8) == 38)
        #expect(P.readUInt32(m, at: 12) == 0)
    }

    private func double(_ bytes: [UInt8], at offset: Int) -> Double {
        let bits = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        return Double(bitPattern: bits)
    }
}
