/// A node of the layer tree (`CALayer`): geometry, appearance, timing, animations.
///
/// The model values are what was last set; `presentation(atLocalTime:)` applies the running
/// animations to them. Setting an animatable property inside an `animate` block records the
/// change, which the block turns into an animation. Time comes from the root layer's
/// `clockTime`, which the owner of the tree advances; nothing here reads a clock.
///
/// The stored properties the compositor reads for every layer of every frame opt out of
/// dynamic exclusivity checks (which cost a third of a frame's instructions), and the
/// per-frame walks (compose, presentation, finding ended animations) borrow the sublayer
/// and animation arrays and their objects without retaining them (`forEach(in:)`): each
/// property is read or written whole, never while another access to it is under way, and
/// nothing changes the tree during a walk (completions run after it).
@MainActor
public final class Layer {
    // The stored state, unchecked (see the type's note); the public face is the computed
    // properties below it, so no attribute of the storage is part of the module's interface.
    @exclusivity(unchecked) private var storedName: String
    @exclusivity(unchecked) var storedModel = LayerState()
    @exclusivity(unchecked) private var storedContents: LayerContents?
    @exclusivity(unchecked) private var storedContentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    @exclusivity(unchecked) private var storedGradient: Gradient?
    @exclusivity(unchecked) private var storedTiming = MediaTiming.normal
    @exclusivity(unchecked) var storedSublayers: [Layer] = []

    /// A label for debugging, tests and the display list's items (`CALayer.name`).
    public var name: String {
        get { storedName }
        set { storedName = newValue }
    }
    /// The values last set (what shows where no animation runs).
    public var model: LayerState { storedModel }
    /// What the layer draws over its background and gradient (`CALayer.contents`); nil: nothing.
    public var contents: LayerContents? {
        get { storedContents }
        set { storedContents = newValue }
    }
    /// The part of the contents shown, stretched over the bounds, in unit coordinates of
    /// the contents (`CALayer.contentsRect`): `(0, 0, 1, 1)`, all of it, by default.
    public var contentsRect: Rect {
        get { storedContentsRect }
        set { storedContentsRect = newValue }
    }
    /// An axial gradient drawn over the background colour and under the contents, in the rounded
    /// bounds (`CAGradientLayer`); nil: none.
    public var gradient: Gradient? {
        get { storedGradient }
        set { storedGradient = newValue }
    }
    /// How this layer's local time follows its superlayer's (`CAMediaTiming`).
    public var timing: MediaTiming {
        get { storedTiming }
        set { storedTiming = newValue }
    }
    /// The sublayers, back to front (`CALayer.sublayers`).
    public var sublayers: [Layer] { storedSublayers }
    /// The layer this one is a sublayer of, held weakly; nil for a root.
    public private(set) weak var superlayer: Layer?
    /// An animation running on a layer, under its key; fixed once added (replace it to change
    /// it). Held by reference, so evaluating it every frame copies nothing.
    package final class RunningAnimation {
        package let key: String
        package let animation: Animation
        /// The layer time from which `hasEnded` holds (its elapsed time, linear in the layer
        /// time, reaches the end it runs towards): ±infinity when it never changes, −infinity
        /// when a NaN timing makes it unknowable.
        let endTime: Double
        /// The animation's change worked out once, where it is a tween of a plain value.
        private let tween: Tween?
        /// The layer's local time when it was added, where the layer was then outside a
        /// clocked tree (see `Layer.add(_:forKey:)`); nil once its times count on a clock.
        let addedOffClock: Double?

        init(key: String, animation a: Animation, addedOffClock: Double? = nil) {
            self.key = key
            animation = a
            self.addedOffClock = addedOffClock
            tween = Tween(property: a.property, track: a.track)
            let begin = a.beginTime ?? 0, target = a.speed >= 0 ? a.duration : 0
            let end = a.speed == 0 ? (a.timeOffset >= target ? -.infinity : .infinity) : begin + (target - a.timeOffset) / a.speed
            // Unknowable (a NaN timing): always ask `hasEnded`.
            endTime = end.isNaN ? -.infinity : end
        }

        /// Sets the animation's property in `state` to its value at the layer's local time
        /// `t`, or leaves it where the model value shows (`Animation.value(atLayerTime:)`).
        func apply(atLayerTime t: Double, to state: inout LayerState) {
            guard let p = animation.progress(atLayerTime: t) else { return }
            if let tween {
                tween.apply(at: p, to: &state)
            } else if animation.property == .transform, let t = animation.track.transform(at: p) {
                state.transform = t
            } else if animation.property == .sublayerTransform, let t = animation.track.transform(at: p) {
                state.sublayerTransform = t
            } else {
                state[animation.property] = animation.track.value(at: p)
            }
        }
    }

