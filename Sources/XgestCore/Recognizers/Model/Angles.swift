/// Angle arithmetic without libm: the core imports nothing, and recognizers need only
/// `atan2` and normalisation, both cheap to do exactly enough here.

/// `atan(x)` by two half-angle reductions and a short Taylor series (error below 1e-13).
func atanRadians(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x < 0 { return -atanRadians(-x) }
    if x > 1 { return Double.pi / 2 - atanRadians(1 / x) }
    // atan(x) = 2 atan(x / (1 + sqrt(1 + x²))): twice takes |x| ≤ 1 down to ≤ 0.2.
    var y = x / (1 + (1 + x * x).squareRoot())
    y = y / (1 + (1 + y * y).squareRoot())
    let y2 = y * y
    var term = y
    var sum = 0.0
    var n = 1.0
    for i in 0..<9 {
        sum += (i % 2 == 0 ? term : -term) / n
        term *= y2
        n += 2
    }
    return 4 * sum
}

/// The angle of the vector (x, y) from +x, in (-π, π]; with y growing downward, positive
/// angles turn clockwise on screen.
func atan2Radians(_ y: Double, _ x: Double) -> Double {
    if x > 0 { return atanRadians(y / x) }
    if x < 0 { return y >= 0 ? atanRadians(y / x) + Double.pi : atanRadians(y / x) - Double.pi }
    if y > 0 { return Double.pi / 2 }
    if y < 0 { return -Double.pi / 2 }
    return 0
}

/// `a` brought into (-π, π].
func normalizedAngle(_ a: Double) -> Double {
    var r = a
    let twoPi = 2 * Double.pi
    if abs(r) > 4 * twoPi { r -= (r / twoPi).rounded() * twoPi }
    while r > Double.pi { r -= twoPi }
    while r <= -Double.pi { r += twoPi }
    return r
}

let degreesPerRadian = 180 / Double.pi
