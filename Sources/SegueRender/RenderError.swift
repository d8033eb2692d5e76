/// What the render stages could not do, in one line: a texture or frame there was no
/// memory for, an image that could not be read or decoded, an engine's failure.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, in one line; also the error's `description`.
    public let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
