import Foundation
import Testing
@testable import Segue
@testable import SegueStudio

/// The layout for windows of any size, against hand-worked figures.
@Suite struct LayoutTests {
    let phone = Size(width: 375, height: 667)

    /// 1280 × 800: margin 24, the HUD a panel at scale 1 (380 wide); the screen fits the
    /// height, (800 − 48) / 667, and the pair is centred.
    @Test func anOrdinaryWindowHasThePanelBesideTheScreen() {
        let l = Layout(window: (1280, 800), screen: phone)
        let s = 752.0 / 667
        #expect(l.hudStyle == .panel && l.hudScale == 1 && l.margin == 24)
        #expect(abs(l.scale - s) < 1e-12)
        let group = 375 * s + 24 + 380
        #expect(abs(l.screen.minX - (1280 - group) / 2) < 1e-9 && l.screen.minY == 24)
        #expect(abs(l.hud.minX - (l.screen.maxX + 24)) < 1e-9 && l.hud.width == 380 && l.hud.height == 752)
    }

    /// 3840 × 2160 full screen: the HUD at 2160 / 1000 = 2.16, so its 380 units are 820.8
    /// pixels; the screen fits the height.
    @Test func aLargeWindowScalesTheHUD() {
        let l = Layout(window: (3840, 2160), screen: phone)
        #expect(l.hudStyle == .panel && abs(l.hudScale - 2.16) < 1e-12)
        #expect(abs(l.scale - 2112.0 / 667) < 1e-12)
        #expect(abs(l.hud.minX * l.hudScale - (l.screen.maxX + 24)) < 1e-9)
        // The display's density multiplies it, and --hud-scale forces it.
        #expect(Layout(window: (1280, 1000), screen: phone, .init(density: 1.5)).hudScale == 1.5)
        // But no larger than the window's height holds: (800 − 48) / panelHeight.
        #expect(Layout(window: (1280, 800), screen: phone, .init(density: 2)).hudScale == 752 / HUD.panelHeight)
        #expect(Layout(window: (3840, 2160), screen: phone, .init(hudScale: 1.5)).hudScale == 1.5)
    }

    /// 400 × 300: beside the panel the screen would be (400 − 380·s − 3·9) / 375 wide
    /// (s = (300 − 18) / panelHeight < 0.75): not readable, so a strip of 30 · 0.75 = 22.5
    /// pixels under the screen, which fits the 277.5 pixels above it.
    @Test func aSmallWindowTurnsTheHUDIntoAStrip() {
        let l = Layout(window: (400, 300), screen: phone)
        #expect(l.margin == 9)
        #expect(l.hudStyle == .strip && l.hudScale == 0.75)
        #expect(abs(l.scale - (277.5 - 18) / 667) < 1e-12)
        #expect(l.screen.height >= Layout.minimumScreenShare * 300)
        #expect(l.hud == Rect(x: 0, y: 277.5 / 0.75, width: 400 / 0.75, height: 30))
    }

    /// A window narrow but tall (margin 17): the panel fits readably, yet the screen beside
    /// it would be under 40 % of the height — so the strip, and the screen grows.
    @Test func thePanelGivesWayBeforeTheScreenGetsSmall() {
        let l = Layout(window: (560, 900), screen: phone)
        #expect(l.margin == 17)
        let besidePanel = (560 - 380 - 3 * 17) / 375.0 * 667
        #expect(besidePanel < 0.4 * 900)
        #expect(l.hudStyle == .strip && l.screen.height > besidePanel)
    }

    /// At a fixed scale too wide for the panel beside it, the HUD is the strip (never a
    /// panel hanging off the window); the window made for a scale holds the panel at the
    /// scale it gets there.
    @Test func aFixedScaleLeavingNoRoomAcrossGivesTheStrip() {
        let l = Layout(window: (1202, 1382), screen: phone, .init(fixedScale: 2))
        #expect(l.hudStyle == .strip)
        let (w, h) = Layout.windowSize(screen: phone, scale: 2)
        #expect(h == 1382 && w == Int((750 + 380 * 1.382 + 72).rounded()))
        let fitted = Layout(window: (w, h), screen: phone, .init(fixedScale: 2))
        #expect(fitted.hudStyle == .panel && fitted.hud.maxX * fitted.hudScale <= Double(w) + 1e-9)
        // A forced HUD scale sizes the window for it: 375 + 380 · 2 + 72 across, 667 + 48 high.
        let (fw, fh) = Layout.windowSize(screen: phone, scale: 1, hudScale: 2)
        #expect(fw == 1207 && fh == 715)
        let forced = Layout(window: (fw, fh), screen: phone, .init(fixedScale: 1, hudScale: 2))
        #expect(forced.hudStyle == .panel && forced.hudScale == 2 && forced.hud.maxX * 2 <= Double(fw) + 1e-9)
    }

