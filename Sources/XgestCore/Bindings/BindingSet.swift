/// A validated set of bindings, ready to run: builds the engine's registrations and maps
/// the engine's gesture events back to the binding they are for.
///
/// Each binding becomes one registration per device kind it listens to, named after the
/// binding (`name@device` when it listens to several). App bindings are registered
/// before global ones, so that where both could start on the same input the app's wins.
///
/// Scoping is decided when a sequence starts, by should-receive conditions asked with the
/// window under the sequence's first point (UIKit's hit-testing: only the recognizers of
/// the view a touch lands on see it): an app binding receives only sequences starting in
/// windows its section matches; a global binding receives every sequence except those
/// starting in windows of a section that disables it or binds the same gesture
/// (``GestureBinding/isSameGesture(as:on:)``) itself. An `edge`, `region` or `monitor`
/// condition is about the start point and the monitor the sequence starts on only, so it
/// is decided there too. A binding that does
/// not receive a sequence is absent for it: it holds no other binding back and keeps no
/// touch from being handed back to the application at once.
///
/// Should-begin conditions keep what can only be told later: the modifiers held when the
/// gesture begins (they may be pressed after the fingers land), and a stroke's overall
/// direction.
public struct BindingSet: Sendable {
    /// One registration: which binding, on which device, and the app sections that shadow it.
    public struct Entry: Hashable, Sendable {
        public var registrationName: String
        public var binding: Int
        public var device: DeviceKind
        /// For a global binding: the sections in whose windows it does not run.
        public var shadowedBy: [Int]
        /// For each of ``shadowedBy``, the section's binding that overrides it; nil where
        /// the section disables it by name. Found once here, for the reasons `--debug`
        /// gives, instead of again for every registration.
        public var overriddenBy: [Int?]
    }

    public let bindings: [GestureBinding]
    public let apps: [AppScope]
    public let tunables: RecognizerTunables
    /// The templates every shaped stroke binding classifies against (built-in and user),
    /// built once for the whole set.
    public let strokeClassifier: StrokeClassifier
    /// In registration order.
    public let entries: [Entry]
    private let entryByName: [String: Int]
    private let bindingByName: [String: Int]
    private let appMatches: AppMatchCache

    public init(
        bindings: [GestureBinding], apps: [AppScope], tunables: RecognizerTunables = RecognizerTunables(),
        strokeClassifier: StrokeClassifier = .builtIn
    ) {
        self.bindings = bindings
        self.apps = apps
        self.tunables = tunables
        self.strokeClassifier = strokeClassifier
        appMatches = AppMatchCache(apps: apps)
        // Per section, its bindings by gesture on each device (the first of each): a global
        // binding is looked up in every section, not compared with each of its bindings (a
        // config of 400 sections of ten bindings took 1.9 s to load comparing each with
        // every binding once per section, and 0.2 s comparing it with each section's own).
        var gesturesByApp = [[GestureKey: Int]](repeating: [:], count: apps.count)
        for (i, b) in bindings.enumerated() {
            guard let a = b.app, gesturesByApp.indices.contains(a) else { continue }
            for d in b.devices {
                guard let key = b.gestureKey(on: d), gesturesByApp[a][key] == nil else { continue }
                gesturesByApp[a][key] = i
            }
        }
        var entries: [Entry] = []
        let order =
            bindings.indices.filter { bindings[$0].app != nil } + bindings.indices.filter { bindings[$0].app == nil }
        for i in order {
            let b = bindings[i]
            for d in b.devices {
                var shadowedBy: [Int] = []
                var overriddenBy: [Int?] = []
                if b.app == nil, let key = b.gestureKey(on: d) {
                    for (a, scope) in apps.enumerated() {
                        let by = gesturesByApp[a][key]
                        if scope.disabled.contains(b.name) || by != nil {
                            shadowedBy.append(a)
                            overriddenBy.append(by)
                        }
                    }
                }
                let name = b.devices.count == 1 ? b.name : "\(b.name)@\(d.rawValue)"
                entries.append(
                    Entry(
                        registrationName: name, binding: i, device: d, shadowedBy: shadowedBy,
                        overriddenBy: overriddenBy))
            }
        }
        self.entries = entries
        var entryByName: [String: Int] = [:]
        for (i, e) in entries.enumerated() where entryByName[e.registrationName] == nil {
            entryByName[e.registrationName] = i
        }
        self.entryByName = entryByName
        var bindingByName: [String: Int] = [:]
        for (i, b) in bindings.enumerated() where bindingByName[b.name] == nil { bindingByName[b.name] = i }
        self.bindingByName = bindingByName
    }

