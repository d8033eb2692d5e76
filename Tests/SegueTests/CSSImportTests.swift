import Testing
@testable import Segue
@testable import SegueCatalog

/// `CSSImport`: what a style sheet's keyframes become, and every problem one line with its
/// line and column.
@Suite struct CSSImportTests {
    func modal(_ css: String, _ name: String? = nil) throws -> TransitionFile.LayerSpec {
        let imported = try CSSImport(css, names: name.map { [$0] } ?? [])
        return try #require(imported.imported.first?.file.layers.first { $0.source == .modal })
    }

    /// Selectors from, to, percentages and lists; blocks of one offset merged, the later
    /// winning; timing per keyframe, else the rule's; no curve on the last keyframe.
    @Test func keyframesAreMergedAndTimedAsCSSTimesThem() throws {
        let css = """
            @keyframes pop { from, 50% { opacity: 0.5 } 50% { opacity: 0.25; animation-timing-function: ease-in } to { opacity: 1 } }
            .a { animation: pop 250ms cubic-bezier(0.1, 0.2, 0.3, 0.4) 1s infinite both }
            """
        let imported = try CSSImport(css)
        let file = try #require(imported.imported.first?.file)
        #expect(file.name == "pop" && file.duration == 0.25 && file.curve == .linear && file.format == 2)
        #expect(file.interaction?.scrub == .linear)
        let keys = file.layers[1].keyframes
        #expect(keys.map(\.t) == [0, 0.5, 1] && keys.map(\.opacity) == [0.5, 0.25, 1])
        #expect(keys.map(\.curve) == [.bezier(TimingCurve(0.1, 0.2, 0.3, 0.4)), .easeIn, nil])
        #expect(imported.warnings.map(\.description) == ["line 1, column 45: blocks at 50% time their properties by two timing functions; the file keeps this block's"])
        // A block of a timing function alone times nothing: the transform's segment from 0%
        // runs on the animation's timing (ease), as browsers build the keyframe list.
        let alone = try modal("@keyframes b { from, to { animation-timing-function: ease-in } 0% { transform: scale(2) } to { transform: none } }")
        #expect(alone.keyframes.map(\.curve) == [.default, nil])
        #expect(file.layers.map(\.source) == [.base, .modal])
        // --on base: the base in front, animated.
        let onBase = try CSSImport(css, on: .base).imported[0].file
        #expect(onBase.layers.map(\.source) == [.modal, .base] && onBase.layers[1].keyframes.count == 3)
    }

    /// A property animated but named at neither 0% nor 100% holds its own value there (CSS
    /// animates from and to the element's style): no transform, full opacity.
    @Test func missingEndsHoldThePlainValue() throws {
        let layer = try modal("@keyframes pulse { 50% { transform: scale(1.1) } }")
        #expect(layer.keyframes.map(\.t) == [0, 0.5, 1])
        #expect(layer.keyframes.map(\.transform) == [[], [.scale(1.1, 1.1, 1)], []])
        // An origin named at 0% only goes back to the element's own (the rule's) by 100%.
        let jack = try modal("""
            @keyframes jack { from { transform: scale(0.1); transform-origin: center bottom } to { transform: scale(1) } }
            .j { animation-name: jack; transform-origin: 25% 50% 10px }
            """)
        #expect(jack.keyframes.map(\.origin) == [[0.5, 1, 0], [0.25, 0.5, 10]])
    }

