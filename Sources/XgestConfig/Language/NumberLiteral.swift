/// Integer and float literals: `42`, `-17`, `1_000`, `0xFF`, `0o755`, `0b1010`,
/// `3.14`, `-2.5e-3`, `1e6`, `inf`, `-inf`, `nan`.
///
/// Decimal integers and the integer part of floats take no leading zeros (so `010` is
/// not silently octal); `_` is allowed only between two digits; hexadecimal, octal and
/// binary integers take no sign. Integers must fit in a 64-bit signed integer.
enum NumberLiteral {
    enum Result: Equatable {
        case integer(Int64)
        case float(Double)
        /// Why the text is not a number, phrased to follow `invalid number "…": `.
        case failure(String)
    }

    static func isSpecialFloat(_ word: String) -> Bool {
        switch word {
        case "inf", "+inf", "-inf", "nan", "+nan", "-nan": return true
        default: return false
        }
    }

    /// `1979-05-27`, `07:32:00`: TOML has dates; this language does not.
    static func looksLikeDateTime(_ text: [Unicode.Scalar]) -> Bool {
        if text.contains(":") {
            return true
        }
        return text.count >= 10 && text[4] == "-" && text[7] == "-"
            && text[0..<4].allSatisfy(isDecimal) && text[5..<7].allSatisfy(isDecimal)
    }

    static func parse(_ text: [Unicode.Scalar]) -> Result {
        var word = ""
        word.unicodeScalars.append(contentsOf: text)
        switch word {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        var index = 0
        let negative = text.first == "-"
        let signed = negative || text.first == "+"
        if signed {
            index = 1
        }
        guard index < text.count else { return .failure("a sign must be followed by digits") }
        if text[index] == "0", index + 1 < text.count, let radix = radix(of: text[index + 1]) {
            if signed {
                return .failure("hexadecimal, octal and binary integers cannot have a sign")
            }
            return parseRadix(Array(text[(index + 2)...]), radix: radix)
        }
        return parseDecimal(text, from: index, negative: negative)
    }

    private static func radix(of scalar: Unicode.Scalar) -> (base: Int64, name: String)? {
        switch scalar {
        case "x": return (16, "hexadecimal")
        case "o": return (8, "octal")
        case "b": return (2, "binary")
        default: return nil
        }
    }

    private static func parseRadix(_ digits: [Unicode.Scalar], radix: (base: Int64, name: String)) -> Result {
        guard !digits.isEmpty else { return .failure("no digits after the \(radix.name) prefix") }
        if let problem = underscoreProblem(digits) {
            return .failure(problem)
        }
        var value: Int64 = 0
        for scalar in digits where scalar != "_" {
            guard let digit = hexDigitValue(scalar), Int64(digit) < radix.base else {
                return .failure("\(describe(scalar)) is not a \(radix.name) digit")
            }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: radix.base)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 {
                return .failure("out of range for a 64-bit integer (the largest is \(Int64.max))")
            }
            value = sum
        }
        return .integer(value)
    }

    private static func parseDecimal(_ text: [Unicode.Scalar], from start: Int, negative: Bool) -> Result {
        var index = start
        let integerPart = digitRun(text, from: &index)
        guard !integerPart.isEmpty else {
            return .failure(
                index < text.count ? "expected a digit, found \(describe(text[index]))" : "expected a digit")
        }
        if let problem = underscoreProblem(integerPart) {
            return .failure(problem)
        }
        if integerPart.count > 1 && integerPart[0] == "0" {
            return .failure("leading zeros are not allowed")
        }
        var isFloat = false
        if index < text.count && text[index] == "." {
            index += 1
            let fraction = digitRun(text, from: &index)
            guard !fraction.isEmpty else { return .failure("a digit must follow the decimal point") }
            if let problem = underscoreProblem(fraction) {
                return .failure(problem)
            }
            isFloat = true
        }
        if index < text.count && (text[index] == "e" || text[index] == "E") {
            index += 1
            if index < text.count && (text[index] == "+" || text[index] == "-") {
                index += 1
            }
            let exponent = digitRun(text, from: &index)
            guard !exponent.isEmpty else { return .failure("the exponent needs digits") }
            if let problem = underscoreProblem(exponent) {
                return .failure(problem)
            }
            isFloat = true
        }
        if index < text.count {
            return .failure("unexpected \(describe(text[index]))")
        }
        var plain = ""
        plain.unicodeScalars.append(contentsOf: text.lazy.filter { $0 != "_" })
        if isFloat {
            guard let value = Double(plain), value.isFinite else {
                return .failure("out of range for a 64-bit float")
            }
            return .float(value)
        }
        return decimalInteger(integerPart, negative: negative)
    }

    /// Accumulates towards the sign so that `Int64.min` itself is representable.
    private static func decimalInteger(_ digits: [Unicode.Scalar], negative: Bool) -> Result {
        var value: Int64 = 0
        for scalar in digits where scalar != "_" {
            let digit = Int64(scalar.value - 0x30)
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 {
                let limit = negative ? "the smallest is \(Int64.min)" : "the largest is \(Int64.max)"
                return .failure("out of range for a 64-bit integer (\(limit))")
            }
            value = sum
        }
        return .integer(value)
    }

    /// Digits and underscores from `index`, advancing it past them.
    private static func digitRun(_ text: [Unicode.Scalar], from index: inout Int) -> [Unicode.Scalar] {
        let start = index
        while index < text.count && (isDecimal(text[index]) || text[index] == "_") {
            index += 1
        }
        return Array(text[start..<index])
    }

    private static func underscoreProblem(_ digits: [Unicode.Scalar]) -> String? {
        for (offset, scalar) in digits.enumerated() where scalar == "_" {
            if offset == 0 || offset == digits.count - 1 || digits[offset - 1] == "_" {
                return "\"_\" is only allowed between two digits"
            }
        }
        return nil
    }

    static func isDecimal(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}
