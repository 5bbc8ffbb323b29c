import XgestConfig
import XgestCore
import XgestDaemon
import XgestX11

/// What a config's size costs: loading it, in two parts as the daemon's reload splits
/// them (parse, check, bindings and recognizers on the reload's own thread,
/// `BackgroundReload` making a `PreparedConfig`; the engine's start on the event loop's,
/// where input waits for it), and each touch sequence under it.
///
/// Configs are generated: N global three- to five-finger swipes; N global one-finger taps,
/// one in ten a single tap and the others double taps (each single tap waits for every
/// double tap); or S app sections of ten swipes each beside 50 global ones (a kiosk or a
/// generated config), every section's bindings the same gestures as globals, so each
/// global is overridden in every section.
/// A touch sequence is one finger landing on a window of no section and lifting after
/// 60 ms, every timer fired.
enum ConfigLoadBenchmark {
    static let runs = 5

    static func run() {
        print(
            "\nconfig size: load (check: parse, check, bindings and recognizers, off the event loop; apply: the "
                + "engine's start, on it) and one touch sequence; release build")
        print(
            EngineBenchmark.pad("config", 28) + EngineBenchmark.pad("bytes", 10) + EngineBenchmark.pad("check ms", 10)
                + EngineBenchmark.pad("apply ms", 10) + "sequence us (median)")
        for n in [10, 100, 1_000, 4_000] {
            report("\(n) global bindings", globals(n))
        }
        for n in [100, 1_000] {
            report("\(n) global taps", taps(n))
        }
        for sections in [10, 100, 400] {
            report("\(sections) sections + 50 global", globals(50) + appSections(sections))
        }
    }

    static func swipe(_ i: Int, modifier: String) -> String {
        let directions = ["left", "right", "up", "down"]
        let key = Character(Unicode.Scalar(UInt8(97 + i % 26)))
        return "kind = \"swipe\"\nfingers = \(3 + i % 3)\ndirection = \"\(directions[i % 4])\"\n"
            + "action = \"key \(modifier)+\(key)\"\n"
    }

    static func globals(_ n: Int) -> String {
        (0..<n).map { "[[gesture]]\n" + swipe($0, modifier: "ctrl") + "\n" }.joined()
    }

    static func taps(_ n: Int) -> String {
        (0..<n).map { i in
            let key = Character(Unicode.Scalar(UInt8(97 + i % 26)))
            return "[[gesture]]\nkind = \"tap\"\ntaps = \(i % 10 == 0 ? 1 : 2)\ndevice = \"touchscreen\"\n"
                + "action = \"key ctrl+\(key)\"\n\n"
        }.joined()
    }

    static func appSections(_ n: Int) -> String {
        (0..<n).map { a in
            "[[app]]\nclass = \"app\(a)\"\n"
                + (0..<10).map { "[[app.gesture]]\n" + swipe($0, modifier: "alt") }.joined()
        }.joined()
    }

    static func report(_ label: String, _ text: String) {
        let bytes = Array(text.utf8)
        var checks: [UInt64] = []
        var applies: [UInt64] = []
        var engine: GestureEngine?
        for _ in 0..<runs {
            let t0 = EngineBenchmark.nanoseconds()
            let prepared = check(bytes)
            let t1 = EngineBenchmark.nanoseconds()
            engine = prepared.flatMap(apply)
            checks.append(t1 - t0)
            applies.append(EngineBenchmark.nanoseconds() - t1)
        }
        guard var engine else {
            print(EngineBenchmark.pad(label, 28) + "did not load")
            return
        }
        checks.sort()
        applies.sort()
        var out: [EngineOutput] = []
        var sequences: [UInt64] = []
        var startUS: UInt64 = 1_000_000
        for _ in 0..<50 {
            let t0 = EngineBenchmark.nanoseconds()
            engine.process(EngineSequenceBenchmark.touch(.begin, atUS: startUS), into: &out)
            engine.process(EngineSequenceBenchmark.touch(.end, atUS: startUS + 60_000), into: &out)
            while let d = engine.nextDeadline { engine.advance(to: d, into: &out) }
            sequences.append(EngineBenchmark.nanoseconds() - t0)
            out.removeAll(keepingCapacity: true)
            startUS += 2_000_000
        }
        sequences.sort()
        print(
            EngineBenchmark.pad(label, 28) + EngineBenchmark.pad("\(bytes.count)", 10)
                + EngineBenchmark.pad(EngineSequenceBenchmark.micro(checks[checks.count / 2] / 1000), 10)
                + EngineBenchmark.pad(EngineSequenceBenchmark.micro(applies[applies.count / 2] / 1000), 10)
                + EngineSequenceBenchmark.micro(sequences[sequences.count / 2]))
    }

    /// The config parsed and checked, with its bindings and recognizers, as the reload's
    /// thread prepares it; nil when it has errors.
    static func check(_ bytes: [UInt8]) -> PreparedConfig? {
        let configuration = XgestConfiguration.load(bytes: bytes, file: "generated.toml", isKnownKeysym: isKnownKeysym)
            .configuration
        return configuration.map {
            PreparedConfig(
                LoadedConfig(configuration: $0, strokes: StrokeLibrary.load(directory: nil)),
                pixelsPerMillimeter: Settings.defaultPixelsPerMillimeter)
        }
    }

    /// A prepared config made a running engine, as the event loop applies it with no trace;
    /// nil when it cannot run.
    static func apply(_ prepared: PreparedConfig) -> GestureEngine? {
        var windows = WindowStack()
        windows.place(
            WindowInfo(id: 1, instance: "other", className: "Other", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        )
        return try? GestureEngine(
            registrations: prepared.registrations, hitTesting: windows,
            screen: Rect(x: 0, y: 0, width: 1920, height: 1080),
            settings: EngineSettings(reportsTouches: false, recordsNotReceiving: false))
    }
}
