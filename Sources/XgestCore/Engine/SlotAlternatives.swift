/// A slot's recognizers for devices with their own (``RecognizerRegistration/perDevice``),
/// and its registration's, kept apart from ``SlotInfo`` so that slots without any (nearly
/// all) stay as small as they were. Read only when a sequence starts.
struct SlotAlternatives {
    let base: DeviceRecognizer
    let byDevice: [Int: DeviceRecognizer]
    /// The device whose recognizer is in place; nil for the base.
    private(set) var installed: Int?

    /// Nil when the registration has none of the base's concrete type: one of another
    /// type could not take its place in the engine's store.
    init?(_ r: RecognizerRegistration) {
        let type = ObjectIdentifier(Swift.type(of: r.recognizer))
        byDevice = r.perDevice.filter { ObjectIdentifier(Swift.type(of: $0.value.recognizer)) == type }
        guard !byDevice.isEmpty else { return nil }
        base = DeviceRecognizer(recognizer: r.recognizer, shouldReceive: r.shouldReceive, shouldBegin: r.shouldBegin)
    }

    /// What a sequence of `device` runs with, when it is not what is in place already.
    mutating func install(for device: Int) -> DeviceRecognizer? {
        let wanted = byDevice[device] == nil ? nil : device
        guard wanted != installed else { return nil }
        installed = wanted
        return wanted.flatMap { byDevice[$0] } ?? base
    }
}
