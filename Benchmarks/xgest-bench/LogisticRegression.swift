import Glibc

/// Weighted logistic regression with an L2 penalty, fitted by Newton's method: what the
/// stroke verifiers are fitted with (``HumanStrokeVerifierFit``).
///
/// Features are standardised (mean 0, deviation 1) before the fit so that one penalty
/// suits them all; the result is given back on the original scale. The intercept is not
/// penalised.
struct LogisticRegression {
    /// One weight per feature, on the features as given.
    var coefficients: [Double]
    var intercept: Double

    /// The linear predictor: log odds of the positive class.
    func logit(_ x: [Double]) -> Double {
        var z = intercept
        for j in coefficients.indices { z += coefficients[j] * x[j] }
        return z
    }

    /// `rows` of equal length, `positive` and `weight` one per row. Nil when there are no
    /// rows or the system cannot be solved. A `start` near the answer (a fit on most of the
    /// same rows) saves most of the iterations.
    static func fit(
        rows: [[Double]], positive: [Bool], weight: [Double], penalty: Double, start: LogisticRegression? = nil
    ) -> LogisticRegression? {
        guard let d = rows.first?.count, d > 0 else { return nil }
        let n = rows.count
        var mean = [Double](repeating: 0, count: d)
        var deviation = [Double](repeating: 0, count: d)
        for r in rows { for j in 0..<d { mean[j] += r[j] } }
        for j in 0..<d { mean[j] /= Double(n) }
        for r in rows { for j in 0..<d { deviation[j] += (r[j] - mean[j]) * (r[j] - mean[j]) } }
        for j in 0..<d { deviation[j] = max((deviation[j] / Double(n)).squareRoot(), 1e-9) }
        // Standardised rows with a trailing 1 for the intercept, flat.
        let width = d + 1
        var z = [Double](repeating: 1, count: n * width)
        for (i, r) in rows.enumerated() { for j in 0..<d { z[i * width + j] = (r[j] - mean[j]) / deviation[j] } }
        var beta = [Double](repeating: 0, count: width)
        // The intercept starts at the weighted log odds, where the first step is small.
        var wp = 0.0
        var wn = 0.0
        for i in 0..<n { if positive[i] { wp += weight[i] } else { wn += weight[i] } }
        guard wp > 0, wn > 0 else { return nil }
        beta[d] = log(wp / wn)
        if let start, start.coefficients.count == d {
            beta[d] = start.intercept
            for j in 0..<d {
                beta[j] = start.coefficients[j] * deviation[j]
                beta[d] += start.coefficients[j] * mean[j]
            }
        }
        for _ in 0..<maximumIterations {
            var hessian = [Double](repeating: 0, count: width * width)
            var gradient = [Double](repeating: 0, count: width)
            z.withUnsafeBufferPointer { zb in
                hessian.withUnsafeMutableBufferPointer { h in
                    for i in 0..<n {
                        let row = i * width
                        var eta = 0.0
                        for j in 0..<width { eta += zb[row + j] * beta[j] }
                        let p = 1 / (1 + exp(-eta))
                        let g = weight[i] * (p - (positive[i] ? 1 : 0))
                        let w = weight[i] * p * (1 - p)
                        for j in 0..<width { gradient[j] += g * zb[row + j] }
                        // A stroke far from the boundary adds almost nothing to the curvature;
                        // leaving it out of the Hessian only changes the path, not the optimum.
                        guard w > negligibleCurvature else { continue }
                        for j in 0..<width {
                            let wj = w * zb[row + j]
                            // The lower triangle; mirrored below.
                            for k in 0...j { h[j * width + k] += wj * zb[row + k] }
                        }
                    }
                }
            }
            for j in 0..<width {
                for k in 0..<j { hessian[k * width + j] = hessian[j * width + k] }
            }
            for j in 0..<d {
                hessian[j * width + j] += penalty
                gradient[j] += penalty * beta[j]
            }
            guard let step = solveSymmetricPositiveDefinite(hessian, gradient, size: width) else { return nil }
            var largest = 0.0
            for j in 0..<width {
                beta[j] -= step[j]
                largest = max(largest, abs(step[j]))
            }
            if largest < convergedStep { break }
        }
        var coefficients = [Double](repeating: 0, count: d)
        var intercept = beta[d]
        for j in 0..<d {
            coefficients[j] = beta[j] / deviation[j]
            intercept -= coefficients[j] * mean[j]
        }
        return LogisticRegression(coefficients: coefficients, intercept: intercept)
    }

    /// Newton's method on this convex, penalised problem settles in well under this.
    static let maximumIterations = 50
    /// A row whose weight · p · (1 − p) is below this is left out of the Hessian.
    static let negligibleCurvature = 1e-4
    /// Converged when no standardised weight moves more than this: a change of 10⁻⁵ in
    /// the log odds moves no verified score by a rounded digit.
    static let convergedStep = 1e-5

    /// Cholesky: A = L·Lᵀ, then two triangular solves. Nil when A is not positive definite.
    static func solveSymmetricPositiveDefinite(_ a: [Double], _ b: [Double], size n: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for j in 0..<n {
            var diagonal = a[j * n + j]
            for k in 0..<j { diagonal -= l[j * n + k] * l[j * n + k] }
            guard diagonal > 0 else { return nil }
            let root = diagonal.squareRoot()
            l[j * n + j] = root
            for i in (j + 1)..<max(j + 1, n) {
                var v = a[i * n + j]
                for k in 0..<j { v -= l[i * n + k] * l[j * n + k] }
                l[i * n + j] = v / root
            }
        }
        var y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var v = b[i]
            for k in 0..<i { v -= l[i * n + k] * y[k] }
            y[i] = v / l[i * n + i]
        }
        var x = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var v = y[i]
            for k in (i + 1)..<max(i + 1, n) { v -= l[k * n + i] * x[k] }
            x[i] = v / l[i * n + i]
        }
        return x
    }
}