    /// The name of the binding each registration is of, by registration name: a binding on
    /// both devices registers as `NAME@pointer` and `NAME@touchscreen`, which the user never wrote.
    public var bindingNamesByRegistration: [String: String] {
        Dictionary(entries.map { ($0.registrationName, bindings[$0.binding].name) }, uniquingKeysWith: { a, _ in a })
    }

    /// The binding with this name.
    public func binding(named name: String) -> GestureBinding? { bindingByName[name].map { bindings[$0] } }

    /// The registration entry with this (registration) name, as gesture events carry it.
    public func entry(forRegistration name: String) -> Entry? { entryByName[name].map { entries[$0] } }

    /// The names of the registrations a binding became.
    public func registrationNames(of bindingName: String) -> [String] {
        // A disabled binding registers nothing: relations to it hold no one back.
        guard let i = bindingByName[bindingName], bindings[i].isEnabled else { return [] }
        return entries.filter { $0.binding == i }.map(\.registrationName)
    }

    /// Whether the entry's binding runs for a gesture started on `target`: app binding in a
    /// matching window, or global binding not shadowed there.
    public func applies(_ entry: Entry, to target: HitTarget) -> Bool {
        if let a = bindings[entry.binding].app { return apps[a].matches(target) }
        return !entry.shadowedBy.contains { apps[$0].matches(target) }
    }

    /// The binding a gesture event is for, resolved for the window it started on; nil when
    /// the event is not from one of these registrations or the binding does not run there.
    public func resolve(_ event: GestureEvent) -> GestureBinding? {
        guard let e = entry(forRegistration: event.name), applies(e, to: event.target) else { return nil }
        return bindings[e.binding]
    }

    /// The engine's registrations. Edges and regions in percent are resolved against the
    /// monitor each sequence starts on, so they follow ``GestureEngine/setLayout(_:)``.
    public func registrations() -> [RecognizerRegistration] {
        entries.compactMap { e -> RecognizerRegistration? in
            let b = bindings[e.binding]
            guard
                b.isEnabled,
                let recognizer = RecognizerFactory.make(
                    b, on: e.device, tunables: tunables(forBinding: e.binding), strokeClassifier: strokeClassifier)
            else { return nil }
            var r = RecognizerRegistration(
                name: e.registrationName, recognizer: recognizer,
                requiresFailureOf: b.requiresFailureOf.flatMap(registrationNames(of:)),
                simultaneousWith: b.simultaneousWith.flatMap(registrationNames(of:)),
                prevents: b.prevents.map { $0.flatMap(registrationNames(of:)) },
                preventedBy: b.preventedBy.map { $0.flatMap(registrationNames(of:)) },
                shouldReceive: receiveCondition(e), shouldBegin: beginCondition(e))
            r.sharesTouches = !b.cancelsTouches && e.device == .touchscreen
            return r
        }
    }

    /// Whether a touchscreen binding shares its touches with applications
    /// (`cancels-touches = false`): the X layer must then follow handed-back touches.
    public var sharesTouches: Bool {
        bindings.contains { $0.isEnabled && !$0.cancelsTouches && $0.devices.contains(.touchscreen) }
    }

    /// Whether an action can read a touchscreen gesture's touches (`XGEST_TOUCHES`): a
    /// touchscreen binding that runs a command.
    public var readsTouches: Bool {
        bindings.contains { b in
            b.isEnabled && b.devices.contains(.touchscreen)
                && b.actions.contains { if case .exec = $0.action { return true } else { return false } }
        }
    }

