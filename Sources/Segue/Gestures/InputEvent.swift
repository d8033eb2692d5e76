/// What the platform reports, in window pixels: the input of an app session (SDL events
/// translated at the edge, or a recording played back).
package enum InputEvent: Hashable, Sendable {
    case quit
    case resized(width: Int, height: Int)
    case focusLost
    case mouseDown(x: Double, y: Double)
    case mouseMoved(x: Double, y: Double)
    /// `inside` is false when the button was released outside the window.
    case mouseUp(x: Double, y: Double, inside: Bool)
    /// A key press; `shift` tells whether Shift was held.
    case key(Key, shift: Bool)

    package enum Key: Hashable, Sendable {
        case escape, quit, space, left, right, up, down, tab
        /// F11.
        case fullScreen
        /// F1, or ? (Shift and /).
        case help
        case digit(Int)
        case character(Character)
    }
}

