/// Filters for assertions on what a test window received.
extension [TestWindowEvent] {
    public var touches: [ReceivedTouch] {
        compactMap { if case .touch(let t) = $0 { return t } else { return nil } }
    }
    public var keys: [ReceivedKey] {
        compactMap { if case .key(let k) = $0 { return k } else { return nil } }
    }
    public var buttons: [ReceivedButton] {
        compactMap { if case .button(let b) = $0 { return b } else { return nil } }
    }
    public var motions: [ReceivedMotion] {
        compactMap { if case .motion(let m) = $0 { return m } else { return nil } }
    }
}
