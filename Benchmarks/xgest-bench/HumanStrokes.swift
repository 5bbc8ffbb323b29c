import Glibc
import SeededRandom
import XgestCore

/// One human-drawn sample of a gesture from a folder of JSON Lines files, one sample per
/// line: `{"source":…,"subject":…,"gesture":…,"sample":n,"points":[[x,y,t],…]}` with
/// `t` in milliseconds from the first point, or null where the source kept no clock.
///
/// The samples are measurement data collected by other people: the benchmark reads them
/// from the folder given on its command line and nothing of them is built into xgest.
struct HumanStroke {
    var source: String
    var subject: String
    /// The built-in gesture name: the data's `circle` becomes `circle-cw` or
    /// `circle-ccw` by the sign of the drawing's area.
    var gesture: String
    /// The data's own label (`circle` for both circles).
    var label: String
    /// The sample's number within its person and label, from 1, as the data numbers it.
    var sample: Int
    var points: [Point]
    /// Milliseconds from the first point, one per point; nil without a clock.
    var times: [Double]?
    /// Whether the data holds one stroke per sample, pen down to pen up, so that no pause or
    /// step within it is a pen-up (the $1 logs: a Pocket PC that reported a point every
    /// 100 ms or so during a fast stroke left steps of a third of the drawing).
    var isOneStroke = false

    /// The input device: the subject's prefix where the source recorded several
    /// (`trackpad/user1`), otherwise what the source's README says it used.
    var device: String {
        if let slash = subject.firstIndex(of: "/") { return String(subject[..<slash]) }
        return "not stated"
    }

    /// A subject is a person within a source.
    var person: String { source + "|" + subject }

    /// Milliseconds from the first point to the last; nil without a clock.
    var durationMilliseconds: Double? { times?.last }

    /// The strokes a touchscreen or a pointer would deliver: the points cut at every
    /// pen-up, where a collection app appended a redraw to the sample. A real touch or
    /// press ends at the pen-up, so xgest sees each part as a stroke of its own.
    var deliveredStrokes: [[Point]] { deliveredStrokeRanges.map { Array(points[$0]) } }

    /// Where each of ``deliveredStrokes`` lies in ``points`` (and ``times``). A pen-up is a
    /// step longer than ``penUpJumpShare`` of the drawing's diagonal or, where the sample
    /// has a clock, a pause longer than ``penUpPauseMilliseconds``.
    var deliveredStrokeRanges: [Range<Int>] {
        guard !isOneStroke else { return [points.indices] }
        let limit = HumanStroke.penUpJumpShare * diagonal
        var out: [Range<Int>] = []
        var start = 0
        for i in points.indices.dropFirst() {
            let jump = points[i - 1].distance(to: points[i]) > limit
            let pause = times.map { $0[i] - $0[i - 1] > HumanStroke.penUpPauseMilliseconds } ?? false
            guard jump || pause else { continue }
            out.append(start..<i)
            start = i
        }
        if start < points.count { out.append(start..<points.count) }
        return out
    }

    var hasPenUp: Bool { deliveredStrokeRanges.count > 1 }

    /// This sample with Gaussian noise of `sigmaPx` added to each coordinate of each point,
    /// as a touchscreen's jitter would, the same every run: the noise is seeded by the
    /// sample's identity and `salt` (a template and a candidate of one drawing get
    /// different noise). Pen-ups stay where they are: the noise is far below their jump.
    func withNoise(sigmaPx: Double, salt: UInt64) -> HumanStroke {
        guard sigmaPx > 0 else { return self }
        // FNV-1a: Swift's own hashes change from run to run.
        var seed: UInt64 = 0xCBF2_9CE4_8422_2325 ^ salt
        for byte in (person + "|" + label + "|\(sample)").utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var rng = BenchRandom(seed: seed)
        var noisy = self
        noisy.points = points.map { Point(x: $0.x + sigmaPx * rng.gaussian(), y: $0.y + sigmaPx * rng.gaussian()) }
        return noisy
    }

    /// A step longer than this share of the bounding box's diagonal is a pen-up: the data's
    /// README uses 0.3; no drawn step of a single stroke in the data comes close.
    static let penUpJumpShare = 0.3

