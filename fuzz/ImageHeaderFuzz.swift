/// libFuzzer entry: any bytes given to the image-header reader must give a header or an
/// `ImageHeader.Problem`, never a crash or a hang; a header it gives has positive sides.
/// Built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer` together with ImageHeader.swift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Array(UnsafeBufferPointer(start: bytes, count: count))
    if let header = try? ImageHeader.parse(data) {
        precondition(header.width > 0 && header.height > 0)
    }
    return 0
}
