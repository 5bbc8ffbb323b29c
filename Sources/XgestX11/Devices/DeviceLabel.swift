extension Dictionary where Key == Int, Value == XIDevice {
    /// How the daemon's lines name device `id`: its name, with its id when another device
    /// has the same name. Two touchscreens of one model both called `ELAN9008:00` were
    /// `touchscreen ELAN9008:00 is mapped to left` and `… to right`, with nothing to say
    /// which was which; `xgest devices` lists the ids.
    public func label(of id: Int) -> String {
        guard let name = self[id]?.name else { return "device \(id)" }
        let shared = contains { $0.key != id && $0.value.name == name }
        return shared ? "\(name) (device \(id))" : name
    }
}