    /// Running animations in the order added, each under a key (a new one replaces the old).
    /// Held by reference, so walking them every frame copies nothing. Only `add` and
    /// `endAnimation` change them, each through `animationsChanged()` (no observer, so that
    /// the walks can borrow the array in place: see `forEach(in:)`).
    package var animations: [RunningAnimation] { storedAnimations }
    @exclusivity(unchecked) private var storedAnimations: [RunningAnimation] = []
    /// The earliest `endTime` of the animations: until then none can have ended, and the
    /// per-frame walk for ended animations need not look at them.
    @exclusivity(unchecked) private var earliestAnimationEnd = Double.infinity
    /// Seconds; read only on the root layer, where its window sets it each frame
    /// (`Window.advance(to:)`, the one way to move the clock, which also runs the display
    /// links and completions). Setting it makes this layer the root of a clocked tree (see
    /// `add(_:forKey:)`).
    package var clockTime: Double {
        get { storedClockTime }
        set { storedClockTime = newValue }
    }
    @exclusivity(unchecked) private var storedClockTime = 0.0 {
        didSet {
            guard !isClockRoot else { return }
            isClockRoot = true
            startAnimationsAddedOffClock()
        }
    }
    /// Whether `clockTime` has ever been set on this layer.
    private var isClockRoot = false

    /// A layer named `name` in the default state (`LayerState()`), with no contents or sublayers.
    public init(name: String = "") {
        storedName = name
    }

    // MARK: Animatable properties

    /// The layer's own coordinate space, origin and size in points; animatable (`CALayer.bounds`).
    public var bounds: Rect {
        get { storedModel.bounds }
        set { set(.bounds, .rect(newValue)) }
    }
    /// Where the anchor point sits in the superlayer's coordinates, points; animatable.
    public var position: Point {
        get { storedModel.position }
        set { set(.position, .point(newValue)) }
    }
    /// Where `position` and `transform` apply, in unit coordinates of the bounds; animatable.
    public var anchorPoint: Point {
        get { storedModel.anchorPoint }
        set { set(.anchorPoint, .point(newValue)) }
    }
    /// The 3D transform applied about the anchor point (`CALayer.transform`); animatable.
    public var transform: Transform3D {
        get { storedModel.transform }
        set { set(.transform, .transform(newValue)) }
    }
    /// The transform applied to the sublayers, about this layer's anchor point; animatable.
    public var sublayerTransform: Transform3D {
        get { storedModel.sublayerTransform }
        set { set(.sublayerTransform, .transform(newValue)) }
    }
    /// 0…1, multiplied down the tree (clamped when drawn); animatable.
    public var opacity: Double {
        get { storedModel.opacity }
        set { set(.opacity, .number(newValue)) }
    }
    /// The colour filling the bounds, rounded by `cornerRadius`; nil: none; animatable.
    public var backgroundColor: Color? {
        get { storedModel.backgroundColor }
        set { set(.backgroundColor, .color(newValue)) }
    }
    /// Points the corners are rounded by (0…half the shorter side when drawn); animatable.
    public var cornerRadius: Double {
        get { storedModel.cornerRadius }
        set { set(.cornerRadius, .number(newValue)) }
    }
    /// Leaves this layer and its sublayers out of drawing; not animated (changes at once).
    public var isHidden: Bool {
        get { storedModel.isHidden }
        set { storedModel.isHidden = newValue }
    }
    /// Clips the contents and the sublayers to the bounds, rounded by `cornerRadius`; not animated.
    public var masksToBounds: Bool {
        get { storedModel.masksToBounds }
        set { storedModel.masksToBounds = newValue }
    }
    /// Whether the layer is drawn while it faces away from the viewer (Core Animation's
    /// `isDoubleSided`, CSS's `backface-visibility`); false hides it, and what rides on it,
    /// whenever its image on screen is turned over.
    public var isDoubleSided: Bool {
        get { storedModel.isDoubleSided }
        set { storedModel.isDoubleSided = newValue }
    }

    private func set(_ property: AnimatableProperty, _ value: AnimatableValue) {
        let old = storedModel[property]
        guard old != value else { return }
        storedModel[property] = value
        AnimationRecorder.current?.record(self, property, from: old, to: value)
    }

