import XgestCore

/// A binding read from its table, with what relation checking still needs.
struct BindingDraft {
    var binding: GestureBinding
    var table: ConfigTable
    /// The `name` value, when the config gave one.
    var nameValue: ConfigValue?
    var requires: [(String, ConfigValue)]
    var simultaneous: [(String, ConfigValue)]
    /// `prevents` and `prevented-by`, nil when not written.
    var prevents: [(String, ConfigValue)]? = nil
    var preventedBy: [(String, ConfigValue)]? = nil
}

/// Reads one `[[gesture]]` or `[[app.gesture]]` table.
extension SchemaContext {
    mutating func readBinding(_ table: ConfigTable, app: Int?, autoName: String) -> BindingDraft? {
        // A binding takes its own keys and any `[settings]` key, for its recognizer only:
        // not the one that tunes no recognizer.
        if let entry = table[Settings.replayUnrecognizedStrokesKey] {
            error(
                "\(Settings.replayUnrecognizedStrokesKey) is a key of [settings] only: a stroke it replays is one"
                    + " no binding took", at: entry.keyRange)
        }
        unknownKeys(
            table,
            known: BindingKey.allCases.map(\.rawValue) + SettingKey.allCases.map(\.rawValue)
                + [Settings.replayUnrecognizedStrokesKey])
        let header = "[[\(table.dottedPath)]]"
        let nameEntry = string(table, BindingKey.name.rawValue)
        if let (name, value) = nameEntry, !isValidName(name) {
            error(
                "a binding name may only contain ASCII letters (a-z, A-Z), digits, \"-\", \"_\" and \".\","
                    + " found \(quoteBasic(name))",
                at: value.range)
        }
        let kinds = BindingKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard table[BindingKey.kind.rawValue] != nil else {
            missing("\(header) needs a kind (one of: \(kinds))", at: table.range)
            return nil
        }
        guard let (bindingKind, _) = choice(table, BindingKey.kind.rawValue, BindingKind.self) else { return nil }
        let kind = bindingKind.gestureKind
        let shape = readShape(table, kind)
        guard let devices = readDevices(table, kind, shaped: shape.isPresent) else { return nil }

        var binding = GestureBinding(
            name: nameEntry?.0 ?? autoName, app: app, kind: kind, devices: devices,
            action: BoundAction(.desktop(.showDesktop), text: ""))
        var ok = true
        if let fingers = readFingers(table, kind, &binding.devices) { binding.fingers = fingers }
        binding.panFingerRange = readPanFingerRange(table, kind)
        binding.direction = readDirection(table, kind)
        binding.taps = readTaps(table, kind)
        binding.button = readButton(table, kind)
        binding.shape = shape.name
        checkStroke(table, header: header, shape: shape, &binding)
        readPatternKeys(table, header: header, &binding)
        readScrubKeys(table, &binding)
        binding.conditions.modifiers = readModifiers(table)
        binding.conditions.region = readRegion(table)
        binding.conditions.monitor = readMonitor(table)
        if let (edge, value) = choice(table, BindingKey.edge.rawValue, ScreenEdge.self) {
            if kind == .edge {
                error("an edge gesture names its edge with direction, not edge", at: value.range)
            } else {
                binding.conditions.edge = edge
            }
        }
        if let action = readAction(table, BindingKey.action.rawValue) {
            binding.action = action
        } else {
            if table[BindingKey.action.rawValue] == nil { missing("\(header) needs an action", at: table.range) }
            ok = false
        }
        readTrigger(table, kind, &binding)
        readPhaseActions(table, &binding)
        binding.holdTouchesSeconds = readHoldTouches(table, binding)
        binding.tunableOverrides = readTunableOverrides(table)
        if let enabled = bool(table, BindingKey.enabled.rawValue) { binding.isEnabled = enabled }
        readCancelsTouches(table, &binding)
        let requires = stringList(table, BindingKey.requiresFailureOf.rawValue) ?? []
        let simultaneous = stringList(table, BindingKey.simultaneousWith.rawValue) ?? []
        guard ok, !binding.devices.isEmpty else { return nil }
        return BindingDraft(
            binding: binding, table: table, nameValue: nameEntry?.1, requires: requires, simultaneous: simultaneous,
            prevents: stringList(table, BindingKey.prevents.rawValue),
            preventedBy: stringList(table, BindingKey.preventedBy.rawValue))
    }

    /// `cancels-touches`: only touchscreen touches are held from applications.
    private mutating func readCancelsTouches(_ table: ConfigTable, _ binding: inout GestureBinding) {
        let key = BindingKey.cancelsTouches.rawValue
        guard let cancels = bool(table, key), let entry = table[key] else { return }
        guard binding.devices.contains(.touchscreen) else {
            error(
                "cancels-touches applies to touchscreen gestures: a touchpad gesture or a pointer press is"
                    + " either the binding's or the application's", at: entry.keyRange)
            return
        }
        binding.cancelsTouches = cancels
    }

