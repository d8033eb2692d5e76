/// A straight (not premultiplied) RGBA colour, each component in 0…1 (not clamped).
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

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

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)

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
