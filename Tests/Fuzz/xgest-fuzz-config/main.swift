import FuzzSupport
import Glibc
import SeededRandom
import XgestConfig
import XgestCore

// Feeds seeded mutations of config files to the parser and the schema and checks that
// nothing crashes or hangs and that every reported location lies inside the text.
//
//   xgest-fuzz-config [--count N] [--seed S] [--only INDEX] FILE...
//
// Input i mutates FILE number i % (number of files), with the generator seeded from S and
// i, so `--only i` reproduces one input and prints it. Prints "N passed, 0 failed" and
// exits 0, or lists the failures and exits 1. A crash ends the process with its signal,
// a hang with status 3.

let options: FuzzOptions
do {
    options = try FuzzOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("xgest-fuzz-config: \(error)\nusage: xgest-fuzz-config \(FuzzOptions.usage)")
    exit(2)
}

var sources: [(name: String, bytes: [UInt8])] = []
for path in options.files {
    guard let bytes = readFile(path) else {
        printError("xgest-fuzz-config: cannot read \(path)")
        exit(2)
    }
    sources.append((path, bytes))
}

func knownKeysym(_ name: String) -> Bool {
    // Stands in for X's keysym table, which this program does not link.
    name.unicodeScalars.count == 1 || KnownKeysyms.names.contains(name)
}

let started = monotonicSeconds()
var failures: [String] = []
var slowest = (seconds: 0.0, index: 0)
var withErrors = 0
let indices = options.only.map { [$0] } ?? Array(0..<options.count)
HangGuard.install()
for index in indices {
    let source = sources[index % sources.count]
    var mutator = Mutator(generator: SplitMix64(seed: options.seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D))
    let bytes = mutator.mutate(source.bytes, maximumEdits: 8)
    // Invalid UTF-8 becomes U+FFFD, as when a file is read as text.
    let text = String(decoding: bytes, as: UTF8.self)
    let description = "input \(index) (--seed \(options.seed) --only \(index), from \(source.name))"
    if options.only != nil { print(text) }

    HangGuard.arm(seconds: options.hangSeconds, input: description, program: "xgest-fuzz-config")
    let inputStarted = threadCPUSeconds()
    let parsed = ConfigParser.parse(source: text, file: "fuzz.toml")
    let loaded = XgestConfiguration.load(source: text, file: "fuzz.toml", isKnownKeysym: knownKeysym)
    _ = loaded.renderedDiagnostics()
    // A valid config's numbers go on into the engine's units (microseconds, pixels).
    _ = loaded.configuration?.bindingSet().registrations()
    let elapsed = threadCPUSeconds() - inputStarted
    HangGuard.disarm()

    if elapsed > slowest.seconds { slowest = (elapsed, index) }
    if !loaded.diagnostics.isEmpty { withErrors += 1 }
    var problems = Invariants(source: text).problems(parsed: parsed, loaded: loaded)
    if elapsed > options.slowSeconds {
        problems.append("took \(milliseconds(elapsed)) ms (limit \(milliseconds(options.slowSeconds)) ms)")
    }
    if !problems.isEmpty { failures.append("\(description):\n  " + problems.joined(separator: "\n  ")) }
    if options.only != nil { print(loaded.renderedDiagnostics()) }
}
let total = monotonicSeconds() - started

for failure in failures.prefix(20) { printError("FAILED: " + failure) }
if failures.count > 20 { printError("… and \(failures.count - 20) more") }
print(
    "xgest-fuzz-config: \(indices.count) mutated inputs of \(sources.count) files (seed \(options.seed)) in "
        + "\(milliseconds(total)) ms; \(withErrors) with diagnostics; slowest input \(slowest.index): "
        + "\(milliseconds(slowest.seconds)) ms of CPU")
print("\(indices.count - failures.count) passed, \(failures.count) failed")
// Inputs that are all valid would prove nothing.
if options.only == nil && withErrors * 2 < indices.count {
    printError("xgest-fuzz-config: FAILED: only \(withErrors) inputs had diagnostics; the mutations are too weak")
    exit(1)
}
exit(failures.isEmpty ? 0 : 1)
