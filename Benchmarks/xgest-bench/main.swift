// Benchmarks print numbers; they are not pass/fail tests. Add a case per benchmark.
//   xgest-bench                 every benchmark
//   xgest-bench engine          the gesture engine's per-event cost
//   xgest-bench capture [SECS]  X11 capture latency, daemon memory, idle CPU over SECS (30)
//   xgest-bench action [SECS]   gesture-to-action latency against xdotool; default-config daemon
//   xgest-bench strokes         stroke classifier accuracy, rejection and speed (synthetic writers)
//   xgest-bench strokes --calibrate   score distributions on the calibration writers
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil:
    EngineBenchmark.run()
    CaptureBenchmark.run(idleSeconds: 30)
    ActionBenchmark.run(idleSeconds: 30)
    StrokeBenchmark.run()
case "engine":
    EngineBenchmark.run()
case "capture":
    CaptureBenchmark.run(idleSeconds: arguments.dropFirst().first.flatMap { Int($0) } ?? 30)
case "action":
    ActionBenchmark.run(idleSeconds: arguments.dropFirst().first.flatMap { Int($0) } ?? 30)
case "strokes":
    StrokeBenchmark.run(calibrate: arguments.dropFirst().first == "--calibrate")
case let other?:
    print("xgest-bench: unknown benchmark \"\(other)\"; known: engine, capture, action, strokes")
}
