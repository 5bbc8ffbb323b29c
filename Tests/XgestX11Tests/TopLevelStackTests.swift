import Testing
import XgestCore

@testable import XgestX11

/// The window stack's bookkeeping, without a server: each event's change keeps the order
/// the server has, the entries found by id, and the override-redirect ones apart.
@Suite struct TopLevelStackTests {
    static func entry(_ id: UInt, overrideRedirect: Bool = false) -> TopLevelStack.Entry {
        TopLevelStack.Entry(
            id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10), overrideRedirect: overrideRedirect, mapped: false)
    }

    @Test func windowsMadeGoOnTopAndAWindowMadeAgainMovesThere() {
        var stack = TopLevelStack()
        for id: UInt in [1, 2, 3] { stack.push(Self.entry(id)) }
        #expect(stack.order == [1, 2, 3])
        stack.push(Self.entry(1, overrideRedirect: true))
        #expect(stack.order == [2, 3, 1])
        #expect(stack.count == 3)
        #expect(stack.entry(1)?.overrideRedirect == true)
        #expect(stack.topDown.map(\.id) == [1, 3, 2])
    }

    @Test func restackingPutsAWindowAboveItsSiblingAtTheBottomOrOnTop() {
        var stack = TopLevelStack()
        for id: UInt in [1, 2, 3, 4] { stack.push(Self.entry(id)) }
        stack.restack(4, above: 1)
        #expect(stack.order == [1, 4, 2, 3])
        stack.restack(3, above: nil)
        #expect(stack.order == [3, 1, 4, 2])
        // A sibling xgest does not know of (gone meanwhile): on top, as the server has it last.
        stack.restack(3, above: 99)
        #expect(stack.order == [1, 4, 2, 3])
        stack.circulate(3, toTop: false)
        #expect(stack.order == [3, 1, 4, 2])
        stack.circulate(3, toTop: true)
        #expect(stack.order == [1, 4, 2, 3])
        // A window that is not a top-level changes nothing.
        stack.restack(99, above: 1)
        stack.circulate(99, toTop: true)
        #expect(stack.order == [1, 4, 2, 3])
    }

    @Test func overrideRedirectWindowsAreFollowedThroughEveryChange() {
        var stack = TopLevelStack()
        stack.push(Self.entry(1))
        stack.push(Self.entry(2, overrideRedirect: true))
        stack.push(Self.entry(3, overrideRedirect: true))
        #expect(stack.overrideRedirectIDs == [2, 3])
        // Mapped or configured with the flag changed.
        #expect(stack.update(1) { $0.overrideRedirect = true })
        #expect(stack.update(3) { $0.overrideRedirect = false })
        #expect(stack.overrideRedirectIDs == [1, 2])
        #expect(Set(stack.overrideRedirectEntries.map(\.id)) == [1, 2])
        stack.remove(2)
        #expect(stack.overrideRedirectIDs == [1])
        #expect(stack.entry(2) == nil)
        #expect(stack.order == [1, 3])
        #expect(!stack.update(2) { $0.mapped = true })
        // Removing what is not there changes nothing.
        stack.remove(2)
        #expect(stack.order == [1, 3])
    }

    /// xgest's own windows keep their place, so that a window restacked directly above
    /// one goes there, but nothing reading the stack sees them.
    @Test func ownWindowsKeepTheirPlaceUnseen() {
        var stack = TopLevelStack()
        stack.push(Self.entry(1))
        stack.pushOwn(9)
        stack.push(Self.entry(2, overrideRedirect: true))
        stack.push(Self.entry(3))
        stack.restack(3, above: 9)
        #expect(stack.order == [1, 9, 3, 2])
        #expect(stack.topDown.map(\.id) == [2, 3, 1])
        #expect(stack.entry(9) == nil)
        #expect(stack.contains(9))
        #expect(!stack.update(9) { $0.mapped = true })
        #expect(stack.overrideRedirectIDs == [2])
        stack.restack(9, above: 2)
        #expect(stack.order == [1, 3, 2, 9])
        stack.circulate(9, toTop: false)
        #expect(stack.order == [9, 1, 3, 2])
        stack.remove(9)
        #expect(stack.order == [1, 3, 2])
        #expect(!stack.contains(9))
        #expect(stack.ownIDs.isEmpty)
    }

    @Test func anEntryChangedInPlaceKeepsItsPlace() {
        var stack = TopLevelStack()
        for id: UInt in [1, 2, 3] { stack.push(Self.entry(id)) }
        stack.update(2) {
            $0.mapped = true
            $0.frame = Rect(x: 5, y: 5, width: 20, height: 20)
            $0.takesInput = false
        }
        #expect(stack.order == [1, 2, 3])
        #expect(stack.entry(2)?.mapped == true)
        #expect(stack.entry(2)?.frame == Rect(x: 5, y: 5, width: 20, height: 20))
        #expect(stack.entry(2)?.takesInput == false)
    }
}
