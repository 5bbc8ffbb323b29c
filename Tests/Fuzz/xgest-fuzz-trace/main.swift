import FuzzSupport
import Glibc
import SeededRandom
import XgestConfig
import XgestCore

// Feeds seeded number-heavy mutations of traces to the trace reader and, when one still
// reads, to a dry run of a config's bindings, and checks that nothing crashes or hangs and
// that every error names a line of the trace (and a column on it, when it gives one).
//
//   xgest-fuzz-trace [--count N] [--seed S] [--only INDEX] --config CONFIG TRACE...
//
// Input i mutates TRACE number i % (number of traces), with the generator seeded from S
// and i, so `--only i` reproduces one input and prints it. Prints "N passed, 0 failed" and
// exits 0, or lists the failures and exits 1. A crash ends the process with its signal, a
// hang with status 3.

let program = "xgest-fuzz-trace"
let options: FuzzOptions
do {
    options = try FuzzOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("\(program): \(error)\nusage: \(program) \(FuzzOptions.usage)")
    exit(2)
}

guard let configPath = options.config, let configBytes = readFile(configPath) else {
    printError("\(program): give a readable config with --config: its bindings run each trace that reads")
    exit(2)
}
// Keysyms stand in for X's table, which this program does not link: any name is known.
let loaded = XgestConfiguration.load(
    source: String(decoding: configBytes, as: UTF8.self), file: configPath, isKnownKeysym: { _ in true })
guard let configuration = loaded.configuration else {
    printError("\(program): \(configPath) is not a valid config:\n\(loaded.renderedDiagnostics())")
    exit(2)
}
let bindings = configuration.bindingSet()

var sources: [(name: String, bytes: [UInt8])] = []
for path in options.files {
    guard let bytes = readFile(path) else {
        printError("\(program): cannot read \(path)")
        exit(2)
    }
    sources.append((path, bytes))
}

let started = monotonicSeconds()
var failures: [String] = []
var slowest = (seconds: 0.0, index: 0)
var refused = 0
var replayed = 0
var records = 0
let indices = options.only.map { [$0] } ?? Array(0..<options.count)
HangGuard.install()
for index in indices {
    let source = sources[index % sources.count]
    var mutator = TraceMutator(generator: SplitMix64(seed: options.seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D))
    let text = String(decoding: mutator.mutate(source.bytes, maximumEdits: 4), as: UTF8.self)
    let description = "input \(index) (--seed \(options.seed) --only \(index), from \(source.name))"
    if options.only != nil { print(text) }

    HangGuard.arm(seconds: options.hangSeconds, input: description, program: program)
    let inputStarted = threadCPUSeconds()
    var problems: [String] = []
    do throws(TraceError) {
        let trace = try TraceDecoder.read(text)
        do throws(EngineConfigurationError) {
            // At the trace's density, as `xgest replay` converts the config's millimetres.
            let run = try DryRun.run(
                trace,
                bindings: trace.header.pixelsPerMillimeter.map { configuration.bindingSet(pixelsPerMillimeter: $0) }
                    ?? bindings)
            for record in run {
                _ = record.textLine
                _ = record.jsonLine
            }
            records += run.count
            replayed += 1
        } catch {
            problems.append("the shipped bindings were refused by the engine: \(error)")
        }
        if options.only != nil { print("read: \(trace.records.count) records") }
    } catch {
        refused += 1
        problems += TraceErrorCheck(text: text).problems(error)
        if options.only != nil { print("refused: \(error)") }
    }
    let elapsed = threadCPUSeconds() - inputStarted
    HangGuard.disarm()

    if elapsed > slowest.seconds { slowest = (elapsed, index) }
    if elapsed > options.slowSeconds {
        problems.append("took \(milliseconds(elapsed)) ms (limit \(milliseconds(options.slowSeconds)) ms)")
    }
    if !problems.isEmpty { failures.append("\(description):\n  " + problems.joined(separator: "\n  ")) }
}
let total = monotonicSeconds() - started

for failure in failures.prefix(20) { printError("FAILED: " + failure) }
if failures.count > 20 { printError("… and \(failures.count - 20) more") }
print(
    "\(program): \(indices.count) mutated traces of \(sources.count) files (seed \(options.seed)) in "
        + "\(milliseconds(total)) ms; \(refused) refused with an error, \(replayed) replayed (\(records) records); "
        + "slowest input \(slowest.index): \(milliseconds(slowest.seconds)) ms of CPU")
print("\(indices.count - failures.count) passed, \(failures.count) failed")
// Mutations that all fail, or all pass, would leave half of the path untried.
if options.only == nil && (refused * 5 < indices.count || replayed * 10 < indices.count) {
    printError("\(program): FAILED: \(refused) refused and \(replayed) replayed; the mutations are unbalanced")
    exit(1)
}
exit(failures.isEmpty ? 0 : 1)
