import ArgumentParser

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the whole pipeline on a private headless X server with virtual devices."
    )

    func run() throws {
        try reportingErrors {
            throw CLIError("demo: not available yet")
        }
    }
}
