import Testing

@testable import XgestCore

/// A touchpad `drag`: the pointer follows the fingers' whole movement, from where it was.
@Suite struct TouchpadDragTests {
    /// A 4-finger swipe left of 10 × 20 px with the pointer at (1455, 500).
    static let trace = """
        {"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":8,"name":"pad","kind":"touchpad"}]}
        {"t":0.000,"dev":8,"type":"swipe-begin","fingers":4,"dx":0,"dy":0,"x":1455,"y":500}
        """
        + (1...10).map {
            #"{"t":\#(Double($0) / 100),"dev":8,"type":"swipe-update","fingers":4,"dx":-20,"dy":0,"x":1455,"y":500}"#
        }
        .map { "\n" + $0 }.joined()
        + "\n"
        + #"{"t":0.110,"dev":8,"type":"swipe-end","fingers":4,"dx":0,"dy":0,"x":1455,"y":500,"cancelled":false}"#

    /// It pressed where the swipe was recognized and moved 160 px for the fingers' 200: the
    /// first 40 px (the recognition distance) were lost.
    @Test func theDragPressesWhereThePointerIsAndMovesTheWholeSwipe() throws {
        let binding = GestureBinding(
            name: "drag4", kind: .swipe, devices: [.touchpad], fingers: 4, direction: .left,
            action: BoundAction(.drag(button: 1), text: "drag 1"))
        let bindings = BindingSet(bindings: [binding], apps: [])
        let records = try DryRun.run(TraceDecoder.read(Self.trace), bindings: bindings)
        let drags = records.compactMap { r -> (GestureState, Double)? in
            guard case .action(let a) = r else { return nil }
            return (a.invocation.state, a.invocation.location.x)
        }
        #expect(drags.first?.0 == .began && drags.first?.1 == 1455, "\(drags)")
        #expect(drags.last?.0 == .ended && drags.last?.1 == 1255, "\(drags)")
        // Recognized at the second update (40 px); every move after it is where the fingers
        // are: 1455 less all they covered so far.
        let moves = drags.dropFirst().dropLast().map(\.1)
        #expect(moves == (3...10).map { 1455 - 20 * Double($0) }, "\(drags)")
    }
}
