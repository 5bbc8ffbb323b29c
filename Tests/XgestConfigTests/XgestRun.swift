import Foundation
import Testing

/// One run of the built `xgest` binary, which SwiftPM puts next to the test bundle: the
/// directory of /proc/self/exe.
struct XgestRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    static var binary: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("xgest")
    }

    /// `environment` is added to (and overrides) the test's own. With `standardOutputPath`,
    /// standard output is that file (and ``standardOutput`` empty). With `program`, that
    /// runs instead, with `arguments` (a shell that starts xgest as it says).
    init(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        standardOutputPath: String? = nil, program: String? = nil
    ) throws {
        let binary = Self.binary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "\(binary.path) is missing: build it with `swift build --build-tests`")
        let process = Process()
        process.executableURL = program.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe()
        let error = Pipe()
        if let standardOutputPath {
            process.standardOutput = FileHandle(forWritingAtPath: standardOutputPath)
            try output.fileHandleForWriting.close()
        } else {
            process.standardOutput = output
        }
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are drained while the process runs, so that neither can fill up and
        // block it.
        let errorData = DrainedPipe(error)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = String(decoding: outputData, as: UTF8.self)
        standardError = String(decoding: errorData.wait(), as: UTF8.self)
    }
}

/// Reads a pipe to its end on another thread.
private final class DrainedPipe: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
