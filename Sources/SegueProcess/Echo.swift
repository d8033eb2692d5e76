/// The one rule for showing user input in a message: everything a terminal would act on —
/// control characters (newlines, tabs, escape codes), Unicode format characters (bidi
/// overrides, zero-width joiners) and line or paragraph separators — is shown as a visible
/// escape (`\n`, `\t`, `\r`, `\e`, `\u{7F}`, `\u{202E}`), so a message is always one line
/// that means what it shows.
package enum Echo {
    /// The longest input quoted whole; longer input is cut, with "…" after it.
    package static let maxQuoted = 200

    /// `text` made safe for one terminal line; a backslash is left as it is, so a line of
    /// already quoted input is unchanged (idempotent).
    package static func line(_ text: String) -> String {
        escape(text, backslash: false)
    }

    /// `text` between single quotes, escaped, with its backslashes doubled so an escape
    /// cannot be faked, and cut at `maxQuoted` characters: how messages quote user input.
    package static func quoted(_ text: String) -> String {
        let cut = text.unicodeScalars.count > maxQuoted
        let shown = cut ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(maxQuoted))) : text
        return "'" + escape(shown, backslash: true) + "'" + (cut ? "…" : "")
    }

    /// Whether a terminal would act on `scalar` rather than show it.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }

    private static func escape(_ text: String, backslash: Bool) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for s in text.unicodeScalars {
            switch s {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{1B}": out += "\\e"
            case "\\" where backslash: out += "\\\\"
            default:
                if isUnsafe(s) {
                    out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
    }
}
