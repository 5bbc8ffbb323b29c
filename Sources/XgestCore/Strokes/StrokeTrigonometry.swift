/// Sine, cosine and arc cosine without libm (the core imports nothing). Only template
/// generation and score calibration use them, never the per-template matching loop.

/// `sin(x)`: reduced to (-π, π], then a Taylor series (error below 1e-12).
func sineOf(radians x: Double) -> Double {
    let r = normalizedAngle(x)
    let r2 = r * r
    var term = r
    var sum = r
    var k = 1.0
    for _ in 0..<14 {
        term *= -r2 / ((k + 1) * (k + 2))
        sum += term
        k += 2
    }
    return sum
}

/// `cos(x)` as `sin(x + π/2)`.
func cosineOf(radians x: Double) -> Double { sineOf(radians: x + Double.pi / 2) }

/// `acos(c)` for `c` clamped to [-1, 1], in [0, π].
func arcCosineRadians(_ c: Double) -> Double {
    let clamped = min(1, max(-1, c))
    return atan2Radians((1 - clamped * clamped).squareRoot(), clamped)
}

/// `ln(x)` for `x > 0`: x = m·2^e with m in [1, 2), then ln m = 2 atanh((m − 1)/(m + 1)).
func naturalLog(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return x == 0 ? -Double.infinity : Double.nan }
    let e = Double(x.exponent)
    let m = x.significand
    let z = (m - 1) / (m + 1)
    let z2 = z * z
    var term = z
    var sum = 0.0
    var k = 1.0
    for _ in 0..<12 {
        sum += term / k
        term *= z2
        k += 2
    }
    return 2 * sum + e * 0.693_147_180_559_945_3
}
