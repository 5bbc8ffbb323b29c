import Foundation
import Testing

@testable import XgestDaemon

/// A file read line by line gives the lines a whole read split at its newlines would, and
/// takes the same care with what is at the path.
@Suite struct RegularFileLinesTests {
    /// A file with `bytes` in a directory of its own, removed after `body`.
    func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("file").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return try body(path)
    }

    func lines(of path: String, limit: FileSizeLimit = .trace) throws -> [String] {
        let reader = try RegularFileLines(path, limit: limit)
        var out: [String] = []
        while let line = try reader.next() { out.append(line) }
        return out
    }

    @Test(arguments: [
        ("", [String]()),
        ("a", ["a"]),
        ("a\n", ["a"]),
        ("a\n\nb", ["a", "", "b"]),
        ("a\nb\n\n", ["a", "b", ""]),
        ("x\r\ny", ["x\r", "y"]),
    ])
    func linesAreTheTextBetweenNewlines(text: String, expected: [String]) throws {
        #expect(try withFile(Array(text.utf8)) { try lines(of: $0) } == expected)
    }

    /// A last line with no newline is where a writer stopped (a full disk, a writer
    /// killed): said, so that a reader can take what came before it.
    @Test(arguments: [("a\nb", true), ("a\nb\n", false), ("a\n\n", false), ("b", true)])
    func aLastLineWithNoNewlineIsSaid(text: String, unterminated: Bool) throws {
        try withFile(Array(text.utf8)) { path in
            let reader = try RegularFileLines(path, limit: .trace)
            var ends: [Bool] = []
            while try reader.next() != nil { ends.append(reader.lastLineIsUnterminated) }
            #expect(ends.last == unterminated)
            #expect(ends.dropLast().allSatisfy { !$0 })
        }
    }

    /// Lines that straddle the reads (64 KiB each), a line longer than a read, and bytes
    /// that are no UTF-8 come out as a whole read would give them.
    @Test func linesAcrossReadsAndInvalidBytesComeOutWhole() throws {
        var bytes: [UInt8] = []
        for k in 0..<9_000 {
            bytes += Array("{\"t\":\(k),\"line\":\"\(String(repeating: "x", count: k % 23))\"}\n".utf8)
        }
        bytes += [UInt8](repeating: 0x61, count: 200_000) + [0x0A]
        bytes += [0x66, 0xFF, 0xC3, 0x0A, 0xC3, 0xA9]
        let expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(try withFile(bytes) { try lines(of: $0) } == expected)
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let error = #expect(throws: CLIError.self) { try RegularFileLines(path, limit: .trace) }
        #expect(error?.message == "\(path): not a regular file (a FIFO)")
    }

    @Test func aFileOverTheLimitIsRefusedBeforeReading() throws {
        try withFile([UInt8](repeating: 0x0A, count: 1024 * 1024 + 1)) { path in
            let error = #expect(throws: CLIError.self) {
                try RegularFileLines(path, limit: FileSizeLimit(mebibytes: 1))
            }
            #expect(error?.message == "\(path): 1048577 bytes, more than the 1 MiB limit")
        }
    }

    /// A file under the limit when opened that grows past it while read is cut off with an
    /// error, not read on without bound.
    @Test func aFileThatGrowsPastTheLimitWhileReadIsAnError() throws {
        let limit = FileSizeLimit(mebibytes: 1)
        try withFile([UInt8](repeating: 0x0A, count: 1024 * 1024 - 10)) { path in
            let reader = try RegularFileLines(path, limit: limit)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(repeating: 0x0A, count: 100))
            handle.closeFile()
            let error = #expect(throws: CLIError.self) { while try reader.next() != nil {} }
            #expect(error?.message == "\(path): more than the 1 MiB limit (it grew while being read)")
        }
    }

    /// A line longer than the limit is an error naming it, found before the rest of it is
    /// read; a line of exactly the limit is a line.
    @Test func aLineOverItsLimitIsAnErrorNamingIt() throws {
        let long = [UInt8](repeating: 0x61, count: 200_000)
        let bytes = Array("first\n".utf8) + [UInt8](repeating: 0x62, count: 1000) + [0x0A] + long + [0x0A]
        try withFile(bytes) { path in
            let reader = try RegularFileLines(path, limit: .trace, lineLimitBytes: 1000)
            #expect(try reader.next() == "first")
            #expect(try reader.next()?.utf8.count == 1000)
            let error = #expect(throws: CLIError.self) { try reader.next() }
            #expect(error?.message == "\(path):3: a line of more than 1000 bytes")
        }
        // The same line at the end of a file with no newline after it.
        try withFile(Array("first\n".utf8) + long) { path in
            let reader = try RegularFileLines(path, limit: .trace, lineLimitBytes: 1000)
            #expect(try reader.next() == "first")
            let error = #expect(throws: CLIError.self) { try reader.next() }
            #expect(error?.message == "\(path):2: a line of more than 1000 bytes")
        }
    }
}
