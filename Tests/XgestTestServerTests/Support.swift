import Foundation
import XgestCore
import XgestTestServer

/// The state letter of /proc/PID/stat ("R", "S", "Z"...), or nil when no such process exists.
func processState(_ pid: Int32) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
}

/// Pids of every process whose executable is Xorg.
func xorgProcessIDs() -> Set<Int32> {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var pids: Set<Int32> = []
    for entry in entries {
        guard let pid = Int32(entry),
            let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        else { continue }
        if comm.trimmingCharacters(in: .whitespacesAndNewlines) == "Xorg" { pids.insert(pid) }
    }
    return pids
}
