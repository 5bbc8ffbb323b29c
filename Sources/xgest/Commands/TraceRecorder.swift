import SystemPackage
import XgestCore
import XgestDaemon

/// Writes trace lines as they come, times relative to the start of the recording. The
/// lines are queued and written by a thread of their own: the recording holds every touch
/// sequence until it ends, and a write waiting on the reader (a pipe not read, a terminal
/// stopped with Ctrl-S) held every touch on the display with it.
struct TraceRecorder {
    let output: FileOutput
    let origin: EventTime
    /// Nil when no thread can be had: lines are then written directly.
    private let queue: BackgroundOutput?
    /// Why a line could not be written directly; nothing more is written after it.
    private var directFailure: Errno?
    /// The window stack replay will have, to give each sequence the start it had live.
    private var replayedStack = ReplayStackMirror()
    /// The latest event time written: a device or screen record is written at it (the
    /// change is known in the event stream, but has no time of its own there).
    private var latest = EventTime(microseconds: 0)

    init(output: FileOutput, origin: EventTime) {
        self.output = output
        self.origin = origin
        queue = BackgroundOutput(fd: output.fd, overflow: .stop)
    }

    /// Why lines are no longer written, or nil while they are.
    var failure: BackgroundOutput.Failure? { directFailure.map { .writeFailed($0) } ?? queue?.failure }

    /// Readable once queued lines were written, or failed (``BackgroundOutput``).
    var batchWrittenDescriptor: Int32? { queue?.batchWrittenDescriptor }

    func takeBatchesWritten() { queue?.takeBatchesWritten() }

    /// Waits for the queued lines to be written, at most `timeoutMilliseconds`; returns
    /// whether they were.
    func finish(timeoutMilliseconds: Int) -> Bool {
        queue?.flush(timeoutMilliseconds: timeoutMilliseconds) ?? true
    }

    mutating func header(_ h: TraceHeader) { write(TraceEncoder.headerLine(h)) }

    /// A window of the stack at the start of the recording.
    mutating func window(_ w: WindowInfo, at t: EventTime) {
        replayedStack.written(w)
        write(TraceEncoder.line(.window(time: relative(t), w)))
    }

    /// An input event, after the window records replay needs to start its sequence on
    /// `startTarget`, the window (or desktop) the live hit test found at `point`, where
    /// replay hit-tests too (``ScreenLayout/startPoint(of:)``); `current` gives the
    /// windows as they are now, read only when one replay would find has closed or moved.
    mutating func event(_ e: InputEvent, startTarget: HitTarget?, at point: Point?, current: () -> [WindowInfo]) {
        var relativeEvent = e
        relativeEvent.time = relative(e.time)
        if let startTarget, let point {
            for r in replayedStack.records(starting: startTarget, at: point, time: relativeEvent.time, current: current)
            {
                write(TraceEncoder.line(r))
            }
        }
        write(TraceEncoder.line(.input(relativeEvent)))
        latest = max(latest, relativeEvent.time)
    }

    /// A device that came during the recording.
    mutating func device(_ d: DeviceInfo) { write(TraceEncoder.line(.device(time: latest, d))) }

    /// A screen locker came or went (at the latest event's time: the change has none of its
    /// own), or input was handed back to it at `time`.
    mutating func lock(_ event: ScreenLockEvent, at time: EventTime? = nil) {
        if let time { latest = max(latest, relative(time)) }
        write(TraceEncoder.line(.lock(time: latest, event)))
    }

    /// The screen as it is after a change during the recording.
    mutating func screen(_ s: TraceScreen) { write(TraceEncoder.line(.screen(time: latest, s))) }

    private func relative(_ t: EventTime) -> EventTime { EventTime(microseconds: (t - origin).microseconds) }

    private mutating func write(_ line: String) {
        if let queue {
            queue.enqueue(line: line)
        } else if directFailure == nil {
            directFailure = output.failure(writingLine: line)
        }
    }
}
