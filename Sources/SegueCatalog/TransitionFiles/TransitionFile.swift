#if !SEGUE_FUZZING
import Segue
#endif

/// A transition described as data: format 1 or 2 of Segue's transition files
/// (`docs/transition-format.md`), read and checked by `TransitionFile.read(_:)`.
///
/// `t` runs from 0 to 1 over the present operation; every animated property of a layer is
/// its own track, made of the keyframes that name it.
public struct TransitionFile: Hashable, Sendable {
    /// 1, or 2 where the file uses what only format 2 can say.
    public var format: Int
    /// The `name` key: `[a-z0-9-]+`, at most 64 characters, the HUD's and command line's name.
    public var name: String
    /// The `description` key: one line for the HUD; nil when left out.
    public var description: String?
    /// Seconds, 0 < d ≤ 60.
    public var duration: Double
    /// Over the whole timeline.
    public var curve: Curve
    /// The `perspective` key: how far the eye is from the screen; nil for flat.
    public var perspective: Perspective?
    /// The `interaction` key: the drags that run it; nil for buttons only.
    public var interaction: Interaction?
    /// First at the back.
    public var layers: [LayerSpec]
    /// A dismiss's own timeline (format 2); nil: a dismiss is the present run backwards.
    public var dismiss: Dismiss?
    /// Where the presented screen rests (format 2); nil: at rest the real screen shows,
    /// untransformed.
    public var presentation: Presentation?

    /// A dismiss's own timeline: `t` runs 0 → 1 over the dismiss, the modal showing at 0 and
    /// the base at 1.
    public struct Dismiss: Hashable, Sendable {
        /// Seconds; nil: the file's.
        public var duration: Double?
        /// nil: the file's.
        public var curve: Curve?
        /// First at the back.
        public var layers: [LayerSpec]
    }

    /// The presented screen's place at rest (UIKit's `frameOfPresentedViewInContainerView`).
    public struct Presentation: Hashable, Sendable {
        /// In unit coordinates of the screen.
        public var frame: Rect
        /// Points.
        public var cornerRadius: Double
    }

    /// Limits no transition a person writes meets, which keep a frame's cost bounded (a
    /// file of 15,000 small rounded layers once took 49 s to draw one frame): layers in a
    /// file, keyframes in a layer, layers that round their corners (each a clip region of its
    /// own), characters in a name or an id.
    public static let maxLayers = 512, maxKeyframes = 256, maxRoundedLayers = 64, maxNameLength = 64

