/// What is left on a device once its sequence is over.
///
/// With the device idle, a recognizer still possible with no timer and nothing held can
/// never decide: it fails. Terminal recognizers are reset and unbound. Recognizers with a
/// timer (a tap waiting for its next tap) or a held transition stay.
///
/// When the sequence ends, every recognizer on the device is looked at. After that, only
/// the ones marked in `settleMarks` can have anything to settle: a recognizer becomes one
/// to fail or to reset only by a change of its state, its held transition, its deadline or
/// its device, and each of those marks it. Timers fire one by one on an idle device (a
/// double tap's wait for its second tap, in every recognizer that waits), and each firing
/// settles the device again; reading every recognizer each time made such a burst grow
/// with the square of the recognizers. The marked ones are visited in index order, as the
/// full pass visits them, so the same recognizers fail in the same order.
extension GestureEngine {
    mutating func settleIdle(device: Int) {
        guard let k = deviceIndex(device), devices[k].isIdle else { return }
        if devices[k].isSettled {
            assert(marksCoverUnsettled(device), "a recognizer to settle on device \(device) is not marked")
            var next = settleMarks.first(from: 0)
            while let i = next {
                if isUndecidable(i, on: device) { fail(i, reason: .sequenceEnded) }
                next = settleMarks.first(from: i + 1)
            }
            next = settleMarks.first(from: 0)
            while let i = next {
                if slots[i].device == device && slots[i].state.isTerminal { resetSlot(i) }
                next = settleMarks.first(from: i + 1)
            }
        } else {
            for i in slots.indices where isUndecidable(i, on: device) { fail(i, reason: .sequenceEnded) }
            for i in slots.indices where slots[i].device == device && slots[i].state.isTerminal { resetSlot(i) }
            devices[k].isSettled = true
        }
        // A mark stays only on a recognizer still to settle here (one that a failure above
        // left undecidable after the pass went by it, as the full pass leaves it) or on
        // another device.
        var next = settleMarks.first(from: 0)
        while let i = next {
            if slots[i].device == nil || (slots[i].device == device && !isUndecidable(i, on: device)) {
                settleMarks.remove(i)
            }
            next = settleMarks.first(from: i + 1)
        }
    }

    private func isUndecidable(_ i: Int, on device: Int) -> Bool {
        slots[i].device == device && slots[i].state == .possible && slots[i].held == nil && timers[i] == .max
    }

    /// Checked in debug builds, where every test runs, before the marked recognizers alone
    /// are settled: every recognizer that needs it is marked, so skipping the others is the
    /// same as the full pass.
    private func marksCoverUnsettled(_ device: Int) -> Bool {
        slots.indices.allSatisfy { i in
            settleMarks.contains(i)
                || !(isUndecidable(i, on: device) || (slots[i].device == device && slots[i].state.isTerminal))
        }
    }
}
