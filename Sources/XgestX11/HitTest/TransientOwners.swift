import CXgest

/// The window each pop-up (an override-redirect top-level) names in its WM_TRANSIENT_FOR,
/// read once and kept: a hit-test passes every pop-up over the point at every touch, and
/// reading each one's there made a round trip apiece (80 stacked at one point, 85 round
/// trips a touch). xgest selects PropertyChangeMask on a pop-up before reading it, and
/// forgets the answer when the property changes and when the window is destroyed or
/// leaves the root (its id may then be given to another window).
struct TransientOwners {
    /// Pop-ups remembered at most: a bound on memory however many come and go; past it
    /// every answer is read again.
    static let maximumEntries = 1024

    /// Pop-up → the window its WM_TRANSIENT_FOR names; 0 (None) when it names none.
    private var owners: [Window: Window] = [:]

    /// What `popup` names, if read since its last change: `.some(nil)` when it names none.
    func known(_ popup: Window) -> Window?? {
        owners[popup].map { $0 == 0 ? nil : $0 }
    }

    mutating func remember(_ owner: Window?, of popup: Window) {
        if owners.count >= Self.maximumEntries { owners.removeAll(keepingCapacity: true) }
        owners[popup] = owner ?? 0
    }

    mutating func forget(_ popup: Window) { owners[popup] = nil }
}
