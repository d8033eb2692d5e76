/// A group of animations started together (one `animate` call) with one completion handler,
/// which runs exactly once: when the last of them ends, with `true` only if every one of them
/// played to its end.
@MainActor
public final class AnimationTransaction {
    private var completion: ((Bool) -> Void)?
    /// Animations of the group still running.
    public private(set) var pendingCount = 0
    private var allFinished = true
    /// Whether the completion (if any) has run; once true, it stays true.
    public private(set) var isComplete = false

    /// An empty group; `completion` gets `true` only if every animation added played to its end.
    public init(completion: ((Bool) -> Void)? = nil) {
        self.completion = completion
    }

    func animationAdded() {
        pendingCount += 1
    }

    func animationEnded(finished: Bool) {
        pendingCount -= 1
        allFinished = allFinished && finished
        if pendingCount == 0 { complete() }
    }

    /// Runs the completion if it has not run yet (also for a transaction with no animations).
    func complete() {
        guard !isComplete else { return }
        isComplete = true
        let handler = completion
        completion = nil
        handler?(allFinished)
    }
}
