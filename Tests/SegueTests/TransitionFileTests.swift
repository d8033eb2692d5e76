import Testing
@testable import Segue
@testable import SegueCatalog

/// The format page's flip, as its text.
let flipFileText = """
{ "format": 1, "name": "flip", "duration": 1.0, "curve": "easeInEaseOut",
  "perspective": "height",
  "interaction": { "present": { "pan": "vertical" }, "dismiss": { "pan": "vertical" } },
  "layers": [
    { "source": "base",  "keyframes": [ { "t": 0, "rotateX": 0 },   { "t": 0.5, "rotateX": 90 } ] },
    { "source": "modal", "keyframes": [ { "t": 0.5, "rotateX": -90 }, { "t": 1, "rotateX": 0 } ] } ] }
"""

/// The format page's page turn, as its text.
let pageTurnFileText = """
{ "format": 1, "name": "pageturn", "duration": 0.8, "curve": "easeInEaseOut",
  "perspective": 500,
  "interaction": { "present": { "pan": "left", "edge": "right" }, "dismiss": { "pan": "right", "edge": "left" } },
  "layers": [
    { "source": "base" },
    { "id": "page", "source": "modal", "anchor": [0, 0.5],
      "keyframes": [ { "t": 0, "rotateY": -90 }, { "t": 1, "rotateY": 0 } ] },
    { "parent": "page", "source": "gradient",
      "gradient": { "colors": ["#000000", "#00000080", "#FFFFFF80"], "start": [0, 0.5], "end": [1, 0.5] },
      "keyframes": [ { "t": 0, "opacity": 1 }, { "t": 1, "opacity": 0 } ] } ] }
"""

@Suite struct TransitionFileReadingTests {
    @Test func theFormatPagesFlipReadsAsWritten() throws {
        let f = try TransitionFile.read(flipFileText)
        #expect(f.name == "flip" && f.duration == 1 && f.curve == .bezier(.easeInEaseOut) && f.perspective == .height)
        #expect(f.description == nil)
        let pan = TransitionFile.Pan(.vertical, distance: .height)
        #expect(f.interaction == .init(present: pan, dismiss: pan, threshold: 0.5))
        #expect(f.layers.count == 2)
        #expect(f.layers[0].source == .base && f.layers[1].source == .modal)
        #expect(f.layers[0].rect == Rect(x: 0, y: 0, width: 1, height: 1) && f.layers[0].anchor == Point(x: 0.5, y: 0.5))
        #expect(f.layers[1].keyframes.map(\.t) == [0.5, 1] && f.layers[1].keyframes.map(\.rotateX) == [-90, 0])
        #expect(f.layers[1].keyframes[0].rotateY == nil && f.layers[1].keyframes[0].curve == nil)
    }

