// libFuzzer entry for every torch fuzz target. One binary holds them all (compiling
// TorchCore with coverage takes minutes; once is enough); `TORCH_FUZZ_TARGET` picks the
// target, and run.sh gives each its own corpus. Built by Tests/fuzz/run.sh with
// `swiftc -sanitize=fuzzer,address` from TorchCore's sources, the front ends' config
// sections and these files.
#if canImport(Glibc)
import Glibc
#endif

/// Every target: its name (the corpus folder) and what it does with one input.
let fuzzTargets: [(name: String, run: ([UInt8]) -> Void)] = [
    ("pattern", fuzzPattern),
    ("custom", fuzzCustom),
    ("morse", fuzzMorse),
    ("units", fuzzUnits),
    ("config", fuzzConfig),
    ("board", fuzzBoard),
    ("control", fuzzControl),
    ("state", fuzzState),
    ("readings", fuzzReadings),
    ("mqtt", fuzzMQTT),
    ("http", fuzzHTTP),
    ("web-tokens", fuzzWebTokens),
    ("handover", fuzzHandover),
    ("iio", fuzzIIO),
    ("calibration", fuzzCalibration),
]

/// The target chosen by `TORCH_FUZZ_TARGET`, found once.
let selectedTarget: ([UInt8]) -> Void = {
    guard let raw = getenv("TORCH_FUZZ_TARGET") else { return { _ in } }
    let name = String(cString: raw)
    return fuzzTargets.first { $0.name == name }?.run ?? { _ in }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selectedTarget(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// A property broke: say which and abort, so libFuzzer saves the input as a crash.
func violated(_ what: String, _ input: String) -> Never {
    var message = "fuzz property violated: \(what)\ninput: \(input.debugDescription)\n"
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
