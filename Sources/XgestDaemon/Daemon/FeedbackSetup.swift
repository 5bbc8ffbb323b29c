import Glibc
import XgestConfig
import XgestCore
import XgestX11

/// `[feedback]` turned into the overlay, or into nothing: off in the config, or a server
/// without what it needs (said in one line, and the daemon runs on without it).
public enum FeedbackSetup {
    /// Extensions to treat as missing, comma-separated: how the tests see the daemon on a
    /// server without them (Xorg always has RENDER and SHAPE).
    static let unavailableExtensionsVariable = "XGEST_FEEDBACK_UNAVAILABLE"

    public static func options(_ f: FeedbackSettings) -> FeedbackOptions {
        var o = FeedbackOptions()
        o.trailRed = f.trailColor.red
        o.trailGreen = f.trailColor.green
        o.trailBlue = f.trailColor.blue
        o.trailAlpha = f.trailColor.alpha
        o.trailWidthPixels = f.trailWidthPixels
        switch f.label {
        case .all: o.labels = .all
        case .recognized: o.labels = .recognizedOnly
        case .none: o.labels = .none
        }
        o.holdMicroseconds = UInt64((f.labelDurationSeconds * 1_000_000).rounded())
        o.strokes = f.strokes
        o.touches = f.touches
        o.gestures = f.gestures
        return o
    }

    /// The buttons pointer strokes start on, and whether touchscreen strokes exist
    /// (nothing to trace otherwise): shapes, patterns and scrubs, each drawn as one stroke.
    static func strokeDevices(_ bindings: BindingSet) -> (pointer: Set<Int>, touchscreen: Bool) {
        let strokes = bindings.bindings.filter { GestureAvailability.isDrawn($0.kind) }
        return (
            Set(GestureDaemon.strokeTriggers(bindings).map(\.button)),
            strokes.contains { $0.devices.contains(.touchscreen) }
        )
    }

    /// The overlay for `configuration`, the one running (`current`) kept when it can be:
    /// nil when feedback is off or cannot run; `say` gets the one line saying why not.
    public static func update(
        _ current: FeedbackOverlay?, for configuration: LoadedConfig, bindings: BindingSet, source: X11InputSource,
        say: (String) -> Void
    ) -> FeedbackOverlay? {
        let settings = configuration.configuration.feedback
        guard settings.drawsAnything else {
            current?.close()
            return nil
        }
        let devices = strokeDevices(bindings)
        var options = options(settings)
        options.scale = DesktopScale.scale(of: source.display)
        options.heldStillLabelAfterPx = GestureDaemon.pointerStartDistancePx(bindings)
        if let current {
            current.reconfigure(
                options: options, pointerStrokeButtons: devices.pointer, touchscreenStrokes: devices.touchscreen,
                bindingNames: bindings.bindingNamesByRegistration)
            return current
        }
        let unavailable = getenv(unavailableExtensionsVariable).map { String(cString: $0) } ?? ""
        do {
            let overlay = try FeedbackOverlay(
                display: source.display, options: options, pointerStrokeButtons: devices.pointer,
                touchscreenStrokes: devices.touchscreen, bindingNames: bindings.bindingNamesByRegistration,
                unavailableExtensions: Set(unavailable.split(separator: ",").map(String.init)),
                followsCompositor: source.followsCompositor,
                ownWindow: { [weak source] w in source?.ignoreOwnWindow(w) },
                monitorAt: { [weak source] p in source?.layout.monitor(at: p)?.rect },
                layout: { [weak source] in source?.layout })
            // Under a compositor, its window is up before the first trail (no fade-in then).
            overlay.standBy()
            return overlay
        } catch {
            say("feedback off: \(error.reason)")
            return nil
        }
    }

    /// The config `pending` waits for the gesture in progress to end: when it turns feedback
    /// off, what `current` shows goes now, not with that gesture's end (`enabled = false`
    /// promises no drawing); nil (applied, or dropped) or one that keeps feedback draws again.
    public static func withdraw(_ current: FeedbackOverlay?, awaiting pending: PreparedConfig?) {
        current?.isWithdrawn = pending.map { !$0.loaded.configuration.feedback.drawsAnything } ?? false
    }

    public static func monotonicMicroseconds() -> UInt64 { DebugTrace.monotonicMicroseconds() }
}
