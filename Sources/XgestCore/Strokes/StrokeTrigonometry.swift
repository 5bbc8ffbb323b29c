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
