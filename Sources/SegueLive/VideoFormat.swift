import Segue
import SegueCommandLine
import SegueProcess

/// A video file `replay --out` writes through ffmpeg, told by the file's extension
/// (any case): H.264 in MP4, VP9 in WebM, or a GIF with one palette made for the whole
/// animation. Frames go to ffmpeg as raw RGBA on its standard input.
enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm, gif

    /// The Debian package that has ffmpeg (with libx264 and libvpx-vp9).
    static let package = "ffmpeg"

    /// The format `path`'s extension names, or nil (a folder of PNG frames).
    init?(path: String) {
        let name = Path.split(path).name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// Frames per second it takes. A GIF stores delays in hundredths of a second and
    /// browsers slow down any under 2/100 s, so it plays at most 50.
    var frameRates: ClosedRange<Double> { self == .gif ? 1...50 : 1...240 }
    /// 60, or 30 for a GIF (3/100 s, as smooth as a GIF plays everywhere, at half the size).
    var defaultFrameRate: Double { self == .gif ? 30 : 60 }

    /// The most bytes of frames a GIF's palette pass holds (ffmpeg keeps every frame until
    /// the palette is made): 1 GiB.
    static let gifFrameBytes = 1 << 30

    /// ffmpeg's arguments to encode `width` × `height` RGBA frames at `frameRate` into
    /// `path`; odd sides are padded to even ones (H.264 and VP9 in 4:2:0 need them) with
    /// `background`.
    func ffmpegArguments(width: Int, height: Int, frameRate: Double, background: Color, path: String) -> [String] {
        let input = ["-hide_banner", "-loglevel", "error", "-nostats", "-y",
                     "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", Self.number(frameRate), "-i", "pipe:0", "-an"]
        let (r, g, b) = (Self.byte(background.red), Self.byte(background.green), Self.byte(background.blue))
        let pad = "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=0x" + [r, g, b].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        switch self {
        case .mp4:
            // veryfast at CRF 18 against medium at 20, 10 s of a flip at 448 × 797 on 2 cores:
            // 7 ms a frame against 17, 46.2 dB PSNR against 46.9, 1.16 MB against 1.0.
            return input + ["-vf", pad, "-c:v", "libx264", "-preset", "veryfast", "-tune", "animation", "-crf", "18",
                            "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", path]
        case .webm:
            return input + ["-vf", pad, "-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4",
                            "-row-mt", "1", "-pix_fmt", "yuv420p", "-f", "webm", path]
        case .gif:
            // One palette from all the frames, a light ordered dither (gradients and shadows
            // without bands, flat colours stay flat: 1.35 MB for the page turn's 5 s, against
            // 1.08 undithered and banded, 1.97 with error diffusion), each frame storing only
            // the rectangle that changed.
            return input + ["-vf", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle",
                            "-loop", "0", "-f", "gif", path]
        }
    }

    private static func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }

    /// A frame rate as ffmpeg reads it: 60, 29.97.
    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