    /// A pause longer than this between two points is a pen-up too. A redraw of a closed
    /// shape starts where the first drawing ended, so only the clock shows its pen-up.
    /// Drawn one by one, the data's longest pauses within one stroke last 0.73 s (a
    /// trackpad star); every pause from 0.95 s up (259 samples, 0.95–98 s) ends a
    /// drawing that is then drawn again over itself.
    static let penUpPauseMilliseconds = 850.0

    private var diagonal: Double {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        return ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
    }
}

enum HumanStrokeLoadError: Error, CustomStringConvertible {
    case cannotOpenDirectory(String)
    case noFiles(String)
    case cannotRead(String)
    case malformed(file: String, line: Int, reason: String)

    var description: String {
        switch self {
        case .cannotOpenDirectory(let d): return "\(d): cannot open the directory (\(String(cString: strerror(errno))))"
        case .noFiles(let d): return "\(d): no .jsonl files"
        case .cannotRead(let f): return "\(f): cannot read (\(String(cString: strerror(errno))))"
        case .malformed(let f, let l, let r): return "\(f):\(l): \(r)"
        }
    }
}

enum HumanStrokeData {
    /// Every sample of every `*.jsonl` file in `directory`, files in name order.
    static func load(directory: String) throws(HumanStrokeLoadError) -> [HumanStroke] {
        guard let dir = opendir(directory) else { throw .cannotOpenDirectory(directory) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".jsonl") { names.append(name) }
        }
        closedir(dir)
        guard !names.isEmpty else { throw .noFiles(directory) }
        var samples: [HumanStroke] = []
        for name in names.sorted() {
            let path = directory + "/" + name
            var lineNumber = 0
            for line in try lines(of: path) {
                lineNumber += 1
                guard !line.isEmpty else { continue }
                samples.append(try sample(from: line, file: path, line: lineNumber))
            }
        }
        return samples
    }

    /// ``load(directory:)``, or nil after printing why not.
    static func loadReporting(directory: String) -> [HumanStroke]? {
        do {
            return try load(directory: directory)
        } catch {
            print("xgest-bench: \(error)")
            return nil
        }
    }

    static func lines(of path: String) throws(HumanStrokeLoadError) -> [String] {
        guard let file = fopen(path, "r") else { throw .cannotRead(path) }
        defer { fclose(file) }
        var out: [String] = []
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) >= 0 {
            guard let b = buffer else { break }
            var line = String(cString: b)
            if line.hasSuffix("\n") { line.removeLast() }
            out.append(line)
        }
        return out
    }

    static func sample(from line: String, file: String, line number: Int) throws(HumanStrokeLoadError) -> HumanStroke {
        let value: JSONValue
        do {
            value = try parseJSON(line)
        } catch {
            throw .malformed(file: file, line: number, reason: "column \(error.column): \(error.message)")
        }
        guard let source = value["source"]?.string, let subject = value["subject"]?.string,
            let label = value["gesture"]?.string, let raw = value["points"]?.array
        else { throw .malformed(file: file, line: number, reason: "needs source, subject, gesture and points") }
        // The label audit names samples by number: a missing or odd one must not pass as 0.
        guard let n = value["sample"]?.double, n >= 1, n <= 1_000_000, n == n.rounded() else {
            throw .malformed(file: file, line: number, reason: "\"sample\" must be a whole number from 1")
        }
        var points: [Point] = []
        var times: [Double] = []
        var clocked = true
        points.reserveCapacity(raw.count)
        for p in raw {
            guard let xyt = p.array, xyt.count >= 2, let x = xyt[0].double, let y = xyt[1].double else {
                throw .malformed(file: file, line: number, reason: "a point is not [x, y, t]")
            }
            points.append(Point(x: x, y: y))
            if xyt.count >= 3, let t = xyt[2].double { times.append(t) } else { clocked = false }
        }
        let gesture = label == "circle" ? (signedArea(points) >= 0 ? "circle-cw" : "circle-ccw") : label
        return HumanStroke(
            source: source, subject: subject, gesture: gesture, label: label,
            sample: Int(n), points: points,
            times: clocked && !times.isEmpty ? times : nil)
    }

    /// Twice the signed area of the closed polygon, with y growing downward: positive
    /// for a drawing that turns clockwise on screen.
    static func signedArea(_ points: [Point]) -> Double {
        guard let first = points.first else { return 0 }
        var sum = 0.0
        for (i, p) in points.enumerated() {
            let q = i + 1 < points.count ? points[i + 1] : first
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }
}
