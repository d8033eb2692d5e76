/// A straight (not premultiplied) RGBA colour, each component in 0…1 (not clamped).
public struct Color: Hashable, Sendable {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// The opacity, 0…1: 0 is fully transparent, 1 opaque.
    public var alpha: Double

    /// A colour from its components, each 0…1; opaque unless `alpha` is given.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from a 0xRRGGBB literal.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// A grey whose red, green and blue are all `white` (0…1); opaque unless `alpha` is given.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Fully transparent black: draws nothing.
    public static let clear = Color(white: 0, alpha: 0)

    /// This colour with its alpha replaced by `a`, the other components kept.
    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    /// This colour drawn over an opaque `backdrop` (source over, straight alpha): opaque.
    package func over(_ backdrop: Color) -> Color {
        let k = 1 - alpha
        return Color(red: red * alpha + backdrop.red * k, green: green * alpha + backdrop.green * k,
                     blue: blue * alpha + backdrop.blue * k)
    }

    /// This colour with `tint` drawn over it, its alpha kept: what a tint of alpha τ laid
    /// over whatever this colour covers turns it into (τ·T + (1 − τ)·C), so that drawing the
    /// tinted colour alone shows what drawing both would.
    package func tinted(by tint: Color) -> Color {
        let k = 1 - tint.alpha
        return Color(red: red * k + tint.red * tint.alpha, green: green * k + tint.green * tint.alpha,
                     blue: blue * k + tint.blue * tint.alpha, alpha: alpha)
    }

    /// Componentwise linear interpolation; `t` is not clamped.
    package func interpolated(to o: Color, at t: Double) -> Color {
        Color(red: red + (o.red - red) * t, green: green + (o.green - green) * t,
              blue: blue + (o.blue - blue) * t, alpha: alpha + (o.alpha - alpha) * t)
    }
}
