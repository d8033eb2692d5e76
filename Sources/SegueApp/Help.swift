import SegueDemos

/// The text of `segue --help`.
enum Help {
    static var text: String { """
    segue — interactive 3D view-controller transitions, live in a window or rendered headless.

    USAGE
      segue [--demo NAME] [--size WxH] [--scale S] [--events] [--software]
      segue render --transition NAME --operation OP --progress P --out FILE.png
                   [--curve CURVE] [--size WxH] [--scale S] [--from IMAGE] [--to IMAGE]
      segue help | --help

    THE APP (no subcommand)
      Opens a window titled "Segue" with a device screen and a HUD. Drag vertically
      anywhere on the screen to flip between the two screens; release at or past half
      way to finish, short of it to cancel. The screen's button runs the same flip.
      Keys: Esc cancels a drag, Q quits, 1…9 switch demos when no transition runs.

      --demo NAME     the demo to start in: \(DemoCatalog.names.joined(separator: " | ")) (default: flip)
      --size WxH      the device screen in points (default: 375x667)
      --scale S       pixels per point (default: fit the display; 0.1…8)
      --window WxH    the window's initial size in pixels (default: fit the screen
                      and the HUD)
      --events        print JSON lines on stdout: ready, began, ended, and stats
                      (frames per second while dragging) when the app quits
      --software      use SDL's software renderer instead of OpenGL

    RENDER (headless: needs no display)
      Writes the frame a transition shows at fraction P of its animation time: exactly
      W·S × H·S pixels (at most 8192 a side), the screen only, no HUD.

      --transition NAME   \(DemoCatalog.names.joined(separator: " | "))
      --operation OP      present | dismiss
      --progress P        0…1 of the animation's time
      --out FILE.png      where to write the PNG (written whole or not at all)
      --curve CURVE       linear | easeIn | easeOut | easeInEaseOut | default: the
                          curve over the whole timeline (default: the transition's own)
      --size WxH          the screen in points (default: 375x667)
      --scale S           pixels per point (default: 1)
      --from IMAGE        replace the from-screen's content with this image (PNG or
                          JPEG), scaled to cover the screen, keeping its aspect ratio
      --to IMAGE          the same for the to-screen
      --software          use SDL's software renderer instead of OpenGL

    EXIT STATUS
      0 success; 1 the platform failed (no display, SDL error); 2 bad input, with one
      line on stderr saying what was wrong.
    """
    }
}
