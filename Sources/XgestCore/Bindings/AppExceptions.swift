extension BindingSet {
    /// The clause naming the `[[app]]` sections (indices into ``apps``) in whose windows a
    /// global binding's line of `xgest check` does not hold: `, except in class "XTerm"
    /// and class "Gedit" windows`; empty for none.
    func exceptIn(_ sections: [Int]) -> String {
        guard !sections.isEmpty else { return "" }
        return ", except in " + sections.map { apps[$0].description }.joined(separator: " and ") + " windows"
    }
}
