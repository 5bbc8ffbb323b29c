import Testing

@testable import XgestConfig

/// `xgest check` on bindings each waiting for the next to fail, in a chain as long as a
/// config within the size limit holds: the check's cycle search went one call deeper per
/// binding and overflowed the stack (a debug build at some 25,000; the engine's search, at
/// a release daemon's reload, at 60,000, which `check` then passed).
@Suite struct LongWaitChainCheckTests {
    static let length = 40_000

    static func chain(closed: Bool) -> String {
        let bindings = (0..<length).map { i in
            let next =
                i + 1 < length
                ? #", requires-failure-of = ["\#(i + 1)"]"# : closed ? #", requires-failure-of = ["0"]"# : ""
            return #"{ name = "\#(i)", kind = "pan", action = "key a"\#(next) }"#
        }
        return "gesture = [\n" + bindings.joined(separator: ",\n") + "\n]\n"
    }

    @Test func aLongChainIsChecked() {
        let result = load(Self.chain(closed: false))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
        #expect(result.configuration?.bindings.count == Self.length)
    }

    @Test func aLongChainClosedIsOneCycleError() {
        let result = load(Self.chain(closed: true))
        #expect(result.diagnostics.count == 1)
        let message = result.diagnostics.first?.message ?? ""
        #expect(
            message.hasPrefix(
                #"bindings wait for each other to fail in a cycle, so none could ever be recognized: "0" → "1" → "#),
            "\(message.prefix(200))")
        #expect(message.hasSuffix(#"→ "39999" → "0""#))
    }
}
