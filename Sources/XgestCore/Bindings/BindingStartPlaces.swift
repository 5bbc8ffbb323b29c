extension BindingSet {
    /// Where a gesture must start for `b` to watch it, for the lines of `xgest check`:
    /// `["on monitor HDMI-*", "in its region", "at the left edge"]`, empty when anywhere.
    /// A gesture that starts elsewhere is never offered to the binding (its receive
    /// condition), so the binding holds nothing of it.
    static func startPlaces(of b: GestureBinding) -> [String] {
        var places: [String] = []
        if let m = b.conditions.monitor { places.append("on monitor \(m.description)") }
        if b.conditions.region != nil { places.append("in its region") }
        if let edge = b.conditions.edge { places.append("at the \(edge.rawValue) edge") }
        return places
    }
}
