import Segue

/// An interaction written as a transition file writes it (docs/transition-format.md): every key,
/// defaults included, so a reader sees the whole of it.
extension TransitionFile.Interaction: Encodable {
    private enum Keys: String, CodingKey { case present, dismiss, threshold, scrub }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(present, forKey: .present)
        try c.encode(dismiss, forKey: .dismiss)
        try c.encode(threshold, forKey: .threshold)
        try c.encode(scrub.rawValue, forKey: .scrub)
    }
}

extension TransitionFile.Pan: Encodable {
    private enum Keys: String, CodingKey { case pan, edge, distance }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(direction.rawValue, forKey: .pan)
        try c.encode(edge?.rawValue, forKey: .edge)
        switch distance {
        case .height: try c.encode("height", forKey: .distance)
        case .width: try c.encode("width", forKey: .distance)
        case .points(let p): try c.encode(p, forKey: .distance)
        case .percent(let p): try c.encode(TransitionFile.number(p) + "%", forKey: .distance)
        }
    }
}
