/// The overall direction of a pointer stroke, which a stroke bound by `direction` is
/// matched on: the way from where the button was pressed to where it was released, when
/// the stroke went that way at all. A closed drawing (a circle, a rectangle, a drag that
/// comes back to its start) or a scribble went nowhere overall and has none: the angle of
/// a net travel of a few pixels says nothing of what was drawn (of none at all, atan2
/// reads right).
public enum StrokeOverallDirection: Hashable, Sendable, CustomStringConvertible {
    case went(SwipeDirection)
    /// The stroke ended too near its start: `netTravelPx` from press to release, along a
    /// path of `pathLengthPx`, where `minimumNetTravelPx` was asked.
    case none(netTravelPx: Double, pathLengthPx: Double, minimumNetTravelPx: Double)

    /// The least share of the path drawn that the net travel must be. A stroke that goes
    /// one way covers about its whole path; half is room for a curved or wobbly one, while
    /// a there-and-back (out, then more than halfway back: an L folded back, a circle, a
    /// zig-zag across its start) makes less.
    public static let minimumNetTravelRatio = 0.5

    /// The overall direction of the stroke through `points`: it has one when its net travel
    /// is at least `minimumNetTravelPx` (the binding's `stroke-min-length`) and at least
    /// ``minimumNetTravelRatio`` of its path.
    public init(points: [Point], minimumNetTravelPx: Double) {
        guard let first = points.first, let last = points.last else {
            self = .none(netTravelPx: 0, pathLengthPx: 0, minimumNetTravelPx: minimumNetTravelPx)
            return
        }
        var path = 0.0
        var previous = first
        for p in points.dropFirst() {
            path += previous.distance(to: p)
            previous = p
        }
        let net = first.distance(to: last)
        guard net >= minimumNetTravelPx, net >= Self.minimumNetTravelRatio * path else {
            self = .none(netTravelPx: net, pathLengthPx: path, minimumNetTravelPx: minimumNetTravelPx)
            return
        }
        self = .went(SwipeDirection.nearest(to: last - first))
    }

    /// The direction, when the stroke has one.
    public var direction: SwipeDirection? {
        switch self {
        case .went(let d): return d
        case .none: return nil
        }
    }

    /// `went left`; when the stroke has none, what it lacked: `went 3px of a 940px path`
    /// (it came back), or `went 30px, less than 50px` (it went one way, not far).
    public var description: String {
        switch self {
        case .went(let d):
            return "went \(d)"
        case .none(let net, let path, let minimum):
            let went = "went \(Int(net.rounded()))px"
            // A drawing that came back says so; a straight one, that it was short.
            if net < Self.minimumNetTravelRatio * path { return went + " of a \(Int(path.rounded()))px path" }
            return went + ", less than \(Int(minimum.rounded()))px"
        }
    }
}