    /// Hidden, the screen takes the whole window; split, two screens side by side, a margin
    /// apart, both the same size.
    @Test func hiddenAndSplitLayouts() {
        let hidden = Layout(window: (1280, 800), screen: phone, .init(showsHUD: false))
        #expect(hidden.hudStyle == .hidden && hidden.hud == .zero)
        #expect(abs(hidden.screen.midX - 640) < 1e-9 && abs(hidden.scale - 752.0 / 667) < 1e-12)
        let split = Layout(window: (1280, 800), screen: phone, .init(screenCount: 2))
        #expect(split.screens.count == 2 && split.screens[0].size == split.screens[1].size)
        #expect(abs(split.screens[1].minX - split.screens[0].maxX - 24) < 1e-9)
        // Two screens and the panel share 1280 − 380 − 4·24 = 804 pixels across.
        #expect(abs(split.scale - min(804.0 / 750, 752.0 / 667)) < 1e-12)
        #expect(split.screenIndex(at: Point(x: split.screens[1].midX, y: split.screens[1].midY)) == 1)
        let p = split.toScreen(x: split.screens[1].minX + 10 * split.scale, y: split.screens[1].minY, of: 1)
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y) < 1e-9)
    }

    /// In the app's first window (940 × 915) two screens beside the panel would fill half the
    /// stage (0.49 of it): over the strip they take the width, at (940 − 3·24) / 750, 0.8 of it.
    @Test func aSplitInANarrowWindowTakesTheStripAndFillsTheStage() {
        let beside = Layout(window: (940, 915), screen: phone, .init(screenCount: 1))
        #expect(beside.hudStyle == .panel)
        let split = Layout(window: (940, 915), screen: phone, .init(screenCount: 2))
        #expect(split.hudStyle == .strip && abs(split.scale - 868.0 / 750) < 1e-12)
        let stage = Double(split.window.width) * (Double(split.window.height) - HUD.stripHeight * split.hudScale)
        let covered = split.screens.reduce(0) { $0 + $1.width * $1.height } / stage
        #expect(covered > 0.8, "\(covered)")
        // At a scale given, or where the strip gains little (1280 × 800), the panel stays.
        #expect(Layout(window: (940, 915), screen: phone, .init(fixedScale: 0.6, screenCount: 2)).hudStyle == .panel)
        #expect(Layout(window: (1280, 800), screen: phone, .init(screenCount: 2)).hudStyle == .panel)
    }
}

/// A recording made before the layout fitted any window replays in the layout it ran in.
@MainActor @Suite struct ClassicLayoutTests {
    @Test func aRecordingWithoutALayoutReplaysInTheClassicOne() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var old = Recording(arguments: ["--size", "375x667", "--scale", "0.6"], window: (640, 460))
        try old.write(to: path)
        var (_, options) = try Recording.read(path)
        #expect(options.classicLayout)
        // 640 × 460 with the screen at 0.6: margins of 24, the panel at scale 1 beside it.
        let classic = Layout(window: (640, 460), screen: Size(width: 375, height: 667), options.layoutRequest)
        #expect(classic.margin == 24 && classic.hudScale == 1 && classic.hudStyle == .panel)
        #expect(classic.screen.roundedForTest() == Rect(x: 24, y: 29.9, width: 225, height: 400.2).roundedForTest())
        #expect(classic.hud == Rect(x: 225 + 48, y: 24, width: 380, height: 412))
        // Made now, the same recording says its layout, and replays in it.
        old = Recording(options: options, window: (640, 460))
        try old.write(to: path)
        (_, options) = try Recording.read(path)
        #expect(!options.classicLayout && old.layout == Recording.layoutVersion)
    }

    /// Its keys mean what they did: e stepped the completion speed (now o), b, f and h did
    /// nothing; in a recording of today they split, go full screen, hide the HUD.
    @Test func anOlderRecordingsKeysMeanWhatTheyDid() {
        var old = Recording(arguments: [], window: (900, 915))
        for k in ["e", "b", "f", "h", "d"] { old.append(.key(.character(Character(k)), shift: false), at: 1) }
        #expect(old.events.map { old.input($0) } == [.key(.character("o"), shift: false), nil, nil, nil, .key(.character("d"), shift: false)])
        old.layout = Recording.layoutVersion
        #expect(old.events.map { old.input($0) } == ["e", "b", "f", "h", "d"].map { .key(.character(Character($0)), shift: false) })
    }
}

extension Rect {
    /// Rounded to 1e-9, so figures worked by hand compare.
    func roundedForTest() -> Rect {
        func r(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }
        return Rect(x: r(minX), y: r(minY), width: r(width), height: r(height))
    }
}