    /// The frame in the superlayer's coordinates: the bounding box of the bounds mapped by
    /// `toSuperlayer` (ignoring the superlayer's sublayerTransform). Setting it sets the
    /// bounds' size and the position, keeping the bounds' origin.
    public var frame: Rect {
        get { storedModel.toSuperlayer.projectedBounds(of: storedModel.bounds) }
        set {
            bounds = Rect(origin: bounds.origin, size: newValue.size)
            position = Point(x: newValue.minX + anchorPoint.x * newValue.width,
                             y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    // MARK: Tree

    /// Adds `layer` in front of the other sublayers, removing it from any previous parent.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: storedSublayers.count)
    }

    /// Inserts `layer` at `index` (clamped to the valid range), removing it from any previous parent.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        layer.removeFromSuperlayer()
        storedSublayers.insert(layer, at: min(max(index, 0), storedSublayers.count))
        layer.superlayer = self
        if isInClockedTree { layer.startAnimationsAddedOffClock() }
    }

    /// Detaches this layer from its superlayer; nothing when it has none.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.storedSublayers.removeAll { $0 === self }
        superlayer = nil
    }

    // MARK: Time

    /// This layer's local time now: the root's `clockTime` passed down through every
    /// ancestor's timing and this layer's own.
    package var localTime: Double {
        let parentTime = superlayer?.localTime ?? clockTime
        return timing.localTime(fromParent: parentTime)
    }

    /// The product of the speeds of this layer and its ancestors: 0 where any is paused.
    package var effectiveSpeed: Double {
        var s = timing.speed
        var l = superlayer
        while let p = l { s *= p.timing.speed; l = p.superlayer }
        return s
    }

    // MARK: Animations

    /// Adds `animation` under `key`, replacing (and ending, unfinished) one already there.
    /// A nil `beginTime` becomes the layer's local time now.
    ///
    /// A layer outside a clocked tree (one whose root's `clockTime` was never set: a view
    /// being built before it joins the window) has no time of its own, so, as Core Animation
    /// starts an animation when its layer is committed to the screen, the times of the
    /// animations added to it count from when it joins one: on insertion under a clocked
    /// tree each begins that much later (its begin shifted by the layer's local time then
    /// less its local time when added).
    public func add(_ animation: Animation, forKey key: String) {
        var a = animation
        let now = localTime
        if a.beginTime == nil { a.beginTime = now }
        removeAnimation(forKey: key)
        a.transaction?.animationAdded()
        storedAnimations.append(RunningAnimation(key: key, animation: a, addedOffClock: isInClockedTree ? nil : now))
        animationsChanged()
    }

    /// Whether the root of this layer's tree has a clock (`clockTime` was set on it).
    private var isInClockedTree: Bool {
        var root = self
        while let p = root.superlayer { root = p }
        return root.isClockRoot
    }

    /// Starts the animations added to this layer and its sublayers while they were outside a
    /// clocked tree, now that they are in one (`add(_:forKey:)`).
    private func startAnimationsAddedOffClock() {
        if storedAnimations.contains(where: { $0.addedOffClock != nil }) {
            let now = localTime
            storedAnimations = storedAnimations.map { entry in
                guard let added = entry.addedOffClock else { return entry }
                var a = entry.animation
                a.beginTime = (a.beginTime ?? added) + (now - added)
                return RunningAnimation(key: entry.key, animation: a)
            }
            animationsChanged()
        }
        for sub in storedSublayers { sub.startAnimationsAddedOffClock() }
    }

    /// The animation running under `key`, as added (its `beginTime` filled in); nil when none runs.
    public func animation(forKey key: String) -> Animation? {
        storedAnimations.first { $0.key == key }?.animation
    }

    /// Removes the animation under `key`; its transaction is told it did not finish.
    public func removeAnimation(forKey key: String) {
        endAnimation(forKey: key, finished: false)
    }

    /// Removes every animation of this layer and of its sublayers, telling each transaction
    /// whether it `finished`.
    package func endAllAnimationsInTree(finished: Bool) {
        for entry in storedAnimations { endAnimation(forKey: entry.key, finished: finished) }
        for sub in storedSublayers { sub.endAllAnimationsInTree(finished: finished) }
    }

