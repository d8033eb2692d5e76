internal import CSDL2

/// A failed SDL, SDL_ttf or SDL_image call: what was attempted and `SDL_GetError()`.
package struct SDLError: Error, CustomStringConvertible {
    package let message: String

    package init(_ what: String) {
        message = "\(what): \(String(cString: SDL_GetError()))"
    }

    package init(message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// Throws an `SDLError` for `what` unless `status` is 0 (SDL's success code).
func check(_ status: Int32, _ what: @autoclosure () -> String) throws {
    if status != 0 { throw SDLError(what()) }
}
