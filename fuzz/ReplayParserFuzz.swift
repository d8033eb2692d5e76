import Foundation

/// libFuzzer entry: any bytes fed to the recording parser must give a recording or a
/// `RecordingError`, never a crash or a hang. Built by scripts/fuzz.sh with
/// `swiftc -sanitize=fuzzer` together with the parser's sources.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplayParser(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if let recording = try? Recording.decode(Data(bytes: bytes, count: count)) {
        for entry in recording.events { _ = recording.input(entry) }
    }
    return 0
}
