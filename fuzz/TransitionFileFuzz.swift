/// libFuzzer entry: any bytes read as a transition file must give a file or one
/// `TransitionFileError` line, never a crash or a hang; a file it gives keeps the format's
/// invariants (a name, a duration in range, at least one layer, keys in order).
/// Built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer` together with the reader's sources.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransitionFile(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    do {
        let file = try TransitionFile.read(text)
        precondition(!file.name.isEmpty && file.duration > 0 && file.duration <= 60 && !file.layers.isEmpty)
        for layer in file.layers {
            precondition(zip(layer.keyframes, layer.keyframes.dropFirst()).allSatisfy { $0.t < $1.t })
            precondition(layer.parent.map { $0 < file.layers.count } ?? true)
        }
    } catch let e as TransitionFileError {
        precondition(!e.description.contains("\n"))
    } catch {
        preconditionFailure("unexpected \(error)")
    }
    return 0
}
