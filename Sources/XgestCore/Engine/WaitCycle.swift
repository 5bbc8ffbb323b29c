/// The first cycle in a graph of "waits for the failure of" edges (`requires-failure-of`,
/// with the default tap relations), found as a depth-first search from each node in
/// order, following each node's edges in order. Both the config check and the engine ask
/// it, so that they find the same cycle.
///
/// The search keeps its own stack: a recursive one took a call per binding along a chain
/// (one waits for the next, and so on), and a chain of some 25,000 bindings, within the
/// config's size limit, overflowed the thread's stack and crashed the daemon at a reload.
public enum WaitCycle {
    /// A cycle as node indices with the first repeated at the end, or nil. `edges[i]` are
    /// the nodes node `i` waits for.
    public static func first(in edges: [[Int]]) -> [Int]? {
        enum Mark { case new, onPath, done }
        var marks = Array(repeating: Mark.new, count: edges.count)
        // The path from the root, each node with the index of the next edge to follow.
        var path: [(node: Int, next: Int)] = []
        for root in edges.indices where marks[root] == .new {
            marks[root] = .onPath
            path.append((root, 0))
            while let (node, next) = path.last {
                guard next < edges[node].count else {
                    marks[node] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next = next + 1
                let target = edges[node][next]
                switch marks[target] {
                case .done: continue
                case .onPath:
                    guard let start = path.firstIndex(where: { $0.node == target }) else { return [target, target] }
                    return path[start...].map(\.node) + [target]
                case .new:
                    marks[target] = .onPath
                    path.append((target, 0))
                }
            }
        }
        return nil
    }
}
