import Foundation
import SegueCommandLine
import SegueDemos
import SegueCatalog

/// `segue catalog [--json]`: every transition offered, one line each (name and description),
/// or a JSON array of `{"name", "description", "file", "interaction"}` (`file` null for the
/// ones written in Swift, `interaction` as a transition file writes it).
struct CatalogCommand {
    static let json = Flag("--json", help: "print a JSON array of {\"name\", \"description\", \"file\", \"interaction\"}")
    static var options: [OptionSpec] { [json.spec] }

    let lineup: Lineup
    let asJSON: Bool

    init(_ args: [String], lineup: Lineup) throws {
        let a = try Arguments(args, options: Self.options)
        asJSON = a.flag(Self.json)
        a.checkEveryOptionRead()
        self.lineup = lineup
    }

    /// One entry of `--json`.
    struct Entry: Encodable {
        var name: String
        var description: String?
        var file: String?
        var interaction: TransitionFile.Interaction?

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(description, forKey: .description)
            try c.encode(file, forKey: .file)
            try c.encode(interaction, forKey: .interaction)
        }

        enum CodingKeys: String, CodingKey { case name, description, file, interaction }
    }

    var entries: [Entry] {
        BuiltInDemo.allCases.map { Entry(name: $0.rawValue, description: $0.description, file: nil, interaction: $0.interaction) }
            + lineup.transitions.map { Entry(name: $0.name, description: $0.description, file: $0.file, interaction: $0.interaction) }
    }

    func run() throws {
        if asJSON {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try Command.writeStandardOutput(String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n")
        } else {
            let width = entries.map(\.name.count).max() ?? 0
            try Command.writeStandardOutput(entries.map {
                $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + ($0.description ?? "")
            }.joined(separator: "\n") + "\n")
        }
    }
}