    /// The tunables binding `i` runs with: the global ones, with its own in their place.
    public func tunables(forBinding i: Int) -> RecognizerTunables {
        tunables.overridden(by: bindings[i].tunableOverrides)
    }

    /// Whether the entry's binding watches a sequence, from where it starts: the window
    /// (app scope, app overrides, disabled globals), the screen edge and the region. Nil
    /// when the binding watches every sequence of its device kind. The device kind needs
    /// no check: the entry's recognizer is made for one, and the engine offers it only
    /// sequences of that kind.
    private func receiveCondition(_ e: Entry) -> ShouldReceivePredicate? {
        let b = bindings[e.binding]
        let scope: (Int, String)? = b.app.map { ($0, "not in " + apps[$0].description) }
        let shadows: [(Int, String)] = zip(e.shadowedBy, e.overriddenBy).map { a, by in
            let scope = apps[a]
            if scope.disabled.contains(b.name) { return (a, "disabled in " + scope.description) }
            return (a, "overridden in " + scope.description + (by.map { " by " + bindings[$0].name } ?? ""))
        }
        let appMatches = appMatches
        let shadowSections = shadows.map(\.0)
        let edge = b.conditions.edge
        let thickness = tunables(forBinding: e.binding).edgeThicknessPx
        let edgeReason = edge.map { "starts away from the \($0.rawValue) edge" } ?? ""
        let region = b.conditions.region
        let regionReason = "starts outside its region"
        let monitor = b.conditions.monitor
        let monitorReason = monitor.map { "starts on another monitor than \($0)" } ?? ""
        guard scope != nil || !shadows.isEmpty || edge != nil || region != nil || monitor != nil else { return nil }
        return { context in
            if let (section, reason) = scope {
                guard appMatches.matches(section: section, context.target) else { return .ignore(reason: reason) }
            } else if let k = appMatches.firstMatching(among: shadowSections, context.target) {
                let reason = shadows[k].1
                return .ignore(reason: reason)
            }
            if let edge, !edge.contains(context.startLocation, on: context.screen, thickness: thickness) {
                return .ignore(reason: edgeReason)
            }
            if let region, !region.rect(on: context.screen).contains(context.startLocation) {
                return .ignore(reason: regionReason)
            }
            if let monitor, !monitor.matches(monitor: context.monitor, isPrimary: context.monitorIsPrimary) {
                return .ignore(reason: monitorReason)
            }
            return .receive
        }
    }

    /// What can only be told when the gesture would begin: the modifiers held then, and a
    /// stroke's overall direction. Nil when the binding has neither.
    private func beginCondition(_ e: Entry) -> ShouldBeginPredicate? {
        let b = bindings[e.binding]
        // A pointer stroke checks its modifiers at the press, in the recognizer; here they may be gone.
        let modifiers =
            GestureAvailability.isDrawn(b.kind) && e.device == .pointer ? nil : b.conditions.modifiers
        let strokeDirection = b.kind == .stroke ? b.direction.flatMap { SwipeDirection(rawValue: $0.rawValue) } : nil
        let minimumNetTravelPx = tunables(forBinding: e.binding).strokeMinimumLengthPx
        guard modifiers != nil || strokeDirection != nil else { return nil }
        return { context in
            if let modifiers, context.modifiers != modifiers {
                return .fail(.wrongModifiers, words: Modifiers.mismatch(held: context.modifiers, bound: modifiers))
            }
            if let strokeDirection {
                let overall = StrokeOverallDirection(
                    points: context.report.points, minimumNetTravelPx: minimumNetTravelPx)
                guard let went = overall.direction else { return .fail(.noOverallDirection, words: "\(overall)") }
                if went != strokeDirection {
                    return .fail(.wrongDirection, words: "\(overall), bound \(strokeDirection)")
                }
            }
            return .begin
        }
    }

}
