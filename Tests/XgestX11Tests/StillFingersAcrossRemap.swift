import Foundation
import XgestCore
import XgestTestServer

/// Two fingers held still on the touchscreen while `remap` changes where X puts the glass
/// (a new matrix, a resized root), then the right one moved by one pixel of the device and
/// both lifted: what would read as a jump of the fingers. Returns once a later touch at
/// device x `laterX` has reached `window`, so the daemon has dealt with everything before.
func holdTwoStillFingers(
    on server: XorgServer, window: TestWindow, across remap: () throws -> Void, laterTouchAtX laterX: Double
) throws {
    let ts = server.touchscreen
    try ts.begin(id: 1, x: 800, y: 500)
    try ts.begin(id: 2, x: 1200, y: 500)
    try ts.sync()
    try remap()
    try ts.update(id: 2, x: 1201, y: 500)
    try ts.sync()
    try ts.end(id: 1, x: 800, y: 500)
    try ts.end(id: 2, x: 1201, y: 500)
    try ts.sync()
    // A later touch reaches the window once the daemon has dealt with every one before it.
    _ = try window.receivedEvents()
    try ts.begin(id: 3, x: laterX, y: 100)
    try ts.sync()
    try ts.end(id: 3, x: laterX, y: 100)
    try ts.sync()
    _ = try window.collectEvents { $0.touches.contains { $0.phase == .end && $0.root.y == 100 } }
}
