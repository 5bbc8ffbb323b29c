// Benchmarks print numbers; they are not pass/fail tests. Add a case per benchmark.
//   xgest-bench                 every benchmark
//   xgest-bench engine          the gesture engine's per-event cost, per touch sequence
//                               with up to 4,000 recognizers, and per point of a long stroke
//   xgest-bench config          load time and touch-sequence cost of configs up to 4,000
//                               bindings or 400 app sections
//   xgest-bench capture [SECS]  X11 capture latency, daemon memory, idle CPU over SECS (30)
//   xgest-bench action [SECS]   gesture-to-action latency against xdotool; default-config daemon
//   xgest-bench feedback [SECS] [--baseline]  stroke-to-action latency, memory and idle CPU
//                               with the feedback overlay on and off (idle over SECS, 30);
//                               --baseline: once, with no [feedback] section (for an older xgest)
//   xgest-bench handback [CASE...]  what applications see of touches xgest hands back (run from
//                               the repository root); CASE: only the cases whose name contains it
//   xgest-bench apps [NAME...]  GTK 3, Qt 5, Chromium and Firefox ESR with and without xgest:
//                               touch delay, long press, pinch zoom (run from the repository
//                               root; `make bench-apps` installs the browsers)
//   xgest-bench flood [SECS]    the daemon under floods: touches for SECS (60), then a bound
//                               swipe's delay and memory; touchpad pinches at 2,000 a second
//                               bound to a key action and to exec: SIGTERM time, zombies
//   xgest-bench strokes         stroke classifier accuracy, rejection and speed (synthetic writers)
//   xgest-bench strokes --calibrate   score distributions on the calibration writers
//   xgest-bench strokes --human DIR [--fit|--speed|--recorded-fit|--user-dependent [--noise PX]]
//                               on human drawings (docs/strokes.md); --fit prints the built-ins'
//                               score offsets fitted on every source, --speed measures the
//                               classifier's speed alone, --recorded-fit chooses the recorded
//                               drawings' threshold leave one source out, --user-dependent
//                               prints the user-dependent tables alone, with --noise PX of
//                               Gaussian noise on every point of their drawings
//   xgest-bench strokes --independent DIR [--one-stroke]   the shipped classifier on human
//                               drawings no figure was tuned on (the $1 logs:
//                               scripts/dollar-logs-to-jsonl.py); --one-stroke when the data
//                               holds one stroke per sample (the logs do)
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())

/// The number after `flag` in `options`; 0 without the flag. Anything but a non-negative
/// number after it stops the benchmark with a message.
func number(after flag: String, in options: [String]) -> Double {
    guard let k = options.firstIndex(of: flag) else { return 0 }
    guard k + 1 < options.count, let value = Double(options[k + 1]), value >= 0, value.isFinite else {
        print("xgest-bench: \(flag) takes a number of pixels, 0 or more")
        exit(2)
    }
    return value
}
switch arguments.first {
case nil:
    EngineBenchmark.run()
    EngineSequenceBenchmark.run()
    EngineStrokeBenchmark.run()
    ConfigLoadBenchmark.run()
    CaptureBenchmark.run(idleSeconds: 30)
    ActionBenchmark.run(idleSeconds: 30)
    FeedbackBenchmark.run(idleSeconds: 30)
    HandbackBenchmark.run()
    StrokeBenchmark.run()
case "engine":
    EngineBenchmark.run()
    EngineSequenceBenchmark.run()
    EngineStrokeBenchmark.run()
case "config":
    ConfigLoadBenchmark.run()
case "capture":
    CaptureBenchmark.run(idleSeconds: arguments.dropFirst().first.flatMap { Int($0) } ?? 30)
case "action":
    ActionBenchmark.run(idleSeconds: arguments.dropFirst().first.flatMap { Int($0) } ?? 30)
case "feedback":
    let options = arguments.dropFirst()
    FeedbackBenchmark.run(
        idleSeconds: options.first { $0 != "--baseline" }.flatMap { Int($0) } ?? 30,
        baseline: options.contains("--baseline"))
case "handback":
    HandbackBenchmark.run(only: Array(arguments.dropFirst()))
case "apps":
    AppBenchmark.run(only: Array(arguments.dropFirst()))
case "flood":
    FloodBenchmark.run(seconds: arguments.dropFirst().first.flatMap { Int($0) } ?? 60)
case "strokes":
    let options = Array(arguments.dropFirst())
    if options.first == "--human", options.count >= 2 {
        HumanStrokeBenchmark.run(
            directory: options[1], printFit: options.dropFirst(2).contains("--fit"),
            speedOnly: options.dropFirst(2).contains("--speed"),
            recordedFit: options.dropFirst(2).contains("--recorded-fit"),
            userDependentOnly: options.dropFirst(2).contains("--user-dependent"),
            noisePx: number(after: "--noise", in: options))
    } else if options.first == "--independent", options.count >= 2 {
        HumanStrokeBenchmark.independent(
            directory: options[1], oneStroke: options.dropFirst(2).contains("--one-stroke"))
    } else {
        StrokeBenchmark.run(calibrate: options.first == "--calibrate")
    }
case let other?:
    print(
        "xgest-bench: unknown benchmark \"\(other)\"; known: engine, capture, action, feedback, handback, apps, "
            + "flood, strokes")
}
