/// Values with units, as settings and bindings write them.
///
/// Durations are strings with a unit: `"500ms"`, `"1.5s"`, `"250 ms"`, `"800us"`. A
/// bare number is refused (except 0), because nothing in the number says whether 300
/// is milliseconds or seconds and guessing wrong gives a gesture that never or always
/// fires. Distances are `"12mm"` or `"40px"`; a bare number is pixels, the unit X
/// reports positions in, so there it is unambiguous.
public enum DistanceUnit: String, CaseIterable, Sendable {
    case pixels = "px"
    case millimeters = "mm"
}

/// A length on screen; millimetres need the screen's density to become pixels, which
/// is known only at run time, so the unit is kept.
public struct Distance: Sendable, Equatable {
    public var value: Double
    public var unit: DistanceUnit

    public init(_ value: Double, _ unit: DistanceUnit) {
        self.value = value
        self.unit = unit
    }
}

public enum DurationUnit: String, CaseIterable, Sendable {
    case microseconds = "us"
    case milliseconds = "ms"
    case seconds = "s"

    /// One of this unit in seconds.
    var seconds: Double {
        switch self {
        case .microseconds: return 1e-6
        case .milliseconds: return 1e-3
        case .seconds: return 1
        }
    }

    /// The longest duration the language reads, in seconds: far beyond any setting's own
    /// limit (the longest is 30 s), so that those limits give the message, and far below
    /// what a Duration holds.
    static let longest: Double = 86_400
}

extension DistanceUnit {
    /// The longest distance the language reads, in its unit: far beyond any screen, so
    /// that the settings' own limits give the message, and far from where arithmetic on
    /// it could overflow to infinity.
    static let longest: Double = 1_000_000
}

extension ConfigValue {
    /// The value as a duration, or an error saying precisely what is wrong with it.
    public func asDuration() -> Result<Duration, Diagnostic> {
        if let number = asDouble() {
            guard number == 0 else {
                return .failure(
                    .error(
                        "a duration needs a unit: write \"\(formatNumber(number))ms\" or \"\(formatNumber(number))s\"",
                        at: range))
            }
            return .success(.zero)
        }
        guard let text = asString() else {
            return .failure(.error("expected a duration such as \"500ms\", found \(kind.description)", at: range))
        }
        switch splitQuantity(text) {
        case .failure(let reason):
            return .failure(.error("invalid duration \(quoteBasic(text)): \(reason.reason)", at: range))
        case .success(let (number, unitText)):
            if number < 0 {
                return .failure(.error("a duration cannot be negative: \(quoteBasic(text))", at: range))
            }
            guard let unit = DurationUnit(rawValue: unitText) else {
                return .failure(
                    unknownUnit(unitText, in: text, of: "duration", units: DurationUnit.allCases.map(\.rawValue)))
            }
            // Checked before a Duration is made: Duration holds Int128 attoseconds, and
            // building one from 1e25 ms traps instead of failing.
            guard (number * unit.seconds) <= DurationUnit.longest else {
                return .failure(
                    .error(
                        "a duration must be at most \(formatNumber(DurationUnit.longest))s (a day),"
                            + " found \(quoteBasic(text))", at: range))
            }
            switch unit {
            case .microseconds: return .success(.microseconds(number))
            case .milliseconds: return .success(.milliseconds(number))
            case .seconds: return .success(.seconds(number))
            }
        }
    }

