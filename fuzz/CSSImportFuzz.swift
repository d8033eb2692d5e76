/// libFuzzer entry: any bytes read as a style sheet must import or give one `CSSProblem`
/// line, never a crash or a hang; every file it imports is a transition file that reads.
/// Built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer` together with the importer's sources.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSSImport(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    do {
        let imported = try CSSImport(text)
        for w in imported.warnings { precondition(!w.description.contains("\n")) }
        for i in imported.imported {
            do {
                _ = try TransitionFile.read(i.file.text)
            } catch {
                preconditionFailure("@keyframes \(i.animation) imports as a file that does not read: \(error)")
            }
        }
    } catch let e as CSSProblem {
        precondition(!e.description.contains("\n"))
    } catch {
        preconditionFailure("unexpected \(error)")
    }
    return 0
}