    private func endAnimation(forKey key: String, finished: Bool) {
        guard let i = storedAnimations.firstIndex(where: { $0.key == key }) else { return }
        let removed = storedAnimations.remove(at: i)
        animationsChanged()
        removed.animation.transaction?.animationEnded(finished: finished)
    }

    /// Brings what is derived from the animations up to date; called after every change to them.
    private func animationsChanged() {
        earliestAnimationEnd = storedAnimations.lazy.map(\.endTime).min() ?? .infinity
    }

    /// Ends, as finished, every animation in this tree that has played to its end at the
    /// tree's current time, under ancestors that are not paused. Completion handlers run
    /// after the walk, so they may change the tree.
    package func completeEndedAnimations() {
        var ended: [(Layer, String)] = []
        collectEndedAnimations(parentTime: superlayer?.localTime ?? clockTime, parentSpeed: superlayer?.effectiveSpeed ?? 1, into: &ended)
        for (layer, key) in ended { layer.endAnimation(forKey: key, finished: true) }
    }

    private func collectEndedAnimations(parentTime: Double, parentSpeed: Double, into ended: inout [(Layer, String)]) {
        let timing = self.timing
        let t = timing.localTime(fromParent: parentTime)
        let speed = parentSpeed * timing.speed
        // `endTime` only filters (with room for rounding); `hasEnded` decides.
        if speed != 0 && t >= earliestAnimationEnd - 1e-9 * max(1, abs(earliestAnimationEnd)) {
            for entry in storedAnimations where entry.animation.hasEnded(atLayerTime: t) {
                ended.append((self, entry.key))
            }
        }
        guard !storedSublayers.isEmpty else { return }
        forEachSublayer { $0.collectEndedAnimations(parentTime: t, parentSpeed: speed, into: &ended) }
    }

    /// Calls `body` with each sublayer in order, without retaining them: for the per-frame
    /// walks, which neither change the tree nor keep the references (see the type's note).
    @inline(__always)
    func forEachSublayer(_ body: (Layer) -> Void) {
        Self.forEach(in: &storedSublayers, body)
    }

    /// Calls `body` with each object of `array` as a borrowed (+0) reference: reading class
    /// references out of an array otherwise costs an atomic retain and release each, a
    /// third of a frame with thousands of layers. `array` is taken `inout`, never changed,
    /// only so that it is borrowed where it is stored: passed by value, a stored property is
    /// copied first (another retain and release, once per layer and frame), whenever `body`
    /// might release anything. `array` must not change meanwhile. It is nonisolated so the
    /// closures it hands the standard library carry no main-actor check (Swift 6 puts a
    /// dynamic one in each, a third of a frame again).
    @inline(__always)
    nonisolated static func forEach<T: AnyObject>(in array: inout [T], _ body: (T) -> Void) {
        array.withUnsafeBufferPointer { buffer in
            for i in buffer.indices { Unmanaged.passUnretained(buffer[i])._withUnsafeGuaranteedRef { body($0) } }
        }
    }

    /// Whether an animation runs in this tree where the clock moves: no layer from this one
    /// down to it has speed 0 (the root is taken as moving).
    func hasAnimationsUnderMovingClock() -> Bool {
        timing.speed != 0 && (!storedAnimations.isEmpty || storedSublayers.contains { $0.hasAnimationsUnderMovingClock() })
    }

    /// The presentation values at this layer's local time `t`: the model with every running
    /// animation applied in the order added.
    package func presentation(atLocalTime t: Double) -> LayerState {
        var state = storedModel
        applyAnimations(atLocalTime: t, to: &state)
        return state
    }

    /// Applies every running animation, in the order added, to `state` at local time `t`:
    /// `presentation(atLocalTime:)` is the model with this done to it. The compositor does it
    /// to a copy of the model of its own, so the state is built where it is used (a state
    /// returned by value is copied whole again, on every layer of every frame).
    @inline(__always)
    func applyAnimations(atLocalTime t: Double, to state: inout LayerState) {
        if !storedAnimations.isEmpty { applyEachAnimation(atLocalTime: t, to: &state) }
    }

    /// Apart from `applyAnimations`, so its caller's state is not captured by the closure
    /// (a capture makes a copy of the whole state, and another to put it back).
    @inline(never)
    private func applyEachAnimation(atLocalTime t: Double, to state: inout LayerState) {
        Self.forEach(in: &storedAnimations) { $0.apply(atLayerTime: t, to: &state) }
    }

    /// The presentation values now.
    public var presentation: LayerState { presentation(atLocalTime: localTime) }
}