    /// The perspective may be a percentage of the screen's width (an extension of format 1).
    @Test func aPerspectiveInPercentOfTheWidth() throws {
        let f = try TransitionFile.read(#"{"format":1,"name":"a","duration":1,"perspective":"160%","layers":[{"source":"base"}]}"#)
        #expect(f.perspective == .widthPercent(160) && f.perspective?.distance(for: Size(width: 375, height: 667)) == 600)
    }

    @Test func theFormatPagesPageTurnReadsAsWritten() throws {
        let f = try TransitionFile.read(pageTurnFileText)
        #expect(f.perspective == .points(500) && f.duration == 0.8)
        #expect(f.interaction?.present == .init(.left, edge: .right, distance: .width))
        #expect(f.interaction?.dismiss == .init(.right, edge: .left, distance: .width))
        #expect(f.layers[1].id == "page" && f.layers[1].anchor == Point(x: 0, y: 0.5))
        #expect(f.layers[2].parent == 1)
        let gradient = Gradient(colors: [.black, Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255),
                                         Color(red: 1, green: 1, blue: 1, alpha: 128.0 / 255)],
                                startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
        #expect(f.layers[2].source == .gradient(gradient))
        #expect(f.layers[2].keyframes.map(\.opacity) == [1, 0])
    }

    @Test func everyKeyframeKeyAndCurveForm() throws {
        let f = try TransitionFile.read("""
        {"format":1,"name":"k","duration":2,"curve":{"spring":{"dampingRatio":0.5,"velocity":2}},
         "interaction":{"present":{"pan":"up","edge":null,"distance":300},"threshold":0.25,"scrub":"linear"},
         "layers":[{"source":"color","color":"#11223344","rect":[0.5,0,0.5,1],"keyframes":[
           {"t":0,"translate":[1,2,3],"rotateZ":45,"scale":0.5,"opacity":0.5,"cornerRadius":24,"curve":{"cubicBezier":[0.1,-1,0.9,2]}},
           {"t":1,"scale":[2,3],"curve":"easeOut"}]}]}
        """)
        #expect(f.curve == .spring(dampingRatio: 0.5, velocity: 2))
        #expect(f.interaction == .init(present: .init(.up, distance: .points(300)), dismiss: nil, threshold: 0.25, scrub: .linear))
        let layer = f.layers[0]
        #expect(layer.source == .color(Color(red: 0x11 / 255.0, green: 0x22 / 255.0, blue: 0x33 / 255.0, alpha: 0x44 / 255.0)))
        #expect(layer.rect == Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        let k = layer.keyframes
        #expect(k[0].translate == [1, 2, 3] && k[0].rotateZ == 45 && k[0].scale == [0.5, 0.5] && k[0].opacity == 0.5)
        #expect(k[0].cornerRadius == 24 && k[0].curve == .bezier(TimingCurve(0.1, -1, 0.9, 2)))
        #expect(k[1].scale == [2, 3] && k[1].curve == .bezier(.easeOut))
    }

    /// Each problem is one line naming the place and what was expected.
    @Test(arguments: [
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"rotatey":3}]}]}"#,
         #"layers[0].keyframes[0].'rotatey': unknown key (did you mean "rotateY"?)"#),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base"}],"colour":1}"#, "'colour': unknown key"),
        (#"{"format":1,"name":"a","duration":"1","layers":[{"source":"base"}]}"#, "duration: expected a number, found a string"),
        (#"{"format":1,"name":"a","duration":0,"layers":[{"source":"base"}]}"#, "duration: must be above 0 and at most 60, not 0"),
        (#"{"format":3,"name":"a","duration":1,"layers":[{"source":"base"}]}"#, "format: must be 1 or 2"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","backface":"hidden"}]}"#, #"layers[0].backface: needs "format": 2"#),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[]}]}]}"#,
         #"layers[0].keyframes[0].transform: needs "format": 2"#),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[],"rotateX":4}]}]}"#,
         "layers[0].keyframes[0].rotateX: a keyframe gives its transform as a transform list or by translate, rotateX/Y/Z and scale, not both"),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[]},{"t":1,"scale":2}]}]}"#,
         "layers[0].keyframes[1]: a layer gives its transform as transform lists or by translate, rotateX/Y/Z and scale, not both (keyframes[0] does the other)"),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[{"rotate":[1]}]}]}]}"#,
         #"layers[0].keyframes[0].transform[0].'rotate': unknown transform function (one of: translate, rotateX, rotateY, rotateZ, rotate3d, scale, skew, perspective, matrix3d)"#),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[{"rotatex":1}]}]}]}"#,
         #"layers[0].keyframes[0].transform[0].'rotatex': unknown transform function (did you mean "rotateX"?)"#),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[{"rotateX":1,"rotateY":2}]}]}]}"#,
         "layers[0].keyframes[0].transform[0]: expected a transform function: an object of one key, one of translate, rotateX, rotateY, rotateZ, rotate3d, scale, skew, perspective, matrix3d"),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[{"matrix3d":[1,0,0]}]}]}]}"#,
         "layers[0].keyframes[0].transform[0].matrix3d: expected a list of 16 numbers, found 3"),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"transform":[{"perspective":0}]}]}]}"#,
         "layers[0].keyframes[0].transform[0].perspective: must be above 0 and at most 100000, not 0"),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","anchor":[0,0],"origin":[0,0,1]}]}"#,
         "layers[0].origin: is the anchor with z: a layer gives one or the other"),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base","backface":"back"}]}"#,
         #"layers[0].backface: expected "visible" or "hidden", not 'back'"#),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base"}],"dismiss":{"layers":[]}}"#,
         "dismiss.layers: must list at least one layer"),
        (#"{"format":2,"name":"a","duration":1,"layers":[{"source":"base"}],"presentation":{"frame":[0,0,1,0]}}"#,
         "presentation.frame: width and height must be above 0"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base"}],"presentation":{"frame":[0,0,1,1]}}"#,
         #"presentation: needs "format": 2"#),
        (#"{"name":"a","duration":1,"layers":[{"source":"base"}]}"#, "format: is required"),
        (#"{"format":1,"name":"A b","duration":1,"layers":[{"source":"base"}]}"#,
         #"name: must be lowercase letters, digits and '-', not 'A b'"#),
        (#"{"format":1,"name":"a","duration":1,"layers":[]}"#, "layers: must list at least one layer"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0.5},{"t":0.5}]}]}"#,
         "layers[0].keyframes[1].t: must be above the previous keyframe's t (0.5)"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":1.5}]}]}"#,
         "layers[0].keyframes[0].t: must be at least 0 and at most 1, not 1.5"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"opacity":1}]}]}"#,
         "layers[0].keyframes[0].t: is required"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base"},{"source":"modal","parent":"page"}]}"#,
         #"layers[1].parent: no earlier layer has the id "page""#),
        (##"{"format":1,"name":"a","duration":1,"layers":[{"source":"color","color":"#12345"}]}"##,
         ##"layers[0].color: expected a colour "#RRGGBB" or "#RRGGBBAA", not '#12345'"##),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"color"}]}"#, "layers[0].color: is required"),
        (##"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","color":"#000000"}]}"##,
         #"layers[0].color: is only for source "color""#),
        (#"{"format":1,"name":"a","duration":1,"curve":"bounce","layers":[{"source":"base"}]}"#,
         #"curve: unknown curve 'bounce' (one of: linear, easeIn, easeOut, easeInEaseOut, default, or {"cubicBezier": …} or {"spring": …})"#),
        (#"{"format":1,"name":"a","duration":1,"curve":{"cubicBezier":[2,0,1,1]},"layers":[{"source":"base"}]}"#,
         "curve.cubicBezier: x1 and x2 must be within 0…1"),
        (#"{"format":1,"name":"a","duration":1,"curve":{"spring":{"velocity":1}},"layers":[{"source":"base"}]}"#,
         "curve.spring.dampingRatio: is required"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"translate":[1,2]}]}]}"#,
         "layers[0].keyframes[0].translate: expected a list of 3 numbers or percentages, found 2"),
        (#"{"format":1,"name":"a","duration":1,"perspective":"far","layers":[{"source":"base"}]}"#,
         #"perspective: must be a number of points, "height", "width" or a percentage of the width such as "160%", not "far""#),
        (#"{"format":1,"name":"a","duration":1,"perspective":"-5%","layers":[{"source":"base"}]}"#,
         #"perspective: must be a number of points, "height", "width" or a percentage of the width such as "160%", not "-5%""#),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"translate":[0,"1e3%",0]}]}]}"#,
         #"layers[0].keyframes[0].translate[1]: expected a number or a percentage such as "-50%", not '1e3%'"#),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"translate":[0,0,"-%"]}]}]}"#,
         #"layers[0].keyframes[0].translate[2]: expected a number or a percentage such as "-50%", not '-%'"#),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"base","keyframes":[{"t":0,"translate":[true,0,0]}]}]}"#,
         "layers[0].keyframes[0].translate[0]: expected a number or a percentage, found true or false"),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"id":"x","source":"base"},{"id":"x","source":"modal"}]}"#,
         #"layers[1].id: "x" is already the id of layers[0]"#),
        (#"{"format":1,"name":"a","duration":1,"interaction":{"present":{"pan":"diagonal"}},"layers":[{"source":"base"}]}"#,
         #"interaction.present.pan: expected one of "up", "down", "left", "right", "vertical", "horizontal", not 'diagonal'"#),
        (#"{"format":1,"name":"a","duration":1,"interaction":{"scrub":"finger"},"layers":[{"source":"base"}]}"#,
         #"interaction.scrub: expected one of "curve", "linear", not 'finger'"#),
        (#"{"format":1,"name":"a","duration":1,"layers":[{"source":"photo"}]}"#,
         #"layers[0].source: expected one of "base", "modal", "color", "gradient", "image", not 'photo'"#),
        ("[1, 2]", "expected an object, found a list"),
    ])
    func eachProblemNamesItsPlace(text: String, expected: String) {
        #expect(throws: TransitionFileError.self) { try TransitionFile.read(text) }
        do {
            _ = try TransitionFile.read(text)
        } catch let e as TransitionFileError {
            #expect(e.description == expected)
        } catch {
            Issue.record("threw \(error)")
        }
    }

    /// The limits that keep a frame's cost bounded, each named at its place: 512 layers, 256
    /// keyframes a layer, 64 rounded layers, names and ids of 64 characters. At each limit the
    /// file reads; one past it does not.
    @Test func limitsAreNamedAtTheirPlace() throws {
        func file(_ layers: [String], name: String = "a") -> String {
            #"{"format":1,"name":"\#(name)","duration":1,"layers":[\#(layers.joined(separator: ","))]}"#
        }
        func problem(_ text: String) -> String? {
            do { _ = try TransitionFile.read(text); return nil } catch { return "\(error)" }
        }
        let plain = #"{"source":"base"}"#
        #expect(problem(file(Array(repeating: plain, count: 512))) == nil)
        #expect(problem(file(Array(repeating: plain, count: 513))) == "layers: must list at most 512 layers, not 513")
        let keys = { (n: Int) in #"{"source":"base","keyframes":["# + (0..<n).map { #"{"t":\#(Double($0) / 1000)}"# }.joined(separator: ",") + "]}" }
        #expect(problem(file([keys(256)])) == nil)
        #expect(problem(file([plain, keys(257)])) == "layers[1].keyframes: must list at most 256 keyframes, not 257")
        let round = #"{"source":"base","keyframes":[{"t":0,"cornerRadius":8}]}"#
        #expect(problem(file(Array(repeating: round, count: 64) + [plain])) == nil)
        #expect(problem(file([plain] + Array(repeating: round, count: 65))) == "layers[65]: at most 64 layers may round their corners (cornerRadius): each is a clip of its own")
        #expect(problem(file([plain], name: String(repeating: "a", count: 64))) == nil)
        #expect(problem(file([plain], name: String(repeating: "a", count: 65))) == "name: must be at most 64 characters, not 65")
    }

    /// A syntax error names its line and column (1-based, the column in characters).
    @Test(arguments: [
        ("{\n  \"format\": 1,\n  \"name\": \"a\",,\n}", "line 3, column 15: expected a key in double quotes, found ','"),
        ("{\"a\": tru}", "line 1, column 7: expected a value, found 't…' (not true)"),
        ("{\"a\": 1, \"a\": 2}", "line 1, column 10: key 'a' given twice"),
        ("{\"é\": \"x\n\"}", "line 1, column 9: line break inside a string (escape it)"),
        ("[01]", "line 1, column 3: a number may not start with 0"),
        ("[1e999]", "line 1, column 2: number '1e999' is out of range"),
        ("{\"a\": 1} x", "line 1, column 10: unexpected 'x' after the end of the document"),
        ("", "line 1, column 1: expected a value, found end of file"),
        ("\"\\ud800\"", "line 1, column 8: a lone surrogate \\u escape"),
        // Found by the fuzzer: an escaped line break is shown escaped, so the message stays one line.
        ("\"\\\n\"", "line 1, column 3: unknown escape \\\\n"),
    ])
    func syntaxErrorsNameTheLineAndColumn(text: String, expected: String) {
        do {
            _ = try TransitionFile.read(text)
            Issue.record("read \(text)")
        } catch let e as TransitionFileError {
            #expect(e.description == expected)
        } catch {
            Issue.record("threw \(error)")
        }
    }

    /// Columns count characters: the string value starts at 8 and holds 27 characters of
    /// escapes, so "n"'s list starts at 44 and its items at 45, 53 and 56; "b"'s at 69.
    @Test func jsonValuesReadExactly() throws {
        let v = try JSONValue.parse(#" {"s": "a\"\\\/\n\u00e9\ud83d\ude00", "n": [-0.5e2, 0, 12.25], "b": [true, false, null]} "#)
        guard case .object(let m) = v.kind else { Issue.record("not an object"); return }
        #expect(m.map(\.key) == ["s", "n", "b"])
        #expect(m[0].value.kind == .string("a\"\\/\né😀"))
        #expect(m[1].value.kind == .array([JSONValue(kind: .number(-50), line: 1, column: 45),
                                           JSONValue(kind: .number(0), line: 1, column: 53),
                                           JSONValue(kind: .number(12.25), line: 1, column: 56)]))
        #expect(m[2].value.line == 1 && m[2].value.column == 69)
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(deep) }
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try JSONValue.parse(fine) }
    }
}
