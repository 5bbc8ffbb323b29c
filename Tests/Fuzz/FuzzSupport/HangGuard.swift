import Glibc

/// Ends the process when one input runs too long (an infinite loop in the parser would
/// otherwise stall `make test` forever): SIGALRM after `seconds`, re-armed per input. The
/// handler only calls async-signal-safe functions: it writes the input's number, kept in
/// a preformatted buffer, and exits with status 3.
public enum HangGuard {
    nonisolated(unsafe) private static var message = [UInt8](repeating: 0, count: 160)
    nonisolated(unsafe) private static var messageLength = 0

    public static func install() {
        signal(SIGALRM) { _ in
            HangGuard.message.withUnsafeBufferPointer { buffer in
                _ = write(2, buffer.baseAddress, HangGuard.messageLength)
            }
            _exit(3)
        }
    }

    /// Starts the clock for `input`, described in the message printed if it hangs;
    /// `program` names the fuzzer in that message.
    public static func arm(seconds: UInt32, input: String, program: String) {
        let text = Array("\(program): FAILED: no result after \(seconds) s (a hang) on \(input)\n".utf8)
        let count = min(text.count, message.count)
        message.withUnsafeMutableBufferPointer { buffer in
            for i in 0..<count { buffer[i] = text[i] }
        }
        messageLength = count
        alarm(seconds)
    }

    public static func disarm() { alarm(0) }
}
