import ArgumentParser

@main
struct Xgest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xgest",
        abstract: "Touchscreen, touchpad and mouse gestures for X11 desktops.",
        discussion: """
            xgest captures touches (XInput 2.2), touchpad gestures (XInput 2.4) and pointer input
            as an ordinary user process, recognizes gestures, and hands every touch it does not
            claim back to the application underneath.
            """,
        version: XgestVersion.string,
        subcommands: [
            RunCommand.self, CheckCommand.self, DevicesCommand.self, RecordCommand.self, ReplayCommand.self,
            RecordStrokeCommand.self, DemoCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
