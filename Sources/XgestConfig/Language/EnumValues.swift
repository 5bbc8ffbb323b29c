extension ConfigValue {
    /// The value as a case of a string-backed enum, so the schema keeps its vocabulary
    /// (gesture kinds, directions, devices) in the enum and nowhere else. An unknown
    /// string gets a suggestion and the list of valid ones:
    /// `unknown kind "swpie" (did you mean "swipe"?); expected one of: tap, swipe, pinch`.
    ///
    /// - Parameter what: what the value is, for the message ("kind", "direction").
    public func asCase<T: CaseIterable & RawRepresentable>(_ type: T.Type, what: String) -> Result<T, Diagnostic>
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard let text = asString() else {
            return .failure(.error("expected \(what) as a string, found \(kind.description)", at: range))
        }
        if let match = T(rawValue: text) {
            return .success(match)
        }
        let suggestion = Suggestions.didYouMean(text, in: names)
        let list = names.joined(separator: ", ")
        return .failure(
            .error("unknown \(what) \(quoteBasic(text))\(suggestion); expected one of: \(list)", at: range))
    }
}
