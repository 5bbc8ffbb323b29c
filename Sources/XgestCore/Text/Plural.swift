/// "1 binding", "2 bindings": a count with its noun, for messages and summaries. For
/// nouns whose plural adds an "s" only.
public func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
