import Testing

@testable import XgestConfig

@Suite struct UnitsTests {
    private func setting(_ literal: String) -> ConfigValue? {
        value(parse("x = " + literal), "x")
    }

    private func durationError(_ literal: String) -> String? {
        guard case .failure(let diagnostic) = setting(literal)?.asDuration() else { return nil }
        return diagnostic.message
    }

    private func distanceError(_ literal: String) -> String? {
        guard case .failure(let diagnostic) = setting(literal)?.asDistance() else { return nil }
        return diagnostic.message
    }

    @Test func durations() {
        #expect(setting(#""500ms""#)?.asDuration() == .success(.milliseconds(500)))
        #expect(setting(#""1.5s""#)?.asDuration() == .success(.milliseconds(1500)))
        #expect(setting(#""250 ms""#)?.asDuration() == .success(.milliseconds(250)))
        #expect(setting(#""800us""#)?.asDuration() == .success(.microseconds(800)))
        #expect(setting(#""0.25ms""#)?.asDuration() == .success(.microseconds(250)))
        #expect(setting("0")?.asDuration() == .success(.zero))
        #expect(setting("0.0")?.asDuration() == .success(.zero))
    }

    @Test func durationErrors() {
        #expect(durationError("300") == #"a duration needs a unit: write "300ms" or "300s""#)
        #expect(durationError("1.5") == #"a duration needs a unit: write "1.5ms" or "1.5s""#)
        #expect(durationError(#""300""#) == #"duration "300" has no unit (use us, ms, s)"#)
        #expect(
            durationError(#""5 sx""#) == #"unknown duration unit "sx" in "5 sx" (did you mean "s"?) (use us, ms, s)"#)
        #expect(durationError(#""5 minutes""#) == #"unknown duration unit "minutes" in "5 minutes" (use us, ms, s)"#)
        #expect(durationError(#""-5ms""#) == #"a duration cannot be negative: "-5ms""#)
        #expect(durationError(#""ms""#) == #"invalid duration "ms": expected a number followed by a unit"#)
        #expect(durationError(#""1.2.3s""#) == #"invalid duration "1.2.3s": expected a number followed by a unit"#)
        // Not the unknown unit "e3ms": the exponent is what is not taken.
        for text in ["1e3ms", "2E-1 s", "5e+2us"] {
            #expect(
                durationError("\"\(text)\"")
                    == "invalid duration \"\(text)\": exponents are not taken here: write the number out (1000, not 1e3)"
            )
        }
        // An "e" not followed by a number is a unit's first letter.
        #expect(durationError(#""5eons""#) == #"unknown duration unit "eons" in "5eons" (use us, ms, s)"#)
        #expect(durationError("true") == #"expected a duration such as "500ms", found a boolean"#)
    }

    @Test func durationErrorPointsAtTheValue() {
        let result = parse("[settings]\nlong-press-duration = \"5 sx\"\n")
        guard case .failure(let diagnostic) = value(result, "settings", "long-press-duration")?.asDuration() else {
            Issue.record("expected an error")
            return
        }
        #expect(
            DiagnosticRenderer(file: "xgest.toml", source: result.source).render(diagnostic) == """
                xgest.toml:2:23: error: unknown duration unit "sx" in "5 sx" (did you mean "s"?) (use us, ms, s)
                long-press-duration = "5 sx"
                                      ^~~~~~
                """)
    }

    @Test func distances() {
        #expect(setting(#""12mm""#)?.asDistance() == .success(Distance(12, .millimeters)))
        #expect(setting(#""1.5 mm""#)?.asDistance() == .success(Distance(1.5, .millimeters)))
        #expect(setting(#""40px""#)?.asDistance() == .success(Distance(40, .pixels)))
        #expect(setting("40")?.asDistance() == .success(Distance(40, .pixels)))
        #expect(setting("12.5")?.asDistance() == .success(Distance(12.5, .pixels)))
        #expect(setting("0")?.asDistance() == .success(Distance(0, .pixels)))
    }

    @Test func distanceErrors() {
        #expect(distanceError("-3") == "a distance cannot be negative: -3")
        #expect(distanceError(#""-3mm""#) == #"a distance cannot be negative: "-3mm""#)
        #expect(
            distanceError(#""12 cm""#) == #"unknown distance unit "cm" in "12 cm" (did you mean "mm"?) (use px, mm)"#)
        #expect(distanceError(#""12""#) == #"distance "12" has no unit (use px, mm)"#)
        // A decimal comma was the unknown unit ",6mm".
        #expect(
            distanceError(#""1,6mm""#) == #"invalid distance "1,6mm": a decimal point is written with '.' ("1.6mm")"#)
        #expect(
            distanceError(#""1e3mm""#)
                == #"invalid distance "1e3mm": exponents are not taken here: write the number out (1000, not 1e3)"#)
        #expect(distanceError("[1]") == #"expected a distance such as "12mm" or 40, found an array"#)
    }
}

@Suite struct EnumValueTests {
    enum Direction: String, CaseIterable {
        case left, right, up, down
    }

    @Test func knownAndUnknownNames() {
        let result = parse("a = \"left\"\nb = \"lfet\"\nc = \"sideways\"\nd = 3\n")
        #expect(value(result, "a")?.asCase(Direction.self, what: "direction") == .success(.left))
        let messages = ["b", "c", "d"].map { key -> String? in
            guard case .failure(let diagnostic) = value(result, key)?.asCase(Direction.self, what: "direction")
            else { return nil }
            return "\(diagnostic.location) \(diagnostic.message)"
        }
        #expect(
            messages == [
                #"2:5 unknown direction "lfet" (did you mean "left"?); expected one of: left, right, up, down"#,
                #"3:5 unknown direction "sideways"; expected one of: left, right, up, down"#,
                "4:5 expected direction as a string, found an integer",
            ])
    }
}