    /// Every function, unit and shorthand of CSS Transforms 1 and 2, as the format says them.
    @Test func everyFunctionAndUnitReads() throws {
        let layer = try modal("""
            @keyframes all { to { transform: translate(10px, 50%) translateX(-5%) translateY(0) translateZ(3px)
              translate3d(1px, 2px, 3px) scale(2) scale(2, 3) scaleX(50%) scaleY(.5) scaleZ(2) scale3d(1, 2, 3)
              rotate(0.25turn) rotateX(100grad) rotateY(3.14159265358979rad) rotateZ(-45deg) rotate3d(1, 1, 0, 90deg)
              skew(10deg) skew(10deg, 20deg) skewX(5deg) skewY(-5deg) perspective(300px) perspective(none)
              matrix(1, 0, 0, 1, 5, 6) matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1) } }
            """)
        let list = try #require(layer.keyframes.last?.transform)
        let expected: [TransformFunction] = [
            .translate(.points(10), .percent(50), 0), .translate(.percent(-5), .points(0), 0), .translate(.points(0), .points(0), 0),
            .translate(.points(0), .points(0), 3), .translate(.points(1), .points(2), 3), .scale(2, 2, 1), .scale(2, 3, 1),
            .scale(0.5, 1, 1), .scale(1, 0.5, 1), .scale(1, 1, 2), .scale(1, 2, 3),
            .rotateZ(90), .rotateX(90), .rotateY(180), .rotateZ(-45), .rotate3d(x: 1, y: 1, z: 0, degrees: 90),
            .skew(10, 0), .skew(10, 20), .skew(5, 0), .skew(0, -5), .perspective(300),
            .matrix3d([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1]), .matrix3d([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1]),
        ]
        #expect(list.count == expected.count)
        for (got, want) in zip(list, expected) {
            if case .rotateY(let a) = got, case .rotateY(let b) = want { #expect(abs(a - b) < 1e-9) } else { #expect(got == want) }
        }
    }

    /// transform-origin in keywords (either order), percentages and px, with z.
    @Test func originsReadAsCSSWritesThem() throws {
        func origin(_ text: String) throws -> (CSSValues.OriginCoordinate, CSSValues.OriginCoordinate, Double) {
            let o = try CSSValues.origin(text)
            return (o.x, o.y, o.z)
        }
        #expect(try origin("top left") == (.unit(0), .unit(0), 0))
        #expect(try origin("left top") == (.unit(0), .unit(0), 0))
        #expect(try origin("bottom") == (.unit(0.5), .unit(1), 0))
        #expect(try origin("right 20px") == (.unit(1), .points(20), 0))
        #expect(try origin("25% 100% -30px") == (.unit(0.25), .unit(1), -30))
        // In the file: keywords and % are the anchor; z the origin's.
        let layer = try modal("@keyframes a { to { opacity: 0 } } .x { animation-name: a; transform-origin: right bottom 12px }")
        #expect(layer.anchor == Point(x: 1, y: 1) && layer.originZ == 12)
    }

    @Test func namesAreKebabCase() throws {
        #expect(CSSImport.kebab("flipInX") == "flip-in-x")
        #expect(CSSImport.kebab("bounce_in--Down") == "bounce-in-down")
        #expect(CSSImport.kebab("fadeIn3D") == "fade-in3-d")
        #expect(CSSImport.kebab("---") == "animation")
        // A letter's marks are dropped, composed or not; a letter with a combining mark is one
        // Character, not an ASCII letter (the fuzzer found the importer naming a file
        // "a\u{748}…", which the reader then refused).
        #expect(CSSImport.kebab("ka\u{748}b") == "kab")
        #expect(CSSImport.kebab("\u{C9}clair") == "eclair")
        #expect(CSSImport.kebab("x\u{301}Y") == "x-y")
        #expect(CSSImport.kebab("\u{D1}and\u{FA}In") == "nandu-in")
        #expect(CSSImport.kebab("fade\u{2192}\u{6F22}\u{5B57}up") == "fade-up")
        let imported = try CSSImport("@keyframes ka\u{748}bX { to { opacity: 0 } }")
        #expect(imported.imported.map(\.file.name) == ["kab-x"])
        #expect((try? TransitionFile.read(imported.imported[0].file.text)) != nil)
    }

    /// Animations of one kebab name are told apart by a suffix, kept within the longest name a
    /// file may have (the fuzzer found a second one named 66 characters long).
    @Test func namesAreUniqueAndShortEnough() throws {
        let long = String(repeating: "a", count: 70)
        let css = "@keyframes fadeIn { to { opacity: 0 } } @keyframes fade-in { to { opacity: 0 } } "
            + "@keyframes \(long) { to { opacity: 0 } } @keyframes \(long.uppercased()) { to { opacity: 0 } } "
            + "@keyframes \(long)X { to { opacity: 0 } }"
        let files = try CSSImport(css).imported.map(\.file)
        let stem = String(repeating: "a", count: 62)
        #expect(files.map(\.name) == ["fade-in", "fade-in-2", String(repeating: "a", count: 64), stem + "-2", stem + "-3"])
        for f in files { #expect((try? TransitionFile.read(f.text)) != nil, "\(f.name)") }
    }

    /// What is not taken is a warning naming its line and column, left out; the rest is
    /// imported.
    @Test(arguments: [
        ("@keyframes a {\n  to { opacity: 0; color: red }\n}", "line 2, column 27: color: is not a property a transition file animates (transform, opacity, transform-origin, animation-timing-function); left out"),
        ("@keyframes a {\n  to { opacity: 0; transform: translateX(var(--x)) }\n}", "line 2, column 31: transform: var(…) cannot be evaluated here; left out"),
        ("@keyframes a { to { opacity: 0; transform: translate(2em) } }", "line 1, column 44: transform: translate() takes lengths in px or %, not '2em'; left out"),
        ("@keyframes a { to { opacity: 0; transform: wobble(2deg) } }", "line 1, column 44: transform: unknown transform function wobble(); left out"),
        ("@keyframes a { to { opacity: 0; transform: rotate(1deg, 2deg) } }", "line 1, column 44: transform: rotate() takes 1 argument, not 2; left out"),
        ("@keyframes a { to { opacity: 0; animation-timing-function: steps(4) } }", "line 1, column 60: animation-timing-function: steps() cannot be drawn as a curve; left out"),
        ("@keyframes a { 120% { opacity: 0 } to { opacity: 0 } }", "line 1, column 16: keyframe selector '120%' is not from, to or a percentage 0%…100%: the block is left out"),
    ])
    func whatIsNotTakenIsAWarningWithItsPlace(css: String, warning: String) throws {
        let imported = try CSSImport(css)
        #expect(imported.warnings.map(\.description) == [warning])
        #expect(imported.imported.count == 1)
    }

    /// CSS that does not parse is one error with its line and column.
    @Test(arguments: [
        ("@keyframes a { to { opacity: 0 } }\n/* never closed", "line 2, column 1: unterminated comment"),
        ("}\n", "line 1, column 1: unexpected '}': no block is open"),
        ("@keyframes a {\n  to { opacity: 0 }\n", "line 3, column 1: unterminated @keyframes: its '{' is never closed"),
        (".a { color: red;\n", "line 1, column 4: unterminated block: the '{' here is never closed"),
        ("@keyframes a { to { content: \"x } }", "line 1, column 30: unterminated string"),
        ("@keyframes { to { opacity: 0 } }", "line 1, column 12: expected the animation's name after @keyframes"),
        ("@keyframes a { to { opacity } }", "line 1, column 21: expected 'property: value' after 'opacity'"),
    ])
    func whatDoesNotParseIsAnErrorWithItsPlace(css: String, message: String) {
        #expect(throws: CSSProblem.self) { try CSSImport(css) }
        do {
            _ = try CSSImport(css)
        } catch {
            #expect("\(error)" == message)
        }
    }

    /// Names asked for that the sheet lacks are refused, listing those it has; @media blocks
    /// are read through; the last @keyframes of a name wins.
    @Test func namesAreFoundWhereverTheyAre() throws {
        let css = "@keyframes a { to { opacity: 0 } } @media screen { @keyframes b { to { opacity: 0.5 } } } @keyframes a { to { opacity: 0.2 } }"
        let all = try CSSImport(css)
        #expect(all.imported.map(\.file.name) == ["a", "b"])
        #expect(all.imported[0].file.layers[1].keyframes.last?.opacity == 0.2)
        #expect(throws: CSSProblem.self) { try CSSImport(css, names: ["c"]) }
        do {
            _ = try CSSImport(css, names: ["c"])
        } catch {
            #expect("\(error)" == "line 1, column 1: no @keyframes named 'c' (it has: a, b)")
        }
    }

    /// An imported file written and read back is the same file.
    @Test func anImportedFileReadsBackTheSame() throws {
        let css = """
            @keyframes turn { from { transform: perspective(500px) rotateY(-90deg) translate(10%, -4px); opacity: 0;
              transform-origin: 0% 50% -20px } to { transform: perspective(500px) rotateY(0) translate(0, 0); opacity: 1 } }
            .t { animation: turn 0.7s ease-in-out; backface-visibility: hidden; transform-origin: 30px 40px }
            """
        let file = try #require(try CSSImport(css).imported.first?.file)
        #expect(try TransitionFile.read(file.text) == file)
        #expect(file.layers[1].backfaceHidden && file.layers[1].anchor == Point(x: 0, y: 0))
        // The origin in px is a move around each list.
        #expect(file.layers[1].keyframes[1].transform?.first == .translate(.points(30), .points(40), 0))
        #expect(file.layers[1].keyframes[0].origin == [0, 0.5, -20])
    }

    /// export-css writes what import-css reads back to the same file: the fixture sheet's
    /// every animation, exported and imported again, is the file it was.
    @Test(arguments: ["turnIn", "tiltSkew", "settle", "pivot", "reshape"])
    func anExportedFileImportsBackTheSame(_ animation: String) throws {
        let file = try #require(try CSSImport(CSSImportFrameTests.sheet, names: [animation]).imported.first?.file)
        let export = CSSExport(file)
        #expect(export.warnings.isEmpty, "\(export.warnings)")
        let again = try #require(try CSSImport(export.css).imported.first)
        #expect(again.animation == file.name)
        var back = again.file
        back.description = file.description
        #expect(back == file)
    }

    /// A format-1 key's z as a percentage (the cube's faces) is exported in px, resolved on
    /// the default screen (375 pt wide) with a warning: CSS's translate3d takes no
    /// percentage in z, and import-css would leave the whole transform out. A z in points
    /// is written as it is.
    @Test func aPercentageInZIsExportedInPx() throws {
        let file = try TransitionFile.read(#"""
            {"format":1,"name":"deep","duration":1,
             "layers":[{"id":"a","source":"modal","keyframes":[{"t":0,"translate":["10%",0,"20%"]},{"t":1,"translate":[0,0,12.34567]}]}]}
            """#)
        let export = CSSExport(file)
        #expect(export.css.contains("translate3d(10%, 0, 75px)") && export.css.contains("translate3d(0, 0, 12.34567px)"))
        #expect(export.warnings == ["layers[0].keyframes[0].translate: z 20% of the screen's width written as 75px (CSS takes no percentage in z; the default screen, 375 pt wide)"])
        let sheet = try CSSImport(export.css)
        #expect(sheet.warnings.isEmpty, "\(sheet.warnings)")
        let imported = try #require(sheet.imported.first)
        #expect(imported.file.layers[1].keyframes[0].transform?.first == .translate(.percent(10), .points(0), 75))
    }

    /// What CSS cannot say is a warning: a spring, a corner radius, a dismiss of its own.
    @Test func whatCSSCannotSayIsAWarning() throws {
        let file = try TransitionFile.read(#"""
            {"format":2,"name":"x","duration":1,"curve":{"spring":{"dampingRatio":1}},
             "layers":[{"id":"a","source":"modal","keyframes":[{"t":0,"cornerRadius":4},{"t":1,"opacity":0}]}],
             "dismiss":{"layers":[{"source":"base"}]}}
            """#)
        #expect(CSSExport(file).warnings == [
            "layers[0].keyframes[0].cornerRadius: left out (a border-radius with overflow: hidden in CSS)",
            "layers[0].keyframes[0].curve: a spring has no CSS timing function; left linear",
            "dismiss: a dismiss of its own is not exported (play the keyframes in reverse, or export it apart)",
        ])
    }
}