    /// The value as a distance: a number (pixels) or a string with a unit.
    public func asDistance() -> Result<Distance, Diagnostic> {
        if let number = asDouble() {
            guard !number.isNaN else {
                return .failure(.error("a distance must be a number, found nan", at: range))
            }
            guard number >= 0 else {
                return .failure(.error("a distance cannot be negative: \(formatNumber(number))", at: range))
            }
            guard number <= DistanceUnit.longest else {
                return .failure(tooLong(configText, .pixels))
            }
            return .success(Distance(number, .pixels))
        }
        guard let text = asString() else {
            return .failure(.error("expected a distance such as \"12mm\" or 40, found \(kind.description)", at: range))
        }
        switch splitQuantity(text) {
        case .failure(let reason):
            return .failure(.error("invalid distance \(quoteBasic(text)): \(reason.reason)", at: range))
        case .success(let (number, unitText)):
            if number < 0 {
                return .failure(.error("a distance cannot be negative: \(quoteBasic(text))", at: range))
            }
            guard let unit = DistanceUnit(rawValue: unitText) else {
                return .failure(
                    unknownUnit(unitText, in: text, of: "distance", units: DistanceUnit.allCases.map(\.rawValue)))
            }
            guard number <= DistanceUnit.longest else {
                return .failure(tooLong(quoteBasic(text), unit))
            }
            return .success(Distance(number, unit))
        }
    }

    private func tooLong(_ written: String, _ unit: DistanceUnit) -> Diagnostic {
        .error(
            "a distance must be at most \(formatNumber(DistanceUnit.longest))\(unit.rawValue), found \(written)",
            at: range)
    }

    private func unknownUnit(_ unit: String, in text: String, of what: String, units: [String]) -> Diagnostic {
        let message: String
        if unit.isEmpty {
            message = "\(what) \(quoteBasic(text)) has no unit (use \(units.joined(separator: ", ")))"
        } else if unit.hasPrefix(","), unit.dropFirst().first?.isNumber == true {
            // `1,6mm`: a decimal comma, as many locales write it.
            message =
                "invalid \(what) \(quoteBasic(text)): a decimal point is written with '.'"
                + " (\(quoteBasic(String(text.map { $0 == "," ? "." : $0 }))))"
        } else {
            message =
                "unknown \(what) unit \(quoteBasic(unit)) in \(quoteBasic(text))\(Suggestions.didYouMean(unit, in: units))"
                + " (use \(units.joined(separator: ", ")))"
        }
        return .error(message, at: range)
    }
}

/// Error reasons are plain strings here, wrapped so they can travel in a `Result`.
struct QuantityError: Error {
    var reason: String
}

/// `"1.5 s"` → (1.5, "s"): a decimal number, optional blanks, then the unit (possibly
/// empty). Exponents, `inf` and `nan` are not accepted: nobody means them here.
func splitQuantity(_ text: String) -> Result<(Double, String), QuantityError> {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count && scalars[index] == " " {
        index += 1
    }
    let numberStart = index
    if index < scalars.count && (scalars[index] == "-" || scalars[index] == "+") {
        index += 1
    }
    var digits = 0
    var dots = 0
    while index < scalars.count && (NumberLiteral.isDecimal(scalars[index]) || scalars[index] == ".") {
        if scalars[index] == "." { dots += 1 } else { digits += 1 }
        index += 1
    }
    var numberText = ""
    numberText.unicodeScalars.append(contentsOf: scalars[numberStart..<index])
    guard digits > 0, dots <= 1, let number = Double(numberText) else {
        return .failure(QuantityError(reason: "expected a number followed by a unit"))
    }
    while index < scalars.count && scalars[index] == " " {
        index += 1
    }
    // "1e3mm" would otherwise be a number and the unknown unit "e3mm".
    if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
        let next = index + 1 < scalars.count ? scalars[index + 1] : " "
        let after = index + 2 < scalars.count ? scalars[index + 2] : " "
        if NumberLiteral.isDecimal(next) || ((next == "-" || next == "+") && NumberLiteral.isDecimal(after)) {
            return .failure(QuantityError(reason: "exponents are not taken here: write the number out (1000, not 1e3)"))
        }
    }
    var unit = ""
    unit.unicodeScalars.append(contentsOf: scalars[index...])
    while unit.unicodeScalars.last == " " {
        unit.unicodeScalars.removeLast()
    }
    return .success((number, unit))
}

/// `2.0` as `2`, so that suggested fixes read naturally.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(value)
}
