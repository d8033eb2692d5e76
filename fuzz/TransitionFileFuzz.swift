/// libFuzzer entry: any bytes read as a transition file must give a file or one
/// `TransitionFileError` line, never a crash or a hang; a file it gives keeps the format's
/// invariants (a name, a duration in range, at least one layer, keys in order) and its text
/// reads back to the same text. `check` finds the same first problem `read` throws.
/// Built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer` together with the reader's sources.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransitionFile(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let checked = TransitionFile.check(text)
    for p in checked.problems + checked.warnings { precondition(!p.description.contains("\n")) }
    do {
        let file = try TransitionFile.read(text)
        precondition(checked.problems.isEmpty && checked.file == file)
        precondition(!file.name.isEmpty && file.duration > 0 && file.duration <= 60 && !file.layers.isEmpty)
        for layer in file.layers {
            precondition(zip(layer.keyframes, layer.keyframes.dropFirst()).allSatisfy { $0.t < $1.t })
            precondition(layer.parent.map { $0 < file.layers.count } ?? true)
        }
        let written = file.text
        precondition((try? TransitionFile.read(written))?.text == written, "the written file does not read back")
    } catch let e as TransitionFileError {
        precondition(checked.problems.first == e)
    } catch {
        preconditionFailure("unexpected \(error)")
    }
    return 0
}