    /// `min-fingers` and `max-fingers`: a pan taking a range of finger counts; `fingers`
    /// alone is both.
    private mutating func readPanFingerRange(_ table: ConfigTable, _ kind: GestureKind) -> ClosedRange<Int>? {
        let keys = [BindingKey.minFingers.rawValue, BindingKey.maxFingers.rawValue]
        let given = keys.compactMap { table[$0] }
        guard let first = given.first else { return nil }
        guard kind == .pan else {
            error("\(first.key) applies to a pan only; other gestures take exactly fingers", at: first.value.range)
            return nil
        }
        if let f = table[BindingKey.fingers.rawValue] {
            error("a pan takes fingers or min-fingers and max-fingers, not both", at: f.value.range)
            return nil
        }
        let low = integer(table, keys[0], in: 1...10)
        let high = integer(table, keys[1], in: 1...10)
        let lower = low?.0 ?? 1
        let upper = high?.0 ?? 10
        if table[keys[0]] != nil && low == nil || table[keys[1]] != nil && high == nil { return nil }
        guard lower <= upper else {
            error(
                "min-fingers (\(lower)) must not be more than max-fingers (\(upper))",
                at: (high ?? low)?.1.range ?? first.value.range)
            return nil
        }
        return lower...upper
    }

    private func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { isBareKeyScalar($0) || $0 == "." }
    }

    /// `device`, checked against where the kind exists; `any` gives every such device.
    /// A stroke without a shape exists on the pointer only.
    private mutating func readDevices(_ table: ConfigTable, _ kind: GestureKind, shaped: Bool) -> [DeviceKind]? {
        var everywhere = GestureAvailability.devices(for: kind)
        if kind == .stroke && !shaped {
            everywhere = everywhere.filter { GestureAvailability.unshapedStrokeUnavailableReason(on: $0) == nil }
        }
        if let value = table[BindingKey.device.rawValue]?.value, let text = value.asString(),
            DeviceChoice(rawValue: text) == nil, Self.looksLikeDeviceName(text)
        {
            error(Self.deviceNameMessage(text), at: value.range)
            return nil
        }
        guard let (choice, value) = choice(table, BindingKey.device.rawValue, DeviceChoice.self) else {
            return table[BindingKey.device.rawValue] == nil ? everywhere : nil
        }
        guard let device = choice.deviceKind else { return everywhere }
        if let reason = GestureAvailability.unavailableReason(kind, on: device) {
            error(
                "kind \(quoteBasic(kind.rawValue)) is not available on a \(device.rawValue): \(reason)", at: value.range
            )
            return nil
        }
        if kind == .stroke, !shaped, table[BindingKey.direction.rawValue] != nil,
            let reason = GestureAvailability.unshapedStrokeUnavailableReason(on: device)
        {
            error("\(reason): a direction alone is judged on pointer strokes only", at: value.range)
            return nil
        }
        return [device]
    }

    /// A `device` value that names a device rather than misspelling a kind: it has a space
    /// or a digit (`Touch A`, `ELAN9008:00 04F3:2C82`), or no kind is close to it (`wacom`).
    /// "Did you mean touchpad" for `Touch A` sent people to the wrong setting.
    static func looksLikeDeviceName(_ text: String) -> Bool {
        text.contains { $0.isWhitespace || $0.isNumber }
            || Suggestions.didYouMean(text, in: DeviceChoice.allCases.map(\.rawValue)).isEmpty
    }

    static func deviceNameMessage(_ text: String) -> String {
        let kinds = DeviceChoice.allCases.map(\.rawValue).joined(separator: ", ")
        return "unknown device \(quoteBasic(text)): `device` takes a kind of device, not a device's name; expected"
            + " one of: \(kinds). To bind one touchscreen of several, use monitor = \"NAME\" with the monitor it is"
            + " mapped to (`xgest devices` shows it)"
    }

    /// `fingers`, checked per device; with `device = "any"`, devices where the count is
    /// impossible are dropped (an error only when none is left).
    private mutating func readFingers(_ table: ConfigTable, _ kind: GestureKind, _ devices: inout [DeviceKind]) -> Int?
    {
        guard let v = table[BindingKey.fingers.rawValue]?.value else { return nil }
        guard let first = devices.first, GestureAvailability.fingerRange(kind, on: first) != nil else {
            error(
                "fingers does not apply to a stroke (a stroke is drawn with one finger or a pointer button)",
                at: v.range)
            return nil
        }
        guard let n64 = v.asInteger() else {
            error("expected fingers as an integer, found \(v.kind.description)", at: v.range)
            return nil
        }
        let fits = devices.filter { d in
            GestureAvailability.fingerRange(kind, on: d).map { $0.range.contains(Int(clamping: n64)) } ?? false
        }
        guard !fits.isEmpty else {
            if let (range, tooFew, tooMany) = GestureAvailability.fingerLimits(kind, on: first) {
                // No count below one is a gesture at all: the kind's own lower limit (two
                // fingers scroll on a touchpad) would be no reason for 0 or -3.
                let why = n64 < 1 ? "a gesture needs at least one finger" : n64 < range.lowerBound ? tooFew : tooMany
                error(
                    "\(withArticle("\(first.rawValue) \(kind.rawValue)")) takes \(range.lowerBound) to"
                        + " \(range.upperBound) fingers, found \(n64): \(why)", at: v.range)
            }
            devices = []
            return nil
        }
        devices = fits
        return Int(n64)
    }

    private mutating func readDirection(_ table: ConfigTable, _ kind: GestureKind) -> GestureDirection? {
        guard let (text, v) = string(table, BindingKey.direction.rawValue) else { return nil }
        let allowed = GestureAvailability.directions(for: kind)
        guard !allowed.isEmpty else {
            error("kind \(quoteBasic(kind.rawValue)) takes no direction", at: v.range)
            return nil
        }
        guard let d = GestureDirection(rawValue: text), allowed.contains(d) else {
            let names = allowed.map(\.rawValue)
            error(
                "unknown direction \(quoteBasic(text)) for kind \(quoteBasic(kind.rawValue))"
                    + "\(Suggestions.didYouMean(text, in: names)); expected one of: \(names.joined(separator: ", "))",
                at: v.range)
            return nil
        }
        return d
    }

    private mutating func readTaps(_ table: ConfigTable, _ kind: GestureKind) -> Int? {
        guard let v = table[BindingKey.taps.rawValue]?.value else { return nil }
        switch kind {
        case .tap: return integer(table, BindingKey.taps.rawValue, in: 1...5)?.0
        case .longPress: return integer(table, BindingKey.taps.rawValue, in: 0...4)?.0
        case .pan, .swipe, .pinch, .rotate, .edge, .stroke, .pattern, .scrub, .custom:
            error("taps applies to kinds tap and long-press only", at: v.range)
            return nil
        }
    }

    private mutating func readButton(_ table: ConfigTable, _ kind: GestureKind) -> Int? {
        guard let v = table[BindingKey.button.rawValue]?.value else { return nil }
        guard GestureAvailability.isDrawn(kind) else {
            error("button applies to kinds stroke, pattern and scrub only", at: v.range)
            return nil
        }
        guard let (button, _) = integer(table, BindingKey.button.rawValue, in: 1...32) else { return nil }
        guard !(4...7).contains(button) else {
            error("buttons 4 to 7 are the scroll wheel and cannot draw a stroke", at: v.range)
            return nil
        }
        return button
    }

    /// An action string at `key`, parsed; its warnings are reported.
    mutating func readAction(_ table: ConfigTable, _ key: String) -> BoundAction? {
        guard let (text, v) = string(table, key) else { return nil }
        switch ActionParser.parse(text, isKnownKeysym: isKnownKeysym, keysymIgnoringCase: keysymIgnoringCase) {
        case .failure(let f):
            error(f.message, at: v.range)
            return nil
        case .success(let parsed):
            for w in parsed.warnings { report(.warning(w, at: v.range)) }
            return BoundAction(parsed.action, text: text)
        }
    }

    /// `repeat`, `reverse-action` and `on`.
    private mutating func readTrigger(_ table: ConfigTable, _ kind: GestureKind, _ binding: inout GestureBinding) {
        let continuous = binding.devices.contains { GestureAvailability.isContinuous(kind, on: $0) }
        let repeats = bool(table, BindingKey.repeat.rawValue) ?? false
        let repeatValue = table[BindingKey.repeat.rawValue]?.value
        if repeats, let v = repeatValue {
            if kind == .longPress {
                error("repeat does not apply to a long press: it has no amount to step through", at: v.range)
            } else if !continuous {
                error(
                    "repeat needs a continuous gesture (pan, pinch, rotate, edge, or a touchpad swipe);"
                        + " kind \(quoteBasic(kind.rawValue)) on a \(binding.devices.first?.rawValue ?? "device")"
                        + " is recognized once", at: v.range)
            } else {
                binding.trigger = .repeat
            }
        }
        if let reverse = table[BindingKey.reverseAction.rawValue] {
            let action = readAction(table, BindingKey.reverseAction.rawValue)
            if !repeats {
                error("reverse-action needs repeat = true", at: reverse.keyRange)
            } else {
                binding.reverseAction = action
            }
        }
        if let (moment, v) = choice(table, BindingKey.on.rawValue, ActionMoment.self) {
            if repeats {
                error("on does not apply with repeat = true: a repeating action runs at every step", at: v.range)
            } else if !continuous {
                error(
                    "on applies to continuous gestures; kind \(quoteBasic(kind.rawValue)) acts once, when recognized",
                    at: v.range)
            } else {
                binding.trigger = moment.trigger
            }
        }
    }
}
