import Segue
import SegueCommandLine
import SegueDemos
import SegueSDL
import SegueStudio
import SegueCatalog
import SegueRender

/// The text of `segue --help`: the prose written here, the synopses and option tables
/// generated from the options each command declares (with their help beside them).
enum Help {
    /// The subcommands, each with help of its own.
    static let commands = ["replay", "render", "curve", "check", "import-css", "export-css", "catalog"]

    /// The help, listing `transitions` (a package's own) after the built-in demos: all of it,
    /// or where `command` names a subcommand (`segue render --help`, `segue help render`), its
    /// usage, its section and the exit status.
    static func text(for command: String? = nil, transitions: [CustomTransition] = []) -> String {
        let session = SessionOptions.self
        let curve = CurveCommand.self
        let width = transitions.map(\.name.count).max() ?? 0
        let usage: [(command: String?, line: String)] = [
            (nil, HelpText.synopsis("segue", optional: session.screenOptions + LiveApp.Options.appOptions, extra: ["[TUNING…]"])),
            ("replay", HelpText.synopsis("segue replay FILE.json", optional: ReplayCommand.options)),
            ("render", HelpText.synopsis("segue render", required: RenderCommand.required, optional: RenderCommand.optional)),
            ("curve", HelpText.synopsis("segue curve spring", required: [curve.duration.spec, curve.dampingRatio.spec],
                                        optional: [curve.velocity.spec, curve.samples.spec, curve.out.spec])),
            ("curve", HelpText.synopsis("segue curve \(TimingCurve.names.joined(separator: "|"))", optional: curve.namedOptions)),
            ("curve", HelpText.synopsis("segue curve cubic-bezier", required: [curve.points.spec],
                                        optional: [curve.duration.spec, curve.samples.spec, curve.out.spec])),
            ("check", "  segue check FILE.json…"),
            ("import-css", HelpText.synopsis("segue import-css FILE.css [NAME…]", optional: ImportCSSCommand.options)),
            ("export-css", HelpText.synopsis("segue export-css FILE.json", optional: ExportCSSCommand.options)),
            ("catalog", HelpText.synopsis("segue catalog", optional: CatalogCommand.options)),
            ("help", "  segue help [COMMAND] | COMMAND --help"),
        ]
        let sections: [(command: String?, text: String)] = [
            (nil, """
        THE APP (no subcommand)
          Opens a window titled "Segue" with a device screen and a HUD. Each demo's
          transition runs from a button on its screen, or interactively with a drag:
            flip       drag vertically anywhere (percent = |dy| / screen height)
            pageturn   drag from the right edge to present, the left edge to dismiss
                       (percent = |dx| / screen width)
            magicmove  tap a picture to push its detail screen; Back or a drag from the
                       left edge pops
        \(transitions.map { "    \($0.name.padding(toLength: max(10, width), withPad: " ", startingAt: 0)) \($0.description ?? "this program's own transition")\n" }.joined())\
          and every transition of the catalog (`segue catalog` lists them).
          Release at or past half way to finish, short of it to cancel. Keys: Esc cancels a
          drag, Q quits, 1…9, ↑ ↓ (or the list in the HUD, paged by ‹ ›) switch demos when no
          transition runs.
          While nothing moves the app draws nothing and sleeps until the next input.

          Presenting: F11 or F switches full screen, H hides and shows the HUD (the screen
          grows into its place). The window can be any size: the HUD scales with it and the
          display's density, and where its panel would not be readable or would leave the
          screen under 40 % of the window's height it becomes a strip under the screen. The
          window never opens larger than the display (a --scale or --window too large is
          lowered, saying so). While a drag is under way a dot with a short trail shows where
          the pointer is, also in replayed frames. --autoplay plays the catalog by itself.

          A/B: B splits the stage into two screens, A and B, showing the same transition with
          a tuning each (B starts as A's and is kept for the session); one drag on either
          drives both, the plots overlaid in their colours. The HUD shows and edits the
          selected one: Tab (or its A / B button) picks. With --events, screen events list
          the "screens" and began / ended carry the "variant".

          Your own screens: --from A.png --to B.png show two pictures as the base and modal
          screens of every transition (fitted, letterboxed on the stage's colour; a tap
          anywhere presents or dismisses), in the window, its replays and its exports.
          --screens DIR takes a folder of pictures: [ and ] step through them two at a time
          (1→2, 2→3, …), so a real app's screens can be walked with any transition.

        \(HelpText.table(session.screenOptions + LiveApp.Options.appOptions))

        TUNING (also changeable live: the HUD's − + buttons, or the key shown; Shift steps back)
        \(HelpText.table(session.tuningOptions))
          Keys: Space pauses and resumes, ← → step one frame, 0 resets the tuning, Y copies it
          as code (Swift for UIKit under the segue command line that reproduces it; with
          --events also a tuning event), E exports the last transition, from a moment before
          it began to its end pose, as a video into --export-dir (made in the background by
          segue replay; with --events an exported event with its file). Dragging the HUD's
          progress bar scrubs the transition (starting the next one at rest). A click on the
          curve's value opens its editor: drag a Bézier's handles, or step a spring's ratio
          and velocity with Z and W.
        """),
            ("replay", """
        REPLAY
          Plays a recording back deterministically: the inputs at their recorded times, frames
          at 60 per second between them. With --out it exports instead, headless: a video that
          ffmpeg encodes (.mp4 H.264, .webm VP9, .gif with one palette; Debian's package ffmpeg,
          exit 1 without it) or numbered PNG frames in a folder — frames evenly spaced at --fps,
          within --start…--end, and every stretch where nothing moves for over 0.5 s cut to
          0.5 s unless --no-trim-idle. Progress goes to stderr: a bar with the time left on a
          terminal, a plain line every 2 s otherwise. A missing, truncated or corrupt
          recording, bad options in it, a range outside the replay, or frames --out could not
          draw (over \(ImageFile.maxSide) pixels a side) exit 2 before anything is written.

        \(HelpText.table(ReplayCommand.options))
        """),
            ("render", """
        RENDER (headless: needs no display)
          Writes the frame a transition shows at fraction P of its animation time: exactly
          W·S × H·S pixels (at most \(ImageFile.maxSide) a side), the screen only, no HUD.

        \(HelpText.table(RenderCommand.required + RenderCommand.optional))
        """),
            ("curve", """
        CURVE
          Prints a first line "# …" with the resolved parameters (for a spring: mass,
          stiffness, damping, initial velocity, duration), then "time,value,velocity" rows
          from 0 to the duration: value is the fraction of the distance (0 → 1), velocity in
          distances per second. A spring's stiffness is the smallest that settles it within
          0.001 of the distance by the duration (mass 1), as UIKit's spring animation ends
          exactly at its duration. Parameters whose values would not be finite or would pass
          ±1e9 are refused.

        \(HelpText.table(curve.allOptions))
        """),
            ("check", """
        CHECK
          Reads each transition file (format 1 or 2, see docs/transition-format.md; the
          catalog's ship in Assets/Transitions) and prints "FILE: ok — NAME, format F, N
          layers, D s" on stdout, or every problem the file has, one line each on stderr as
          compilers write them: "FILE:LINE:COLUMN: PLACE: what was expected there" (PLACE as
          layers[2].keyframes[1].rotateY). What is legal but likely a mistake — a keyframe
          with only t, a curve on the last keyframe, a rect or an origin far outside, a
          presentation frame the modal layer does not come to rest at — is a line
          "FILE:LINE:COLUMN: warning: …" that leaves the exit 0. Exit 2 if any file is broken.
        """),
            ("import-css", """
        IMPORT-CSS
          Turns each @keyframes of a style sheet (or the NAMEs given) into a format-2
          transition file (docs/transition-format.md), NAME in kebab case (flipInX →
          flip-in-x.json): the keyframes play on one screen in front of the other, scrubbed
          linearly by a drag up (a drag down dismisses). It takes transform (every function
          of CSS Transforms 1 and 2; px, %, deg, rad, grad, turn), opacity,
          transform-origin and animation-timing-function in keyframes, and from a rule naming
          the animation its animation-duration, animation-timing-function, transform-origin and
          backface-visibility. Whatever else it meets is one warning line on stderr with its
          line and column, left out; CSS it cannot parse is one line with its line and column,
          exit 2. Each file is written whole; one line on stdout for each.

        \(HelpText.table(ImportCSSCommand.options))
        """),
            ("export-css", """
        EXPORT-CSS
          Writes a transition file as CSS: each animated layer an @keyframes and a rule that
          plays it (animation, transform-origin, backface-visibility), keyframe by keyframe
          with each segment's timing function. import-css reads it back to the same file.
          What CSS cannot say (a spring, a file's own curve over many keyframes, a corner
          radius, a dismiss of its own, a resting presentation, the screen's perspective) is
          one warning line on stderr.

        \(HelpText.table(ExportCSSCommand.options))
        """),
            ("catalog", """
        CATALOG
          Lists every transition offered: the built-in demos, the catalog's files
          (Assets/Transitions, see docs/transition-format.md) and a program's own, one line
          each (name and description); each runs with --demo NAME and render --transition NAME.

        \(HelpText.table(CatalogCommand.options))
        """),
        ]
        let exitStatus = """
        EXIT STATUS
          0 success; 1 the platform or the disk failed (no display, SDL error, a full disk),
          with one line on stderr; 2 bad input, with one line on stderr saying what was wrong;
          128 + the signal when one ends it from outside: 130 SIGINT, 143 SIGTERM, 129 SIGHUP,
          141 SIGPIPE… (within a second, leaving no partial output; the app still writes its
          --record). Output files are written whole or not at all,
          and only over regular files. Input echoed in messages has its control characters
          escaped (\\n, \\e, \\u{…}).
        """
        let intro = """
        segue — interactive 3D view-controller transitions, live in a window or rendered headless.
        """
        let shown = command.flatMap { c in sections.contains { $0.command == c } ? c : nil }
        let lines = usage.filter { shown == nil || $0.command == shown }.map(\.line)
        let parts = sections.filter { shown == nil || $0.command == shown }.map(\.text)
        return ([intro, "USAGE\n" + lines.joined(separator: "\n")] + parts + [exitStatus]).joined(separator: "\n\n")
    }
}
