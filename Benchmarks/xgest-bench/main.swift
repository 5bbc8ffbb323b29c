// Benchmarks print numbers; they are not pass/fail tests. Add a case per benchmark.
let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case nil, "engine":
    EngineBenchmark.run()
case let other?:
    print("xgest-bench: unknown benchmark \"\(other)\"; known: engine")
}
