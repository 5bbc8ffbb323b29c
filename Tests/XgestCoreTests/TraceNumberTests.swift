import Testing
import XgestCore

/// Numbers a trace may hold that no conversion can take: each is an error at its line and
/// column, never a trap (these crashed replay before they were checked).
@Suite struct TraceNumberTests {
    static let header =
        #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":6,"name":"ts","kind":"touchscreen"},"#
        + #"{"id":8,"name":"tp","kind":"touchpad"},{"id":7,"name":"m","kind":"pointer"}]}"#

    func error(_ line: String) -> String? {
        do {
            _ = try TraceDecoder.read(Self.header + "\n" + line + "\n")
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (
            #"{"t":1e15,"dev":6,"type":"touch-begin","id":1,"x":1,"y":3}"#,
            "2:6: field \"t\" must be from 0 to 1000000000, found 1000000000000000"
        ),
        (
            #"{"t":0,"type":"window","id":5,"x":0,"y":0,"width":9,"height":9,"pid":1e300}"#,
            "2:70: field \"pid\" must be an integer from 0 to 2147483647, found 1e+300"
        ),
        (
            #"{"t":0,"type":"window","id":5,"x":0,"y":0,"width":9,"height":9,"pid":-1}"#,
            "2:70: field \"pid\" must be an integer from 0 to 2147483647, found -1"
        ),
        (
            #"{"t":0,"type":"window","id":1e19,"x":0,"y":0,"width":9,"height":9}"#,
            "2:29: field \"id\" must be an integer from 0 to 4294967295, found 1e+19"
        ),
        (
            #"{"t":0,"dev":6,"type":"touch-begin","id":4294967296,"x":1,"y":3}"#,
            "2:42: field \"id\" must be an integer from 0 to 4294967295, found 4294967296"
        ),
        (
            #"{"t":0,"dev":6,"type":"touch-begin","id":1,"x":1e400,"y":3}"#,
            "2:48: field \"x\" must be from -1000000 to 1000000, found inf"
        ),
        (
            #"{"t":0,"dev":7,"type":"motion","x":1,"y":-1e300}"#,
            "2:42: field \"y\" must be from -1000000 to 1000000, found -1e+300"
        ),
        (
            #"{"t":0,"dev":1e300,"type":"motion","x":1,"y":1}"#,
            "2:14: field \"dev\" must be an integer from 0 to 2147483647, found 1e+300"
        ),
        (
            #"{"t":0,"dev":8,"type":"pinch-update","fingers":2,"scale":1e308}"#,
            "2:58: field \"scale\" must be from 0 to 1000000, found 1e+308"
        ),
        (
            #"{"t":0,"dev":8,"type":"pinch-update","fingers":2,"angle":-1e20}"#,
            "2:58: field \"angle\" must be from -1000000 to 1000000, found -1e+20"
        ),
        (
            #"{"t":0,"dev":8,"type":"swipe-update","fingers":1e10,"dx":1}"#,
            "2:48: field \"fingers\" must be an integer from 0 to 64, found 10000000000"
        ),
        (
            #"{"t":0,"dev":8,"type":"swipe-update","fingers":3,"dx":1e7}"#,
            "2:55: field \"dx\" must be from -1000000 to 1000000, found 10000000"
        ),
        (
            #"{"t":0,"dev":7,"type":"button-press","button":1e9,"x":1,"y":1}"#,
            "2:47: field \"button\" must be an integer from 0 to 255, found 1000000000"
        ),
    ])
    func outOfRangeNumbersAreErrorsAtTheirColumn(line: String, message: String) {
        #expect(error(line) == message)
    }

    @Test func hugeHeaderNumbersAreErrorsToo() {
        let version = #"{"xgest-trace":1e19,"screen":{"width":1,"height":1},"devices":[]}"#
        #expect(
            throws: TraceError(
                line: 1, column: 16, message: "trace version 1e+19 is newer than this xgest reads (1); upgrade xgest")
        ) { try TraceDecoder.read(version) }
        let width = #"{"xgest-trace":1,"screen":{"width":1e300,"height":1},"devices":[]}"#
        #expect(
            throws: TraceError(
                line: 1, column: 36,
                message: "field \"screen.width\" must be an integer from 1 to 1000000, found 1e+300")
        ) { try TraceDecoder.read(width) }
        let device =
            #"{"xgest-trace":1,"screen":{"width":1,"height":1},"devices":[{"id":-5,"name":"x","kind":"pointer"}]}"#
        #expect(
            throws: TraceError(
                line: 1, column: 67,
                message: "field \"devices[0].id\" must be an integer from 0 to 2147483647, found -5")
        ) { try TraceDecoder.read(device) }
    }

    @Test func numbersAtTheirLimitsAreRead() throws {
        let trace = try TraceDecoder.read(
            Self.header + "\n"
                + #"{"t":1000000000,"dev":6,"type":"touch-begin","id":4294967295,"x":-1000000,"y":1000000}"#
                + "\n"
                + #"{"t":1000000000,"type":"window","id":4294967295,"x":0,"y":0,"width":9,"height":9,"pid":2147483647}"#
        )
        #expect(trace.records.count == 2)
        #expect(trace.records.first?.time == EventTime(seconds: 1_000_000_000))
    }
}
