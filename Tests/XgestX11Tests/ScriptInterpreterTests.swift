import Foundation
import Testing
import XgestCore

@testable import XgestX11

/// posix_spawn says ENOENT for a script whose `#!` interpreter is missing, as for a
/// missing program: the failure must name the interpreter, not call the script missing.
@Suite struct ScriptInterpreterTests {
    func script(_ name: String, _ text: String) -> String {
        let path = NSTemporaryDirectory() + "xgest-interp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755]))
        return path
    }

    func failure(_ arguments: [String]) -> String? {
        guard case .failure(let failure) = CommandSpawner.spawn(arguments, environment: []) else { return nil }
        return failure.description
    }

    @Test func aScriptWithWindowsLineEndingsSaysSo() {
        let path = script("crlf.sh", "#!/bin/sh\r\necho hi\r\n")
        defer { unlink(path) }
        // Said as the line shows it: the carriage return as `\r`, once (it was escaped twice, `\\r`).
        #expect(
            failure([path]).map(DisplayText.escaped)
                == "\(path): its interpreter /bin/sh\\r (the #! line) does not exist: the script has Windows (CRLF)"
                + " line endings")
    }

    @Test func aMissingInterpreterIsNamed() {
        let path = script("interp.sh", "#!  /nonexistent/xgest-interp -e\necho hi\n")
        defer { unlink(path) }
        #expect(failure([path]) == "\(path): its interpreter /nonexistent/xgest-interp (the #! line) does not exist")
    }

    /// The interpreter exists but cannot start itself (its own `#!` names nothing there):
    /// nothing to name, but the script is there.
    @Test func aMissingInterpretersInterpreterIsNotCalledAMissingScript() {
        let inner = script("inner.sh", "#!/nonexistent/xgest-interp\n")
        defer { unlink(inner) }
        let outer = script("outer.sh", "#!\(inner)\necho hi\n")
        defer { unlink(outer) }
        #expect(
            failure([outer])
                == "cannot run \(outer): a program it needs to start (its #! interpreter or ELF loader) does not exist")
    }

    @Test func theLineIsReadAsTheKernelReadsIt() {
        #expect(ScriptInterpreter.interpreter(inFirstBytes: Array("#!/bin/sh\r\n".utf8)) == "/bin/sh\r")
        #expect(
            ScriptInterpreter.interpreter(inFirstBytes: Array("#! \t/usr/bin/env python3\n".utf8)) == "/usr/bin/env")
        #expect(ScriptInterpreter.interpreter(inFirstBytes: Array("#!/bin/bash".utf8)) == "/bin/bash")
        #expect(ScriptInterpreter.interpreter(inFirstBytes: Array("#!\n/bin/sh\n".utf8)) == nil)
        #expect(ScriptInterpreter.interpreter(inFirstBytes: Array("echo hi\n".utf8)) == nil)
    }
}
