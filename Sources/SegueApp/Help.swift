import SegueDemos

/// The text of `segue --help`.
enum Help {
    static var text: String { """
    segue — interactive 3D view-controller transitions, live in a window or rendered headless.

    USAGE
      segue [--demo NAME] [--size WxH] [--scale S] [--window WxH] [--events] [--renderer NAME]
            [--record FILE.json] [TUNING…]
      segue replay FILE.json [--headless] [--events] [--out DIR] [--renderer NAME]
      segue render --transition NAME --operation OP --progress P --out FILE.png
                   [--curve CURVE] [--size WxH] [--scale S] [--from IMAGE] [--to IMAGE]
                   [--renderer NAME]
      segue curve spring --duration D --damping-ratio Z [--velocity V] [--samples N] [--out plot.png]
      segue curve linear|easeIn|easeOut|easeInEaseOut|default [--duration D] [--samples N] [--out plot.png]
      segue curve cubic-bezier --points x1,y1,x2,y2 [--duration D] [--samples N] [--out plot.png]
      segue help | --help

    THE APP (no subcommand)
      Opens a window titled "Segue" with a device screen and a HUD. Each demo's
      transition runs from a button on its screen, or interactively with a drag:
        flip       drag vertically anywhere (percent = |dy| / screen height)
        pageturn   drag from the right edge to present, the left edge to dismiss
                   (percent = |dx| / screen width)
        magicmove  tap a picture to push its detail screen; Back or a drag from the
                   left edge pops
      Release at or past half way to finish, short of it to cancel. Keys: Esc cancels a
      drag, Q quits, 1…3 (or the list in the HUD) switch demos when no transition runs.

      --demo NAME     the demo to start in: \(DemoCatalog.names.joined(separator: " | ")) (default: flip)
      --size WxH      the device screen in points (default: 375x667)
      --scale S       pixels per point (default: fit the display; 0.1…8)
      --window WxH    the window's initial size in pixels (default: fit the screen
                      and the HUD)
      --events        print JSON lines on stdout: ready (window, screen and tappable
                      targets in window pixels), screen (after every change, with
                      the targets), began, ended, and stats (frames per second while
                      dragging) when the app quits
      --renderer NAME what draws the frames: raster (Segue's own rasterizer, the
                      default, the fastest without a GPU), opengl (SDL's OpenGL
                      renderer) or software (SDL's software renderer); the HUD
                      shows which
      --record FILE   write every input with its time, and the options, to FILE
                      (JSON) when the app quits, for `segue replay`

    TUNING (also changeable live: the HUD's − + buttons, or the key shown; Shift steps back)
      --duration S            the transition's duration, seconds (d)
      --curve CURVE           its curve over the whole timeline (c)
      --threshold T           the release threshold, 0…1 (t)
      --completion-speed S    how much faster the rest plays after release (e)
      --completion-curve C    the curve of the rest after release (k)
      --perspective D         the eye's distance in points, m34 = −1/D (p)
      --release RULE          uikit (percent ≥ threshold), velocity (a flick of one
                              transition per second decides, as Flutter's back
                              gesture), projected (where the release velocity would
                              carry it, as libadwaita's swipe tracker) (r)
      --spring-completion     the rest plays on a spring started at the release
                              velocity (v)
      --slow-motion           start with animations ten times slower (s)
      Keys: Space pauses and resumes, ← → step one frame, 0 resets the tuning. Dragging
      the HUD's progress bar scrubs the transition (starting the next one at rest).

    REPLAY
      Plays a recording back deterministically: the inputs at their recorded times, frames
      at 60 per second between them. --events prints the same began/ended sequence the
      live run printed; --out DIR writes every frame of the screen as DIR/frame-NNNNN.png;
      --headless needs no display (without it the replay shows in a window, at its pace).
      A missing, truncated or corrupt recording exits 2. --renderer NAME as for the app.

    RENDER (headless: needs no display)
      Writes the frame a transition shows at fraction P of its animation time: exactly
      W·S × H·S pixels (at most 8192 a side), the screen only, no HUD.

      --transition NAME   \(DemoCatalog.names.joined(separator: " | "))
      --operation OP      present | dismiss (flip, pageturn); push | pop (magicmove)
      --progress P        0…1 of the animation's time
      --out FILE.png      where to write the PNG (written whole or not at all)
      --curve CURVE       linear | easeIn | easeOut | easeInEaseOut | default: the
                          curve over the whole timeline (default: the transition's own)
      --size WxH          the screen in points (default: 375x667)
      --scale S           pixels per point (default: 1)
      --from IMAGE        replace the from-screen's content with this image (PNG or
                          JPEG), scaled to cover the screen, keeping its aspect ratio
      --to IMAGE          the same for the to-screen
      --renderer NAME     raster (default) | opengl | software, as for the app

    CURVE
      Prints a first line "# …" with the resolved parameters (for a spring: mass,
      stiffness, damping, initial velocity, duration), then "time,value,velocity" rows
      from 0 to the duration: value is the fraction of the distance (0 → 1), velocity in
      distances per second. A spring's stiffness is the smallest that settles it within
      0.001 of the distance by the duration (mass 1), as UIKit's spring animation ends
      exactly at its duration.

      --duration D        seconds (> 0; for Bézier curves default 1)
      --damping-ratio Z   > 0; 1 is critical damping, below it the spring overshoots
      --velocity V        initial velocity in distances per second (default 0)
      --points x1,y1,x2,y2  the Bézier's control points (x1, x2 within 0…1)
      --samples N         rows, 2…100000 (default 61)
      --out plot.png      also draw the curve as a PNG

    EXIT STATUS
      0 success; 1 the platform failed (no display, SDL error); 2 bad input, with one
      line on stderr saying what was wrong.
    """
    }
}
