/// A registration's recognizer and conditions for one device, in place of its own: the
/// same gesture with other pixels, for a touchscreen whose monitor has another density
/// than the one the registration's millimetres were converted at. Same concrete type as
/// the registration's recognizer, in its initial state.
public struct DeviceRecognizer: Sendable {
    public var recognizer: any GestureRecognizer
    public var shouldReceive: ShouldReceivePredicate?
    public var shouldBegin: ShouldBeginPredicate?

    public init(
        recognizer: any GestureRecognizer, shouldReceive: ShouldReceivePredicate? = nil,
        shouldBegin: ShouldBeginPredicate? = nil
    ) {
        self.recognizer = recognizer
        self.shouldReceive = shouldReceive
        self.shouldBegin = shouldBegin
    }
}
