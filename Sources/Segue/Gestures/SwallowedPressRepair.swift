/// Gives back a press the platform swallowed. When the window loses focus or is hidden
/// during a press (minimised mid-drag), the release goes to another window; SDL still
/// holds the button down, so it drops the next press and passes on only its release. That
/// release, with no press since the focus was lost, gets its press back at the same point,
/// so the first tap after the window returns still taps. A release with no press otherwise
/// (a press that began outside the window) is passed on as it is.
package struct SwallowedPressRepair {
    /// Whether a press has been passed on and not yet its release.
    private var pressed = false
    /// Whether the focus was lost during a press.
    private var releaseMissed = false

    package init() {}

    /// Appends `event` to `events`, preceded by the press it lost if it is such a release.
    package mutating func pass(_ event: InputEvent, into events: inout [InputEvent]) {
        switch event {
        case .mouseDown:
            pressed = true
            releaseMissed = false
        case .mouseUp(let x, let y, _):
            if !pressed && releaseMissed { events.append(.mouseDown(x: x, y: y)) }
            pressed = false
            releaseMissed = false
        case .focusLost:
            releaseMissed = releaseMissed || pressed
            pressed = false
        default:
            break
        }
        events.append(event)
    }
}