    /// Whether `s` can name a transition or a layer: `[a-z0-9-]+`, at most `maxNameLength`.
    public static func isName(_ s: String) -> Bool {
        !s.isEmpty && s.count <= maxNameLength
            && s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The eye's distance: the container's `m34 = −1/distance`, about the screen's centre.
    public enum Perspective: Hashable, Sendable {
        /// The eye this many points away (above 0, at most 100000).
        case points(Double)
        /// The screen's height or width.
        case height, width
        /// A percentage of the screen's width (an extension of format 1: `"160%"`).
        case widthPercent(Double)

        /// The distance in points for a screen of `size`.
        public func distance(for size: Size) -> Double {
            switch self {
            case .points(let d): return d
            case .height: return size.height
            case .width: return size.width
            case .widthPercent(let p): return p / 100 * size.width
            }
        }
    }

    /// How drags drive the transition.
    public struct Interaction: Hashable, Sendable {
        /// The `present` drag; nil when only the button presents.
        public var present: Pan?
        /// The `dismiss` drag; nil when only the button dismisses.
        public var dismiss: Pan?
        /// Release at or past it finishes, short of it cancels; 0…1.
        public var threshold: Double
        /// How a drag maps to the timeline by default: `.linear` keeps what moves under the
        /// finger; `.curve` (UIKit's percent-driven interactor) is the format's default.
        public var scrub: ScrubMode

        /// Drags each way (nil: button only); by default threshold 0.5 and scrub `.curve`.
        public init(present: Pan?, dismiss: Pan?, threshold: Double = 0.5, scrub: ScrubMode = .curve) {
            self.present = present
            self.dismiss = dismiss
            self.threshold = threshold
            self.scrub = scrub
        }
    }

    /// One drag: its direction, where it must start, and what a full drag is.
    public struct Pan: Hashable, Sendable {
        /// The `pan` key: which way the drag must go.
        public enum Direction: String, Hashable, Sendable, CaseIterable {
            /// A way on screen (y down), or `vertical`/`horizontal`: either way along that axis.
            case up, down, left, right, vertical, horizontal

            /// Whether the drag runs along y (`up`, `down`, `vertical`) rather than x.
            public var isVertical: Bool { self == .up || self == .down || self == .vertical }
        }

        /// The `edge` key: the screen edge the drag must start within 20 points of.
        public enum Edge: String, Hashable, Sendable, CaseIterable {
            /// The screen's left edge.
            case left
            /// The screen's right edge.
            case right
            /// The screen's top edge.
            case top
            /// The screen's bottom edge.
            case bottom
        }

        /// The `distance` key: how far a whole (100 %) drag goes.
        public enum Distance: Hashable, Sendable {
            /// The screen's height or width.
            case height, width
            /// A fixed length in points (above 0, at most 100000).
            case points(Double)
            /// A percentage of the screen's extent along the pan (an extension: a sheet's
            /// travel, `"93.4%"`).
            case percent(Double)
        }

        /// The `pan` key: the way the drag must go.
        public var direction: Direction
        /// The drag must start within 20 points of this screen edge; nil: anywhere.
        public var edge: Edge?
        /// The `distance` key; by default the screen's height for vertical pans, else its width.
        public var distance: Distance

        /// A drag `direction`, from `edge` (nil: anywhere), `distance` for 100 % (nil: the
        /// screen's height for vertical pans, its width for horizontal ones).
        public init(_ direction: Direction, edge: Edge? = nil, distance: Distance? = nil) {
            self.direction = direction
            self.edge = edge
            self.distance = distance ?? (direction.isVertical ? .height : .width)
        }

        /// The fraction of the transition that a drag of `translation` stands for, for a
        /// screen of `size`: the displacement along the pan over the distance, clamped to 0…1.
        public func percent(_ translation: Point, screen size: Size) -> Double {
            let along: Double
            switch direction {
            case .up: along = -translation.y
            case .down: along = translation.y
            case .left: along = -translation.x
            case .right: along = translation.x
            case .vertical: along = abs(translation.y)
            case .horizontal: along = abs(translation.x)
            }
            let full: Double
            switch distance {
            case .height: full = size.height
            case .width: full = size.width
            case .points(let p): full = p
            case .percent(let p): full = p / 100 * (direction.isVertical ? size.height : size.width)
            }
            return min(max(along / max(full, 1e-9), 0), 1)
        }
    }

    /// One layer drawn during the transition.
    public struct LayerSpec: Hashable, Sendable {
        /// The `source` key: what the layer shows.
        public enum Source: Hashable, Sendable {
            /// The presenting screen, or the presented one, as it is when the transition starts.
            case base, modal
            /// A solid fill: `"source": "color"` with its `color` key.
            case color(Color)
            /// A gradient fill: `"source": "gradient"` with its `gradient` key.
            case gradient(Gradient)
            /// A picture (format 2): its path as the file gives it (relative to the file's
            /// folder), or absolute once resolved (`resolvingImages`).
            case image(String)
        }

        /// The `id` key that a later layer's `parent` names, unique in its list; nil when left out.
        public var id: String?
        /// The `source` key: a screen, a colour, a gradient or a picture.
        public var source: Source
        /// `[x, y, w, h]` in unit coordinates of the parent: the part of the source shown, and
        /// where it sits before any transform.
        public var rect: Rect
        /// The index of the earlier layer this one rides on; nil: the screen.
        public var parent: Int?
        /// The point transforms turn about, in unit coordinates of the layer's own rect (the
        /// x and y of format 2's `origin`).
        public var anchor: Point
        /// Format 2's `origin` z, in points (toward the viewer).
        public var originZ: Double = 0
        /// Not drawn while it faces away from the viewer (format 2's `backface: "hidden"`).
        public var backfaceHidden = false
        /// Ascending `t`.
        public var keyframes: [Keyframe]
    }

    /// The values a keyframe sets, each nil where it names no value.
    public struct Keyframe: Hashable, Sendable {
        /// The `t` key: the key's place on the timeline, 0…1, rising strictly from key to key.
        public var t: Double
        /// y down, +z toward the viewer; in points, or (an extension of format 1) in percent
        /// of the layer's own width (x, z) and height (y).
        public var translate: [Length]?
        /// Degrees.
        public var rotateX: Double?
        /// Degrees about Y (`rotateY`); a positive turn brings the left edge toward the eye.
        public var rotateY: Double?
        /// Degrees about Z (`rotateZ`): a turn in the screen's plane, clockwise when positive.
        public var rotateZ: Double?
        /// `[sx, sy]`.
        public var scale: [Double]?
        /// Format 2: the whole transform as CSS writes it (never with the keys above).
        public var transform: [TransformFunction]?
        /// Format 2: the transform origin `[x, y, z]` as a track (x, y in unit coordinates of
        /// the layer's rect, z in points).
        public var origin: [Double]?
        /// The `opacity` key, 0…1, multiplied into the layers riding on this one.
        public var opacity: Double?
        /// The `cornerRadius` key in points, 0…100000: the layer and its riders clipped to round.
        public var cornerRadius: Double?
        /// For the segment from this key to the next; nil: linear.
        public var curve: Curve?
    }
}

/// A distance in a transition file: points, or (an extension of format 1, as CSS's
/// `translate` percentages) a percentage of a length the key names. A plain number is points.
public enum Length: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// A distance in points; a plain JSON number.
    case points(Double)
    /// A percentage, as 12.5 for `"12.5%"`, of the extent the key names.
    case percent(Double)

    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    /// Points, a percentage taken of `extent` points.
    public func points(of extent: Double) -> Double {
        switch self {
        case .points(let p): return p
        case .percent(let p): return p / 100 * extent
        }
    }
}
