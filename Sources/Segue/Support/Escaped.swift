/// The one rule for echoing input back in a message: a string is shown in double quotes
/// with quotes, backslashes and every control character escaped (`\n`, `\t`, `\u{1B}`…), so
/// what a user typed or a file held can never break a line or drive the terminal.
package enum Escaped {
    /// `text` in double quotes, escaped.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s == "\u{2028}" || s == "\u{2029}" {
                    out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out + "\""
    }
}
