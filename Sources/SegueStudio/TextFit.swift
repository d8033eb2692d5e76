import Segue

/// The width of a single line of text as the platform draws it at `scale` pixels a unit, in
/// the units its font size is given in (the HUD's): what the HUD fits its text with.
package typealias TextMeasure = @MainActor (_ text: Substring, _ fontSize: Double, _ weight: TextContent.Weight,
                                             _ scale: Double) -> Double

/// Text cut to fit a box, as the HUD needs it: one line elided with "…", or words wrapped into
/// lines (broken where the next word would not fit, as the renderer breaks them) and, past
/// the lines there is room for, elided too. Every line it gives measures within the width.
@MainActor
package struct TextFit {
    package let measure: TextMeasure
    /// Pixels a unit the text is drawn at (a font's hinted advances are not proportional to
    /// its size).
    package private(set) var scale = 1.0
    /// What was fitted before: the HUD fits the same texts frame after frame.
    private let memo = Memo()

    package init(_ measure: @escaping TextMeasure) { self.measure = measure }

    /// Fitted texts and measured widths by what they were worked out for, shared by the
    /// copies of one `TextFit`.
    private final class Memo {
        struct Key: Hashable {
            let text: String, width: Double, size: Double, weight: TextContent.Weight, scale: Double, maxLines: Int
        }
        struct WidthKey: Hashable {
            let text: Substring, size: Double, weight: TextContent.Weight, scale: Double
        }
        var lines = Generations<Key, [String]>()
        var widths = Generations<WidthKey, Double>()
    }

    /// A memo of two generations of at most `limit` entries each: what is used stays, what
    /// changes every frame (a drag's numbers) ages out without taking the rest with it.
    private struct Generations<Key: Hashable, Value> {
        static var limit: Int { 2048 }
        private var current: [Key: Value] = [:], older: [Key: Value] = [:]

        /// The value kept for `key`, kept on into the current generation.
        mutating func lookup(_ key: Key) -> Value? {
            if let v = current[key] { return v }
            guard let v = older[key] else { return nil }
            store(v, for: key)
            return v
        }

        mutating func store(_ value: Value, for key: Key) {
            if current.count >= Self.limit { (older, current) = (current, [:]) }
            current[key] = value
        }
    }

    /// The same measure, for text drawn at `scale` pixels a unit.
    package func at(scale: Double) -> TextFit {
        var fit = self
        fit.scale = scale
        return fit
    }

    /// The width of `text` on one line.
    package func measuredWidth(_ text: Substring, size: Double, weight: TextContent.Weight) -> Double {
        let key = Memo.WidthKey(text: text, size: size, weight: weight, scale: scale)
        if let known = memo.widths.lookup(key) { return known }
        let width = measure(text, size, weight, scale)
        memo.widths.store(width, for: key)
        return width
    }

    /// Without a font engine (a session with no window, tests): DejaVu Sans Mono's advance
    /// (1233/2048 of the size) for monospace, which is exact, and for the others a generous
    /// average of DejaVu Sans's advances (0.64 of the size, bold 0.72) — an estimate, which
    /// text of wide letters (m, W, @) can pass; where fonts are, their measure is used.
    package static let estimate = TextFit { text, size, weight, _ in
        let perCharacter: Double
        switch weight {
        case .monospace: perCharacter = 1233.0 / 2048
        case .regular: perCharacter = 0.64
        case .bold: perCharacter = 0.72
        }
        return Double(text.count) * perCharacter * size
    }

    /// `text` whole when it fits `width`, else `elided`.
    package func line(_ text: String, width: Double, size: Double, weight: TextContent.Weight) -> String {
        remembered(text, width, size, weight, maxLines: 0) {
            [measuredWidth(text[...], size: size, weight: weight) <= width ? text : elided(text, width: width, size: size, weight: weight)]
        }[0]
    }

    /// `fitted()` for these arguments, from the memo when it was fitted before.
    private func remembered(_ text: String, _ width: Double, _ size: Double, _ weight: TextContent.Weight, maxLines: Int,
                            _ fitted: () -> [String]) -> [String] {
        // Worked out outside the memo's access: fitting lines fits each line again.
        let key = Memo.Key(text: text, width: width, size: size, weight: weight, scale: scale, maxLines: maxLines)
        if let known = memo.lines.lookup(key) { return known }
        let lines = fitted()
        memo.lines.store(lines, for: key)
        return lines
    }

    /// The longest start of `text` that fits `width` with "…" after it (trailing spaces
    /// dropped), and the "…"; "" when not even "…" fits.
    package func elided(_ text: String, width: Double, size: Double, weight: TextContent.Weight) -> String {
        guard measuredWidth("…", size: size, weight: weight) <= width else { return "" }
        var low = 0, high = text.count + 1
        // fits(low) holds (the bare "…"), fits(high) is past the text.
        while high - low > 1 {
            let mid = (low + high) / 2
            if measuredWidth((text.prefix(mid).trimmingTrailingSpaces + "…")[...], size: size, weight: weight) <= width { low = mid } else { high = mid }
        }
        return text.prefix(low).trimmingTrailingSpaces + "…"
    }

    /// `text` in lines of at most `width`, at most `maxLines` of them: broken between words
    /// (and at newlines), a word longer than a line elided, the last line elided when the text
    /// goes on past it.
    package func lines(_ text: String, width: Double, size: Double, weight: TextContent.Weight, maxLines: Int) -> [String] {
        guard maxLines > 0 else { return [] }
        return remembered(text, width, size, weight, maxLines: maxLines) {
            wrapped(text, width: width, size: size, weight: weight, maxLines: maxLines)
        }
    }

    /// `lines`, worked out.
    private func wrapped(_ text: String, width: Double, size: Double, weight: TextContent.Weight, maxLines: Int) -> [String] {
        var out: [String] = []
        var cut = false
        paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                let joined = current.isEmpty ? String(word) : current + " " + word
                if current.isEmpty || measuredWidth(joined[...], size: size, weight: weight) <= width {
                    current = joined
                    continue
                }
                out.append(current)
                if out.count == maxLines { cut = true; break paragraphs }
                current = String(word)
            }
            out.append(current)
            if out.count == maxLines && paragraph.endIndex != text.endIndex { cut = true; break }
        }
        out = out.map { line($0, width: width, size: size, weight: weight) }
        if cut, let last = out.last { out[out.count - 1] = elided(last, width: width, size: size, weight: weight) }
        return out
    }
}

extension StringProtocol {
    /// The text without the spaces at its end.
    fileprivate var trimmingTrailingSpaces: String {
        var s = String(self)
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
