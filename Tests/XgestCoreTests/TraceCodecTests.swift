import Testing

@testable import XgestCore

@Suite struct TraceCodecTests {
    static let header =
        #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":6,"name":"ts","kind":"touchscreen"},{"id":8,"name":"tp","kind":"touchpad"},{"id":7,"name":"mouse","kind":"pointer"}]}"#

    @Test func everyRecordKindRoundTrips() throws {
        let header = try TraceDecoder(headerLine: Self.header).header
        let records: [TraceRecord] = [
            .window(
                time: .zero,
                WindowInfo(
                    id: 0x40_0001, instance: "Navigator", className: "firefox", title: "Tab \"1\" — ünïcode\n",
                    pid: 1234, frame: Rect(x: 10, y: 20, width: 800, height: 600))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 16000), device: 6, deviceKind: .touchscreen,
                    payload: .touch(TouchSample(id: 1, phase: .begin, location: Point(x: 300, y: 250.5))))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 32000), device: 6, deviceKind: .touchscreen,
                    payload: .touch(TouchSample(id: 1, phase: .update, location: Point(x: 301.25, y: 250))))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 48000), device: 6, deviceKind: .touchscreen,
                    payload: .touch(TouchSample(id: 1, phase: .end, location: Point(x: 302, y: 250))))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 1_000_001), device: 8, deviceKind: .touchpad,
                    payload: .touchpadSwipe(
                        TouchpadSwipe(
                            phase: .update, fingers: 3, delta: Point(x: -12.5, y: 3), cancelled: false,
                            location: Point(x: 5, y: 6))))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 1_500_000), device: 8, deviceKind: .touchpad,
                    payload: .touchpadPinch(
                        TouchpadPinch(
                            phase: .end, fingers: 2, delta: .zero, scale: 0.899994, angleDeltaDegrees: -4.5,
                            cancelled: true, location: Point(x: 1, y: 2))))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 2_000_000), device: 7, deviceKind: .pointer,
                    payload: .pointerMotion(Point(x: 640, y: 480)))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 2_100_000), device: 7, deviceKind: .pointer,
                    payload: .button(ButtonSample(button: 3, isPress: true, location: Point(x: 640, y: 480))))),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 2_200_000), device: 0, deviceKind: .keyboard,
                    payload: .modifiers([.ctrl, .super]))),
            .windowClosed(time: EventTime(microseconds: 3_000_000), id: 0x40_0001),
        ]
        let text = ([TraceEncoder.headerLine(header)] + records.map(TraceEncoder.line)).joined(separator: "\n") + "\n"
        let trace = try TraceDecoder.read(text)
        #expect(trace.header == header)
        #expect(trace.records == records)
    }

    /// A device and a screen change during the recording: the device's events after its
    /// record are read as those of a device of the header, the screen as recorded.
    @Test func deviceAndScreenRecordsRoundTrip() throws {
        let header = try TraceDecoder(headerLine: Self.header).header
        let screen = TraceScreen(
            width: 3840, height: 1080,
            monitors: [
                Monitor(name: "laptop", rect: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true),
                Monitor(name: "external", rect: Rect(x: 1920, y: 0, width: 1920, height: 1080), isPrimary: false),
            ],
            touchscreenAreas: [
                6: Rect(x: 0, y: 0, width: 1920, height: 1080), 10: Rect(x: 1920, y: 0, width: 1920, height: 1080),
            ], pixelsPerMillimeter: 5.6, touchscreenDensities: [10: 12.4])
        let records: [TraceRecord] = [
            .device(time: EventTime(microseconds: 1000), DeviceInfo(id: 9, name: "second pad", kind: .touchpad)),
            .input(
                InputEvent(
                    time: EventTime(microseconds: 2000), device: 9, deviceKind: .touchpad,
                    payload: .touchpadSwipe(
                        TouchpadSwipe(
                            phase: .begin, fingers: 3, delta: .zero, cancelled: false, location: Point(x: 5, y: 6))))),
            .screen(time: EventTime(microseconds: 3000), screen),
        ]
        let text = ([TraceEncoder.headerLine(header)] + records.map(TraceEncoder.line)).joined(separator: "\n") + "\n"
        #expect(try TraceDecoder.read(text).records == records)
        // A touchscreen's own density is written only where it differs from the screen's.
        #expect(text.contains(#""height":1080.0},"px_per_mm":12.4}]"#))
        #expect(!text.contains(#""height":1080.0},"px_per_mm":5.6}"#))
        // Replay converts at the header's densities: a touchscreen's changed is warned of.
        var change = TraceDensityChange()
        change.note(.screen(time: EventTime(microseconds: 3000), screen), line: 4)
        #expect(change.warning(header: 5.6, touchscreens: [10: 12.4]) == nil)
        #expect(change.warning(header: 5.6)?.hasPrefix("4: warning: touchscreen 10's density changed to 12.4") == true)
        // Named as the header names it: "touchscreen 10" told a user with two touchscreens nothing.
        let named = change.warning(header: 5.6, devices: [DeviceInfo(id: 10, name: "ELAN Touch", kind: .touchscreen)])
        #expect(named?.hasPrefix("4: warning: touchscreen ELAN Touch (device 10)'s density changed to 12.4") == true)
    }

    @Test func documentedExampleLinesDecode() throws {
        let text =
            Self.header + "\n" + #"{"t":0.016,"dev":6,"type":"touch-begin","id":1,"x":300.0,"y":250.0}"# + "\n"
            + #"{"t":0.5,"type":"modifiers","mods":["ctrl","super"]}"# + "\n"
        let trace = try TraceDecoder.read(text)
        #expect(trace.records.count == 2)
        #expect(trace.records[0].time == EventTime(microseconds: 16000))
        #expect(
            trace.records[1]
                == .input(
                    InputEvent(
                        time: EventTime(microseconds: 500_000), device: 0, deviceKind: .keyboard,
                        payload: .modifiers([.ctrl, .super]))))
    }

    @Test func unknownKeysAreIgnored() throws {
        let text =
            Self.header + "\n"
            + #"{"t":0,"dev":6,"type":"touch-begin","id":2,"x":1,"y":2,"pressure":0.5,"note":{"a":[1]}}"#
        #expect(try TraceDecoder.read(text).records.count == 1)
    }

    @Test(arguments: [
        (#"{"t":0.1,"dev":6,"type":"touch-begin","id":1,"x":3"#, "3:51: malformed JSON: unterminated object"),
        (#"{"t":0.1,"dev":6,"type":"touch-begin","id":1,"y":3}"#, "3: missing field \"x\""),
        (
            #"{"t":0.1,"dev":6,"type":"touch-begin","id":1,"x":1,"y":3,"x":500}"#,
            "3:58: malformed JSON: duplicate key \"x\""
        ),
        (#"{"t":0.1,"dev":6,"type":"touch-bgein","id":1,"x":1,"y":3}"#, "3: unknown event type \"touch-bgein\""),
        (
            #"{"t":-1,"dev":6,"type":"touch-begin","id":1,"x":1,"y":3}"#,
            "3:6: field \"t\" must be from 0 to 1000000000, found -1"
        ),
        (
            #"{"t":0.1,"dev":99,"type":"motion","x":1,"y":3}"#,
            "3: event from device 99, which neither the header nor a device record before it declares"
        ),
        (#"{"t":0.1,"dev":6,"type":"touch-begin","id":"one","x":1,"y":3}"#, "3:44: field \"id\" must be an integer"),
        (
            #"{"t":0.1,"type":"modifiers","mods":["hyper"]}"#,
            "3:37: mods[0]: unknown modifier (expected shift, ctrl, alt, super or mod1 to mod5)"
        ),
        (#"[1,2]"#, "3: expected a JSON object"),
        // Each kind of event from the kind of device that makes it.
        (
            #"{"t":0.1,"dev":7,"type":"touch-begin","id":1,"x":1,"y":3}"#,
            "3:16: a touch-begin event from device 7, which the header declares a pointer"
        ),
        (
            #"{"t":0.1,"dev":6,"type":"pinch-begin","fingers":2}"#,
            "3:16: a pinch-begin event from device 6, which the header declares a touchscreen"
        ),
        (
            #"{"t":0.1,"dev":8,"type":"modifiers","mods":["ctrl"]}"#,
            "3:16: a modifiers event from device 8, which the header declares a touchpad"
        ),
        // A flag of another type is no flag: "yes" was read as false, placing a closed window.
        (#"{"t":0.1,"type":"window","id":5,"closed":"yes"}"#, "3:42: field \"closed\" must be true or false"),
        (
            #"{"t":0.1,"dev":8,"type":"swipe-end","fingers":3,"cancelled":"yes"}"#,
            "3:61: field \"cancelled\" must be true or false"
        ),
        (
            #"{"t":0.1,"dev":8,"type":"pinch-end","fingers":3,"cancelled":1}"#,
            "3:61: field \"cancelled\" must be true or false"
        ),
    ])
    func malformedLinesAreReportedWithTheirLineNumber(line: String, message: String) {
        let text = Self.header + "\n" + #"{"t":0,"dev":7,"type":"motion","x":1,"y":1}"# + "\n" + line + "\n"
        #expect(throws: TraceError.self) { try TraceDecoder.read(text) }
        do {
            _ = try TraceDecoder.read(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func newerVersionsAndNonTracesAreRefused() {
        let newer = #"{"xgest-trace":2,"screen":{"width":1,"height":1},"devices":[]}"#
        #expect(
            throws: TraceError(
                line: 1, column: 16, message: "trace version 2 is newer than this xgest reads (1); upgrade xgest")
        ) {
            try TraceDecoder.read(newer)
        }
        #expect(
            throws: TraceError(line: 1, message: "not an xgest trace: the first line has no \"xgest-trace\" version")
        ) {
            try TraceDecoder.read(#"{"hello":1}"#)
        }
        #expect(
            throws: TraceError(
                line: 1, column: 16,
                message: "not an xgest trace: the first line has a \"xgest-trace\" that is no number")
        ) {
            try TraceDecoder.read(#"{"xgest-trace":"1","screen":{"width":1,"height":1},"devices":[]}"#)
        }
        #expect(
            throws: TraceError(
                line: 1, column: 108,
                message: "field \"devices[1].id\" declares device 6 again (devices[0] is device 6)")
        ) {
            try TraceDecoder.read(
                #"{"xgest-trace":1,"screen":{"width":9,"height":9},"devices":[{"id":6,"name":"a","kind":"touchscreen"},{"id":6,"name":"b","kind":"pointer"}]}"#
            )
        }
        #expect(throws: TraceError(line: 1, message: "empty trace: expected a header line")) {
            try TraceDecoder.read("")
        }
    }

    @Test func windowStackHitTestsTopmostFirst() {
        var stack = WindowStack()
        stack.place(WindowInfo(id: 1, className: "below", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        stack.place(WindowInfo(id: 2, className: "above", frame: Rect(x: 50, y: 50, width: 100, height: 100)))
        #expect(stack.hitTest(Point(x: 60, y: 60)).window?.className == "above")
        #expect(stack.hitTest(Point(x: 10, y: 10)).window?.className == "below")
        #expect(stack.hitTest(Point(x: 500, y: 500)) == .desktop)
        // Re-placing raises; closing removes.
        stack.place(WindowInfo(id: 1, className: "below", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        #expect(stack.hitTest(Point(x: 60, y: 60)).window?.className == "below")
        stack.close(id: 1)
        #expect(stack.hitTest(Point(x: 60, y: 60)).window?.className == "above")
    }

}
