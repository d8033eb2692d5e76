/// `--help` assembled from option declarations: synopsis lines and option tables, wrapped
/// at `width` columns.
public enum HelpText {
    public static let width = 92

    /// A synopsis: `command`, then each required option as `--name VALUE`, each optional
    /// one as `[--name VALUE]`, wrapped with continuation lines under the first option.
    public static func synopsis(_ command: String, required: [OptionSpec] = [], optional: [OptionSpec] = [],
                                extra: [String] = [], indent: Int = 2) -> String {
        let words = required.map(\.synopsis) + optional.map { "[\($0.synopsis)]" } + extra
        return wrap(words, first: String(repeating: " ", count: indent) + command + " ",
                    rest: String(repeating: " ", count: indent + command.count + 1))
    }

    /// One line per option — its synopsis, then its help from `column` on, wrapped (a help
    /// longer than the gap starts on the next line) — and `\n` between paragraphs of help.
    public static func table(_ options: [OptionSpec], indent: Int = 2, column: Int? = nil) -> String {
        let pad = String(repeating: " ", count: indent)
        let column = column ?? min(indent + (options.map(\.synopsis.count).max() ?? 0) + 2, 28)
        var lines: [String] = []
        for o in options {
            let head = pad + o.synopsis
            let helpIndent = String(repeating: " ", count: column)
            let words = o.help.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if head.count + 2 <= column {
                let first = head + String(repeating: " ", count: column - head.count)
                lines.append(wrap(words, first: first, rest: helpIndent))
            } else {
                lines.append(head)
                lines.append(wrap(words, first: helpIndent, rest: helpIndent))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` wrapped at `width`, every line indented by `indent` spaces.
    public static func paragraph(_ text: String, indent: Int = 2) -> String {
        let pad = String(repeating: " ", count: indent)
        return wrap(text.split(separator: " ").map(String.init), first: pad, rest: pad)
    }

    /// Words on lines starting `first` then `rest`, each line at most `width` columns
    /// unless one word is longer.
    static func wrap(_ words: [String], first: String, rest: String) -> String {
        var lines: [String] = []
        var line = first
        var empty = true
        for w in words {
            if !empty && line.count + 1 + w.count > width {
                lines.append(line)
                line = rest + w
            } else {
                line += (empty ? "" : " ") + w
            }
            empty = false
        }
        lines.append(line)
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
